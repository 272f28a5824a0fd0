import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

/// A save the store refused as a bug (the file would not have read back): the board goes back
/// to the game last saved and says why, never blaming another twentynine.
@Suite("The board: a save refused")
struct BoardSaveRefusedTests {
    @Test func theBoardGoesBackToTheGameLastSaved() {
        var app = BoardTests.app()
        let saved = app.state.board!.game
        app.type("2")
        app.press(.enter)
        #expect(app.state.board!.game.log.count == 1)
        let reason = "this change could not be saved: a bug: game.json would not read back (x); the last saved game is kept"
        app.send(.board(BoardAction(.refused(saved, reason: reason))))
        #expect(app.state.board!.game == saved)
        #expect(app.state.board!.saveFailure == .refused(reason))
        let screen = app.render().text
        #expect(!screen.contains("another twentynine"))
        #expect(screen.contains("not kept: this change could not be saved"), "\(screen)")
        #expect(!screen.contains("in memory only"), "the board is back at the game saved: nothing goes on in memory")
        // The next entry saves as ever.
        app.type("2")
        app.press(.enter)
        app.send(.board(.saved(failure: nil)))
        #expect(app.state.board!.game.log.count == 1 && app.state.board!.saveFailure == nil)
    }
}
