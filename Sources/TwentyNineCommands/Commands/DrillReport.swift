import CribbageCore
import GameStore

/// The drills, an answer and the dashboard, as text and as JSON.
enum DrillReport {
    // MARK: The drills of a session

    static func text(_ plan: [Drill], session: DrillSession, now: Int) -> String {
        guard !plan.isEmpty else { return "No drills: none due, and none of that theme could be dealt." }
        let due = plan.count { session.schedule.memories[$0.id].map { $0.due <= now } ?? false }
        var lines = ["\(plan.count) drill\(plan.count == 1 ? "" : "s"): \(due) due for review, \(plan.count - due) new. "
                     + "Answer one with: twentynine drill answer ID ANSWER"]
        for drill in plan {
            lines.append("")
            lines.append("\(drill.id)  \(title(drill))  [\((drill.themes.map(Recorded.known) + drill.unknownThemes).map(\.text).joined(separator: ", "))]")
            lines += position(drill).map { "  " + $0 }
            lines.append("  Answer: \(drill.answerHint)" + (drill.source.map { ". From: \($0)" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }

    static func title(_ drill: Drill) -> String {
        drill.kind.title + (drill.decision.score.map { ", you \($0.mine) to \($0.theirs) of \($0.target)" } ?? ", at a neutral score")
    }

    /// The position in a line or three.
    static func position(_ drill: Drill) -> [String] {
        switch drill.decision {
        case .keep(let six, _, _):
            return ["Your six: \(cards(six))"]
        case .lay(let view, _):
            let laid = view.play.steps.map { step in "\(step.player == view.seat ? "you" : "they") \(step.token)" }
            return ["You are the \(view.isDealer ? "dealer" : "pone"); you kept \(cards(view.hand)) and threw \(cards(view.discards)); the cut \(view.cut)",
                    "The play: \(laid.isEmpty ? "nothing yet" : laid.joined(separator: ", ")); the count \(view.play.count); you hold \(cards(view.held))"]
        case .count(let hand, let rules, _, _):
            return ["Count the \(rules == .crib ? "crib" : "hand"): \(cards(hand.cards)), the cut \(hand.cut) (muggins: what you miss, they take)"]
        }
    }

    static func cards(_ cards: [Card]) -> String { cards.map(\.description).joined(separator: " ") }

    static func json(_ drill: Drill, session: DrillSession, now: Int) -> OrderedJSON {
        let memory = session.schedule.memories[drill.id]
        return .object([
            ("id", .string(drill.id)),
            ("kind", .string(drill.kind.rawValue)),
            ("origin", .string(drill.origin.rawValue)),
            ("source", drill.source.map { .string($0) } ?? .null),
            ("themes", .array((drill.themes.map(Recorded.known) + drill.unknownThemes).map { .string($0.raw) })),
            ("gap", .number(drill.gap)),
            ("position", .array(position(drill).map { .string($0) })),
            ("score", drill.decision.score.map { .array([.int($0.mine), .int($0.theirs), .int($0.target)]) } ?? .null),
            ("due", memory.map { .bool($0.due <= now) } ?? .bool(false)),
            ("new", .bool(memory == nil)),
            ("rating", session.ratings.drills[drill.id].map { .number($0.rating) } ?? .null),
        ])
    }

    // MARK: An answer

    static func text(_ result: DrillResult, drill: Drill, review: DrillReview, session: DrillSession) -> String {
        let graded = result.graded
        let verdict = result.isCorrect ? (result.isBest ? "correct: the best" : "correct, within the tolerance") : "wrong"
        var lines = ["Drill \(drill.id): \(verdict)" + (graded.label.map { " (\($0.rawValue))" } ?? "")]
        // A count over the hand is no option of the grading's: the claim itself.
        let over = if case .overcounted(_, let claimed)? = result.count { "claim \(claimed)" } else { ReviewReport.choice(graded.chosen) }
        lines.append("Your answer: \(over); the best: \(ReviewReport.choice(graded.best))")
        lines.append("Loss: \(loss(result))")
        if let count = result.count { lines.append("Count: \(count.message)") }
        if !graded.why.isEmpty { lines.append("Why: \(graded.why)") }
        lines.append("Every option, best first:")
        let options = graded.analysis.options
        for option in options {
            let mark = option == graded.chosen ? "> " : "  "
            lines.append("  \(mark)\(ReviewReport.choice(option))  \(ReviewReport.figure(option))")
        }
        let memory = session.schedule.memories[drill.id]!
        let days = (memory.due - memory.lastReview) / FSRS.day
        lines.append("Next review in \(days) day\(days == 1 ? "" : "s"); your rating \(session.ratings.player.words()); review \(review.number)")
        return lines.joined(separator: "\n")
    }

    /// The loss in points, and in points of win chance where the drill has a score.
    static func loss(_ result: DrillResult) -> String {
        let points = "\(result.pointsLoss.decimal(places: 2)) points"
        guard result.isScored else { return points }
        return "\(result.loss.decimal(places: 2)) points of win chance (\(points))"
    }

    static func json(_ result: DrillResult, drill: Drill, review: DrillReview, session: DrillSession) -> OrderedJSON {
        let memory = session.schedule.memories[drill.id]!
        var graded = ReviewReport.decisionJSON(result.graded)
        if case .object(let members) = graded {
            graded = .object(members.filter { !["seat", "deal", "move"].contains($0.key) })
        }
        return .object([
            ("id", .string(drill.id)),
            ("correct", .bool(result.isCorrect)),
            ("best", .bool(result.isBest)),
            ("scored", .bool(result.isScored)),
            ("rating", .string("\(review.rating)")),
            ("grade", graded),
            ("due", .int(memory.due)),
            ("stability", .number(memory.stability)),
            ("difficulty", .number(memory.difficulty)),
            ("player", .object([("rating", .number(session.ratings.player.rating)),
                                ("deviation", .number(session.ratings.player.deviation)),
                                ("provisional", .bool(session.ratings.player.isProvisional))])),
            ("review", .int(review.number)),
        ])
    }

    // MARK: The dashboard

    static func text(_ dashboard: DrillDashboard) -> String {
        let player = dashboard.player
        let settles = player.isProvisional ? " (settled once the ± is under \(Int(Glicko2.Rating.settledDeviation)))" : ""
        let trend = dashboard.trendAnswers == 0 ? "" : "; \(dashboard.trend.signed(places: 0)) over the last \(count(dashboard.trendAnswers, "answer"))"
        var lines = ["Rating \(player.words())\(settles)\(trend); \(dashboard.due) due, \(dashboard.fresh) new"]
        lines.append(line("All themes", dashboard.overall))
        for theme in dashboard.themes {
            lines.append(line(theme.theme!.rawValue + (dashboard.weakThemes.contains(theme.theme!) ? " (weak)" : ""), theme))
        }
        if dashboard.overall.reviews == 0 { lines.append("No drill answered yet: `twentynine drill` lists some.") }
        return lines.joined(separator: "\n")
    }

    /// "1 answer", "2 answers".
    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    static func line(_ name: String, _ line: DrillDashboard.Line) -> String {
        let first = line.firstTryRate.map { ($0).percent } ?? "–"
        let points = "\(line.pointsLostPerDrill.map { $0.decimal(places: 2) } ?? "–") points lost an answer"
        let chance = line.chanceLostPerDrill.map { " (\($0.decimal(places: 2)) points of win chance an answer at a score)" } ?? ""
        let performance = line.performance.map { String(Int($0.rounded())) } ?? "–"
        return "  \(name): \(count(line.drills, "drill")), \(count(line.reviews, "answer")), first try \(first), \(points)\(chance), "
            + "\(count(line.failures, "failure")), performance \(performance)"
    }

    static func json(_ dashboard: DrillDashboard) -> OrderedJSON {
        func line(_ line: DrillDashboard.Line) -> OrderedJSON {
            .object([
                ("theme", line.theme.map { .string($0.rawValue) } ?? .null),
                ("weak", .bool(line.theme.map(dashboard.weakThemes.contains) ?? false)),
                ("drills", .int(line.drills)), ("answers", .int(line.reviews)),
                ("firstTryRate", line.firstTryRate.map { .number($0) } ?? .null),
                ("pointsLostPerDrill", line.pointsLostPerDrill.map { .number($0) } ?? .null),
                ("chanceLostPerDrill", line.chanceLostPerDrill.map { .number($0) } ?? .null),
                ("failures", .int(line.failures)),
                ("performance", line.performance.map { .number($0) } ?? .null),
            ])
        }
        return .object([
            ("rating", .number(dashboard.player.rating)),
            ("deviation", .number(dashboard.player.deviation)),
            ("provisional", .bool(dashboard.player.isProvisional)),
            ("trend", .number(dashboard.trend)),
            ("trendAnswers", .int(dashboard.trendAnswers)),
            ("due", .int(dashboard.due)),
            ("new", .int(dashboard.fresh)),
            ("overall", line(dashboard.overall)),
            ("themes", .array(dashboard.themes.map(line))),
        ])
    }
}
