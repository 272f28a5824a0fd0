import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

/// The review scene: a finished game against the computer, opened from the counter, analysed off
/// the key path as the keys go on working, stepped through, rendered as text.
@Suite("The game review scene")
struct ReviewSceneTests {
    /// A finished game: the player's seat thrown and laid by the beginner, the computer the
    /// expert at a quick limit; it holds mistakes.
    static let record: GameRecord = {
        var table = TableGame(setup: .init(seed: 21, level: .expert), limit: Limit(searchedHands: 8, playedHands: 16, figures: .ranking))
        let player = ComputerPlayer(level: .beginner)
        while true {
            if case .over = table.stage { break }
            try! table.apply(table.match.move(of: TableGame.player, by: player) ?? .next)
        }
        return table.record
    }()

    static let game = ReviewedGame(header: GameToReview.Header(id: "m1-1", level: .known(.expert), finished: 1_700_000_000), record: record,
                                   back: 0, finished: 2, reviewKept: false)

    /// A keeper whose history holds two finished games, the last `record`.
    static var keeper: Keeper {
        var keeper = Keeper()
        keeper.answer(ReviewLoad.self) { request in
            request.back == 0 ? .game(game) : request.back == 1 ? .unreadable(id: "m0-1", reason: "its record is not kept") : .none(finished: 2)
        }
        return keeper
    }

    static func opened(width: Int = 80, height: Int = 24) -> App {
        var app = App.standard(width: width, height: height)
        _ = app.perform(app.handle(.character("V")), with: keeper)
        return app
    }

    @Test("V on the counter opens the last game at once, every decision waiting; the work off the key path fills it in, the selected first")
    func opensAtOnceAndFillsIn() throws {
        var app = Self.opened()
        let review = try #require(app.state.review)
        #expect(app.state.navigation.top == .review && review.game == Self.game && review.analysed == 0)
        #expect(app.text.contains("Analysing this decision…") && app.text.contains("Analysing the decisions: 0 of \(review.points.count)"))
        // Two decisions at once, the one shown first.
        let jobs = app.state.jobs
        #expect(jobs.count == 2 && jobs.first?.id.key == JobKey(ReviewJob(id: "m1-1", index: review.selected)))
        // Keys work while the analysis runs: a step moves the selection, and the work follows it.
        app.press(.right)
        let selected = try #require(app.state.review?.selected)
        #expect(selected != review.selected && app.state.jobs.first?.id.key == JobKey(ReviewJob(id: "m1-1", index: selected)))
        app.finishWork()
        let done = try #require(app.state.review)
        #expect(done.analysed == done.points.count && done.review != nil)
        // One voice: each grade is the review's own, as `twentynine review` gives it.
        let plain = try GameReview(Self.record)
        #expect(done.graded.compactMap(\.self) == plain.decisions && done.review == plain)
        let text = app.text
        #expect(text.contains("You: error rate \(plain.side(0).errorRate.decimal(places: 1))"))
        #expect(text.contains("Computer: error rate \(plain.side(1).errorRate.decimal(places: 1))"))
        #expect(!text.contains("so far"))
    }

