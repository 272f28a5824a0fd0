import Dispatch
import Synchronization

/// A finished two-player game reviewed decision by decision, as GNU Backgammon reviews a match:
/// every decision of both sides graded by the chance to win it lost against the best option, from
/// what its player could know then (`GameRecord.decisions`); luck kept apart from skill (each
/// chance event valued as the chance after it less the chance before, over its outcomes); and the
/// figures a side is judged by: an error rate, an accuracy, the labels, the luck.
///
///     let review = GameReview(record)
///     review.sides[0].errorRate   // 10 × the mean loss in points of win chance, as backgammon's PR
public struct GameReview: Hashable, Sendable {
    public let record: GameRecord
    public let settings: ReviewSettings
    /// Every decision, graded, in the order made.
    public let decisions: [GradedDecision]
    /// Every chance event, valued, in the order it came.
    public let luck: [LuckEvent]
    /// Seat 0's chance to win before each deal, and after each decision, in order: the line the
    /// review draws through the game.
    public let chances: [ChancePoint]
    /// The game's result for seat 0: 1 a win, 0 a loss.
    public let result: Double
    /// Seat 0's chance at the start of the game (the win table's, or the first dealer's).
    public let start: Double
    /// The fingerprint of the engine that graded it (`Fingerprint.engine`).
    public let engine = Fingerprint.engine

    /// Reviews every decision of `record` (both sides), each analysed by the strongest policy with
    /// every figure. Records of games that are not two-player games to their end, or that do not
    /// replay, are a `RecordError`.
    public init(_ record: GameRecord, settings: ReviewSettings = .standard, limit: Limit = .advice) throws(RecordError) {
        let points = try record.decisions()
        try self.init(record, points: points, graded: points.map { GradedDecision($0, settings: settings, limit: limit) },
                  settings: settings, limit: limit)
    }

    /// Reviews every decision of `record` on `workers` threads at once: the same review as
    /// `init(_:settings:limit:)`.
    public static func review(_ record: GameRecord, settings: ReviewSettings = .standard, limit: Limit = .advice,
                              workers: Int = 2) throws(RecordError) -> GameReview {
        let points = try record.decisions()
        let graded = grade(points, settings: settings, limit: limit, workers: workers)
        return try GameReview(record, points: points, graded: graded, settings: settings, limit: limit, workers: workers)
    }

    /// Each decision graded, in order, the work shared among `workers` threads (Dispatch's, not the
    /// concurrency pool's: synchronous callers may wait for it).
    public static func grade(_ points: [DecisionPoint], settings: ReviewSettings = .standard, limit: Limit = .advice,
                             workers: Int = 2) -> [GradedDecision] {
        grade(points, workers: workers) { GradedDecision($0, settings: settings, limit: limit) }
    }

    /// Each decision graded by `grading`, in order, on `workers` threads.
    static func grade(_ points: [DecisionPoint], workers: Int, by grading: @Sendable (DecisionPoint) -> GradedDecision) -> [GradedDecision] {
        let workers = max(1, min(workers, points.count))
        let parts = Mutex<[[(Int, GradedDecision)]]>([])
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let part = stride(from: worker, to: points.count, by: workers).map { ($0, grading(points[$0])) }
            parts.withLock { $0.append(part) }
        }
        return parts.withLock { $0.flatMap(\.self) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The review from decisions already graded (in order, one for each of `points`): for a review
    /// filled in as its decisions are analysed, in the background or on two cores. The plays the
    /// luck is valued with (`DealLuck`) are played out on `workers` threads.
    public init(_ record: GameRecord, points: [DecisionPoint], graded: [GradedDecision], settings: ReviewSettings = .standard,
                limit: Limit = .advice, workers: Int = 1) throws(RecordError) {
        precondition(points.count == graded.count, "one graded decision a decision point")
        let match = try record.replay()
        self.record = record
        self.settings = settings
        decisions = graded
        let table = WinTable.shipped(record.setup.target).table
        var chances: [ChancePoint] = []
        // Each deal's start, from the table, for seat 0.
        let dealStarts = Self.dealStarts(record, table: table)
        for (deal, start) in dealStarts.enumerated() { chances.append(ChancePoint(index: nil, deal: deal + 1, chance: start)) }
        // The sixes and the cuts, valued with every card known (`DealLuck`).
        luck = DealLuck(record: record, graded: graded, starts: dealStarts, table: table, limit: limit).events(workers: workers)
        for graded in graded {
            guard let value = graded.chosenValue else { continue }
            chances.append(ChancePoint(index: graded.point.index, deal: graded.point.deal, chance: graded.point.seat == 0 ? value : 1 - value))
        }
        self.chances = chances.sorted { ($0.deal, $0.index ?? -1) < ($1.deal, $1.index ?? -1) }
        result = match.game.result.map { $0.winner == 0 ? 1 : 0 } ?? 0.5
        start = dealStarts.first ?? 0.5
    }

    /// Seat 0's chance at the start of each deal of `record`, from the shipped win table at the
    /// scores then: where the review's chance line begins each deal.
    public static func dealStarts(of record: GameRecord) -> [Double] {
        dealStarts(record, table: WinTable.shipped(record.setup.target).table)
    }

    static func dealStarts(_ record: GameRecord, table: WinTable) -> [Double] {
        var match = Match(setup: record.setup, dealt: record.moves.first != .next)
        var starts: [Double] = []
        func note() {
            guard let deal = match.deal, starts.count < deal.number else { return }
            let scores = deal.scoresAtDeal.map { min(max($0, 0), table.target.points - 1) }
            starts.append(table.chances(mine: scores[0], theirs: scores[1], dealing: deal.dealer == 0).win)
        }
        note()
        for move in record.moves {
            try? match.perform(move)
            note()
        }
        return starts
    }

    /// The figures of one side.
    public func side(_ seat: Int) -> SideReview {
        SideReview(seat: seat, decisions: decisions.filter { $0.point.seat == seat }, luck: luck.filter { $0.seat == seat },
                   settings: settings)
    }

    /// Both sides' figures, seat 0 first.
    public var sides: [SideReview] { [side(0), side(1)] }

    /// The decomposition of the result, for seat 0, in points of win chance: result − start =
    /// your luck − the opponent's luck − your errors + the opponent's errors + a residual from
    /// hidden cards: what the play's errors did with every card known, less their graded losses
    /// (`DealLuck`; none in a deal played without a loss).
    public var decomposition: Decomposition {
        let (mine, theirs) = (side(0), side(1))
        let total = (result - start) * 100
        let explained = mine.luck - theirs.luck - mine.totalLoss + theirs.totalLoss
        return Decomposition(total: total, yourLuck: mine.luck, theirLuck: theirs.luck, yourErrors: mine.totalLoss,
                             theirErrors: theirs.totalLoss, residual: total - explained, result: result * 100)
    }
}

/// The thresholds of the labels: a loss of at least `inaccuracy`, `mistake`, `blunder` points of win
/// chance; where no score applies, `neutral` lines in points of the deal. A decision whose options'
/// values differ by less than `trivial` is not graded.
public struct ReviewSettings: Hashable, Sendable {
    public var inaccuracy = 1.0, mistake = 2.0, blunder = 4.0
    public var neutral = (inaccuracy: 0.5, mistake: 1.0, blunder: 2.0)
    public var trivial = 0.05

