import CribbageCore

/// The club a session belongs to on the server (`twentynine serve`): who is here, the
/// invitations, and the tables between people, each held once by the server and drawn by each
/// player's session from their own seat. The scenes reach it only through requests the keeper
/// performs (each a `PerformedRequest` carrying its club) and through the wait of a job
/// (`changes(after:)`, `tableChanges(_:after:)`), never in a reduce or a render: the UI knows nothing of the network.
public protocol ClubLink: AnyObject, Sendable {
    /// The player this session is.
    var name: String { get }
    /// The lobby as this player sees it now.
    func lobby() -> ClubLobby
    /// Invites `name` to a table set up as `settings`; why not, or nil once invited.
    func invite(_ name: String, _ settings: ClubInvitation.Settings) -> String?
    /// Accepts the invitation from `name` (its table, seated) or declines it (nil).
    func answer(invitationFrom name: String, accept: Bool) -> Result<SharedTable?, ClubRefusal>
    /// The table between people `id` from this player's seat; nil when it is not theirs.
    func table(_ id: String) -> SharedTable?
    /// The table `id` opened from the lobby: an adjourned one resumes if the other is here, and
    /// is refused while they are not.
    func open(_ id: String) -> Result<SharedTable, ClubRefusal>
    /// Adjourns the table `id`, the other player gone long enough (`SharedTable.adjournable`).
    func adjourn(at id: String) -> Result<SharedTable, ClubRefusal>
    /// Watches the game `player` is playing now (this player free): no hand before it is shown.
    func watch(_ player: String) -> Result<SharedTable, ClubRefusal>
    /// Says a line in the lobby; why not (too long, too soon), or nil once said.
    func say(_ text: String) -> String?
    /// Mutes `name`'s lines for this player, or hears them again.
    func mute(_ name: String)
    /// A move of this player's at table `id`, applied to the one game in turn with the other's.
    func move(_ move: TableGame.Move, at id: String) -> Result<SharedTable, ClubRefusal>
    /// Asks the other player at table `id` to let this player take back their last throw or
    /// card of the deal (an unrated game only); the other answers with `answerTakeBack`.
    func askTakeBack(at id: String) -> Result<SharedTable, ClubRefusal>
    /// Lets the other player take back what they asked (true), or not.
    func answerTakeBack(at id: String, accept: Bool) -> Result<SharedTable, ClubRefusal>
    /// Returns once this player's lobby has changed since `version` (`ClubLobby.version`), at
    /// once if it has; or when the task waiting is cancelled. It waits without a thread.
    func changes(after version: Int) async
    /// Returns once the table `id` has changed since `version` (`SharedTable.version`: a move,
    /// a player of it come or gone), at once if it has; or when the task waiting is cancelled.
    func tableChanges(_ id: String, after version: Int) async
}

/// Why the club refused: in its own words, shown as the notice.
public struct ClubRefusal: Error, Hashable, Sendable {
    public let words: String
    /// The move the rules refuse, when it is one: worded as the table words it.
    public let move: TableError?

    public init(_ words: String, move: TableError? = nil) {
        self.words = words
        self.move = move
    }
}

/// The lobby as one player sees it.
public struct ClubLobby: Hashable, Sendable {
    /// Who is here, but the player.
    public struct Member: Hashable, Sendable {
        public let name: String
        /// At a table with someone now.
        public let playing: Bool
        /// Their rating between people, in words: "1530 ± 180, provisional".
        public let rating: String

        public init(name: String, playing: Bool, rating: String) {
            self.name = name
            self.playing = playing
            self.rating = rating
        }
    }

    /// A table of the player's between people, not finished: resumed from the lobby.
    public struct Waiting: Hashable, Sendable {
        public let id: String
        public let opponent: String
        /// The other player is here.
        public let opponentHere: Bool
        public let target: Game.Target
        /// Adjourned: it resumes when both are here.
        public let adjourned: Bool

