/// A two-player game against the computer, dealt by the program: the cut for the first deal,
/// six cards each, the discards, the starter, The Play, the show, to 121 (or 61), then the
/// next game with the loser dealing. The player is seat 0, the computer seat 1.
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

        public init(seed: UInt64, level: ComputerLevel = .expert, target: Game.Target = .long, muggins: Bool = false,
                    hints: Bool = true) {
            self.seed = seed
            self.level = level
            self.target = target
            self.muggins = muggins
            self.hints = hints
        }
    }

    /// One decision, by either side.
    public enum Move: Hashable, Sendable {
        /// Go on: deal after the cut for deal or the show, start the next game after one ends.
        case next
        /// Two cards thrown to the crib.
        case discard(seat: Int, [Card])
        /// A card laid in the play (goes are said for a side that cannot lay).
        case lay(seat: Int, Card)
        /// The player's own count of the show's next hand or crib, with muggins.
        case claim(points: Int)
    }

    /// What the table waits for.
    public enum Stage: Hashable, Sendable {
        /// The cards cut for the first deal are shown.
        case cutForDeal
        /// The player throws two.
        case discard
        /// The player lays a card.
        case play
        /// With muggins, the player counts this hand or crib.
        case claim(Game.Count)
        /// The round's counts are shown.
        case show
        case over(Game.Result)
    }

    /// Games won and match points taken in this match, by seat.
    public struct Standing: Hashable, Sendable {
        public internal(set) var wins = [0, 0]
        public internal(set) var matchPoints = [0, 0]
        /// Games finished, `games[n]` the winner of game n + 1.
        public internal(set) var winners: [Int] = []
        /// The match points of each finished game.
        public internal(set) var pointsByGame: [Int] = []

        mutating func record(winner: Int, matchPoints points: Int) {
            wins[winner] += 1
            matchPoints[winner] += points
            winners.append(winner)
            pointsByGame.append(points)
        }
    }

    public static let player = 0, computer = 1
    public static let names = ["You", "Computer"]

    public let setup: Setup
    /// The cards cut for the first deal, the player's then the computer's; the lower deals.
    public let cutForDeal: [Card]
    public internal(set) var standing = Standing()
    /// The game of the match under way, from 1.
    public internal(set) var gameNumber = 1
    /// The score: every entry of the current game.
    public internal(set) var game: Game
    /// Every move of the current game, both sides', in order.
    public internal(set) var moves: [Move] = []
    public internal(set) var stage: Stage = .cutForDeal
    /// The current deal, once dealt.
    public internal(set) var deal: Deal?
    /// What happened since the player's last move, oldest first.
    public internal(set) var events: [TableEvent] = []

    let computerPlayer: ComputerPlayer

    /// A new match: the cards are cut for the first deal.
    public init(setup: Setup, limit: Limit = .move) {
        self.setup = setup
        computerPlayer = ComputerPlayer(level: setup.level, limit: limit)
        cutForDeal = Self.cutForDeal(seed: setup.seed)
        let dealer = cutForDeal[0].rank.order < cutForDeal[1].rank.order ? Self.player : Self.computer
        game = try! Game(target: setup.target, dealer: dealer, names: Self.names)
        events = [.cutForDeal(cutForDeal, dealer: dealer)]
    }

    // MARK: The player's moves

    /// Applies the player's move, then the computer's until the player is to move again.
    /// A move that cannot come now throws, and changes nothing.
    public mutating func apply(_ move: Move) throws(TableError) {
        if case .discard(let seat, _) = move, seat != Self.player { throw .notYourMove }
        if case .lay(let seat, _) = move, seat != Self.player { throw .notYourMove }
        var next = self
        next.events = []
        try next.perform(move)
        next.advance()
        self = next
    }

    /// The player's view of the play, while the play is on.
    public var playerView: PeggingView? { view(of: Self.player) }

    /// The cards the player may lay now.
    public var playable: [Card] {
        guard stage == .play, let view = playerView else { return [] }
        return view.legalCards
    }

    /// The score as `seat` sees it during the play.
    public func score(for seat: Int) -> GameScore {
        GameScore(mine: game.totals[seat], theirs: game.totals[1 - seat], target: setup.target.points)
    }

    /// A seat's score and the other's as this deal was dealt, as the computer threw to them;
    /// nil before the first deal.
    public func scoreBeforeDeal(for seat: Int) -> GameScore? {
        guard let deal else { return nil }
        let before = deal.scoresAtDeal.map { min(max($0, 0), setup.target.points - 1) }
        return GameScore(mine: before[seat], theirs: before[1 - seat], target: setup.target.points)
    }

    // MARK: Moves of either side

    mutating func perform(_ move: Move) throws(TableError) {
        switch (move, stage) {
        case (.next, .cutForDeal), (.next, .show):
            dealRound()
        case (.next, .over(let result)):
            // The finished game is in the standing; the next one starts with no moves.
            gameNumber += 1
            startGame(dealer: 1 - result.winner)
            return
        case (.discard(let seat, let cards), .discard):
            try throwCards(cards, seat: seat)
        case (.lay(let seat, let card), .play):
            try lay(card, seat: seat)
        case (.claim(let points), .claim(let count)):
            try claim(points, for: count)
        default:
            throw .notNow
        }
        moves.append(move)
    }

    /// The computer's moves while it is the one to move: its throw, its cards in the play.
    mutating func advance() {
        while let move = computerMove() {
            try! perform(move)
        }
    }

    /// What the computer does now, if it is its turn.
    func computerMove() -> Move? {
        guard let deal else { return nil }
        switch stage {
        case .discard where deal.thrown[Self.computer].isEmpty:
            let kept = computerPlayer.keep(deal.sixes[Self.computer], dealer: game.dealer == Self.computer,
                                           score: scoreBeforeDeal(for: Self.computer))
            return .discard(seat: Self.computer, kept.thrown)
        case .play where deal.turn == Self.computer:
            let view = view(of: Self.computer)!
            var random = Self.generator(setup.seed, gameNumber, deal.number, deal.play.steps.count)
            guard case .card(let card) = computerPlayer.token(for: view, score: score(for: Self.computer), random: &random)
            else { return nil }
            return .lay(seat: Self.computer, card)
        default:
            return nil
        }
    }

    func view(of seat: Int) -> PeggingView? {
        guard let deal, deal.isCut, let kept = deal.kept[seat] else { return nil }
        return try? PeggingView(hand: kept, discards: deal.thrown[seat], cut: deal.cut,
                                seat: deal.playSeat(of: seat), play: deal.play)
    }

    private mutating func dealRound() {
        let number = (deal.map { $0.number } ?? 0) + 1
        let dealt = Deal(number: number, dealer: game.dealer,
                         deck: Self.deck(seed: setup.seed, game: gameNumber, deal: number), scoresAtDeal: game.totals)
        deal = dealt
        stage = .discard
        events.append(.dealt(dealer: game.dealer))
    }

    /// A game of the match after the first: the loser of the last deals at once.
    mutating func startGame(dealer: Int) {
        game = try! Game(target: setup.target, dealer: dealer, names: Self.names)
        moves = []
        deal = nil
        dealRound()
    }

    private mutating func throwCards(_ cards: [Card], seat: Int) throws(TableError) {
        guard var deal, (0...1).contains(seat) else { throw .notNow }
        guard deal.thrown[seat].isEmpty else { throw .notYourMove }
        guard cards.count == 2, cards[0] != cards[1] else { throw .throwTwo(cards.count) }
        for card in cards where !deal.sixes[seat].contains(card) { throw .notInHand(card) }
        deal.thrown[seat] = cards
        deal.kept[seat] = deal.sixes[seat].filter { !cards.contains($0) }
        if seat == Self.computer { events.append(.threw(seat: seat)) }
        self.deal = deal
        guard deal.thrown.allSatisfy({ !$0.isEmpty }) else { return }
        startPlay()
    }

    private mutating func startPlay() {
        guard var deal else { return }
        deal.isCut = true
        self.deal = deal
        let heels = deal.cut.rank == .jack
        events.append(.starter(deal.cut, heels: heels))
        if heels {
            try! game.heels()
            if checkOver() { return }
        }
        stage = .play
        sayGoes()
    }

    private mutating func lay(_ card: Card, seat: Int) throws(TableError) {
        guard var deal, deal.turn == seat else { throw .notYourMove }
        guard deal.kept[seat]!.contains(card) else { throw .notInHand(card) }
        guard !deal.play.laid[deal.playSeat(of: seat)].contains(card) else { throw .alreadyLaid(card) }
        let count = deal.play.count
        let pegs: [Peg]
        do { pegs = try deal.play.apply(.card(card)) } catch {
            throw .overThirtyOne(card, count: count)
        }
        self.deal = deal
        record(.card(card), by: seat, pegs: pegs)
        if stage == .play { sayGoes() }
    }

    /// Says go for each side that cannot lay, and moves to the show when the play is complete.
    private mutating func sayGoes() {
        while var deal, stage == .play {
            guard let turn = deal.turn else {
                beginShow()
                return
            }
            guard view(of: turn)!.legalCards.isEmpty else { return }
            let pegs = try! deal.play.apply(.go)
            self.deal = deal
            record(.go, by: turn, pegs: pegs)
        }
    }

    private mutating func record(_ token: PlayToken, by seat: Int, pegs: [Peg]) {
        guard let deal else { return }
        let scored = pegs.map { TableEvent.Scored(seat: deal.gameSeat(ofPlaySeat: $0.player), score: $0.score) }
        events.append(.played(seat: seat, token, count: deal.play.steps.last?.count ?? 0, pegs: scored))
        for peg in scored {
            try! game.peg(player: peg.seat, points: peg.score.points, reasons: [peg.score])
            if checkOver() { return }
        }
    }

    private mutating func beginShow() {
        stage = .show
        countShow()
    }

    /// Counts the show in order until the round ends, the game ends, or the player must count.
    private mutating func countShow() {
        guard let deal else { return }
        while let count = game.nextCount {
            let hand = deal.hand(for: count)
            if setup.muggins && count.player == Self.player {
                stage = .claim(count)
                return
            }
            let points = try! game.count(hand).points
            self.deal?.shown.append(Deal.ShowCount(count: count, hand: hand, points: points, claimed: nil))
            events.append(.counted(count, hand, points: points, claimed: nil))
            if checkOver() { return }
            if count.rules == .crib { break }
        }
        stage = .show
    }

    private mutating func claim(_ points: Int, for count: Game.Count) throws(TableError) {
        guard let deal else { throw .notNow }
        let hand = deal.hand(for: count)
        let actual = FastScorer.shared.total(hand: hand, rules: count.rules)
        guard (0...ScoreDistribution.maximumScore).contains(points) else { throw .notACount(points) }
        guard points <= actual else { throw .overclaim(points) }
        do { try game.count(points: points) } catch { throw .notACount(points) }
        self.deal?.shown.append(Deal.ShowCount(count: count, hand: hand, points: actual, claimed: points))
        events.append(.counted(count, hand, points: actual, claimed: points))
        if checkOver() { return }
        if points < actual {
            try! game.correct(player: Self.computer, points: actual - points)
            if checkOver() { return }
        }
        stage = .show
        if count.rules != .crib { countShow() }
    }

    /// Ends the game when a side has reached the target.
    private mutating func checkOver() -> Bool {
        guard let result = game.result else { return false }
        stage = .over(result)
        standing.record(winner: result.winner, matchPoints: result.matchPoints)
        events.append(.won(result))
        return true
    }

    // MARK: Decks

    /// A generator for one use of the match's seed: the same numbers give the same draws.
    static func generator(_ seed: UInt64, _ numbers: Int...) -> SplitMix64 {
        var mixed = SplitMix64(seed: seed)
        var state = mixed.next()
        for number in numbers {
            var step = SplitMix64(seed: state ^ (UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15))
            state = step.next()
        }
        return SplitMix64(seed: state)
    }

    /// The deck of deal `deal` of game `game` in a match seeded `seed`: a uniform shuffle.
    public static func deck(seed: UInt64, game: Int, deal: Int) -> [Card] {
        var random = generator(seed, game, deal)
        return random.shuffled()
    }

    /// The cut for the first deal: two cards of different ranks, cut again on a tie.
    static func cutForDeal(seed: UInt64) -> [Card] {
        for attempt in 0... {
            var random = generator(seed, 0, attempt)
            let cards = random.deal(2)
            if cards[0].rank != cards[1].rank { return cards }
        }
        fatalError("unreachable")
    }
}

