import CribbageCore
import CribbageUI
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The club's lobby and its tables between people: who is here, the invitations, and each
/// table's one game, held here and nowhere else (the deck and seed with it). A player's session
/// reads and moves it through its `ClubSession`; each change wakes only the sessions it
/// concerns (a move, the table's; an invitation, the two players' lobbies; someone come or
/// gone, the lobbies and that player's tables: their change count goes up and their waiting
/// jobs resume), with no thread held and nothing polled. The lobby lists each player's tables
/// from an index kept here (`Listing`), never reading the tables themselves. Each table is kept in `tables/<id>.json` of the club's folder, written
/// whole and atomically in the move that changes it (`ClubFiles`), and read back at the start,
/// so that a drop or a restart (`kill -9` included) finds every table at its last accepted move.
final class TableHall: Sendable {
    /// One table between two people: its game, under a lock of its own, so that one table's
    /// write never holds up another's move.
    final class Seating: Sendable {
        let id: String
        let names: [String]
        let started: Date
        /// Rated (Glicko-2 after each game), or not, when take-backs may be asked.
        let rated: Bool
        /// The game, the games already put into both players' histories, at the show or a
        /// game's end the seats that have pressed to go on, and the seat asking a take-back (these
        /// two held here only: after a restart both press again, and a take-back is asked again).
        let game: Mutex<Held>

        struct Held {
            var table: TableGame
            var recorded: Int
            /// Put aside by the one who waited for a player gone too long: kept, resumed from the
            /// lobby once both are here.
            var adjourned = false
            var ready: Set<Int> = []
            var takeBackAsked: Int?
        }

        init(id: String, names: [String], started: Date, rated: Bool, table: TableGame, recorded: Int, adjourned: Bool = false) {
            self.id = id
            self.names = names
            self.started = started
            self.rated = rated
            game = Mutex(Held(table: table, recorded: recorded, adjourned: adjourned))
        }

        func seat(of name: String) -> Int? { names.firstIndex(of: name) }
    }

    private struct State {
        /// The players here, with their sessions (a new one may begin before the old has ended).
        var sessions: [String: Int] = [:]
        var here: Set<String> { Set(sessions.keys) }
        /// When each player with a table left (since the server started, for those never here).
        var goneSince: [String: ContinuousClock.Instant] = [:]
        var invitations: [ClubInvitation] = []
        var tables: [String: Seating] = [:]
        /// Each player's tables by id, as the lobby lists them.
        var listings: [String: [String: Listing]] = [:]
        /// Who watches each table (by id), until they leave it for the lobby or go.
        var watchers: [String: Set<String>] = [:]
        /// The lobby's last lines, when each player last said one, and whom each has muted.
        var said: [ClubLobby.Said] = []
        var lastSaid: [String: ContinuousClock.Instant] = [:]
        var muted: [String: Set<String>] = [:]

        /// `name` no longer watches: the tables they watched.
        mutating func stopWatching(_ name: String) -> [Topic] {
            let watched = watchers.filter { $0.value.contains(name) }.keys
            for id in watched { watchers[id]?.remove(name) }
            return watched.map(Topic.table)
        }
        var versions: [Topic: Int] = [:]
        var waiters: [Topic: [Int: CheckedContinuation<Void, Never>]] = [:]
        var nextWaiter = 0

        mutating func list(_ table: Seating, target: Game.Target, over: Bool, adjourned: Bool) {
            for (seat, name) in table.names.enumerated() {
                listings[name, default: [:]][table.id] = Listing(id: table.id, opponent: table.names[1 - seat], started: table.started,
                                                                 target: target, over: over, adjourned: adjourned)
            }
        }

        /// The players at a table with someone here now, their game not over nor adjourned.
        var playing: Set<String> {
            let here = self.here
            return here.filter { name in
                listings[name]?.values.contains { !$0.over && !$0.adjourned && here.contains($0.opponent) } ?? false
            }
        }

        /// How long `name` has been gone; nil while here.
        func gone(_ name: String, since start: ContinuousClock.Instant) -> Duration? {
            guard !here.contains(name) else { return nil }
            return ContinuousClock.now - (goneSince[name] ?? start)
        }
    }

    /// A table of a player's as the lobby lists it.
    struct Listing {
        let id: String
        let opponent: String
        let started: Date
        let target: Game.Target
        var over: Bool
        var adjourned: Bool
    }

