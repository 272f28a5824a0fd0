/// A game against the computer, dealt by the program: the cut for the first deal, the hands,
/// the discards, the starter, The Play, the show, to 121 (or 61), then the next game. Two players
/// (six cards each, the loser of a game dealing the next), three, or two teams of two (five cards
/// each, `Game.Seating`; the next game's first deal passes to the left). The player is seat 0,
/// the computer every other seat (seat 1 with two players), each seat deciding for itself.
///
/// Everything follows from the set-up and the moves: each deal's deck comes from the seed, the
/// game number and the deal number, so it is fixed the moment it is dealt, and a game read back
/// replays its moves (the computer's as recorded) to the same place. The computer decides from
/// what it may know: its six cards and role, then its `PeggingView` and the score.
///
///     var table = TableGame(setup: .init(seed: 29, level: .expert))
///     try table.apply(.next)                       // deal after the cut for deal
///     try table.apply(.discard(seat: 0, cards))    // throw two; the computer has thrown
///     try table.apply(.lay(seat: 0, card))         // the computer answers at once
public struct TableGame: Hashable, Sendable {
    /// How the match was set up: it never changes.
    public struct Setup: Hashable, Sendable {
        public let seed: UInt64
        public let level: ComputerLevel
        public let target: Game.Target
        /// The player counts their own hands and crib, and the computer takes what they miss.
        public let muggins: Bool
        /// The hint key shows the advice for each decision; off, it shows nothing.
        public let hints: Bool
        /// The player may take back their last throw or card within the deal; off for rated play.
        public let takeBacks: Bool
        /// Two players, three, or two teams (the player's partner sits opposite, at seat 2).
        public let seating: Game.Seating
        /// Who sits at each seat, in the seats' order: by default the person at seat 0 and the
        /// computer at `level` everywhere else.
        public let seats: [TableSeat]

        /// `seats`, one a seat, or nil for the default; a list of the wrong length is the default.
        public init(seed: UInt64, level: ComputerLevel = .expert, target: Game.Target = .long, muggins: Bool = false,
                    hints: Bool = true, takeBacks: Bool = true, seating: Game.Seating = .twoPlayers, seats: [TableSeat]? = nil) {
            self.seating = seating
            let standard = [TableSeat.person] + Array(repeating: .computer(level), count: seating.players - 1)
            self.seats = seats.flatMap { $0.count == seating.players ? $0 : nil } ?? standard
            self.seed = seed
            self.level = level
            self.target = target
            self.muggins = muggins
            self.hints = hints
            self.takeBacks = takeBacks
        }
    }

    /// One decision, by either side (`Match.Move`).
    public typealias Move = Match.Move
    /// What the table waits for (`Match.Stage`).
    public typealias Stage = Match.Stage

    /// Games won and match points taken in this match, by side (by seat but with teams).
    public struct Standing: Hashable, Sendable {
        public internal(set) var wins: [Int]
        public internal(set) var matchPoints: [Int]
        /// Games finished, `games[n]` the winner of game n + 1.
        public internal(set) var winners: [Int] = []
        /// The match points of each finished game.
        public internal(set) var pointsByGame: [Int] = []

        init(sides: Int = 2) {
            wins = Array(repeating: 0, count: sides)
            matchPoints = Array(repeating: 0, count: sides)
        }

        mutating func record(winner: Int, matchPoints points: Int) {
            wins[winner] += 1
            matchPoints[winner] += points
            winners.append(winner)
            pointsByGame.append(points)
        }
    }

    public static let player = 0, computer = 1
    public static let names = ["You", "Computer"]

    /// The seats' names: you, then the computer's seats to your left in turn.
    public static func names(for seating: Game.Seating) -> [String] {
        switch seating {
        case .twoPlayers: names
        case .threePlayers: ["You", "Left", "Right"]
        case .twoTeams: ["You", "Left", "Partner", "Right"]
        }
    }

    /// The seats' names at this table.
    public var names: [String] { Self.names(for: setup.seating) }

    /// A seat's name as the person at `viewer` sees it: "You" for their own; a person elsewhere by
    /// their name; with two players the computer (or "Opponent" for another person here); with three or four, where the seat sits from the
    /// viewer (the next to the left "Left", across "Partner", the last "Right").
    public func name(of seat: Int, seenFrom viewer: Int) -> String {
        if seat == viewer { return "You" }
        if case .remote(let name) = setup.seats[seat] { return name }
        let around = (seat - viewer + players) % players
        switch setup.seating {
        case .twoPlayers: return setup.seats[seat].isComputer ? "Computer" : "Opponent"
        case .threePlayers: return around == 1 ? "Left" : "Right"
        case .twoTeams: return ["Left", "Partner", "Right"][around - 1]
        }
    }
    /// How many seats: 2, 3 or 4.
    public var players: Int { setup.seating.players }