/// One deal at the table: the deck as it was dealt, the sixes, the throws, the starter and the
/// play. Seats are the game's (0 the player); `play` numbers them from the pone.
public struct Deal: Hashable, Sendable {
    /// The deal's number in its game, from 1.
    public let number: Int
    public let dealer: Int
    /// The deck in its order, fixed at the deal: the pone takes cards 0, 2, … 10, the dealer
    /// 1, 3, … 11, and card 12 is the starter.
    public let deck: [Card]
    public let sixes: [[Card]]
    public internal(set) var kept: [[Card]?] = [nil, nil]
    public internal(set) var thrown: [[Card]] = [[], []]
    /// The starter has been turned (both have thrown).
    public internal(set) var isCut = false
    public internal(set) var play = Play(players: 2)
    /// The show's counts made so far, in order.
    public internal(set) var shown: [ShowCount] = []
    /// Each seat's score as the cards were dealt: what the computer throws to.
    public let scoresAtDeal: [Int]

    /// One count of the show: its hand or crib, the points it holds, and with muggins what the
    /// player claimed.
    public struct ShowCount: Hashable, Sendable {
        public let count: Game.Count
        public let hand: Hand
        public let points: Int
        public let claimed: Int?
    }

    init(number: Int, dealer: Int, deck: [Card], scoresAtDeal: [Int] = [0, 0]) {
        self.number = number
        self.scoresAtDeal = scoresAtDeal
        self.dealer = dealer
        self.deck = deck
        let pone = Array(stride(from: 0, to: 12, by: 2).map { deck[$0] })
        let dealers = Array(stride(from: 1, to: 12, by: 2).map { deck[$0] })
        sixes = dealer == 0 ? [dealers, pone] : [pone, dealers]
    }

