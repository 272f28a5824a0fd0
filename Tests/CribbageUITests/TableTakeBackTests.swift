import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

/// Issue 33's take-back at the table, through the key map and the reducer (the whole state
/// checked by the TestStore), its footer and its snapshots; `q` never lays a queen.
@Suite("The table: take-back by key")
struct TableTakeBackSceneTests {
    @Test("u takes back your last card and the computer's answer, saves, and says so; nothing else changes")
    func takeBackByKey() {
        var store = TestStore(TableSceneTests.app())
        store.unchecked { app in
            while TableSceneTests.table(app).stage != .play || TableSceneTests.table(app).deal!.laid(by: 0).isEmpty {
                app.press(TableSceneTests.nextKeys(app)[0])
            }
        }
        var undone = TableSceneTests.table(store.app)
        let tookBack = undone.takeBack()
        #expect(tookBack)
        store.press(.character("u"), effect: .tableChanged(undone)) { state in
            state.table!.table = undone
            state.notice = .tableNotice(.tookBack(1))
        }
        #expect(store.app.render().text.contains("Taken back: your last move and the computer's answer (1 take-back this game"))
        // Backspace is the same key, back to the throw; then nothing of yours is left in the deal.
        while TableSceneTests.table(store.app).canTakeBack { store.unchecked { $0.press(.backspace) } }
        #expect(TableSceneTests.table(store.app).stage == .discard)
        let before = store.state.table!
        store.press(.character("u")) { $0.notice = .tableNotice(.nothingToTakeBack) }
        #expect(store.state.table! == before)
    }

    @Test("a match without take-backs says so and changes nothing; the footer offers take back only when there is one")
    func offAndFooter() {
        var app = TableSceneTests.app(setup: .init(seed: 29, takeBacks: false))
        while TableSceneTests.table(app).stage != .play || TableSceneTests.table(app).deal!.laid(by: 0).isEmpty {
            app.press(TableSceneTests.nextKeys(app)[0])
        }
        let before = app.state.table!
        app.press(.character("u"))
        #expect(app.state.table! == before)
        #expect(app.render().text.contains("Take-backs are off for this match"))
        let footer = { (app: App) in app.render().line(app.render().size.height - 1) }
        #expect(!footer(app).contains("take back"))
        var on = TableSceneTests.app()
        #expect(!footer(on).contains("take back"))
        while TableSceneTests.table(on).stage != .play || TableSceneTests.table(on).deal!.laid(by: 0).isEmpty {
            on.press(TableSceneTests.nextKeys(on)[0])
        }
        #expect(footer(on).contains("u take back"), "\(footer(on))")
    }

    @Test("q is the queen's key at the table, never quit; Q quits; the help says so where q quits",
          arguments: [Frame.minimumSize, Size(width: 80, height: 24), Size(width: 132, height: 43)])
    func quitKeys(size: Size) {
        var app = TableSceneTests.app(width: size.width, height: size.height)
        app.press(.enter)
        app.press(.character("?"))
        var help = app.render().text
        for _ in 0..<20 {
            app.press(.character(" "))
            help += app.render().text
        }
        #expect(help.contains("quit (Q at the table and in The Play)") && help.contains("Q                   quit (q is a queen here)"))
        app.press(.escape)
        for _ in 0..<200 {
            let table = TableSceneTests.table(app)
            if table.stage == .play, table.playable.contains(where: { $0.rank == .queen }) { break }
            if case .over = table.stage { break }
            app.press(TableSceneTests.nextKeys(app)[0])
        }
        let table = TableSceneTests.table(app)
        guard table.stage == .play, table.playable.contains(where: { $0.rank == .queen }) else {
            Issue.record("found nothing to check: no queen to lay within 200 moves")
            return
        }
        #expect(app.handle(.character("q")) != .quit)
        // q is the queen's rank key here: it lays the queen the player asked for, never by surprise
        // of quitting.
        #expect(TableSceneTests.table(app).moves.count > table.moves.count)
        expectSnapshot(app.render(), named: "table-took-queen-\(size.width)x\(size.height)")
        app.press(.character("u"))
        expectSnapshot(app.render(), named: "table-take-back-\(size.width)x\(size.height)")
        #expect(app.handle(.character("Q")) == .quit)
    }
}