    public let setup: Setup
    /// The cards cut for the first deal, a card for each seat in order; the lowest deals.
    public let cutForDeal: [Card]
    public internal(set) var standing: Standing
    /// The game of the match under way, from 1.
    public internal(set) var gameNumber = 1
    /// The game under way: the one driver every game runs through.
    public internal(set) var match: Match
    /// What happened since the player's last move, oldest first.
    public internal(set) var events: [TableEvent] = []
    /// What happened in the deal under way, oldest first (from the cut for deal in the first): made
    /// again by the replay, so a match read back has them too.
    public internal(set) var dealEvents: [TableEvent] = []
    /// How many times the player took a move back in the game under way (its record says so).
    public internal(set) var takeBacks = 0

    /// The computer at each of its seats (nil at a person's).
    let computers: [ComputerPlayer?]

    /// The score: every entry of the current game.
    public var game: Game { match.game }
    /// Every move of the current game, both sides', in order.
    public var moves: [Move] { match.moves }
    public var stage: Stage { match.stage }
    /// The current deal, once dealt.
    public var deal: Deal? { match.deal }

    /// A new match: the cards are cut for the first deal.
    public init(setup: Setup, limit: Limit = .move) {
        self.setup = setup
        computers = setup.seats.map { seat in
            if case .computer(let level) = seat { ComputerPlayer(level: level, limit: limit) } else { nil }
        }
        standing = Standing(sides: setup.seating.sides)
        let cut = DealScheme.cutForDeal(seed: setup.seed, players: setup.seating.players)
        cutForDeal = cut
        let dealer = cut.indices.min { cut[$0].rank.order < cut[$1].rank.order }!
        match = Match(setup: Self.matchSetup(setup, game: 1, dealer: dealer), names: Self.names(for: setup.seating), dealt: false)
        note([.cutForDeal(cutForDeal, dealer: dealer)])
    }

    /// Events that just happened: since the player's move, and in the deal's list (a deal begins
    /// it again; the first deal keeps the cut for deal before it).
    mutating func note(_ new: [TableEvent]) {
        events += new
        for event in new {
            switch event {
            case .cutForDeal: dealEvents = []
            case .dealt: if gameNumber > 1 || (deal?.number ?? 1) > 1 { dealEvents = [] }
            default: break
            }
            dealEvents.append(event)
        }
    }

    static func matchSetup(_ setup: Setup, game: Int, dealer: Int) -> Match.Setup {
        Match.Setup(seed: setup.seed, game: game, dealer: dealer, target: setup.target, muggins: setup.muggins,
                    seating: setup.seating, claimants: setup.seats.indices.filter { !setup.seats[$0].isComputer })
    }

    // MARK: The player's moves

    /// Applies the player's move, then the computer's until the player is to move again.
    /// A move that cannot come now throws, and changes nothing.
    /// `answering` false leaves the computer's answer for `answer()` (the tutor speaks first).
    public mutating func apply(_ move: Move, answering: Bool = true) throws(TableError) {
        // A person's move, at this terminal or another; the computer makes its own.
        if case .discard(let seat, _) = move, !setup.seats.indices.contains(seat) || setup.seats[seat].isComputer { throw .notYourMove }
        if case .lay(let seat, _) = move, !setup.seats.indices.contains(seat) || setup.seats[seat].isComputer { throw .notYourMove }
        var next = self
        next.events = []
        try next.perform(move)
        if answering { next.advance() }
        self = next
    }

    /// The computer's moves while it is to move: its answer to a move applied without one.
    public mutating func answer() { advance() }

    /// The player's decision that `move` would make now, as its player sees it (as the review
    /// grades it); nil for a move that decides nothing, and with three players or teams (the
    /// review and the tutor grade two-player decisions).
    public func decisionPoint(for move: Move) -> DecisionPoint? {
        GameRecord.decision(before: move, in: match, index: moves.count)
    }

    /// The review, the tutor, the hints and why the computer kept its cards work on the two-player
    /// game's decisions: off with three players or teams.
    public var hasAdvice: Bool { setup.seating == .twoPlayers }

    /// The tutor: after the player's throw or card that loses at least a mistake, a line says so
    /// and what was better, before the computer answers. A setting of the table, off at first,
    /// saved with the match.
    public var tutor = false

    /// The pace the computer's moves are shown at: each of its cards (and its throw) one by one,
    /// this long apart. A setting of the table, off at first, saved with the match; the moves
    /// themselves are made and saved at once.
    public var pace = Pace.off

    /// How far apart the computer's moves are shown.
    public enum Pace: Int, CaseIterable, Hashable, Sendable {
        case off = 0
        case quick = 300
        case slow = 800

        /// The milliseconds between two of the computer's moves shown.
        public var milliseconds: Int { rawValue }

        /// The next pace in turn: off, 300 ms, 800 ms, off.
        public var next: Pace { Self.allCases[(Self.allCases.firstIndex(of: self)! + 1) % Self.allCases.count] }
    }

    /// Makes the next move `later` made after this table's moves (the same game, moved on): the
    /// table shown while the computer's answer is paced catches up a move at a time, with no
    /// move worked out again. False when `later` has no move after these.
    public mutating func catchUp(with later: TableGame) -> Bool {
        guard later.gameNumber == gameNumber, later.moves.count > moves.count,
              Array(later.moves[..<moves.count]) == moves else { return false }
        do { try perform(later.moves[moves.count]) } catch { return false }
        return true
    }