        public init(id: String, opponent: String, opponentHere: Bool, target: Game.Target, adjourned: Bool = false) {
            self.id = id
            self.opponent = opponent
            self.opponentHere = opponentHere
            self.target = target
            self.adjourned = adjourned
        }
    }

    /// A line said in the lobby.
    public struct Said: Hashable, Sendable {
        public let from: String
        /// Printable characters only, bounded (the club cleans it).
        public let text: String

        public init(from: String, text: String) {
            self.from = from
            self.text = text
        }
    }

    /// The player's change count when this was read: a job waits for the next.
    public let version: Int
    /// The player's own rating between people, in words.
    public let rating: String
    public let members: [Member]
    /// Invitations to the player, and from them.
    public let invitations: [ClubInvitation]
    public let waiting: [Waiting]
    /// The last lines said, oldest first, none of those the player muted.
    public let said: [Said]
    /// The players this one has muted.
    public let muted: Set<String>

    public init(version: Int, rating: String, members: [Member], invitations: [ClubInvitation], waiting: [Waiting],
                said: [Said] = [], muted: Set<String> = []) {
        self.said = said
        self.muted = muted
        self.version = version
        self.rating = rating
        self.members = members
        self.invitations = invitations
        self.waiting = waiting
    }
}

/// An invitation to a table between two people.
public struct ClubInvitation: Hashable, Sendable {
    /// How the table is set up: 61 or 121, muggins on or off, rated or not (an unrated game
    /// allows a take-back the other agrees to).
    public struct Settings: Hashable, Sendable {
        public var target: Game.Target
        public var muggins: Bool
        public var rated: Bool

        public init(target: Game.Target = .long, muggins: Bool = false, rated: Bool = true) {
            self.target = target
            self.muggins = muggins
            self.rated = rated
        }
    }

    public let from: String
    public let to: String
    public let settings: Settings

    public init(from: String, to: String, settings: Settings) {
        self.from = from
        self.to = to
        self.settings = settings
    }
}

/// A table between people as one of them sees it: the one game, their seat, how long each seat
/// has been gone, and who has seen the show.
public struct SharedTable: Hashable, Sendable {
    public let id: String
    public let table: TableGame
    public let seat: Int
    /// The table's change count when this was read.
    public let version: Int
    /// Each seat's player gone this many seconds when read; nil while here.
    public let away: [Int?]
    /// At the show or a game's end: each seat's player has pressed to go on (the next hand is
    /// dealt once both have).
    public let ready: [Bool]
    /// The seat whose player asks to take back their last move, until the other answers.
    public let takeBackAsked: Int?
    /// The game is adjourned (this player has just adjourned it).
    public let adjourned: Bool
    /// The other player has been gone long enough that this one may adjourn.
    public let adjournable: Bool
    /// This player watches: `seat` is only where the board is drawn from, and no hand is theirs.
    public let watching: Bool
    /// Who watches the table.
    public let watchers: [String]

    public init(id: String, table: TableGame, seat: Int, version: Int, away: [Int?], ready: [Bool] = [],
                takeBackAsked: Int? = nil, adjourned: Bool = false, adjournable: Bool = false, watching: Bool = false,
                watchers: [String] = []) {
        self.watching = watching
        self.watchers = watchers
        self.adjourned = adjourned
        self.adjournable = adjournable
        self.id = id
        self.table = table
        self.seat = seat
        self.version = version
        self.away = away
        self.ready = ready
        self.takeBackAsked = takeBackAsked
    }
}

/// The club, as a value a scene's state can hold: equal when it is the same club link.
struct ClubBox: Hashable, Sendable, CustomStringConvertible {
    let link: any ClubLink

    static func == (one: ClubBox, other: ClubBox) -> Bool { one.link === other.link }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(link)) }
    var description: String { "club of \(link.name)" }
}

/// A request the keeper answers by performing it itself, with what it carries (the club's
/// calls, each carrying its club): no program registers an answer for it.
protocol PerformedRequest {
    func performed() -> any Sendable
}
