import Canvas
import CribbageCore
import Foundation
import Testing
@testable import CribbageUI

/// Issue 33's readable play: the whole deal's events in the rows the screen has (all of them at
/// 132×43), the same after a quit and reopen; a summary at the end of each deal and of the game,
/// with the key to the review.
@Suite("The table: a readable play")
struct TableReadablePlayTests {
    static func lines(_ app: App) -> [String] { app.render().text.split(separator: "\n").map(String.init) }

    @Test("at 132×43 every event of the deal is on the screen, to the show; the same after the match is saved and read back")
    func everyEventAtTheLargeSize() throws {
        var app = TableSceneTests.app(width: 132, height: 43)
        var seen = 0
        while TableSceneTests.table(app).stage != .show {
            app.press(TableSceneTests.nextKeys(app)[0])
            let table = TableSceneTests.table(app)
            let text = app.render().text
            // Your own throw needs no line.
            for event in table.dealEvents where event != .threw(seat: 0) {
                if case .counted = event { continue }
                #expect(text.contains(TableViewModel.text(event, table: table, glyphs: .unicode)), "\(event)")
                seen += 1
            }
        }
        #expect(seen > 40)
        // Quit and reopen: the match read back from its JSON shows the same events.
        var mid = TableSceneTests.app(width: 132, height: 43)
        while TableSceneTests.table(mid).stage != .play || TableSceneTests.table(mid).deal!.laid(by: 0).count < 2 {
            mid.press(TableSceneTests.nextKeys(mid)[0])
        }
        let table = TableSceneTests.table(mid)
        let read = try JSONDecoder().decode(TableGame.self, from: try JSONEncoder().encode(table))
        var reopened = App.standard(width: 132, height: 43)
        reopened.openTable(read)
        let before = Self.lines(mid), after = Self.lines(reopened)
        let events = table.dealEvents.filter { $0 != .threw(seat: 0) }.map { TableViewModel.text($0, table: table, glyphs: .unicode) }
        #expect(events.count >= 6)
        for event in events {
            #expect(before.contains { $0.contains(event) } && after.contains { $0.contains(event) }, "\(event)")
        }
    }

    @Test("at 80×24 with no panel the events take every row down to the tracks, the newest last")
    func theRowsOfTheSmallScreen() {
        var app = TableSceneTests.app()
        while TableSceneTests.table(app).stage != .play || TableSceneTests.table(app).deal!.laid(by: 0).count < 2 {
            app.press(TableSceneTests.nextKeys(app)[0])
        }
        let table = TableSceneTests.table(app)
        let lines = Self.lines(app)
        let events = table.dealEvents.filter { $0 != .threw(seat: 0) }.map { TableViewModel.text($0, table: table, glyphs: .unicode) }
        let shown = Array(events.suffix(7))
        #expect(events.count >= 7)
        let tracks = lines.firstIndex { $0.hasPrefix(" You ") && $0.contains("·") }!
        for (offset, event) in shown.enumerated() {
            #expect(lines[tracks - 7 + offset].contains(event), "\(lines[tracks - 7 + offset])")
        }
    }

    @Test("each deal ends with its points by side and kind, adding up to the deal's")
    func dealSummary() {
        var app = TableSceneTests.app(setup: .init(seed: 5, level: .beginner, muggins: true))
        for _ in 0..<300 where TableSceneTests.table(app).stage != .show {
            for key in TableSceneTests.nextKeys(app) { app.press(key) }
        }
        let table = TableSceneTests.table(app)
        let points = TablePoints.of(round: table.deal!.number, in: table.game)
        let all = (1...table.deal!.number).map { TablePoints.of(round: $0, in: table.game) }
        for seat in 0...1 { #expect(all.map { $0[seat].total }.reduce(0, +) == table.game.totals[seat]) }
        let text = app.render().text.replacingOccurrences(of: "\n ", with: " ")
        #expect(text.contains("This deal: you \(points[0].total) (pegs \(points[0].pegs), hand \(points[0].hand)"), "\(text)")
        #expect(text.contains("muggins \(points[1].muggins)"))
    }

    @Test("the game's end: the deals in a table, the points by kind, the key to the review",
          arguments: [Frame.minimumSize, Size(width: 80, height: 24), Size(width: 132, height: 43)])
    func gameSummary(size: Size) {
        var app = TableSceneTests.app(width: size.width, height: size.height, setup: .init(seed: 31, level: .beginner))
        for _ in 0..<1_000 {
            if case .over = TableSceneTests.table(app).stage { break }
            app.press(TableSceneTests.nextKeys(app)[0])
        }
        let table = TableSceneTests.table(app)
        guard case .over = table.stage else { Issue.record("the game ended"); return }
        let summary = TableSummary.game(table, viewer: 0)
        let deals = (1...table.deal!.number).map { TablePoints.of(round: $0, in: table.game) }
        for seat in 0...1 { #expect(deals.map { $0[seat].total }.reduce(0, +) == table.game.totals[seat]) }
        #expect(summary.contains { $0.hasPrefix("  You: ") && $0.hasSuffix(", \(table.game.totals[0]) in all") })
        let text = app.render().text
        #expect(text.contains("The game by deal   1   2") && text.contains("V reviews this one"))
        expectSnapshot(app.render(), named: "table-game-over-\(size.width)x\(size.height)")
        app.press(.character("V"))
        #expect(app.state.navigation.top == .review)
    }

    @Test("one minus sign: w and the hint write − for every negative figure, never a hyphen; the calls say a pair royal as a pair")
    func oneMinusSign() throws {
        for seed in UInt64(1)...6 {
            var app = TableSceneTests.app(setup: .init(seed: seed))
            while TableSceneTests.table(app).stage != .show { app.press(TableSceneTests.nextKeys(app)[0]) }
            app.press(.character("w"))
            app.finishWork()
            let text = app.render().text
            #expect(text.contains("Why, as"))
            #expect(text.firstMatch(of: try Regex("[ (:]-[0-9]")) == nil, "\(text)")
        }
        #expect(Wording.call(.pair) == "a pair for two" && Wording.call(.pairRoyal) == "a pair royal for six")
    }
}