    /// The player's view of the play, while the play is on.
    public var playerView: PeggingView? { match.view(of: Self.player) }

    /// The cards the player may lay now.
    public var playable: [Card] { playable(for: Self.player) }

    /// The cards the person at `seat` may lay now.
    public func playable(for seat: Int) -> [Card] {
        guard stage == .play, let view = match.view(of: seat) else { return [] }
        return view.legalCards
    }

    /// The score as `seat` sees it during the play.
    public func score(for seat: Int) -> GameScore { match.score(for: seat) }

    /// A seat's score and the other's as this deal was dealt, as the computer threw to them;
    /// nil before the first deal.
    public func scoreBeforeDeal(for seat: Int) -> GameScore? { match.scoreBeforeDeal(for: seat) }

    /// The record of the game under way (or just finished): what the history keeps.
    public var record: GameRecord {
        var record = match.record
        record.takeBacks = takeBacks > 0 ? takeBacks : nil
        return record
    }

    // MARK: Moves of either side

    mutating func perform(_ move: Move) throws(TableError) {
        if case (.next, .over(let result)) = (move, stage) {
            // The finished game is in the standing; the next one starts with no moves.
            gameNumber += 1
            startGame(dealer: setup.seating == .twoPlayers ? 1 - result.winner : (match.setup.dealer + 1) % players)
            return
        }
        let wasOver = if case .over = stage { true } else { false }
        try match.perform(move)
        note(match.takeEvents())
        if case .over(let result) = stage, !wasOver {
            standing.record(winner: result.winner, matchPoints: result.matchPoints)
        }
    }

    /// The computer's moves while one of its seats is the one to move: its throws, its cards in
    /// the play, each seat deciding from what that seat may know.
    mutating func advance() {
        while let pending = match.pending, pending != .next, case let seat = Match.seat(of: pending),
              let computer = computers[seat], let move = match.move(of: seat, by: computer) {
            try! perform(move)
        }
    }

    /// A game of the match after the first: the loser of the last deals at once.
    mutating func startGame(dealer: Int) {
        match = Match(setup: Self.matchSetup(setup, game: gameNumber, dealer: dealer), names: names)
        takeBacks = 0
        note(match.takeEvents())
    }

    // MARK: Take-back

    /// The place in `moves` of the player's last throw or card of this deal that may be taken
    /// back now: take-backs on, the deal's play not over (nothing of the show seen), a move of the
    /// player's to take.
    var takeBackIndex: Int? { takeBackIndex { setup.seats[$0] == .person } }

    /// The place in `moves` of the last throw or card of this deal by a seat `mine` says, that
    /// may be taken back now.
    func takeBackIndex(_ mine: (Int) -> Bool) -> Int? {
        guard setup.takeBacks, stage == .discard || stage == .play else { return nil }
        let start = moves.lastIndex(of: .next).map { $0 + 1 } ?? 0
        return moves[start...].lastIndex { move in
            switch move {
            case .discard(let seat, _), .lay(let seat, _): mine(seat)
            default: false
            }
        }
    }

    /// Whether the player has a throw or card of this deal to take back now.
    public var canTakeBack: Bool { takeBackIndex != nil }

    /// Whether `seat` has a throw or card of this deal to take back now (a table between people,
    /// where each seat is someone's).
    public func canTakeBack(seat: Int) -> Bool { takeBackIndex { $0 == seat } != nil }

    /// Takes back the player's last throw or card of this deal and the computer's answer to it
    /// (every move after it): the game is as it was before that move, one more take-back counted.
    /// False, changing nothing, when there is none (take-backs off, or none this deal).
    @discardableResult
    public mutating func takeBack() -> Bool {
        guard let index = takeBackIndex else { return false }
        takeBack(to: index)
        return true
    }

    /// Takes back `seat`'s last throw or card of this deal and every move after it (the other
    /// players' too), one more take-back counted; false, changing nothing, when there is none.
    @discardableResult
    public mutating func takeBack(seat: Int) -> Bool {
        guard let index = takeBackIndex({ $0 == seat }) else { return false }
        takeBack(to: index)
        return true
    }

    private mutating func takeBack(to index: Int) {
        var table = self
        table.match = Match(setup: match.setup, names: names, dealt: gameNumber > 1)
        table.dealEvents = []
        table.events = []
        if gameNumber == 1 { table.note([.cutForDeal(cutForDeal, dealer: match.setup.dealer)]) }
        table.note(table.match.takeEvents())
        for move in moves[..<index] {
            do { try table.perform(move) } catch { preconditionFailure("a move made once is made again: \(error)") }
        }
        table.events = []
        table.takeBacks += 1
        self = table
    }

    // MARK: Decks

    /// The deck of deal `deal` of game `game` in a match seeded `seed` (`DealScheme.deck`).
    public static func deck(seed: UInt64, game: Int, deal: Int) -> [Card] {
        DealScheme.deck(seed: seed, game: game, deal: deal)
    }
}

