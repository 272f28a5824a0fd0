/// One game to the target, dealt from a seed, for two players, three, or two teams of two (the
/// board's seatings, `Game.Seating`): the state machine every game the program plays runs through,
/// the table's and self-play's alike. It deals (from `DealScheme`), takes each
/// side's throw, turns the starter, scores his heels, takes the cards laid (saying go for a side
/// that cannot lay), counts the show in order (with muggins, waiting for the claim of the seat that
/// counts its own), and ends where a side reaches the target.
///
/// Whoever moves, the moves are the same values: `play(players:)` asks two `CribbagePlayer`s; the
/// table asks the player at the keys for seat 0 and its computer for seat 1.
///
///     let match = Match.play(Match.Setup(seed: 29, dealer: 0), players: [ComputerPlayer(level: .expert), ComputerPlayer(level: .beginner)])
///     match.game.result   // the winner and the match points
public struct Match: Hashable, Sendable {
    /// How the game was set up: it never changes.
    public struct Setup: Hashable, Sendable, Codable {
        public let seed: UInt64
        /// The game's number in its match, from 1: with the seed, it fixes every deck.
        public let game: Int
        /// The seat that deals first, from 0.
        public let dealer: Int
        public let target: Game.Target
        /// Seat 0 counts its own hands and crib, and seat 1 takes what it misses.
        public let muggins: Bool
        /// With muggins, the seats that count their own (the people at the table): seat 0 at a
        /// table against the computer, both seats between two people; the next seat takes what
        /// each misses.
        public let claimants: [Int]
        /// The scores the game starts from: 0 and 0, or (for self-play's endgames) each seat's
        /// score, below the target, entered as a correction before the first deal.
        public let start: [Int]
        /// Who plays: two players (six cards each, two to the crib), three (five each, one each
        /// and one from the deck to the crib) or two teams of two (five each, one each to the crib).
        public let seating: Game.Seating

        public init(seed: UInt64, game: Int = 1, dealer: Int, target: Game.Target = .long, muggins: Bool = false,
                    start: [Int]? = nil, seating: Game.Seating = .twoPlayers, claimants: [Int] = [0]) {
            let start = start ?? Array(repeating: 0, count: seating.sides)
            precondition((0..<seating.players).contains(dealer), "a seat deals")
            precondition(game >= 1, "games count from 1")
            precondition(start.count == seating.sides && start.allSatisfy { (0..<target.points).contains($0) },
                         "each side starts below the target")
            self.seed = seed
            self.game = game
            self.dealer = dealer
            self.target = target
            self.muggins = muggins
            self.start = start
            self.seating = seating
            self.claimants = claimants.filter { (0..<seating.players).contains($0) }
        }

        private enum CodingKeys: String, CodingKey { case seed, game, dealer, target, muggins, start, seating, claimants }