    /// What a session waits on: a player's lobby, or a table.
    enum Topic: Hashable {
        case lobby(String)
        case table(String)
    }

    /// The most invitations one player has out, and tables one player keeps unfinished.
    static let invitationsLimit = 8, tablesLimit = 20
    /// The longest line said in the lobby, and the lines kept.
    static let sayLimit = 100, saidKept = 20
    /// The most tables read at the start, and the largest file read.
    static let filesLimit = 10_000, fileSizeLimit = 1_000_000

    private let state = Mutex(State())
    /// Each player's Glicko-2 rating between people, and the games already rated (by id), as
    /// `ratings.json` in the club's folder keeps them.
    private let ratings: Mutex<Ratings>
    private let ratingsFile: String
    let folder: String
    private let seeds: @Sendable () -> UInt64
    /// Puts a finished game into a player's history once: the player's folder, the table, the
    /// table's id, the players' names, when it began.
    private let history: @Sendable (_ folder: String, _ table: TableGame, _ id: String, _ names: [String], _ started: Date) throws -> Void
    private let playersFolder: String
    private let log: @Sendable (String) -> Void
    /// Called at each point of a finished game's keeping where a kill would leave the files
    /// half-way ("rated": the ratings written, the table not yet; "recorded": the table written,
    /// the ratings' note of the game not yet dropped); a test throws there to stop as a kill would.
    private let fault: @Sendable (String) throws -> Void
    /// How long the other player must have been gone before the one waiting may adjourn.
    let adjournAfter: Duration
    /// The least time between two lines one player says in the lobby.
    let sayEvery: Duration
    private let started = ContinuousClock.now

    init(folder: String, playersFolder: String, ratingsFile: String, seeds: @escaping @Sendable () -> UInt64,
         history: @escaping @Sendable (String, TableGame, String, [String], Date) throws -> Void,
         log: @escaping @Sendable (String) -> Void, adjournAfter: Duration = .seconds(120), sayEvery: Duration = .seconds(2),
         fault: @escaping @Sendable (String) throws -> Void = { _ in }) throws {
        self.adjournAfter = adjournAfter
        self.sayEvery = sayEvery
        self.folder = folder
        self.playersFolder = playersFolder
        self.seeds = seeds
        self.history = history
        self.log = log
        self.fault = fault
        self.ratingsFile = ratingsFile
        ratings = Mutex(try Self.readRatings(ratingsFile))
        try ClubFiles.makeFolder(folder)
        var tables: [String: Seating] = [:]
        for name in Self.fileNames(in: folder).prefix(Self.filesLimit) {
            do {
                let kept = try Self.read(folder + "/" + name)
                tables[kept.id] = kept
            } catch {
                log("table \(name) not read: \(error)")
            }
        }
        let games = tables.values.map { table in (table, table.game.withLock { $0 }) }
        state.withLock { state in
            state.tables = tables
            for (table, held) in games {
                state.list(table, target: held.table.setup.target, over: Self.isOver(held.table), adjourned: held.adjourned)
            }
        }
        // A game finished before a kill, not yet in both histories: put in now (once by its id).
        for table in tables.values { recordFinished(table) }
        // A kill after a table said its game was recorded, before the ratings forgot its id.
        do {
            try forgetRecorded()
        } catch {
            log("ratings.json: the games recorded are not dropped from it yet: \(error)")
        }
    }

    // MARK: The players

    /// A player's session has started.
    /// Everyone in the lobby sees who is here; the player's tables, that they are back.
    func arrive(_ name: String) {
        let concerned = state.withLock { state -> [Topic] in
            state.sessions[name, default: 0] += 1
            state.goneSince[name] = nil
            return state.here.map(Topic.lobby) + (state.listings[name] ?? [:]).keys.map(Topic.table)
        }
        bump(concerned)
    }

    /// A player's session has ended: their tables wait for them.
    func leave(_ name: String) {
        let concerned = state.withLock { state -> [Topic] in
            state.sessions[name, default: 1] -= 1
            guard state.sessions[name] == 0 else { return [] }
            state.sessions[name] = nil
            state.goneSince[name] = .now
            // Their invitations go with them, and they watch no more.
            state.invitations.removeAll { $0.from == name }
            return state.here.map(Topic.lobby) + (state.listings[name] ?? [:]).keys.map(Topic.table) + state.stopWatching(name)
        }
        bump(concerned)
    }

