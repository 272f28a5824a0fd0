import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

/// The board's corrections (digits, + or -, a seat's key), the match's standing across games,
/// long names beside the scores, the players' records, and quitting in the middle of a play.
@Suite("The board: corrections, the match, names, records")
struct BoardCorrectionTests {
    @Test func aCorrectionIsTypedThenSignedThenGivenItsSeatInThePlayAndTheShow() {
        var app = BoardTests.app()
        app.type("3+")
        #expect(app.text.contains("A correction, then its seat's key (! @): +3"), "\(app.text)")
        app.press(.enter)
        #expect(app.state.board?.message == .seatNeeded && game(app).log.isEmpty)
        app.press(.character("@"))
        #expect(game(app).log.last?.score == .correction && game(app).totals == [0, 3])
        #expect(app.state.board?.correctionSign == nil && app.state.board?.typed == "")
        // In the show too: four for Ann, then one taken back, as `game correct` would.
        app.type("2@s12")
        app.press(.enter)
        #expect(game(app).totals == [0, 17])
        app.type("4+!")
        app.type("1-!")
        #expect(game(app).log.last?.points == -1 && game(app).totals == [3, 17])
        // Backspace past the digits takes the sign off: the seat's key is a peg again.
        app.type("2-")
        app.press(.backspace, .backspace)
        #expect(app.state.board?.correctionSign == nil)
        // Below zero is refused, and said; what was typed is cleared.
        app.type("9-!")
        #expect(app.state.board?.message == .cleared(.refused(.belowZero(total: 3)), typed: "-9"))
        #expect(app.state.board?.typed == "" && app.state.board?.correctionSign == nil)
        #expect(app.text.contains("a correction cannot take a score below 0 (it is 3); the -9 typed is cleared"))
    }

    @Test func theMatchsStandingCountsTheGamesWonWhileTheBoardIsOpen() {
        var app = BoardTests.app()
        #expect(!app.text.contains("games won"))
        for _ in 0..<3 {
            app.type("s")
            app.type("29")
            app.press(.enter)
        }
        app.type("s29")
        app.press(.enter)
        #expect(game(app).isOver)
        #expect(app.text.contains(try! Regex("Ann\\s+\\d+\\s+back peg \\d+\\s+wins\\s+games won 1")), "\(app.text)")
        app.press(.character("n"))
        #expect(!game(app).isOver)
        #expect(app.text.contains(try! Regex("Ann\\s+0\\s+back peg 0.*games won 1")))
        #expect(app.text.contains(try! Regex("Bob\\s+0\\s+back peg 0.*games won 0")))
    }

    @Test(arguments: [Size(width: 74, height: 22), Size(width: 80, height: 24)])
    func longNamesNeverRunIntoTheScores(size: Size) throws {
        let long = ["Annabelle Winterbottom-Smythe X", "Bartholomew Featherstonehaugh", "Cy", "Dorothea Throckmorton-Price"]
        var app = App.standard(width: size.width, height: size.height)
        app.openBoard(try Game(seating: .twoTeams, names: long))
        let rows = app.text.split(separator: "\n").filter { $0.contains("back peg 0") }
        #expect(rows.count == 2)
        for row in rows {
            #expect(row.contains(try Regex("… +0  back peg 0")), "\(row)")
        }
    }

    @Test func quittingInThePlayNeedsNoConfirmationThePlayIsSaved() {
        var app = BoardTests.app()
        app.type("t5")
        #expect(app.state.play.play.steps.count == 1)
        #expect(game(app).roundPlay?.tokens.count == 1)
        #expect(app.handle(.character("Q")) == .quit)
    }

    @Test func rAsksTheKeeperForTheRecordsShowsThemInPlaceOfTheLogAndHidesThem() {
        var app = BoardTests.app()
        app.type("2@")
        #expect(app.handle(.character("r")) == .recordsRequested)
        #expect(app.state.board?.records == nil)
        let lines = ["Player  Games  Won  Skunks given  taken  Pegged a round  Hand  Crib", "Ann         3    2"]
        _ = app.send(.board(.recordsShown(.records(lines))))
        #expect(app.text.contains("Records (as game --stats; r hides them)"))
        #expect(app.text.contains("Ann         3    2") && !app.text.contains("Last entries"))
        #expect(app.handle(.character("r")) == .none)
        #expect(app.state.board?.records == nil && app.text.contains("Last entries"))
        _ = app.send(.board(.recordsShown(.unavailable(.noKeeper))))
        #expect(app.text.contains("No records: "))
    }
}

/// Found by the reducer's property test: a breakdown left under the board after the board counted
/// its hand showed a hand the counter no longer held.
@Suite("The board and the breakdown beneath it")
struct BoardOverBreakdownTests {
    @Test func theCountersHandCountedOnTheBoardTakesItsBreakdownAway() throws {
        var app = App.standard()
        app.press(.character("r"))
        let hand = try #require(app.state.selection.completeHand)
        app.send(.opened(.breakdown))
        #expect(app.state.navigation.top == .breakdown)
        app.send(.gameOpened(try Game(), message: nil))
        app.send(.board(.counterHandEntered))
        #expect(game(app).log.count == 1 && app.state.selection.completeHand == nil)
        app.send(.backRequested)
        #expect(app.state.navigation.top == .handSelection, "not a breakdown of \(hand.cards)")
    }
}
