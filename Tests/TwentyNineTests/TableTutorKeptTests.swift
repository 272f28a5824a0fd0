import Canvas
import CribbageCore
@testable import CribbageUI
import Foundation
import GameStore
import TestSupport
import Testing
@testable import TwentyNineCommands

/// Issue 45 in this process on real files: the tutor on at the table, the issue's own keys through
/// `StoreKeeper`, which saves `table.json` as the program does.
@Suite("StoreKeeper: the tutor's moves are kept")
struct TableTutorKeptTests {
    @Test("twentynine table --to 61 --seed 7, keys Enter T 4 t t Enter t: the throw and the card are kept; before the tutor's word table.json holds the card and the computer's answer, shown once it has spoken")
    func theIssuesKeys() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let keeper = StoreKeeper(environment: folder.environment).keeper(table: .init(seed: 7, target: .short), fresh: true)
        var app = App(size: Size(width: 100, height: 30), glyphs: .unicode, seed: 29)
        _ = app.perform(app.open(.table), with: keeper)
        func press(_ keys: KeyInput...) {
            for key in keys { _ = app.perform(app.handle(key), with: keeper) }
        }
        /// The work off the key path (the tutor's word), as the main loop runs it.
        func finishWork() {
            var ran = 0
            while let job = app.state.jobs.first, ran < 20 {
                _ = app.perform(app.send(.jobFinished(job.id, job.work())), with: keeper)
                ran += 1
            }
        }
        func file() throws -> TableGame? { try GameStore(folder: folder.path).withTableSession { $0.saved?.table } }

        press(.enter, .character("T"), .character("4"), .character("t"), .character("t"), .enter)
        finishWork()
        let thrown = try #require(app.state.table?.table)
        #expect(thrown.stage == .play && thrown.tutor && app.state.table?.saveFailure == nil)
        #expect(try file()?.moves == thrown.moves)

        press(.character("t"))
        let scene = try #require(app.state.table)
        #expect(scene.saveFailure == nil, "\(String(describing: scene.saveFailure))")
        #expect(!app.render().text.contains("not kept"), "\(app.render().text)")
        let laid = try #require(scene.table.moves.last)
        guard case .lay(seat: TableGame.player, let card) = laid, card.rank == .ten else {
            Issue.record("the ten is not laid: \(laid)")
            return
        }
        // Killed now, before the tutor's word: the file holds the card and the computer's answer.
        let kept = try #require(try file())
        #expect(kept.moves.count > scene.table.moves.count && Array(kept.moves.prefix(scene.table.moves.count)) == scene.table.moves)
        #expect(scene.tutoring != nil && kept.moves == scene.answered?.moves)

        finishWork()
        let shown = try #require(app.state.table)
        #expect(shown.tutoring == nil && shown.saveFailure == nil && shown.table.moves == kept.moves)
        #expect(try file()?.moves == kept.moves)
    }
}