    /// The lobby as `name` sees it, from the index of tables (no table is read). A player back
    /// in the lobby watches no more: the players at the table they watched see it.
    func lobby(for name: String) -> ClubLobby {
        let (here, playing, mine, version, invitations, watched, said, muted) = state.withLock { state in
            let watched = state.stopWatching(name), muted = state.muted[name] ?? []
            return (state.here, state.playing, Array((state.listings[name] ?? [:]).values), state.versions[.lobby(name)] ?? 0,
                    state.invitations.filter { $0.from == name || $0.to == name }, watched,
                    state.said.filter { !muted.contains($0.from) }, muted)
        }
        if !watched.isEmpty { bump(watched) }
        let rated = ratings.withLock { $0.players }
        let members = here.subtracting([name]).sorted().map {
            ClubLobby.Member(name: $0, playing: playing.contains($0), rating: (rated[$0] ?? Glicko2.Rating()).words())
        }
        let waiting = mine.filter { !$0.over }
            .sorted { ($0.started, $0.id) < ($1.started, $1.id) }
            .map {
                ClubLobby.Waiting(id: $0.id, opponent: $0.opponent, opponentHere: here.contains($0.opponent), target: $0.target,
                                  adjourned: $0.adjourned)
            }
        return ClubLobby(version: version, rating: (rated[name] ?? Glicko2.Rating()).words(), members: members,
                         invitations: invitations, waiting: waiting, said: said, muted: muted)
    }

    /// `name` says a line in the lobby: its printable characters only (no control or escape
    /// character reaches another's terminal), at most `sayLimit`, one line each `sayEvery`;
    /// everyone here sees it, but those who muted `name`. Why not, or nil once said.
    func say(_ text: String, by name: String) -> String? {
        let line = Self.printable(text)
        guard !line.isEmpty else { return "Nothing to say" }
        guard line.count <= Self.sayLimit else { return "At most \(Self.sayLimit) characters a line" }
        let lobbies = state.withLock { state -> [Topic]? in
            let now = ContinuousClock.now
            if let last = state.lastSaid[name], now - last < sayEvery { return nil }
            state.lastSaid[name] = now
            state.said.append(ClubLobby.Said(from: name, text: line))
            state.said.removeFirst(max(0, state.said.count - Self.saidKept))
            return state.here.map(Topic.lobby)
        }
        guard let lobbies else { return "One line each \(Self.words(sayEvery)): a moment" }
        bump(lobbies)
        return nil
    }

    /// `me` mutes `name`'s lines, or hears them again.
    func mute(_ name: String, by me: String) {
        state.withLock { state in
            if state.muted[me, default: []].remove(name) == nil, TableSeat.isName(name), name != me {
                state.muted[me, default: []].insert(name)
            }
        }
        bump([.lobby(me)])
    }

