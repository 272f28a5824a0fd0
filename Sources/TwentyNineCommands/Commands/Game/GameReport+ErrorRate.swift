import CribbageCore
import GameStore

/// `game --stats`'s lines on your play against the computer: the error rate over your last 10 and
/// 20 reviewed games, each with its 95% interval (mean ± 1.96 · SD / √n of the games' rates), and
/// the trend, the last 10 against the 10 before.
extension GameReport {
    /// The lines, or none when no two-player game against the computer has finished (the review grades no other).
    static func errorRateLines(_ reviewed: ReviewedGames) -> [String] {
        guard !reviewed.reviews.isEmpty || !reviewed.notReviewed.isEmpty else { return [] }
        let trend = reviewed.trend
        var lines = ["Your error rate against the computer (10 × the mean loss in points of win chance a decision; "
                     + "each game's rate, then their mean ± 1.96 · SD / √n):"]
        if trend.rates.isEmpty {
            lines.append("  no game reviewed yet")
        } else {
            lines.append("  last 10 reviewed games: " + (trend.last10?.text ?? "none"))
            if trend.rates.count > ErrorRateTrend.window { lines.append("  last 20 reviewed games: " + (trend.last20?.text ?? "none")) }
            lines.append("  trend: " + trend.text)
            if let note = trend.engineNote { lines.append("  " + note) }
        }
        let missing = reviewed.notReviewed.count
        if missing > 0 {
            lines.append("  \(missing) two-player game\(missing == 1 ? "" : "s") against the computer not reviewed, so not counted: "
                         + "`twentynine review ID` reviews one and keeps its figures; the records screen (r at the table) "
                         + "reviews the last 20 in the background")
        }
        return lines
    }

    /// `game --stats --json`'s `errorRate`: the counts, each window with its interval, the trend,
    /// and the reviewed games' figures, oldest first.
    static func errorRateJSON(_ reviewed: ReviewedGames) -> OrderedJSON {
        let trend = reviewed.trend
        func interval(_ value: MeanInterval?) -> OrderedJSON {
            guard let value else { return .null }
            return .object([("n", .int(value.count)), ("mean", .number(value.mean)),
                            ("sd", value.deviation.map(OrderedJSON.number) ?? .null),
                            ("low", value.interval.map { .number($0.lowerBound) } ?? .null),
                            ("high", value.interval.map { .number($0.upperBound) } ?? .null)])
        }
        let trendJSON: OrderedJSON = trend.difference.map { difference in
            .object([("difference", .number(difference)),
                     ("half", trend.differenceHalf.map(OrderedJSON.number) ?? .null),
                     ("outside", trend.isClear.map(OrderedJSON.bool) ?? .null)])
        } ?? .null
        return .object([
            ("reviewed", .int(reviewed.reviews.count)),
            ("notReviewed", .int(reviewed.notReviewed.count)),
            ("last10", interval(trend.last10)),
            ("last20", interval(trend.last20)),
            ("before", interval(trend.before)),
            ("trend", trendJSON),
            ("engineChanges", .array(trend.engineChanges.map(OrderedJSON.int))),
            ("games", .array(reviewed.reviews.map(reviewJSON))),
        ])
    }

    static func reviewJSON(_ review: SavedReview) -> OrderedJSON {
        func side(_ side: ReviewSummary.Side) -> OrderedJSON {
            .object([("errorRate", .number(side.errorRate)), ("graded", .int(side.graded)),
                     ("inaccuracies", .int(side.inaccuracies)), ("mistakes", .int(side.mistakes)),
                     ("blunders", .int(side.blunders)), ("missedWins", .int(side.missedWins)), ("luck", .number(side.luck))])
        }
        return .object([
            ("id", .string(review.id)),
            ("finished", .string(iso8601(review.finished))),
            ("level", review.level.map { .string($0.raw) } ?? .null),
            ("engine", review.engine.map(OrderedJSON.string) ?? .null),
            ("won", .bool(review.summary.won)),
            ("you", side(review.summary.sides[0])),
            ("computer", side(review.summary.sides[1])),
        ])
    }
}