    @Test("n jumps to the next mistake or worse: its loss, the best, why, and the top three options; enter the whole table; c the cards then")
    func jumpsToAMistake() throws {
        // At 132×43, where the top three options have room beside the whole why.
        var app = Self.opened(width: 132, height: 43)
        app.finishWork()
        app.press(.character("n"))
        let review = try #require(app.state.review)
        let shown = try #require(review.shown)
        #expect(ReviewState.isMistake(shown) && shown.point.seat == 0)
        #expect(review.steps.filter { $0 < review.selected! }.allSatisfy { review.graded[$0].map(ReviewState.isMistake) != true }
                || review.selected == review.steps.first { review.graded[$0].map(ReviewState.isMistake) == true })
        var text = app.text
        #expect(text.contains(shown.label!.rawValue + ", −\(shown.loss.decimal(places: 1)) points of win chance"), "\(text)")
        #expect(text.contains("Best: ") && text.contains("Why: ") && text.contains("The top 3 of \(shown.analysis.options.count) options"))
        app.press(.enter)
        text = app.text
        #expect(text.contains("All \(shown.analysis.options.count) options, best first"))
        let table = ReviewViewModel.panel(app.state.review!, glyphs: .unicode)
        #expect(table.count { $0.text.hasSuffix("· chosen") } == 1 && table.count { $0.text.contains(". ") } >= shown.analysis.options.count)
        app.press(.character("c"))
        #expect(app.text.contains("Dealt ") || app.text.contains("Held "))
        // N goes back to an earlier mistake, or says there is none.
        app.press(.character("N"))
        #expect(app.state.review!.selected! < review.selected! || app.text.contains("No mistake or worse before this decision"))
    }

    @Test("s adds the computer's decisions to the steps; [ asks for an older game and keeps this one when it cannot be reviewed; ] says this is the last")
    func sidesAndGames() throws {
        var app = Self.opened()
        app.finishWork()
        let yours = app.state.review!.steps
        #expect(yours.allSatisfy { app.state.review!.points[$0].seat == 0 })
        app.press(.character("s"))
        #expect(app.state.review!.steps.count > yours.count)
        _ = app.perform(app.handle(.character("[")), with: Self.keeper)
        #expect(app.state.review?.game == Self.game && app.text.contains("Game 'm0-1' cannot be reviewed: its record is not kept"))
        app.press(.character("]"))
        #expect(app.text.contains("This is the last game finished"))
        app.press(.escape)
        #expect(app.state.navigation.top == .handSelection)
    }

    @Test("the whole review summed: its figures asked to be kept for the records, as the table's background review keeps them; not where they are kept already")
    func summedFiguresKept() throws {
        let review = try GameReview.review(Self.record, limit: Limit(searchedHands: 8, playedHands: 16, figures: .ranking), workers: 2)
        var state = ReviewState(game: Self.game)
        let outcome = ReviewScene.reduce(&state, .summed(review, id: Self.game.id))
        #expect(state.review == review)
        #expect(outcome.effect == .asking(ReviewFiguresSave(game: Self.game.header, summary: ReviewSummary(review))))
        // Summed twice (a job settled late): asked once.
        #expect(ReviewScene.reduce(&state, .summed(review, id: Self.game.id)).effect == .none)
        // Another game's sum is not this one's.
        var other = ReviewState(game: Self.game)
        #expect(ReviewScene.reduce(&other, .summed(review, id: "m0-1")).effect == .none && other.review == nil)
        // A review kept already, that reads back: not written again.
        let kept = ReviewedGame(header: Self.game.header, record: Self.record, back: 0, finished: 2, reviewKept: true)
        var again = ReviewState(game: kept)
        #expect(ReviewScene.reduce(&again, .summed(review, id: kept.id)).effect == .none && again.review == review)
    }

    @Test("the figures kept from the review screen reach the records: counted, and the game not reviewed again in the background")
    func keptFiguresReachTheRecords() throws {
        var records = RecordsState()
        records.enqueue([GameToReview(header: Self.game.header, record: Self.record)])
        let summary = ReviewSummary(sides: [.init(errorRate: 1, graded: 3, inaccuracies: 0, mistakes: 0, blunders: 0, missedWins: 0, luck: 0),
                                            .init(errorRate: 2, graded: 3, inaccuracies: 0, mistakes: 0, blunders: 0, missedWins: 0, luck: 0)],
                                    result: 0, engine: nil)
        _ = RecordsScene.reduce(&records, .kept(Self.game.header, summary, failure: nil))
        #expect(records.queue.isEmpty && RecordsScene.jobs(records).isEmpty)
    }

    @Test("a why too long for one row is wrapped whole; where the panel has no room, the options' rows give way (the chosen last)")
    func longWhyShownWhole() {
        typealias Line = ReviewViewModel.Line
        let why = "Why: " + Array(repeating: "leading the five gives a ten card fifteen two", count: 6).joined(separator: " ")
        let lines = [Line(text: "Deal 2 · you · the lead", kind: .heading), Line(text: "Chose 5♣ – mistake", kind: .plain),
                     Line(text: why, kind: .plain), Line(text: "The top 3 of 4 options:", kind: .dim, droppable: true),
                     Line(text: "1. 2♣ 43.1%", kind: .plain, droppable: true), Line(text: "2. 4♦ 42.0%", kind: .plain, droppable: true),
                     Line(text: "3. 9♠ 41.5%", kind: .plain, droppable: true), Line(text: "4. 5♣ 40.4%", kind: .chosen, droppable: true)]
        let rows = ReviewRenderer.panelRows(lines, width: 40)
        let whyRows = rows.filter { $0.text.hasPrefix("Why") || $0.text.hasPrefix("  ") }
        #expect(whyRows.count > 1 && rows.allSatisfy { $0.text.displayWidth <= 40 } && !rows.contains { $0.text.contains("…") })
        // The words all there, in order.
        #expect(whyRows.map { $0.text.drop { $0 == " " } }.joined(separator: " ") == why)
        // Short of room: the options go from the end, the chosen last; the why stays whole.
        let fitted = ReviewRenderer.fitted(rows, room: rows.count - 3)
        #expect(fitted.count == rows.count - 3 && fitted.last == lines.last && fitted.filter { whyRows.contains($0) } == whyRows)
        #expect(!fitted.contains { $0.text.hasPrefix("2.") || $0.text.hasPrefix("3.") })
        let tight = ReviewRenderer.fitted(rows, room: rows.count - 5)
        #expect(!tight.contains(where: \.droppable) && tight.filter { whyRows.contains($0) } == whyRows)
    }

    @Test("the review at 74×22, 80×24 and 132×43: no row cut short (no …) in the title, the panel or the figures, whatever the panel shows")
    func nothingCut() throws {
        for size in [Frame.minimumSize, Size(width: 80, height: 24), Size(width: 132, height: 43)] {
            var app = Self.opened(width: size.width, height: size.height)
            app.finishWork()
            func look(_ what: String) {
                let screen = app.render()
                let rows = (0..<screen.size.height - 2).map { screen.line($0) }
                #expect(!rows.contains { $0.contains("…") }, "\(size) \(what):\n\(rows.joined(separator: "\n"))")
                #expect(rows[1].hasPrefix(" The computer won 121 to 119, by 2, in 9 deals"), "\(rows[1])")
            }
            // Every decision of yours, then both sides', then a mistake with the cards, the options, and the result.
            for _ in 0..<2 {
                for _ in app.state.review!.steps {
                    look("a decision")
                    app.press(.right)
                }
                app.press(.character("s"))
            }
            app.press(.character("n"))
            app.press(.character("c"))
            look("the cards then")
            app.press(.enter)
            look("the options")
            app.press(.character("d"))
            look("the result")
        }
    }

    @Test("the chart marks where each deal's starter was turned and names the deals whose luck moved your chance most: the review's own figures",
          arguments: [Frame.minimumSize, Size(width: 80, height: 24), Size(width: 132, height: 43)])
    func luckOnTheChart(size: Size) throws {
        var app = Self.opened(width: size.width, height: size.height)
        app.finishWork()
        let review = try #require(app.state.review?.review)
        // The deals whose luck events, yours less the computer's, add up to the most, either way.
        var byDeal: [Int: Double] = [:]
        for event in review.luck { byDeal[event.deal, default: 0] += event.seat == 0 ? event.points : -event.points }
        let largest = byDeal.sorted { abs($0.value) > abs($1.value) }.prefix(3).map(\.key)
        let luckiest = review.luckiestDeals()
        #expect(luckiest.map(\.deal) == largest && luckiest.count == 3)
        // The chart is drawn over a decision whose panel leaves it room: the first such of yours.
        let layout = ReviewLayout(size: size)
        var rows: [String] = []
        for _ in 0..<(app.state.review?.steps.count ?? 0) {
            let screen = app.render()
            rows = (0..<size.height).map { screen.line($0) }
            if rows[layout.marksRow].hasPrefix(" You") { break }
            app.press(.right)
        }
        try #require(rows[layout.marksRow].hasPrefix(" You"), "the chart is drawn at \(size)")
        // A mark where each deal's starter was turned, after the deal's number.
        let deals = rows[layout.dealsRow]
        #expect(deals.hasPrefix(" Deal ") && deals.count { $0 == "▴" } == review.dealSwings.count, "\(deals)")
        // The luckiest named under the luck row, in the review's words, as many as the row holds whole (two at least).
        let named = rows[layout.luckiestRow]
        #expect(named.hasPrefix(" Most luck "), "\(named)")
        let shown = luckiest.map { ReviewWords.swingText($0, brief: true, card: { CardText.text($0, glyphs: .unicode) }, minus: "−") }
        #expect(shown.prefix(2).allSatisfy(named.contains), "\(named)")
        #expect(size.width < 132 || shown.allSatisfy(named.contains), "\(named)")
        // And in full with the result's parts.
        app.press(.character("d"))
        #expect(app.text.contains("The luck that moved your chance most"), "\(app.text)")
    }

    @Test("a game's id from the files is not drawn: the game is named by its level and the day it finished, the result first")
    func gameNamedShort() {
        var app = App.standard()
        var keeper = Keeper()
        let id = "m\u{1B}[2J1-0123456789abcdef0123456789abcdef"
        keeper.answer(ReviewLoad.self) { _ in
            .game(ReviewedGame(header: GameToReview.Header(id: id, level: .known(.expert), finished: 1_700_000_000),
                               record: Self.record, back: 0, finished: 1, reviewKept: false))
        }
        _ = app.perform(app.handle(.character("V")), with: keeper)
        let screen = app.render()
        #expect(!app.text.contains("\u{1B}") && !app.text.contains("0123456789"), "\(app.text)")
        #expect(screen.line(0).contains("expert · 14 Nov 2023 · game 1 of 1"), "\(screen.line(0))")
        #expect(screen.line(1).hasPrefix(" The computer won 121 to 119, by 2, in 9 deals"), "\(screen.line(1))")
    }

    @Test("with no finished game the review says how to play one; a keeper that cannot read says why")
    func nothingToReview() {
        var app = App.standard()
        var keeper = Keeper()
        keeper.answer(ReviewLoad.self) { _ in .none(finished: 0) }
        _ = app.perform(app.handle(.character("V")), with: keeper)
        #expect(Wording.text(Notice(ReviewNotice.noGames), glyphs: .unicode)
            == "No two-player game against the computer has finished yet: play one (v from the counter)")
        #expect(app.text.contains("No two-player game against the computer has finished yet: play one"))
        // The review's keys say so too, and the footer offers only the way back.
        app.press(.character("n"))
        #expect(app.state.notice == Notice(ReviewNotice.noGames))
        let footer = app.render().line(app.render().size.height - 1)
        #expect(footer.contains("esc back") && !footer.contains("mistake") && !footer.contains("step"), "\(footer)")
        var other = App.standard()
        _ = other.perform(other.handle(.character("V")), with: Keeper())
        #expect(other.text.contains("The history cannot be read:"))
    }

    @Test("snapshots: analysing, and a mistake with the chart filled in", arguments: [Frame.minimumSize, Size(width: 80, height: 24), Size(width: 132, height: 43)])
    func snapshots(size: Size) {
        var app = Self.opened(width: size.width, height: size.height)
        expectSnapshot(app.render(), named: "review-opening-\(size.width)x\(size.height)")
        app.finishWork()
        app.press(.character("n"))
        expectSnapshot(app.render(), named: "review-mistake-\(size.width)x\(size.height)")
        app.press(.character("d"))
        expectSnapshot(app.render(), named: "review-result-\(size.width)x\(size.height)")
    }

    @Test("d shows the result's parts as four bars, the core's decomposition, and the luck-adjusted result; a step shows the decision again")
    func resultDecomposed() throws {
        var app = Self.opened()
        app.press(.character("d"))
        #expect(app.state.review?.resultShown == true && app.text.contains("The result's parts come once every decision is analysed (0 of"))
        app.finishWork()
        let review = try GameReview(Self.record)
        let parts = review.decomposition
        let text = app.text
        let signed = { (value: Double) in ReviewWords.signed(value, minus: "−") }
        #expect(text.contains("You lost: from \(review.start.percent) to win at the start to 0%, \(signed(parts.total)) points"), "\(text)")
        let values = [parts.yourLuck - parts.theirLuck, -parts.yourErrors, parts.theirErrors, parts.residual]
        for (name, value) in zip(["Luck, yours less the computer's", "What your errors cost you", "What the computer's errors gave you",
                                  "Hidden cards"], values) {
            let line = try #require(text.split(separator: "\n").first { $0.contains(name) && $0.contains(signed(value)) }, "\(name)")
            // The largest part has the whole bar; each other its share of it, to the cell.
            let largest = values.map(abs).max()!
            #expect(line.count { $0 == "█" } == Int((abs(value) / largest * Double(ReviewViewModel.barCells)).rounded()))
        }
        // What the hidden cards and the luck taken out mean, in a player's words, with the figures.
        let words = ReviewWords.resultParts(review, minus: "−")
        #expect(words.notes[0].hasPrefix("Hidden cards: with every card as it lay, the play's errors went \(abs(parts.residual).decimal(places: 1)) points "))
        #expect(words.notes[1].hasPrefix("The luck taken out, your play was worth \(parts.luckAdjusted.decimal(places: 1).replacing("-", with: "−")) (a win 100, a loss 0)"))
        #expect(text.contains("The luck taken out, your play was worth"))
        // The parts add up to the result, as the core says.
        #expect(abs(parts.total - (parts.yourLuck - parts.theirLuck - parts.yourErrors + parts.theirErrors + parts.residual)) < 1e-9)
        app.press(.right)
        #expect(app.state.review?.resultShown == false && !app.text.contains("The luck taken out"))
        app.press(.character("d"))
        app.press(.character("d"))
        #expect(app.state.review?.resultShown == false)
    }
}