    /// The text's printable characters, trimmed: no control, format or private character.
    static func printable(_ text: String) -> String {
        let kept = text.unicodeScalars.filter { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: false
            default: true
            }
        }
        // Trimmed in one pass each way (removing the first character again and again is quadratic).
        let line = String(String.UnicodeScalarView(kept)).drop(while: \.isWhitespace)
        guard let last = line.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(line[...last])
    }

    func invite(_ name: String, from me: String, _ settings: ClubInvitation.Settings) -> String? {
        let refusal: String? = state.withLock { state in
            guard name != me else { return "You cannot invite yourself" }
            guard state.here.contains(name) else { return "\(name) is not here" }
            guard state.invitations.filter({ $0.from == me }).count < Self.invitationsLimit else {
                return "You have \(Self.invitationsLimit) invitations out, the most"
            }
            state.invitations.removeAll { $0.from == me && $0.to == name }
            state.invitations.append(ClubInvitation(from: me, to: name, settings: settings))
            return nil
        }
        if refusal == nil { bump([.lobby(name), .lobby(me)]) }
        return refusal
    }

    func answer(invitationFrom name: String, to me: String, accept: Bool) -> Result<SharedTable?, ClubRefusal> {
        let invitation = state.withLock { state -> ClubInvitation? in
            guard let index = state.invitations.firstIndex(where: { $0.from == name && $0.to == me }) else { return nil }
            return state.invitations.remove(at: index)
        }
        guard let invitation else { return .failure(ClubRefusal("\(name)'s invitation is gone")) }
        guard accept else {
            bump([.lobby(name), .lobby(me)])
            return .success(nil)
        }
        // The two may be playing now: everyone here sees it.
        defer { bump(state.withLock { $0.here.map(Topic.lobby) } + [.lobby(name), .lobby(me)]) }
        let count = state.withLock { state in
            [me, name].map { (state.listings[$0] ?? [:]).values.filter { !$0.over }.count }.reduce(0, +)
        }
        guard count < Self.tablesLimit * 2 else { return .failure(ClubRefusal("Too many tables wait already: finish one first")) }
        // The one who invited sits first; the cut for deal says who deals.
        let seats: [TableSeat] = [.remote(invitation.from), .remote(me)]
        let rated = invitation.settings.rated
        let setup = TableGame.Setup(seed: seeds(), target: invitation.settings.target, muggins: invitation.settings.muggins,
                                    hints: false, takeBacks: !rated, seats: seats)
        let table = Seating(id: Self.newID(), names: [invitation.from, me], started: Date(), rated: rated,
                            table: TableGame(setup: setup), recorded: 0)
        do {
            try write(table, table.game.withLock { $0.table }, recorded: 0)
        } catch {
            return .failure(ClubRefusal("The table cannot be kept: \(error)"))
        }
        state.withLock { state in
            state.tables[table.id] = table
            state.list(table, target: setup.target, over: false, adjourned: false)
        }
        log("\(invitation.from) and \(me) sit at table \(table.id)")
        return .success(shared(table, for: me))
    }

    /// The table `id` as `name` sees it; nil when it is not theirs, nor watched by them.
    func table(_ id: String, for name: String) -> SharedTable? {
        let (table, watching) = state.withLock { state in (state.tables[id], state.watchers[id]?.contains(name) == true) }
        guard let table, table.seat(of: name) != nil || watching else { return nil }
        return shared(table, for: name)
    }

    /// `name`, free, watches the game `player` is playing now: the board, the cards laid and the
    /// shows, never a hand before it is shown; the players see who watches.
    func watch(_ player: String, by name: String) -> Result<SharedTable, ClubRefusal> {
        let found: Result<Seating, ClubRefusal> = state.withLock { state in
            guard player != name else { return .failure(ClubRefusal("You cannot watch yourself")) }
            guard !state.playing.contains(name) else { return .failure(ClubRefusal("You are playing: watch once your game waits")) }
            guard state.playing.contains(player),
                  let listing = state.listings[player]?.values.first(where: { !$0.over && !$0.adjourned && state.here.contains($0.opponent) }),
                  let table = state.tables[listing.id] else {
                return .failure(ClubRefusal("\(player) is not playing now"))
            }
            _ = state.stopWatching(name)
            state.watchers[table.id, default: []].insert(name)
            return .success(table)
        }
        switch found {
        case .failure(let refusal):
            return .failure(refusal)
        case .success(let table):
            bump([.table(table.id)])
            log("\(name) watches table \(table.id)")
            return .success(shared(table, for: name))
        }
    }

    /// `name` opens table `id` from the lobby: an adjourned table resumes once both players are
    /// here (kept so at once), and stays adjourned, refused, while the other is away.
    func open(_ id: String, for name: String) -> Result<SharedTable, ClubRefusal> {
        guard let table = state.withLock({ $0.tables[id] }), table.seat(of: name) != nil else {
            return .failure(ClubRefusal("That table is no longer waiting"))
        }
        guard table.game.withLock({ $0.adjourned }) else { return .success(shared(table, for: name)) }
        let opponent = table.names.first { $0 != name } ?? name
        guard state.withLock({ $0.here.contains(opponent) }) else {
            return .failure(ClubRefusal("Adjourned: it resumes when \(opponent) is here too"))
        }
        if let refusal = setAdjourned(table, false) { return .failure(refusal) }
        return .success(shared(table, for: name))
    }

    /// `name` adjourns table `id`, the other player gone at least `adjournAfter`: the game is
    /// kept as it is, listed in both lobbies as adjourned, and resumed from there when both are here.
    func adjourn(_ id: String, by name: String) -> Result<SharedTable, ClubRefusal> {
        guard let table = state.withLock({ $0.tables[id] }), table.seat(of: name) != nil else {
            return .failure(ClubRefusal("That table is gone"))
        }
        let opponent = table.names.first { $0 != name } ?? name
        guard let gone = state.withLock({ $0.gone(opponent, since: started) }) else {
            return .failure(ClubRefusal("\(opponent) is here: a game is adjourned only when the other has gone"))
        }
        guard gone >= adjournAfter else {
            return .failure(ClubRefusal("\(opponent) may be back: a game may be adjourned after \(Self.words(adjournAfter)) away"))
        }
        if let refusal = setAdjourned(table, true) { return .failure(refusal) }
        log("\(name) adjourns table \(id)")
        return .success(shared(table, for: name))
    }

    /// The table adjourned or resumed, kept at once; both lobbies and the table woken.
    private func setAdjourned(_ table: Seating, _ adjourned: Bool) -> ClubRefusal? {
        let refusal: ClubRefusal? = table.game.withLock { game in
            guard game.adjourned != adjourned else { return nil }
            guard !Self.isOver(game.table) else { return ClubRefusal("That game is over") }
            do {
                try write(table, game.table, recorded: game.recorded, adjourned: adjourned)
            } catch {
                return ClubRefusal("The table cannot be kept: \(error)")
            }
            game.adjourned = adjourned
            game.ready = []
            game.takeBackAsked = nil
            return nil
        }
        if refusal != nil { return refusal }
        // Everyone's lobby: who is playing changes.
        let lobbies = state.withLock { state -> [Topic] in
            for name in table.names { state.listings[name]?[table.id]?.adjourned = adjourned }
            return state.here.map(Topic.lobby)
        }
        bump([.table(table.id)] + table.names.map(Topic.lobby) + lobbies)
        return nil
    }

    /// "2 min", "30 s".
    static func words(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        return seconds >= 60 && seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds) s"
    }

    /// `name`'s move at table `id`: applied to the one game in turn, kept, and both players woken.
    func move(_ move: TableGame.Move, at id: String, by name: String) -> Result<SharedTable, ClubRefusal> {
        guard let table = state.withLock({ $0.tables[id] }), let seat = table.seat(of: name) else {
            return .failure(ClubRefusal("That table is gone"))
        }
        /// What the move did: the game's end reached or left (the lobby lists it), or nothing yet
        /// (a press to go on that waits for the other).
        let result: Result<(over: Bool, changed: Bool), ClubRefusal> = table.game.withLock { game in
            var next = game.table
            let wasOver = Self.isOver(next)
            guard !game.adjourned else { return .failure(ClubRefusal("The game is adjourned: it resumes from the lobby when both are here")) }
            // Only the seat's own moves: its throw, its card, its count; going on is either's.
            switch (move, next.stage) {
            case (.discard(let mover, _), _), (.lay(let mover, _), _):
                guard mover == seat else { return .failure(ClubRefusal("Not your seat", move: .notYourMove)) }
            case (.claim, .claim(let count)):
                guard count.player == seat else { return .failure(ClubRefusal("Not your count", move: .notYourMove)) }
            default:
                break
            }
            // A finished game goes into the histories and the ratings before the next begins.
            if move == .next, wasOver, game.recorded < next.standing.winners.count {
                return .failure(ClubRefusal("The game just finished is not recorded yet: try again in a moment"))
            }
            // After the show and at a game's end, the next deal waits until both have seen it.
            if move == .next, Self.waitsForBoth(next) {
                game.ready.insert(seat)
                guard game.ready.count == table.names.count else { return .success((wasOver, false)) }
            }
            do throws(TableError) {
                try next.apply(move)
            } catch {
                return .failure(ClubRefusal("\(error)", move: error))
            }
            do {
                try write(table, next, recorded: game.recorded)
            } catch {
                return .failure(ClubRefusal("That move was not kept: \(error)"))
            }
            game.table = next
            game.ready = []
            game.takeBackAsked = nil
            return .success((Self.isOver(next), wasOver != Self.isOver(next)))
        }
        recordFinished(table)
        switch result {
        case .failure(let refusal):
            return .failure(refusal)
        case .success(let (over, changed)):
            // A game begun or ended: the lobby lists it, and everyone here sees who is playing.
            let lobbies = changed ? state.withLock { state -> [Topic] in
                for name in table.names { state.listings[name]?[table.id]?.over = over }
                return state.here.map(Topic.lobby)
            } : []
            bump([.table(table.id)] + lobbies)
            return .success(shared(table, for: name))
        }
    }

    /// `name` asks the other at table `id` to let them take back their last throw or card of
    /// the deal: an unrated game only, one asked at a time; the other's screen asks y or n.
    func askTakeBack(at id: String, by name: String) -> Result<SharedTable, ClubRefusal> {
        guard let table = state.withLock({ $0.tables[id] }), let seat = table.seat(of: name) else {
            return .failure(ClubRefusal("That table is gone"))
        }
        guard !table.rated else { return .failure(ClubRefusal("Take-backs are for unrated games: this one is rated")) }
        let refusal: ClubRefusal? = table.game.withLock { game in
            guard !game.adjourned else { return ClubRefusal("The game is adjourned") }
            guard game.takeBackAsked == nil else { return ClubRefusal("A take-back is asked already") }
            guard game.table.canTakeBack(seat: seat) else { return ClubRefusal("Nothing of yours to take back in this deal before its show") }
            game.takeBackAsked = seat
            return nil
        }
        if let refusal { return .failure(refusal) }
        bump([.table(id)])
        return .success(shared(table, for: name))
    }

    /// `name` answers the other's take-back: yes takes back the other's last throw or card and
    /// every move after it, kept at once; no leaves the game as it is.
    func answerTakeBack(at id: String, by name: String, accept: Bool) -> Result<SharedTable, ClubRefusal> {
        guard let table = state.withLock({ $0.tables[id] }), let seat = table.seat(of: name) else {
            return .failure(ClubRefusal("That table is gone"))
        }
        let refusal: ClubRefusal? = table.game.withLock { game in
            guard let asker = game.takeBackAsked, asker != seat else { return ClubRefusal("Nobody asks to take back a move now") }
            game.takeBackAsked = nil
            guard accept else { return nil }
            var next = game.table
            guard next.takeBack(seat: asker) else { return ClubRefusal("That move cannot be taken back now") }
            do {
                try write(table, next, recorded: game.recorded, adjourned: game.adjourned)
            } catch {
                return ClubRefusal("The take-back was not kept: \(error)")
            }
            game.table = next
            game.ready = []
            return nil
        }
        bump([.table(id)])
        if let refusal { return .failure(refusal) }
        return .success(shared(table, for: name))
    }

    /// Whether going on from here waits for every player's press: the show seen, a game's end.
    static func waitsForBoth(_ table: TableGame) -> Bool {
        switch table.stage {
        case .show, .over: true
        default: false
        }
    }

    /// Returns once `name`'s lobby changes after `version` (at once if it has), or on cancel.
    func changes(for name: String, after version: Int) async { await changes(of: .lobby(name), after: version) }

    /// Returns once the table `id` changes after `version` (at once if it has), or on cancel.
    func tableChanges(_ id: String, after version: Int) async { await changes(of: .table(id), after: version) }

    private func changes(of topic: Topic, after version: Int) async {
        let token = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if (state.versions[topic] ?? 0) > version || Task.isCancelled { return true }
                    state.waiters[topic, default: [:]][token] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiting = state.withLock { $0.waiters[topic]?.removeValue(forKey: token) }
            waiting?.resume()
        }
    }

    /// The change count of a lobby or a table (for tests: who a change woke).
    func version(of topic: Topic) -> Int { state.withLock { $0.versions[topic] ?? 0 } }

    /// The change counts of the lobbies and tables a change concerns go up, and the jobs waiting
    /// on each resume.
    private func bump(_ topics: [Topic]) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            var woken: [CheckedContinuation<Void, Never>] = []
            for topic in Set(topics) {
                state.versions[topic, default: 0] += 1
                if let waiting = state.waiters.removeValue(forKey: topic) { woken += waiting.values }
            }
            return woken
        }
        for continuation in woken { continuation.resume() }
    }

    // MARK: Reading and keeping

    private func shared(_ table: Seating, for name: String) -> SharedTable {
        let (version, gone, watchers) = state.withLock { state in
            (state.versions[.table(table.id)] ?? 0, table.names.map { state.gone($0, since: started) },
             (state.watchers[table.id] ?? []).sorted())
        }
        let seat = table.seat(of: name)
        let held = table.game.withLock { $0 }
        let opponent = table.names.firstIndex { $0 != name } ?? 0
        return SharedTable(id: table.id, table: held.table, seat: seat ?? 0, version: version,
                           away: gone.map { $0.map { Int($0.components.seconds) } }, ready: table.names.indices.map(held.ready.contains),
                           takeBackAsked: held.takeBackAsked, adjourned: held.adjourned,
                           adjournable: seat != nil && !held.adjourned && !Self.isOver(held.table)
                               && gone[opponent].map { $0 >= adjournAfter } == true,
                           watching: seat == nil, watchers: watchers)
    }

    /// Each game of the table that has finished goes into both players' histories and the
    /// ratings, once: the histories (a history put twice is nothing, by the game's id), then the
    /// ratings with the game's id, then the table with the count of games recorded, then the
    /// ratings without the id again. A kill anywhere leaves either the table's count or the
    /// ratings' id saying the game is rated, and ratings.json holds only the ids of games caught
    /// between two of these writes (`forgetRecorded` drops the rest at the start).
    private func recordFinished(_ table: Seating) {
        table.game.withLock { game in
            let finished = game.table.standing.winners.count
            guard finished > game.recorded, Self.isOver(game.table) else { return }
            for name in table.names {
                do {
                    try history(playersFolder + "/" + name, game.table, table.id, table.names, table.started)
                } catch {
                    log("table \(table.id): the finished game is not in \(name)'s history yet: \(error)")
                    return
                }
            }
            do {
                // An unrated game goes into the histories and nowhere else.
                if table.rated { try rate(table, game.table, from: game.recorded) }
                try fault("rated")
            } catch {
                log("table \(table.id): the finished game is not rated yet: \(error)")
                return
            }
            do {
                try write(table, game.table, recorded: finished, adjourned: game.adjourned)
                game.recorded = finished
                try fault("recorded")
            } catch {
                log("table \(table.id): \(error)")
                return
            }
            do {
                try forget(Set((1...finished).map { "\(table.id)-\($0)" }))
            } catch {
                log("table \(table.id): ratings.json still notes the game: \(error)")
            }
        }
    }

    /// The ids of games rated that their tables now say are recorded, dropped from the ratings.
    private func forgetRecorded() throws {
        let recorded = state.withLock { $0.tables }.mapValues { table in table.game.withLock { $0.recorded } }
        let ids = ratings.withLock { $0.rated }.filter { id in
            guard let dash = id.lastIndex(of: "-"), let game = Int(id[id.index(after: dash)...]),
                  let count = recorded[String(id[..<dash])] else { return false }
            return game <= count
        }
        try forget(ids)
    }

    /// The ratings without these games' ids, written if any was there.
    private func forget(_ ids: Set<String>) throws {
        try ratings.withLock { ratings in
            var next = ratings
            next.rated.subtract(ids)
            guard next.rated != ratings.rated else { return }
            try ClubFiles.write(Array(try JSONEncoder().encode(next)), to: ratingsFile)
            ratings = next
        }
    }

    /// The club's ratings between people: each player's, and the ids of the games rated whose
    /// tables do not say so yet (a game between the ratings' write and its table's).
    struct Ratings: Codable {
        var version = 1
        var players: [String: Glicko2.Rating] = [:]
        var rated: Set<String> = []
    }

    /// Rates each game of the table finished since `from` (its id `<table>-<game>`), once: a game
    /// whose id the ratings hold is passed over, and the ratings and the id are written together,
    /// atomically (`recordFinished` drops the id once the table says the game is recorded).
    private func rate(_ table: Seating, _ game: TableGame, from: Int) throws {
        try ratings.withLock { ratings in
            var next = ratings
            for index in from..<game.standing.winners.count {
                let id = "\(table.id)-\(index + 1)"
                guard !next.rated.contains(id) else { continue }
                let winner = game.standing.winners[index]
                let before = table.names.map { next.players[$0] ?? Glicko2.Rating() }
                for (seat, name) in table.names.enumerated() {
                    next.players[name] = Glicko2().update(before[seat], after: [Glicko2.Game(before[1 - seat], seat == winner ? 1 : 0)])
                }
                next.rated.insert(id)
            }
            guard next.rated != ratings.rated else { return }
            try ClubFiles.write(Array(try JSONEncoder().encode(next)), to: ratingsFile)
            ratings = next
        }
    }

    /// The player's rating between people (1500 ± 350 before any game).
    func rating(of name: String) -> Glicko2.Rating { ratings.withLock { $0.players[name] ?? Glicko2.Rating() } }

    private static func readRatings(_ path: String) throws -> Ratings {
        guard let bytes = try ClubFiles.read(path) else { return Ratings() }
        let ratings = try JSONDecoder().decode(Ratings.self, from: Data(bytes))
        guard ratings.version == 1, ratings.players.keys.allSatisfy(TableSeat.isName),
              ratings.players.values.allSatisfy(\.isWithinBounds) else {
            throw ClubFiles.Failure(description: "\(path) is not the club's ratings of this version")
        }
        return ratings
    }

    private struct Kept: Codable {
        var version = 1
        let id: String
        let names: [String]
        let started: Date
        let recorded: Int
        /// nil in the files before unrated games: rated.
        var rated: Bool?
        /// nil: not adjourned.
        var adjourned: Bool?
        let table: TableGame
    }

    private func write(_ table: Seating, _ game: TableGame, recorded: Int, adjourned: Bool = false) throws {
        let bytes = try JSONEncoder().encode(Kept(id: table.id, names: table.names, started: table.started, recorded: recorded,
                                              rated: table.rated ? nil : false, adjourned: adjourned ? true : nil, table: game))
        try ClubFiles.write(Array(bytes), to: folder + "/" + table.id + ".json")
    }

    private static func read(_ path: String) throws -> Seating {
        guard let bytes = try ClubFiles.read(path, limit: fileSizeLimit) else { throw ClubFiles.Failure(description: "gone") }
        let kept = try JSONDecoder().decode(Kept.self, from: Data(bytes))
        guard kept.version == 1, isID(kept.id), kept.names.count == 2, kept.names.allSatisfy(TableSeat.isName),
              kept.table.setup.seats == kept.names.map(TableSeat.remote), kept.recorded >= 0,
              kept.table.setup.takeBacks == (kept.rated == false) else {
            throw ClubFiles.Failure(description: "not a table between two people of this version")
        }
        return Seating(id: kept.id, names: kept.names, started: kept.started, rated: kept.rated ?? true, table: kept.table,
                       recorded: kept.recorded, adjourned: kept.adjourned ?? false)
    }

    static func isOver(_ table: TableGame) -> Bool {
        if case .over = table.stage { return true }
        return false
    }

    /// 16 hex digits.
    private static func newID() -> String {
        let value = UInt64.random(in: .min ... .max)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private static func isID(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// The table files in `folder`: `<id>.json`, nothing else.
    private static func fileNames(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while names.count < filesLimit, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".json"), isID(String(name.dropLast(5))) { names.append(name) }
        }
        return names.sorted()
    }
}

