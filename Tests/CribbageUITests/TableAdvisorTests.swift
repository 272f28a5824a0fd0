import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

/// Issue 33: the Discard Advisor opened from the table throws the chosen keep in the game on
/// `enter`, and goes back to the table; opened anywhere else it still takes the keep to the counter.
@Suite("The table: the Discard Advisor's keep thrown in the game")
struct TableAdvisorTests {
    @Test("d, then enter on the highlighted keep: back at the table with its two thrown and saved")
    func enterThrowsTheKeep() throws {
        var app = TableSceneTests.app()
        app.press(.enter, .character("d"))
        #expect(app.state.navigation.top == .discardAdvisor)
        app.finishWork()
        app.send(.discardAdvisor(.keepHighlighted(offset: 2)))
        let keep = app.state.discardAdvisor.rankedKeeps[2]
        var expected = TableSceneTests.table(app)
        try expected.apply(.discard(seat: 0, keep.discard))
        #expect(app.handle(.enter) == .tableChanged(expected))
        #expect(app.state.navigation.top == .table)
        #expect(TableSceneTests.table(app) == expected)
        #expect(Set(TableSceneTests.table(app).deal!.thrown[0]) == Set(keep.discard))
        #expect(app.state.selection.hand.isEmpty, "the counter's hand is untouched")
    }
}
