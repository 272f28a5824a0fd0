import ArgumentParser
import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameStore

/// `twentynine review`: a finished game against the computer reviewed decision by decision (every
/// decision of the side asked for, graded by the chance to win it lost, with why), then each side's
/// figures: error rates, accuracy, labels, luck, and the decomposition of the result; a game kept
/// on the board, from the cards it was told (`BoardReview`).
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Review a finished game against the computer: every decision graded, with why, and the luck apart.",
        discussion: """
            Example: twentynine review --last
            ID is a game's id as `twentynine game --history --json` lists it; --last reviews the last \
            game finished at the table. Each decision is graded from what its player could know then \
            (its cards, its throw, the cut once turned, the cards laid so far): the loss is the best \
            option's chance to win less the one chosen, in points of win chance; an inaccuracy loses 1 \
            or more, a mistake 2, a blunder 4, and a card that won the game at once left in the hand is \
            a missed win. --side you (the default), computer or both. A game kept on the board is \
            reviewed from the cards it was told: every player's cards laid, and hands typed that the \
            cards do not make; the game on the board, finished or not, by the id `game --json` gives. See Docs/Rules.md, "The game review".
            """
    )

    @Argument(help: ArgumentHelp("The game's id.", valueName: "id"))
    var id: String?

    @Flag(help: "The last game finished at the table.")
    var last = false

    @Option(help: ArgumentHelp("Whose decisions to list: you, computer or both.", valueName: "side"))
    var side = "you"

    @OptionGroup var output: JSONOption
    var json: Bool { output.json }

    func run() throws {
        let seats = try readSide()
        guard (id == nil) != !last else {
            throw BadInput(message: id == nil ? "review takes a game's id or --last" : "both an id and --last: give one")
        }
        var found: (record: KeptRecord, summary: FinishedGame)?
        try GameFiles.run { session in
            found = try Self.find(id: id, in: &session)
        }
        guard let found else { return }
        guard case .table(let record) = found.record else {
            if case .board(let game) = found.record { printBoard(game, summary: found.summary) }
            return
        }
        let review = try Self.review(record)
        Self.keep(review, summary: found.summary)
        let enrolled = Self.enrol(review, game: found.summary.id)
        if json {
            Console.print(ReviewReport.json(review, summary: found.summary, seats: seats, enrolled: enrolled).text)
        } else {
            StandardOutput.printText(ReviewReport.text(review, summary: found.summary, seats: seats)
                + (enrolled > 0 ? "\n\n\(enrolled) of your mistakes added to your drills: `twentynine drill` asks them." : ""))
        }
    }

    /// A board game's review: every player's cards laid, whatever --side says.
    private func printBoard(_ game: Game, summary: FinishedGame) {
        let review = BoardReview(game, workers: 2)
        if json {
            Console.print(BoardReviewReport.json(review, game: game, summary: summary).text)
        } else {
            StandardOutput.printText(BoardReviewReport.text(review, game: game, summary: summary))
        }
    }
    private func readSide() throws(BadInput) -> [Int] {
        switch side.lowercased() {
        case "you": return [0]
        case "computer": return [1]
        case "both": return [0, 1]
        default: throw BadInput(message: "unknown side \(side.quotedToken): --side takes you, computer or both")
        }
    }

    /// A game of the history kept whole: the match against the computer as its record, or the
    /// board's game.
    enum KeptRecord {
        case table(GameRecord)
        case board(Game)
    }

    /// The game of `id` (or the last finished at the table) and its summary; a game not kept whole
    /// is said.
    static func find(id: String?, in session: inout GameSession) throws -> (record: KeptRecord, summary: FinishedGame) {
        let games = session.history().games
        let summary: FinishedGame
        if let id {
            guard let game = games.last(where: { $0.id == id }) else {
                // The game on the board, finished or not, as `V` reviews it: its id is `game --json`'s.
                if let board = session.saved, board.id == id {
                    return (.board(board.game), FinishedGame(board, finished: Date()))
                }
                throw BadInput(message: "no game \(id.quotedToken) in the history or on the board: "
                               + "`twentynine game --history --json` lists the ids, `twentynine game --json` the board's")
            }
            guard game.seating == .twoPlayers || game.level == nil else {
                throw CommandFailure.problem("game \(id.quotedToken) was played by \(game.seating.players) at the table: the review grades two-player games")
            }
            summary = game
        } else {
            // The review grades two-player decisions: a game of three or of teams is not one to review.
            guard let game = games.last(where: { $0.level != nil && $0.winner != nil && $0.seating == .twoPlayers }) else {
                throw CommandFailure.problem("no finished two-player game against the computer to review: play one with `twentynine table`")
            }
            summary = game
        }
        switch session.record(summary.id) {
        case .failure(let error):
            throw CommandFailure.problem("game \(summary.id.quotedToken) is in the history but not kept whole (\(error)): only games kept since TwentyNine kept them can be reviewed")
        case .success(.board(let saved)):
            return (.board(saved.game), summary)
        case .success(.table(let saved)):
            return (.table(saved.table.record), summary)
        }
    }

    /// Your mistakes and worse (and muggins misses) enrolled in the drills, each once: how many were
    /// new. A drill bank that cannot be written is said on standard error; the review stands.
    static func enrol(_ review: GameReview, game: String) -> Int {
        var added = 0
        do {
            try DrillFiles.run { session in added = try session.enrol(Drill.enrolments(from: review, seat: 0, game: game)).count }
        } catch {
            CommandFailure.warn("your mistakes were not added to the drills: \(error)")
        }
        return added
    }

    /// The review's figures kept for the records (`game --stats`, the records screen), in the
    /// database; a store that cannot take them is said on standard error, the review stands.
    static func keep(_ review: GameReview, summary: FinishedGame) {
        let kept = SavedReview(id: summary.id, finished: summary.finished, level: summary.level, summary: ReviewSummary(review))
        do {
            // Said once the database is let go: nothing is printed under its lock.
            let note = try GameFiles.store().withSession { session in try session.keep(kept) }
            if let note { CommandFailure.warn(note) }
        } catch {
            CommandFailure.warn("the review's figures were not kept for the records: \(error)")
        }
    }

    /// The review, both cores at work.
    static func review(_ record: GameRecord) throws -> GameReview {
        do { return try GameReview.review(record, workers: 2) } catch {
            throw CommandFailure.problem("the game does not replay: \(error)")
        }
    }
}

