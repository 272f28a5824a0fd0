#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One decision of a reviewed game: its analysis (the strongest policy's, every figure), the option
/// chosen, the best, what the choice lost, its label and why, in cribbage words.
///
/// The value of an option is its chance to win the game where the score is known (the play, the
/// show and the deals after, the decision model's), else the deal's net; the best is the option of
/// most value, and the loss the best's value less the chosen one's, in points of win chance (or of
/// the deal), never below 0.
public struct GradedDecision: Hashable, Sendable {
    public let point: DecisionPoint
    public let analysis: Analysis
    /// The option the move chose; nil where it is not one of the analysis's (a record the rules
    /// would refuse does not replay, so never).
    public let chosen: Analysis.Option?
    /// The option of most value.
    public let best: Analysis.Option
    /// The loss: in points of win chance where the score is known, else in points of the deal.
    public let loss: Double
    /// What the choice lost in the deal's points (net), beside.
    public let pointsLoss: Double
    /// Graded: two options or more whose values differ by the settings' `trivial` or more.
    public let isGraded: Bool
    public let label: ReviewLabel?
    /// Why, in cribbage words: every part, the board, what a better card does, the book's rules.
    public let why: String
    /// Why in brief, for a line at the table (the tutor): the better choice and the largest part alone.
    public let shortWhy: String

    public init(_ point: DecisionPoint, settings: ReviewSettings = .standard, limit: Limit = .advice) {
        self.init(point, analysis: analyse(point.decision, by: .strongest, limit: limit), settings: settings)
    }

    public init(_ point: DecisionPoint, analysis: Analysis, settings: ReviewSettings = .standard) {
        self.point = point
        self.analysis = analysis
        let chosen = point.chosen(in: analysis)
        self.chosen = chosen
        let scored = analysis.options.allSatisfy { Self.value(of: $0) != nil }
        let values = analysis.options.map { Self.value(of: $0) ?? $0.value.net }
        // The analysis's first option is the best: the hint, the computer and the review agree.
        best = analysis.best
        let scale = scored ? 100.0 : 1.0
        let chosenValue = chosen.map { Self.value(of: $0) ?? $0.value.net } ?? values[0]
        loss = max(0, (values[0] - chosenValue) * scale)
        pointsLoss = max(0, best.value.net - (chosen?.value.net ?? best.value.net))
        let spread = ((values.max() ?? 0) - (values.min() ?? 0)) * scale
        // A card that won the game at once left in the hand is always a missed win, even where the
        // model gives the card chosen the game as surely.
        let missedWin = analysis.options.contains { $0.value.winsNow } && chosen?.value.winsNow == false
        isGraded = analysis.options.count > 1 && (spread >= settings.trivial || missedWin)
        let lines = scored ? (settings.inaccuracy, settings.mistake, settings.blunder) : settings.neutral
        if !isGraded {
            label = nil
        } else if missedWin {
            label = .missedWin
        } else if loss >= lines.2 {
            label = .blunder
        } else if loss >= lines.1 {
            label = .mistake
        } else if loss >= lines.0 {
            label = .inaccuracy
        } else {
            label = nil
        }
        why = ReviewWords.why(point: point, analysis: analysis, chosen: chosen, best: best, loss: loss, scored: scored)
        shortWhy = ReviewWords.why(point: point, analysis: analysis, chosen: chosen, best: best, loss: loss, scored: scored, brief: true)
    }

    /// An option's chance to win, or 1 for a card that wins the game now; nil without a score.
    public static func value(of option: Analysis.Option) -> Double? { Analysis.gradingValue(of: option) }

    var isKeep: Bool { if case .keep = point.decision { true } else { false } }

    /// The best option's chance to win, where the score is known.
    public var bestValue: Double? { Self.value(of: best) }
    /// The chosen option's chance to win, where the score is known.
    public var chosenValue: Double? { chosen.flatMap(Self.value(of:)) }
}

/// The figures a side is judged by, for its throws, its cards and all its decisions apart (as GNU
/// Backgammon keeps cube and chequer apart).
public struct SideReview: Hashable, Sendable {
    public let seat: Int
    public let decisions: [GradedDecision]
    public let luckEvents: [LuckEvent]
    public let settings: ReviewSettings

    init(seat: Int, decisions: [GradedDecision], luck: [LuckEvent], settings: ReviewSettings) {
        self.seat = seat
        self.decisions = decisions
        luckEvents = luck
        self.settings = settings
    }

    /// The graded decisions: all, the throws alone, the cards alone.
    public var graded: [GradedDecision] { decisions.filter(\.isGraded) }
    public var throwsGraded: [GradedDecision] { graded.filter(\.isKeep) }
    public var playGraded: [GradedDecision] { graded.filter { if case .lay = $0.point.decision { true } else { false } } }

    /// 10 × the mean loss in points of win chance per graded decision: backgammon's error rate scale.
    public static func errorRate(_ decisions: [GradedDecision]) -> Double {
        decisions.isEmpty ? 0 : 10 * decisions.reduce(0) { $0 + $1.loss } / Double(decisions.count)
    }

