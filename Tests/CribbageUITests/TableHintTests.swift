import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

/// Issue 33's hints a player can check: the table's hint (e) shows each distinct keep's chance to
/// win and net, and where the chance to win and the points prefer different keeps, both, in words
/// with both figures and the analysis's reason.
@Suite("The table: hints a player can check")
struct TableHintTests {
    /// The player's keep decision at hand, as the hint analyses it.
    static func analysis(_ app: App) -> Analysis? {
        guard case .discardHint(let analysis)? = TableScene.hint(for: TableSceneTests.table(app)) else { return nil }
        return analysis
    }

    /// Whether the keep the chance to win prefers is another than the best-scoring one.
    static func differs(_ analysis: Analysis) -> Bool {
        guard case .keep(let six, _, _) = analysis.decision, let (best, points) = analysis.bestByChanceAndPoints else { return false }
        return !Analysis.areSuitTwins(best.keep!, points.keep!, six: six)
    }

    /// A seeded game played on to the first throw where `wanted` holds of the hint's analysis (seed
    /// 32's ninth throw parts the chance and the points near the end).
    static func toTheFirstThrow(seed: UInt64 = 32, where wanted: (Analysis) -> Bool, size: Size = Size(width: 80, height: 24)) -> App? {
        var app = TableSceneTests.app(width: size.width, height: size.height, setup: .init(seed: seed))
        while !TableSceneTests.table(app).game.isOver {
            if TableSceneTests.table(app).stage == .discard, app.state.table!.picked.isEmpty,
               let analysis = analysis(app), wanted(analysis) { return app }
            for key in TableSceneTests.nextKeys(app) { _ = app.handle(key) }
        }
        return nil
    }

    @Test("far from the end the hint's chances follow the points: no throw of a seeded game parts them, as the computer and the review rank")
    func farFromTheEndTheChancesFollowThePoints() {
        var app = TableSceneTests.app(width: 80, height: 24, setup: .init(seed: 32))
        var checked = 0
        while !TableSceneTests.table(app).game.isOver {
            if TableSceneTests.table(app).stage == .discard, app.state.table!.picked.isEmpty,
               let analysis = Self.analysis(app), analysis.ranking == .points {
                let chances = analysis.options.map { $0.value.chances!.win }
                #expect(zip(chances, chances.dropFirst()).allSatisfy { $0 >= $1 })
                #expect(!Self.differs(analysis) && analysis.againstBestScoring(naming: { "\($0)" }) == nil)
                checked += 1
            }
            for key in TableSceneTests.nextKeys(app) { _ = app.handle(key) }
        }
        #expect(checked >= 4)
    }

    @Test("where the chance to win and the points part near the end, the hint says so with both figures and the reason, and shows both keeps")
    func theTwoKeepsWithTheirFigures() throws {
        var app = try #require(Self.toTheFirstThrow(where: { Self.differs($0) && $0.ranking != .points }))
        let analysis = try #require(Self.analysis(app))
        let (best, points) = try #require(analysis.bestByChanceAndPoints)
        app.press(.character("e"))
        app.finishWork(analyst: LiveAnalyst())
        let text = app.render().text
        let list = { (cards: [Card]) in CardText.list(cards.sorted(), glyphs: .unicode) }
        let hint = try #require(text.split(separator: "\n").first { $0.contains("Hint: ") })
        // Near the end the chance leads, and the line starts with its keep.
        #expect(hint.contains("Hint: Keep \(list(best.keep!.cards)):"), "\(text)")

        // Both figures, as the rows below give them (with more places where those read alike); the
        // reason, when the model has one.
        let flat = text.split(separator: "\n").map { $0.trimmingSpaces() }.joined(separator: " ")
        let (win, pointsWin) = Double.percents(best.value.chances!.win, points.value.chances!.win)
        // The game points where they rank, or where the two chances read the same.
        if analysis.ranking == .goal(.gamePoints) || win == pointsWin {
            #expect(flat.contains(" game points and \(win) to win against "), "\(flat)")
            #expect(flat.contains(" and \(pointsWin) for the best-scoring keep \(list(points.keep!.cards))"), "\(flat)")
        } else {
            #expect(flat.contains("\(win) to win against \(pointsWin) "
                + "for the best-scoring keep \(list(points.keep!.cards))"), "\(flat)")
        }
        if analysis.reason != nil { #expect(flat.contains(", because ")) }
        #expect(!flat.contains("; far from the end the points rank the keeps."))
        for option in [best, points] {
            #expect(text.contains("  \(list(option.keep!.cards)) / \(list(option.keep!.discard)): "), "\(text)")
            #expect(flat.contains("net \(option.value.net.signed(places: 1).replacingMinus), \(option.value.chances!.win.percent)"))
        }
    }

    @Test("where they agree, the hint's title says how the rows are worked out, and the rows give each keep's chance and net")
    func theRowsWhenTheyAgree() throws {
        var app = try #require(Self.toTheFirstThrow(where: { !Self.differs($0) }))
        let analysis = try #require(Self.analysis(app))
        app.press(.character("e"))
        app.finishWork(analyst: LiveAnalyst())
        let text = app.render().text
        #expect(text.contains("Hint: keep / throw by hand "), "\(text)")
        for option in analysis.distinctKeeps.prefix(3) {
            #expect(text.contains(", net \(option.value.net.signed(places: 1).replacingMinus), \(option.value.chances!.win.percent)"))
        }
    }

    @Test("snapshots: the hint with the two keeps", arguments: [Frame.minimumSize, Size(width: 80, height: 24), Size(width: 132, height: 43)])
    func snapshots(size: Size) throws {
        var app = try #require(Self.toTheFirstThrow(where: { Self.differs($0) && $0.ranking != .points }, size: size))
        app.press(.character("e"))
        // Where the engine's two rankings part: its own figures (one of the snapshots an engine
        // change re-records).
        app.finishWork(analyst: LiveAnalyst())
        expectSnapshot(app.render(), named: "table-hint-two-keeps-\(size.width)x\(size.height)")
    }
}

private extension String {
    /// The table's one minus sign for a number's hyphen.
    var replacingMinus: String { hasPrefix("-") ? "−" + dropFirst() : self }
}

private extension Substring {
    func trimmingSpaces() -> Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