/// A player's session's way into the club (`ClubLink`): the hall, as that player.
final class ClubSession: ClubLink {
    let name: String
    private let hall: TableHall

    init(name: String, hall: TableHall) {
        self.name = name
        self.hall = hall
    }

    func lobby() -> ClubLobby { hall.lobby(for: name) }
    func invite(_ name: String, _ settings: ClubInvitation.Settings) -> String? { hall.invite(name, from: self.name, settings) }
    func answer(invitationFrom name: String, accept: Bool) -> Result<SharedTable?, ClubRefusal> {
        hall.answer(invitationFrom: name, to: self.name, accept: accept)
    }
    func table(_ id: String) -> SharedTable? { hall.table(id, for: name) }
    func open(_ id: String) -> Result<SharedTable, ClubRefusal> { hall.open(id, for: name) }
    func adjourn(at id: String) -> Result<SharedTable, ClubRefusal> { hall.adjourn(id, by: name) }
    func watch(_ player: String) -> Result<SharedTable, ClubRefusal> { hall.watch(player, by: name) }
    func say(_ text: String) -> String? { hall.say(text, by: name) }
    func mute(_ name: String) { hall.mute(name, by: self.name) }
    func move(_ move: TableGame.Move, at id: String) -> Result<SharedTable, ClubRefusal> { hall.move(move, at: id, by: name) }
    func askTakeBack(at id: String) -> Result<SharedTable, ClubRefusal> { hall.askTakeBack(at: id, by: name) }
    func answerTakeBack(at id: String, accept: Bool) -> Result<SharedTable, ClubRefusal> {
        hall.answerTakeBack(at: id, by: name, accept: accept)
    }
    func changes(after version: Int) async { await hall.changes(for: name, after: version) }
    func tableChanges(_ id: String, after version: Int) async { await hall.tableChanges(id, after: version) }
}