    public var errorRate: Double { Self.errorRate(graded) }
    public var throwsErrorRate: Double { Self.errorRate(throwsGraded) }
    public var playErrorRate: Double { Self.errorRate(playGraded) }

    /// Every loss added up, in points of win chance.
    public var totalLoss: Double { graded.reduce(0) { $0 + $1.loss } }

    /// The deal's points lost, a deal.
    public var pointsLostPerDeal: Double {
        let deals = Set(decisions.map(\.point.deal)).count
        return deals == 0 ? 0 : decisions.reduce(0) { $0 + $1.pointsLoss } / Double(deals)
    }

    /// How many decisions carry each label.
    public func count(_ label: ReviewLabel) -> Int { decisions.count { $0.label == label } }

    /// The accuracy, lichess's formula (a decision's accuracy from the points of win chance it lost,
    /// 103.1668 · e^(−0.04354 · loss) − 3.1669, in 0…100) with the loss rescaled so that this
    /// review's blunder line falls on lichess's (15 points of win chance), averaged over the graded
    /// decisions.
    public var accuracy: Double {
        guard !graded.isEmpty else { return 100 }
        let rescale = 15 / settings.blunder
        return graded.reduce(0) { total, decision in
            total + min(100, max(0, 103.1668 * exp(-0.04354 * decision.loss * rescale) - 3.1669))
        } / Double(graded.count)
    }

    /// The side's luck, in points of win chance: its sixes and half of each cut's swing.
    public var luck: Double { luckEvents.reduce(0) { $0 + $1.points } }
}

/// A band of play named for the table's level (or the random baseline) whose error rate anchors it
/// (`make selfplay-review`, 200 games a pair at engine 74878884ef7c81b5, the chances far from the
/// end following the points): the boundaries lie at the
/// geometric means of neighbouring anchors, so a level's name is the band it plays in. Rules.md,
/// "The game review", says how they were found.
public struct RatingBand: Hashable, Sendable {
    public let name: String
    /// The error rates up to which the band reaches.
    public let upTo: Double
    /// The measured player it is named for, and its error rate.
    public let anchor: String

    public static let all: [RatingBand] = [
        RatingBand(name: "expert", upTo: 0.13, anchor: "the expert level, 0.017"),
        RatingBand(name: "club", upTo: 2.1, anchor: "the club level (hand and crib, the engine in the play), 1.04"),
        RatingBand(name: "beginner", upTo: 6.9, anchor: "the beginner level, greedy: 4.2 to 6.4"),
        RatingBand(name: "novice", upTo: 12.0, anchor: "the novice level, the hand alone: 7.6"),
        RatingBand(name: "random", upTo: .infinity, anchor: "cards at random: 19.2"),
    ]

    /// The band an error rate falls in.
    public static func band(of errorRate: Double) -> RatingBand { all.first { errorRate <= $0.upTo } ?? all[all.count - 1] }
}

extension SideReview {
    /// The error rate's 95% interval over this game's graded decisions (nil with fewer than two).
    public var errorRateInterval: ClosedRange<Double>? {
        let losses = graded.map(\.loss)
        guard losses.count > 1 else { return nil }
        let mean = losses.reduce(0, +) / Double(losses.count)
        let variance = losses.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(losses.count - 1)
        let half = 1.96 * 10 * (variance / Double(losses.count)).squareRoot()
        return max(0, errorRate - half)...(errorRate + half)
    }

    /// The bands the error rate's 95% interval reaches, best first (none with fewer than two graded
    /// decisions).
    public var ratingBands: [RatingBand] { RatingBand.reached(by: errorRateInterval) }

    /// The rating: "beginner", or "club to beginner" where the interval reaches two neighbouring
    /// bands; nil where there are too few graded decisions to say (`RatingBand.rating(of:)`).
    public var rating: String? { RatingBand.rating(of: errorRateInterval) }
}

extension RatingBand {
    /// The most bands a rating may name: an interval reaching further says nothing yet.
    public static let ratingSpan = 2

    /// The bands an error rate's interval reaches, best first; none without an interval.
    public static func reached(by interval: ClosedRange<Double>?) -> [RatingBand] {
        guard let interval, let low = all.firstIndex(of: band(of: interval.lowerBound)),
              let high = all.firstIndex(of: band(of: interval.upperBound)) else { return [] }
        return Array(all[low...high])
    }

    /// The rating an error rate's 95% interval gives: its band, or two neighbouring bands ("club to
    /// beginner"); nil with no interval (fewer than two graded decisions) or one reaching more than
    /// `ratingSpan` bands ("expert to random" after a few deals says nothing).
    public static func rating(of interval: ClosedRange<Double>?) -> String? {
        let bands = reached(by: interval)
        guard let low = bands.first, let high = bands.last, bands.count <= ratingSpan else { return nil }
        return low == high ? low.name : "\(low.name) to \(high.name)"
    }
}