/// The review as text and as JSON.
enum ReviewReport {
    static let names = ["You", "The computer"]
    static let possessives = ["Your", "The computer's"]

    static func text(_ review: GameReview, summary: FinishedGame, seats: [Int]) -> String {
        var lines: [String] = []
        // The game's end as the board shows it, in the screen's words (`ReviewWords.resultText`).
        let result = (try? review.record.replay()).map { ReviewWords.resultText($0.game) } ?? (review.result == 1 ? "you won" : "the computer won")
        let day = CivilDate(secondsSince1970: Int(summary.finished.timeIntervalSince1970.rounded(.down))).text
        lines.append("Review of game \(summary.id.escapingControlCharacters.quotedToken) against the \(summary.level?.text ?? "computer"), \(day): "
                     + "\(result), in \(summary.rounds) deals")
        lines.append("Each decision graded from what its player knew then; the loss in points of win chance (points of the deal beside).")
        for seat in seats {
            lines.append("")
            lines.append("\(possessives[seat]) decisions:")
            for graded in review.decisions where graded.point.seat == seat && graded.isGraded {
                lines += decisionLines(graded)
            }
        }
        for seat in [0, 1] {
            lines.append("")
            lines += sideLines(review.side(seat), review: review)
        }
        // The result's parts in the screen's words (`ReviewWords.resultParts`).
        let words = ReviewWords.resultParts(review)
        lines.append("")
        lines.append(words.heading)
        let width = words.parts.map(\.name.count).max() ?? 0
        lines += words.parts.map { "  \($0.name):" + String(repeating: " ", count: width - $0.name.count + 1) + signed($0.value) }
        lines += words.notes
        return lines.joined(separator: "\n")
    }

