/// One answer to a drill, as the schedule logs it: every review is kept, so that the scheduler's
/// parameters can be fitted to the player later, and so that the ratings can be brought in step.
public struct DrillReview: Hashable, Sendable, Codable {
    /// From 1, one more for each review ever made.
    public let number: Int
    public let drill: String
    /// Seconds since 1970.
    public let time: Int
    public let rating: FSRS.Rating
    public let correct: Bool
    /// The loss: in points of win chance where `scored`, else in points.
    public let loss: Double
    public let scored: Bool
    /// The answer as given (cut to 40 characters).
    public let answer: String
    /// The drill's first review.
    public let firstTry: Bool
    /// The rating the drill starts from, for its first game (`Drill.seedRating`).
    public let seed: Double
    /// The loss in the deal's points, at a score too (`DrillResult.pointsLoss`); nil in a log
    /// written before it was kept, where only an unscored review's `loss` is in points.
    public var pointsLoss: Double? = nil

    /// Every figure within what a review can hold.
    public var isWithinBounds: Bool {
        number > 0 && drill.count <= 20 && loss.isFinite && (0...1000).contains(loss) && answer.count <= 40 && seed.isFinite
            && (0...4000).contains(seed) && (pointsLoss.map { $0.isFinite && (0...1000).contains($0) } ?? true)
    }

    /// The loss in points, where the review knows it.
    public var pointsLost: Double? { pointsLoss ?? (scored ? nil : loss) }
}

/// Each drill's memory and the log of every review.
public struct DrillSchedule: Hashable, Sendable, Codable {
    public var memories: [String: FSRS.Memory] = [:]
    /// Oldest first; at most `maximumLog`, the oldest dropped past that.
    public var log: [DrillReview] = []

    public init() {}

    /// About 27 years of daily sessions of 20 drills.
    public static let maximumLog = 200_000

    /// The number the next review takes.
    public var nextNumber: Int { (log.last?.number ?? 0) + 1 }

    /// Schedules the drill after an answer and logs the review.
    @discardableResult
    public mutating func record(_ drill: Drill, _ result: DrillResult, answer: String, at time: Int, seed: Double,
                                scheduler: FSRS = FSRS()) -> DrillReview {
        let rating = result.rating
        let first = memories[drill.id] == nil
        memories[drill.id] = scheduler.review(memories[drill.id], rating, at: time)
        let review = DrillReview(number: nextNumber, drill: drill.id, time: time, rating: rating, correct: result.isCorrect,
                                 loss: min(1000, result.loss), scored: result.isScored, answer: String(answer.prefix(40)),
                                 firstTry: first, seed: seed, pointsLoss: min(1000, result.pointsLoss))
        log.append(review)
        if log.count > Self.maximumLog { log.removeFirst(log.count - Self.maximumLog) }
        return review
    }

    /// The drills due at `time`, the longest overdue first.
    public func due(at time: Int) -> [String] {
        memories.filter { $0.value.due <= time }.sorted { ($0.value.due, $0.key) < ($1.value.due, $1.key) }.map(\.key)
    }
}

/// The player's and each drill's Glicko-2 rating, with the reviews they have taken in.
///
/// The player is rated in rating periods of `periodLength` answers, as Glickman advises (a period
/// of ten to fifteen games): every answer of a period is a game against the drill as rated when
/// answered, and the rating shown after each answer is the period's update from its start with the
/// answers so far; the tenth closes the period and starts the next from there. A new player is
/// 1500 ± 150, not Glickman's ± 350 for a pool of chess players: the drills start from 1000 to
/// 2000, most from 1100 to 1800, and one answer then moves a new rating by under 90 (a win over a
/// drill of 2000 or a loss to one of 1000), where ± 350 moved it by 300. A settled rating
/// (`Glicko2.Rating.isProvisional`: deviation under 110) moves about 40 at most, never 70. A drill
/// is rated after each of its answers, a period of one game against the player as rated before it.
public struct DrillRatings: Hashable, Sendable, Codable {
    public var player = DrillRatings.newPlayer
    public var drills: [String: Glicko2.Rating] = [:]
    /// The number of the last review taken in: reviews after it in the log are taken in on open.
    public var applied = 0
    /// The player's rating after each review, the last `maximumTrend`.
    public var trend: [Double] = []
    /// The rating period under way: the player's rating at its start, and its answers so far.
    public var period: Period?
    /// The rule the ratings were worked out by (`DrillRatings.rule`); ratings of another rule (nil:
    /// the first, a period of one answer from 1500 ± 350) are worked out again from the log.
    public var rule: Int? = DrillRatings.rule

    public struct Period: Hashable, Sendable, Codable {
        public var start: Glicko2.Rating
        public var games: [Glicko2.Game]
    }

    public init() {}

    public static let maximumTrend = 1_000
    /// The answers of a rating period.
    public static let periodLength = 10
    /// The rule of these ratings: 2, periods of `periodLength` answers from `newPlayer`.
    public static let rule = 2
    public static let newPlayer = Glicko2.Rating(rating: 1500, deviation: 150, volatility: 0.06)
    /// A drill's deviation before its first answer.
    public static let newDrillDeviation = 250.0

