import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

/// Issue 31's tutor at the table: off at first, `T` turns it on (saved with the match); a throw or
/// card that loses at least a mistake is said, with what was better, before the computer answers,
/// worked out off the key path; the whole state checked by the TestStore.
@Suite("The table: the tutor")
struct TableTutorTests {
    /// Picks `cards` to throw by the cursor and space, as a player would.
    static func pick(_ cards: [Card], _ app: inout App) {
        for card in cards {
            let index = app.state.table!.cards.firstIndex(of: card)!
            app.send(.table(.cursorMoved(index - app.state.table!.cursor)))
            app.press(.character(" "))
        }
    }

    /// The keep the expert ranks last for the player's six at hand: a throw the tutor speaks of.
    static func worstThrow(_ app: App) -> [Card] {
        guard case .discardHint(let analysis) = TableScene.hint(for: app.state.table!.table) else { return [] }
        return analysis.options.last!.keep!.discard
    }

    @Test("T turns the tutor on and saves it; a bad throw waits for its word, which names the better keep, then the computer answers")
    func aBadThrowIsSaid() throws {
        var store = TestStore(TableSceneTests.app())
        #expect(store.state.table!.table.tutor == false)
        var on = TableSceneTests.table(store.app)
        on.tutor = true
        store.press(.character("T"), effect: .tableChanged(on)) { state in
            state.table!.table.tutor = true
            state.notice = .tableNotice(.tutor(on: true))
        }
        #expect(store.app.render().text.contains("(tutor on)"))
        store.unchecked { app in
            app.press(.enter)
            Self.pick(Self.worstThrow(app), &app)
        }
        let thrown = store.state.table!.picked
        var held = TableSceneTests.table(store.app)
        let point = try #require(held.decisionPoint(for: .discard(seat: 0, thrown)))
        try held.apply(.discard(seat: 0, thrown), answering: false)
        // The answer is made and saved with the throw (a table read back makes it), shown later.
        var answered = held
        answered.answer()
        store.press(.enter, effect: .tableChanged(answered)) { state in
            state.table!.table = held
            state.table!.picked = []
            state.table!.tutoring = point
            state.table!.answered = answered
        }
        // Nothing else moves while the tutor weighs: the computer's answer is not shown.
        #expect(store.state.noticeShown == .tableNotice(.tutorWeighing))
        let job = try #require(store.state.jobs.first)
        let result = job.work()
        guard case .table(.tutored(_, let verdict?)) = result else { Issue.record("the tutor speaks of the worst keep"); return }
        #expect(TableTutor.spoken.contains(verdict.label) && verdict.loss >= 2)
        store.send(.jobFinished(job.id, result), effect: .tableChanged(answered)) { state in
            state.table!.table = answered
            state.table!.tutoring = nil
            state.table!.answered = nil
            state.table!.cursor = min(state.table!.cursor, 3)
            state.notice = .tableNotice(.tutorSays(verdict))
        }
        let text = store.app.render().text
        #expect(text.contains("Tutor: a \(verdict.label.rawValue)") || text.contains("Tutor: a missed win"), "\(text)")
        #expect(text.contains("kept "))
    }

    @Test("the best throw draws no word; the tutor off never holds the answer")
    func theBestThrowIsNotSaid() {
        var app = TableSceneTests.app()
        app.press(.character("T"), .enter)
        guard case .discardHint(let analysis) = TableScene.hint(for: app.state.table!.table) else { Issue.record("a hint"); return }
        Self.pick(analysis.best.keep!.discard, &app)
        app.press(.enter)
        #expect(app.state.table!.tutoring != nil)
        #expect(app.finishWork() == 1)
        #expect(app.state.table!.tutoring == nil && app.state.notice == nil)
        #expect(TableSceneTests.table(app).stage == .play)
        var off = TableSceneTests.app()
        off.press(.enter)
        Self.pick(Self.worstThrow(off), &off)
        off.press(.enter)
        #expect(off.state.table!.tutoring == nil && off.saidJobs.isEmpty && TableSceneTests.table(off).stage == .play)
    }

    @Test("the tutor's word on a bad throw, wrapped whole", arguments: [Frame.minimumSize, Size(width: 80, height: 24), Size(width: 132, height: 43)])
    func snapshot(size: Size) {
        var app = TableSceneTests.app(width: size.width, height: size.height)
        app.press(.character("T"), .enter)
        Self.pick(Self.worstThrow(app), &app)
        app.press(.enter)
        app.finishWork()
        expectSnapshot(app.render(), named: "table-tutor-\(size.width)x\(size.height)")
    }
}