    public init() {}

    public static let standard = ReviewSettings()

    public static func == (a: ReviewSettings, b: ReviewSettings) -> Bool {
        a.inaccuracy == b.inaccuracy && a.mistake == b.mistake && a.blunder == b.blunder && a.trivial == b.trivial
            && a.neutral == b.neutral
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(inaccuracy)
        hasher.combine(mistake)
        hasher.combine(blunder)
    }
}

/// What a graded decision is called.
public enum ReviewLabel: String, Hashable, Sendable, CaseIterable {
    case inaccuracy, mistake, blunder
    /// An option won the game at once and the one chosen did not.
    case missedWin = "missed win"

    /// The label's name for `count` of them: "mistake", "inaccuracies".
    public func name(count: Int) -> String {
        guard count != 1 else { return rawValue }
        return self == .inaccuracy ? "inaccuracies" : rawValue + "s"
    }
}

/// One chance event's luck for its side: the chance to win after it less the chance before (the
/// average over its outcomes), in points of win chance.
public struct LuckEvent: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case six, cut }
    public let seat: Int
    public let deal: Int
    public let kind: Kind
    /// In probability (0 to 1); `points` in points of win chance.
    public let value: Double
    /// The starter turned, for a cut.
    public internal(set) var starter: Card? = nil
    public var points: Double { value * 100 }
}

/// A deal's luck for you (seat 0) less the computer's, in points of win chance: how far its chance
/// events moved your chance, the starter and the two sixes apart (`LuckEvent`).
public struct DealSwing: Hashable, Sendable {
    public let deal: Int
    /// The starter turned.
    public let starter: Card
    /// The starter's whole swing for you: the deal's chance with it against every other starter.
    public let cut: Double
    /// Your six's luck less the computer's.
    public let sixes: Double
    public var total: Double { cut + sixes }
}

extension GameReview {
    /// Each deal's luck, yours less the computer's, in the order dealt: the chart's luck row.
    public var dealSwings: [DealSwing] {
        let deals = Set(luck.map(\.deal)).sorted()
        return deals.compactMap { deal in
            let events = luck.filter { $0.deal == deal }
            guard let starter = events.first(where: { $0.starter != nil })?.starter else { return nil }
            let yours = { (kind: LuckEvent.Kind) in
                events.filter { $0.kind == kind }.reduce(0) { $0 + ($1.seat == 0 ? $1.points : -$1.points) }
            }
            return DealSwing(deal: deal, starter: starter, cut: yours(.cut), sixes: yours(.six))
        }
    }

    /// The deals whose luck moved your chance most, largest first (their size, either way): at
    /// most `count`, none that moved it less than `least` points of win chance.
    public func luckiestDeals(_ count: Int = 3, least: Double = 1) -> [DealSwing] {
        Array(dealSwings.filter { abs($0.total) >= least }
            .sorted { abs($0.total) != abs($1.total) ? abs($0.total) > abs($1.total) : $0.deal < $1.deal }.prefix(count))
    }
}

/// A point of the chance line: seat 0's chance to win at a deal's start (`index` nil) or after a
/// decision (its move's index).
public struct ChancePoint: Hashable, Sendable {
    public let index: Int?
    public let deal: Int
    public let chance: Double
}

/// Result − start = your luck − their luck − your errors + their errors + residual, each in points
/// of win chance, for seat 0.
public struct Decomposition: Hashable, Sendable {
    public let total: Double
    public let yourLuck: Double, theirLuck: Double
    public let yourErrors: Double, theirErrors: Double
    public let residual: Double
    /// The result for seat 0: 100 a win, 0 a loss.
    public let result: Double

    /// GNU Backgammon's luck-adjusted result: the result less your luck plus the opponent's, in
    /// points of win chance (a won game is 100).
    public var luckAdjusted: Double { result - yourLuck + theirLuck }
}