    public var cut: Card { deck[12] }
    public var crib: [Card] { thrown[0] + thrown[1] }

    /// The game seat whose turn it is in the play.
    public var turn: Int? { play.turn.map(gameSeat(ofPlaySeat:)) }

    public func playSeat(of seat: Int) -> Int { seat == dealer ? 1 : 0 }
    public func gameSeat(ofPlaySeat seat: Int) -> Int { seat == 1 ? dealer : 1 - dealer }

    /// The cards a seat has laid in the play.
    public func laid(by seat: Int) -> [Card] { play.laid[playSeat(of: seat)] }

    /// The cards a seat still holds in the play.
    public func held(by seat: Int) -> [Card] {
        (kept[seat] ?? sixes[seat]).filter { !laid(by: seat).contains($0) }
    }

    /// The hand or crib a count of the show takes.
    public func hand(for count: Game.Count) -> Hand {
        try! Hand(count.rules == .crib ? crib : kept[count.player]!, cut: cut)
    }
}

/// Something that happened at the table, for the line that says so.
public enum TableEvent: Hashable, Sendable {
    /// Points pegged for a side.
    public struct Scored: Hashable, Sendable {
        public let seat: Int
        public let score: PlayScore
    }

    case cutForDeal([Card], dealer: Int)
    case dealt(dealer: Int)
    case threw(seat: Int)
    case starter(Card, heels: Bool)
    /// A card or go, the count after it, and what it pegged (a go may peg for the other side).
    case played(seat: Int, PlayToken, count: Int, pegs: [Scored])
    /// A hand or crib counted: its points, and with muggins what the player claimed.
    case counted(Game.Count, Hand, points: Int, claimed: Int?)
    case won(Game.Result)
}

/// Why a move cannot be made at the table.
public enum TableError: Error, Hashable, Sendable, CustomStringConvertible {
    case notNow
    case notYourMove
    case throwTwo(Int)
    case notInHand(Card)
    case alreadyLaid(Card)
    case overThirtyOne(Card, count: Int)
    case notACount(Int)
    case overclaim(Int)

    public var description: String {
        switch self {
        case .notNow: "that cannot be done now"
        case .notYourMove: "it is not your move"
        case .throwTwo(let count): "throw two cards to the crib, not \(count)"
        case .notInHand(let card): "\(card) is not in your hand"
        case .alreadyLaid(let card): "\(card) is already laid"
        case .overThirtyOne(let card, let count): "\(card) would take the count of \(count) past 31"
        case .notACount(let points): "no hand counts \(points)"
        case .overclaim(let points): "the cards do not hold \(points): count again"
        }
    }
}