    /// Takes in one review: a game of the player against the drill, won by the player when correct.
    public mutating func apply(_ review: DrillReview, system: Glicko2 = Glicko2()) {
        guard review.number > applied else { return }
        let drill = drills[review.drill] ?? Glicko2.Rating(rating: review.seed, deviation: Self.newDrillDeviation)
        let score = review.correct ? 1.0 : 0.0
        let before = player
        var period = self.period ?? Period(start: player, games: [])
        period.games.append(Glicko2.Game(drill, score))
        player = system.update(period.start, after: period.games)
        self.period = period.games.count >= Self.periodLength ? nil : period
        drills[review.drill] = system.update(drill, after: [Glicko2.Game(before, 1 - score)])
        applied = review.number
        trend.append(player.rating)
        if trend.count > Self.maximumTrend { trend.removeFirst(trend.count - Self.maximumTrend) }
    }

    /// Within bounds: every rating, and a period of fewer than `periodLength` answers.
    public var isWithinBounds: Bool {
        player.isWithinBounds && drills.values.allSatisfy(\.isWithinBounds) && applied >= 0 && trend.allSatisfy(\.isFinite)
            && (period.map { $0.start.isWithinBounds && $0.games.count < Self.periodLength
                && $0.games.allSatisfy { $0.opponent.isWithinBounds && (0...1).contains($0.score) } } ?? true)
    }

    /// Takes in every review of the log it has not: after a session killed between the
    /// schedule's write and the ratings', the two agree again. Returns how many it took in.
    @discardableResult
    public mutating func catchUp(with schedule: DrillSchedule) -> Int {
        let missing = schedule.log.filter { $0.number > applied }
        for review in missing { apply(review) }
        return missing.count
    }
}

extension Drill {
    /// The rating a drill starts from: harder the smaller its gap (1800 less 250 a point of gap,
    /// points of win chance counted a quarter, within 1100 to 1800), 200 more when the project's
    /// beginner level gets it wrong, 100 less when it gets it right.
    public func seedRating(analysis: Analysis) -> Double {
        let scored = analysis.options.allSatisfy { GradedDecision.value(of: $0) != nil }
        let points = scored ? gap / 4 : gap
        let base = min(1800, max(1100, 1800 - 250 * points))
        // The novice, below the greedy baseline, gets too many wrong to tell drills apart.
        return base + (levelsWrong(analysis: analysis).allSatisfy { $0 == .novice } ? -100 : 200)
    }

    /// The project's levels whose choice here is not correct.
    public func levelsWrong(analysis: Analysis) -> [ComputerLevel] {
        ComputerLevel.allCases.filter { level in
            !grade(move(for: analyse(decision, by: level.policy, limit: .move).best), analysis: analysis).isCorrect
        }
    }
}

/// How far a session reaches from the player's rating for new drills.
public enum DrillDifficulty: String, Hashable, Sendable, CaseIterable, Codable {
    case easier, normal, harder

    /// The offset to the player's rating, as lichess's puzzle difficulty: 300 points down or up.
    public var offset: Double {
        switch self {
        case .easier: -300
        case .normal: 0
        case .harder: 300
        }
    }
}

/// What a session is of: one theme or all, the difficulty, how many drills. `standard` is what
/// `twentynine drill` deals unless told; the Drills scene asks before a session and remembers it.
public struct DrillSetup: Hashable, Sendable, Codable {
    public var theme: DrillTheme?
    public var difficulty: DrillDifficulty
    public var count: Int

    /// How many drills a session on screen holds.
    public static let counts = 10...20
    public static let standard = DrillSetup(theme: nil, difficulty: .normal, count: 10)

    /// `count` is brought within `counts`.
    public init(theme: DrillTheme?, difficulty: DrillDifficulty, count: Int) {
        (self.theme, self.difficulty) = (theme, difficulty)
        self.count = min(Self.counts.upperBound, max(Self.counts.lowerBound, count))
    }
}

/// The drills of a session, in the order to play them: due reviews first (the longest overdue
/// first), then drills of weak themes, then new drills nearest the player's rating plus the
/// difficulty's offset; `theme` keeps only that theme's.
public func planSession(bank: [Drill], schedule: DrillSchedule, ratings: DrillRatings, count: Int, at time: Int,
                        theme: DrillTheme? = nil, difficulty: DrillDifficulty = .normal) -> [Drill] {
    let byID = Dictionary(bank.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let fits = { (drill: Drill) in theme.map(drill.themes.contains) ?? true }
    var chosen: [Drill] = [], taken: Set<String> = []
    func take(_ drills: [Drill]) {
        for drill in drills where chosen.count < count && fits(drill) && taken.insert(drill.id).inserted { chosen.append(drill) }
    }
    take(schedule.due(at: time).compactMap { byID[$0] })
    let weak = DrillDashboard(bank: bank, schedule: schedule, ratings: ratings).weakThemes
    let fresh = bank.filter { schedule.memories[$0.id] == nil }
    let target = ratings.player.rating + difficulty.offset
    let nearest = fresh.sorted { a, b in
        let (x, y) = (abs((ratings.drills[a.id]?.rating ?? a.estimatedRating) - target),
                      abs((ratings.drills[b.id]?.rating ?? b.estimatedRating) - target))
        return x != y ? x < y : a.id < b.id
    }
    // A mistake of the player's own is the first new drill of all.
    take(nearest.filter { $0.origin == .mistake || $0.origin == .muggins })
    take(nearest.filter { !Set($0.themes).isDisjoint(with: weak) })
    take(nearest)
    return chosen
}

extension Drill {
    /// The drill's rating before its first game, from its gap alone (without the levels' check).
    var estimatedRating: Double {
        let scored = decision.score != nil
        return min(1800, max(1100, 1800 - 250 * (scored ? gap / 4 : gap)))
    }
}