        /// `seating` is written only for three players or teams: a two-player set-up is as it was.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let seating = try container.decodeIfPresent(Game.Seating.self, forKey: .seating) ?? .twoPlayers
            let target = try container.decode(Game.Target.self, forKey: .target)
            let dealer = try container.decode(Int.self, forKey: .dealer)
            let game = try container.decode(Int.self, forKey: .game)
            let start = try container.decode([Int].self, forKey: .start)
            guard (0..<seating.players).contains(dealer), game >= 1, start.count == seating.sides,
                  start.allSatisfy({ (0..<target.points).contains($0) }) else {
                throw DecodingError.dataCorruptedError(forKey: .start, in: container,
                                                       debugDescription: "a dealer, a game from 1 and a start below the target for each side")
            }
            let claimants = try container.decodeIfPresent([Int].self, forKey: .claimants) ?? [0]
            guard claimants.count <= seating.players, claimants.allSatisfy({ (0..<seating.players).contains($0) }) else {
                throw DecodingError.dataCorruptedError(forKey: .claimants, in: container, debugDescription: "seats of the table")
            }
            self.init(seed: try container.decode(UInt64.self, forKey: .seed), game: game, dealer: dealer, target: target,
                      muggins: try container.decode(Bool.self, forKey: .muggins), start: start, seating: seating,
                      claimants: claimants)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(seed, forKey: .seed)
            try container.encode(game, forKey: .game)
            try container.encode(dealer, forKey: .dealer)
            try container.encode(target, forKey: .target)
            try container.encode(muggins, forKey: .muggins)
            try container.encode(start, forKey: .start)
            if seating != .twoPlayers { try container.encode(seating, forKey: .seating) }
            // Written only between people: a set-up against the computer is as it was.
            if claimants != [0] { try container.encode(claimants, forKey: .claimants) }
        }
    }

    /// One decision, by either side.
    public enum Move: Hashable, Sendable {
        /// Go on: deal after the cut for deal or the show.
        case next
        /// The cards thrown to the crib: two with two players, one with three or four.
        case discard(seat: Int, [Card])
        /// A card laid in the play (goes are said for a side that cannot lay).
        case lay(seat: Int, Card)
        /// The own count of the show's next hand or crib by the seat it belongs to, with muggins.
        case claim(points: Int)
    }

    /// What the game waits for.
    public enum Stage: Hashable, Sendable {
        /// Before the first deal (the table shows the cards cut for deal).
        case cutForDeal
        /// Every seat throws to the crib.
        case discard
        /// The side to lay lays a card.
        case play
        /// With muggins, the seat it belongs to counts this hand or crib.
        case claim(Game.Count)
        /// The round's counts are shown.
        case show
        case over(Game.Result)
    }

    /// Who must decide what now; nil when the game is over.
    public enum Pending: Hashable, Sendable {
        /// Go on to the next deal.
        case next
        /// These seats have still to throw, in the order they throw.
        case discard(seats: [Int])
        case lay(seat: Int)
        case claim(Game.Count)
    }

    public let setup: Setup
    /// The score: every entry of the game.
    public internal(set) var game: Game
    /// Every move, both sides', in order.
    public internal(set) var moves: [Move] = []
    public internal(set) var stage: Stage
    /// The current deal, once dealt.
    public internal(set) var deal: Deal?
    /// Each deal's deck as it was dealt, in order.
    public internal(set) var decks: [[Card]] = []
    /// What happened, oldest first; whoever drives the game clears it when it likes.
    public internal(set) var events: [TableEvent] = []

    /// A new game; `dealt`, deal the first hands at once (else it waits for `.next` at the cut).
    /// `names` defaults to "Seat 1", "Seat 2" and so on.
    public init(setup: Setup, names: [String]? = nil, dealt: Bool = true) {
        self.setup = setup
        let names = names ?? (1...setup.seating.players).map { "Seat \($0)" }
        game = try! Game(seating: setup.seating, target: setup.target, dealer: setup.dealer, names: names)
        for (seat, points) in setup.start.enumerated() where points > 0 { try! game.correct(player: seat, points: points) }
        stage = .cutForDeal
        if dealt { dealRound() }
    }

    /// A game whose first deal is `deck` (its first thirteen cards: the pone's six at the even
    /// places, the dealer's at the odd ones, the starter last), not the seed's: for a sample drawn
    /// on its cards (`KeepSelfPlay`). Later deals are the seed's.
    init(setup: Setup, dealing deck: [Card], names: [String]? = nil) {
        self.init(setup: setup, names: names, dealt: false)
        decks = [Array(deck.prefix(13))]
        deal = Deal(number: 1, dealer: game.dealer, deck: deck, scoresAtDeal: game.totals, seating: setup.seating)
        stage = .discard
        events.append(.dealt(dealer: game.dealer))
    }

    /// Plays a whole game (or until `stop` says so) between its players, one for each seat from
    /// seat 0, each deciding from what it may know.
    public static func play(_ setup: Setup, players: [any CribbagePlayer], names: [String]? = nil,
                            until stop: (Match) -> Bool = { _ in false }) -> Match {
        precondition(players.count == setup.seating.players, "a player for each seat")
        var match = Match(setup: setup, names: names)
        while !stop(match), let move = match.nextMove(players: players) {
            try! match.perform(move)
        }
        return match
    }

    /// The move the players make now; nil when the game is over.
    public func nextMove(players: [any CribbagePlayer]) -> Move? {
        guard let pending else { return nil }
        if case .next = pending { return .next }
        let seat = Self.seat(of: pending)
        return move(of: seat, by: players[seat])
    }

    /// The move `player` makes for `seat` when a decision of that seat is pending (its throw, its
    /// card, its claim), from what that seat may know; nil when none is.
    public func move(of seat: Int, by player: any CribbagePlayer) -> Move? {
        guard let pending, let deal else { return nil }
        switch pending {
        case .next:
            return nil
        case .discard(let seats):
            guard seats.contains(seat) else { return nil }
            var random = DealScheme.generator(setup.seed, setup.game, deal.number, -1 - seat)
            // With teams, the dealer's partner throws to its own side's crib, as the dealer does.
            let role: Role = setup.seating.side(of: deal.dealer) == setup.seating.side(of: seat) ? .dealer : .pone
            let dealt = deal.sixes[seat], score = scoreBeforeDeal(for: seat)
            let thrown = dealt.count == 5
                ? [player.throwOne(dealt, players: setup.seating.players, ownCrib: role == .dealer, score: score, random: &random)]
                : player.keep(dealt, role: role, score: score, random: &random)
            return .discard(seat: seat, thrown)
        case .lay(let turn):
            guard turn == seat else { return nil }
            var random = DealScheme.layGenerator(seed: setup.seed, game: setup.game, deal: deal.number, step: deal.play.steps.count)
            guard case .card(let card) = player.lay(view(of: seat)!, score: score(for: seat), random: &random) else {
                preconditionFailure("a player with a card that fits lays one")
            }
            return .lay(seat: seat, card)
        case .claim(let count):
            guard seat == count.player else { return nil }
            return .claim(points: player.claim(deal.hand(for: count), rules: count.rules, score: score(for: seat)))
        }
    }

    /// The events so far, taken: the list is empty after.
    public mutating func takeEvents() -> [TableEvent] {
        defer { events = [] }
        return events
    }

    /// Who must decide now; nil once the game is over.
    public var pending: Pending? {
        switch stage {
        case .cutForDeal, .show: return .next
        case .discard:
            // The computer's seats first, then seat 0: the table answers before the player throws.
            return .discard(seats: (Array(1..<setup.seating.players) + [0]).filter { deal!.thrown[$0].isEmpty })
        case .play: return .lay(seat: deal!.turn!)
        case .claim(let count): return .claim(count)
        case .over: return nil
        }
    }

    /// The seat whose move the pending decision is (seat 0 for `.next`; a claim's, the counted hand's).
    public static func seat(of pending: Pending) -> Int {
        switch pending {
        case .next: 0
        case .claim(let count): count.player
        case .discard(let seats): seats[0]
        case .lay(let seat): seat
        }
    }

    /// The game's record: its set-up, every deck as dealt and every move.
    public var record: GameRecord { GameRecord(setup: setup, decks: decks, moves: moves) }

    /// Each seat's points of `round` (from 1) by what they were for: his heels, the play's pegs, the
    /// hand, the crib.
    public func points(inRound round: Int) -> [(heels: Int, pegs: Int, hand: Int, crib: Int)] {
        var points = Array(repeating: (heels: 0, pegs: 0, hand: 0, crib: 0), count: setup.seating.players)
        for entry in game.log where entry.round == round {
            switch entry.score {
            case .heels: points[entry.player].heels += entry.points
            case .play: points[entry.player].pegs += entry.points
            case .hand: points[entry.player].hand += entry.points
            case .crib: points[entry.player].crib += entry.points
            case .correction: break
            }
        }
        return points
    }

    /// The first deal is over: its show counted (or the game ended in it).
    public var isPastFirstDeal: Bool {
        switch stage {
        case .show, .over: deal?.number == 1
        default: (deal?.number ?? 0) > 1
        }
    }

    // MARK: What a seat may know

    /// A seat's view of the play, while the play is on.
    public func view(of seat: Int) -> PeggingView? {
        guard let deal, deal.isCut, let kept = deal.kept[seat] else { return nil }
        return try? PeggingView(hand: kept, discards: deal.thrown[seat], cut: deal.cut,
                                seat: deal.playSeat(of: seat), play: deal.play)
    }

    /// The score as `seat` sees it now: its side's, and the best of the others'.
    public func score(for seat: Int) -> GameScore {
        Self.score(game.totals, for: seat, seating: setup.seating, target: setup.target.points)
    }

    /// A seat's score and the other's as this deal was dealt (what its throw is played to); nil
    /// before the first deal.
    public func scoreBeforeDeal(for seat: Int) -> GameScore? {
        guard let deal else { return nil }
        let before = deal.scoresAtDeal.map { min(max($0, 0), setup.target.points - 1) }
        return Self.score(before, for: seat, seating: setup.seating, target: setup.target.points)
    }

    /// A seat's side's total against the leading other side's.
    static func score(_ totals: [Int], for seat: Int, seating: Game.Seating, target: Int) -> GameScore {
        let side = seating.side(of: seat)
        let theirs = totals.indices.filter { $0 != side }.map { totals[$0] }.max()!
        return GameScore(mine: totals[side], theirs: theirs, target: target)
    }

    // MARK: Moves

    /// Makes a move of either side. A move that cannot come now throws, and changes nothing.
    public mutating func perform(_ move: Move) throws(TableError) {
        var next = self
        switch (move, next.stage) {
        case (.next, .cutForDeal), (.next, .show):
            next.dealRound()
        case (.discard(let seat, let cards), .discard):
            try next.throwCards(cards, seat: seat)
        case (.lay(let seat, let card), .play):
            try next.lay(card, seat: seat)
        case (.claim(let points), .claim(let count)):
            try next.claim(points, for: count)
        default:
            throw .notNow
        }
        next.moves.append(move)
        self = next
    }

    private mutating func dealRound() {
        let number = (deal.map { $0.number } ?? 0) + 1
        let deck = DealScheme.deck(seed: setup.seed, game: setup.game, deal: number)
        deal = Deal(number: number, dealer: game.dealer, deck: deck, scoresAtDeal: game.totals, seating: setup.seating)
        decks.append(Array(deck.prefix(deal!.starterIndex + 1)))
        stage = .discard
        events.append(.dealt(dealer: game.dealer))
    }

    private mutating func throwCards(_ cards: [Card], seat: Int) throws(TableError) {
        guard var deal, (0..<setup.seating.players).contains(seat) else { throw .notNow }
        guard deal.thrown[seat].isEmpty else { throw .notYourMove }
        guard cards.count == deal.throwCount, Set(cards).count == cards.count else {
            throw deal.throwCount == 2 ? .throwTwo(cards.count) : .throwOne(cards.count)
        }
        for card in cards where !deal.sixes[seat].contains(card) { throw .notInHand(card) }
        deal.thrown[seat] = cards
        deal.kept[seat] = deal.sixes[seat].filter { !cards.contains($0) }
        events.append(.threw(seat: seat))
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

    /// Says go for each seat that cannot lay, and moves to the show when the play is complete.
    private mutating func sayGoes() {
        while var deal, stage == .play {
            guard let turn = deal.turn else {
                stage = .show
                countShow()
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

    /// Counts the show in order until the round ends, the game ends, or seat 0 must count.
    private mutating func countShow() {
        guard let deal else { return }
        while let count = game.nextCount {
            let hand = deal.hand(for: count)
            if setup.muggins && setup.claimants.contains(count.player) {
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
            // The next seat to the left takes what the claimant missed (the computer beside seat 0).
            try! game.correct(player: (count.player + 1) % setup.seating.players, points: actual - points)
            if checkOver() { return }
        }
        stage = .show
        if count.rules != .crib { countShow() }
    }

    /// Ends the game when a side has reached the target.
    private mutating func checkOver() -> Bool {
        guard let result = game.result else { return false }
        stage = .over(result)
        events.append(.won(result))
        return true
    }
}

/// One deal: the deck as it was dealt, the hands dealt, the throws, the starter and the play. Seats
/// are the game's; `play` numbers them from the seat left of the dealer.
public struct Deal: Hashable, Sendable {
    /// The deal's number in its game, from 1.
    public let number: Int
    public let dealer: Int
    /// The deck in its order, fixed at the deal: dealt one card at a time from the seat left of the
    /// dealer round to the dealer, six each with two players (the pone cards 0, 2, … 10, the dealer
    /// 1, 3, … 11, card 12 the starter), five each with three (card 15 to the crib, card 16 the
    /// starter) or four (card 20 the starter).
    public let deck: [Card]
    /// Each seat's cards as dealt: six with two players, five with three or four (the name is the
    /// two-player game's).
    public let sixes: [[Card]]
    public internal(set) var kept: [[Card]?]
    public internal(set) var thrown: [[Card]]
    /// The starter has been turned (every seat has thrown).
    public internal(set) var isCut = false
    public internal(set) var play: Play
    /// The show's counts made so far, in order.
    public internal(set) var shown: [ShowCount] = []
    /// Each seat's score as the cards were dealt: what the throws are played to.
    public let scoresAtDeal: [Int]

    /// One count of the show: its hand or crib, the points it holds, and with muggins what seat 0
    /// claimed.
    public struct ShowCount: Hashable, Sendable {
        public let count: Game.Count
        public let hand: Hand
        public let points: Int
        public let claimed: Int?
    }

    init(number: Int, dealer: Int, deck: [Card], scoresAtDeal: [Int] = [0, 0], seating: Game.Seating = .twoPlayers) {
        self.number = number
        self.scoresAtDeal = scoresAtDeal
        self.dealer = dealer
        self.deck = deck
        let players = seating.players
        let each = players == 2 ? 6 : 5
        var hands = Array(repeating: [Card](), count: players)
        for index in 0..<(each * players) { hands[(dealer + 1 + index) % players].append(deck[index]) }
        sixes = hands
        kept = Array(repeating: nil, count: players)
        thrown = Array(repeating: [], count: players)
        play = Play(players: players)
    }

    public var players: Int { sixes.count }
    /// The cards each seat throws to the crib: two with two players, one with three or four.
    public var throwCount: Int { players == 2 ? 2 : 1 }
    /// With three players, the deck's card that goes to the crib, so that it holds four.
    public var cribCard: Card? { players == 3 ? deck[15] : nil }
    /// The starter's place in the deck: after the hands (and the three-player game's crib card).
    public var starterIndex: Int { players == 2 ? 12 : players == 3 ? 16 : 20 }
    public var cut: Card { deck[starterIndex] }
    /// The crib: every seat's throw in seat order, then the three-player game's card from the deck.
    public var crib: [Card] { thrown.joined() + (cribCard.map { [$0] } ?? []) }

    /// The game seat whose turn it is in the play.
    public var turn: Int? { play.turn.map(gameSeat(ofPlaySeat:)) }

    /// A seat's place in the play's turn order: 0 left of the dealer, the dealer last.
    public func playSeat(of seat: Int) -> Int { (seat - dealer - 1 + 2 * players) % players }
    public func gameSeat(ofPlaySeat seat: Int) -> Int { (dealer + 1 + seat) % players }

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

/// Something that happened in a game, for the line that says so.
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
    /// A hand or crib counted: its points, and with muggins what seat 0 claimed.
    case counted(Game.Count, Hand, points: Int, claimed: Int?)
    case won(Game.Result)
}

/// Why a move cannot be made.
public enum TableError: Error, Hashable, Sendable, CustomStringConvertible {
    case notNow
    case notYourMove
    case throwTwo(Int)
    case throwOne(Int)
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
        case .throwOne(let count): "throw one card to the crib, not \(count)"
        case .notInHand(let card): "\(card) is not in your hand"
        case .alreadyLaid(let card): "\(card) is already laid"
        case .overThirtyOne(let card, let count): "\(card) would take the count of \(count) past 31"
        case .notACount(let points): "no hand counts \(points)"
        case .overclaim(let points): "the cards do not hold \(points): count again"
        }
    }
}