    /// A graded decision's lines; the cards in `rankOnly` (laid on the board by rank alone) as ranks.
    static func decisionLines(_ graded: GradedDecision, rankOnly: Set<Card> = []) -> [String] {
        let choice = { (option: Analysis.Option?) in
            ReviewWords.choiceText(option) { BoardReview.Words.card($0, rankOnly: rankOnly, write: \.description) }
        }
        let figure = { (option: Analysis.Option) in ReviewWords.figureText(option) }
        let label = graded.label.map { " — \($0.rawValue)" } ?? ""
        let loss = graded.loss > 0 ? ", −\(graded.loss.decimal(places: 1)) (−\(graded.pointsLoss.decimal(places: 1)) points)" : ""
        var lines = ["  Deal \(graded.point.deal), \(what(graded.point.decision)): \(choice(graded.chosen))\(label)\(loss)"]
        if graded.loss > 0 || graded.label != nil {
            lines.append("    best \(choice(graded.best)); why: \(graded.why)")
            let top = graded.analysis.options.prefix(3)
            lines.append("    top: " + top.map { "\(choice($0)) \(figure($0))" }.joined(separator: " · "))
        }
        return lines
    }

    static func sideLines(_ side: SideReview, review: GameReview) -> [String] {
        let labels = ReviewLabel.allCases.map { "\($0.rawValue) \(side.count($0))" }.joined(separator: ", ")
        let luck = side.luckEvents.sorted { abs($0.points) > abs($1.points) }.prefix(3)
            .map { "deal \($0.deal) \($0.kind == .six ? "the six" : "the cut") \(signed($0.points))" }.joined(separator: ", ")
        let deals = max(1, Set(side.decisions.map(\.point.deal)).count)
        return [
            "\(names[side.seat]): error rate \(side.errorRate.decimal(places: 1)) (throws \(side.throwsErrorRate.decimal(places: 1)), "
                + "the play \(side.playErrorRate.decimal(places: 1))) over \(side.graded.count) graded decisions, "
                + "accuracy \(side.accuracy.decimal(places: 1))%, \(side.pointsLostPerDeal.decimal(places: 2)) points lost a deal",
            "  \(labels)",
            "  " + ReviewWords.ratingText(side) + (side.errorRateInterval.map { interval in
                " (error rate 95% interval \(interval.lowerBound.decimal(places: 1)) to \(interval.upperBound.decimal(places: 1)))"
            } ?? ""),
            "  luck \(signed(side.luck)) points of win chance (\(signed(side.luck / Double(deals))) a deal); the largest: \(luck.isEmpty ? "none" : luck)",
        ]
    }

    static func what(_ decision: Decision) -> String { ReviewWords.decisionText(decision) }

    static func choice(_ option: Analysis.Option?) -> String { ReviewWords.choiceText(option) }

    static func figure(_ option: Analysis.Option) -> String { ReviewWords.figureText(option) }

    static func signed(_ value: Double) -> String { ReviewWords.signed(value) }

    // MARK: JSON

    static func json(_ review: GameReview, summary: FinishedGame, seats: [Int], enrolled: Int = 0) -> OrderedJSON {
        .object([
            ("id", .string(summary.id)),
            ("level", summary.level.map { .string($0.raw) } ?? .null),
            ("result", .number(review.result)),
            ("start", .number(review.start)),
            ("decisions", .array(review.decisions.filter { seats.contains($0.point.seat) }.map(decisionJSON))),
            ("sides", .array([0, 1].map { sideJSON(review.side($0)) })),
            ("luck", .array(review.luck.map { .object([("seat", .int($0.seat + 1)), ("deal", .int($0.deal)),
                                                       ("kind", .string($0.kind.rawValue)), ("points", .number($0.points))]) })),
            // The deals whose luck moved your chance most, yours less the computer's (the chart's marks).
            ("luckiestDeals", .array(review.luckiestDeals().map { swing in
                .object([("deal", .int(swing.deal)), ("starter", .string(swing.starter.description)), ("points", .number(swing.total)),
                         ("cut", .number(swing.cut)), ("sixes", .number(swing.sixes))])
            })),
            ("chances", .array(review.chances.map { .object([("deal", .int($0.deal)), ("move", $0.index.map { .int($0 + 1) } ?? .null),
                                                             ("you", .number($0.chance))]) })),
            ("decomposition", decompositionJSON(review.decomposition)),
            ("enrolledInDrills", .int(enrolled)),
        ])
    }

    static func decisionJSON(_ graded: GradedDecision) -> OrderedJSON { decisionJSON(graded, rankOnly: []) }

    /// A graded decision as JSON; the cards in `rankOnly` (laid on the board by rank alone) as ranks.
    static func decisionJSON(_ graded: GradedDecision, rankOnly: Set<Card>) -> OrderedJSON {
        let choice = { (option: Analysis.Option?) in
            ReviewWords.choiceText(option) { BoardReview.Words.card($0, rankOnly: rankOnly, write: \.description) }
        }
        return .object([
            ("seat", .int(graded.point.seat + 1)),
            ("deal", .int(graded.point.deal)),
            ("move", .int(graded.point.index + 1)),
            ("decision", .string(what(graded.point.decision))),
            ("chosen", .string(choice(graded.chosen))),
            ("best", .string(choice(graded.best))),
            ("loss", .number(graded.loss)),
            ("pointsLoss", .number(graded.pointsLoss)),
            ("graded", .bool(graded.isGraded)),
            ("label", graded.label.map { .string($0.rawValue) } ?? .null),
            ("why", .string(graded.why)),
            ("options", .array(graded.analysis.options.map { option in
                .object([("choice", .string(choice(option))), ("net", .number(option.value.net)),
                         ("win", option.value.chances.map { .number($0.win) } ?? .null),
                         ("gamePoints", option.value.chances?.gamePoints.map { .number($0) } ?? .null),
                         ("winsNow", .bool(option.value.winsNow))])
            })),
        ])
    }

    static func sideJSON(_ side: SideReview) -> OrderedJSON {
        .object([
            ("seat", .int(side.seat + 1)),
            ("errorRate", .number(side.errorRate)),
            ("throwsErrorRate", .number(side.throwsErrorRate)),
            ("playErrorRate", .number(side.playErrorRate)),
            ("accuracy", .number(side.accuracy)),
            ("graded", .int(side.graded.count)),
            ("pointsLostPerDeal", .number(side.pointsLostPerDeal)),
            ("labels", .object(ReviewLabel.allCases.map { ($0.rawValue, .int(side.count($0))) })),
            ("luck", .number(side.luck)),
            ("errorRateInterval", side.errorRateInterval.map { .array([.number($0.lowerBound), .number($0.upperBound)]) } ?? .null),
            ("rating", side.rating.map { .string($0) } ?? .null),
        ])
    }

    static func decompositionJSON(_ parts: Decomposition) -> OrderedJSON {
        .object([("total", .number(parts.total)), ("yourLuck", .number(parts.yourLuck)), ("theirLuck", .number(parts.theirLuck)),
                 ("yourErrors", .number(parts.yourErrors)), ("theirErrors", .number(parts.theirErrors)),
                 ("residual", .number(parts.residual)), ("luckAdjusted", .number(parts.luckAdjusted))])
    }
}
