import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

/// A new game set up on the board: seats, length, the dealer, the names; an unfinished game is
/// abandoned only on a second enter.
@Suite("The board: a new game's set-up")
struct BoardSetupTests {
    @Test func theSetUpChoosesSeatsLengthDealerAndNamesThenStartsTheGame() {
        var app = BoardTests.app()
        app.press(.character("N"))
        #expect(app.state.keyChain.first == .boardSetup)
        #expect(app.text.contains("> Players  2 players"))
        #expect(app.text.contains("  Names    Ann, Bob"))
        app.press(.right)
        #expect(app.text.contains("> Players  3 players") && app.text.contains("Ann, Bob, Player 3"))
        app.press(.tab, .right, .tab, .left)
        #expect(app.text.contains("  To       121"))
        #expect(app.text.contains("> Deals    the board cuts for the deal"))
        app.press(.left)
        #expect(app.text.contains("> Deals    seat 3, Player 3 (cut at the table, or choose the board's cut)"))
        app.press(.tab)
        #expect(app.state.keyChain.first == .boardNames)
        for _ in "Player 3".indices { app.press(.backspace) }
        // On the names line every character is text, q too.
        app.type("Quinn")
        #expect(app.text.contains("> Names    Ann, Bob, Quinn_"))
        let effect = app.handle(.enter)
        #expect(app.state.board?.setup == nil)
        #expect(game(app).seating == .threePlayers && game(app).target == .long && game(app).dealer == 2)
        #expect(game(app).names == ["Ann", "Bob", "Quinn"])
        #expect(effect == .gameStarted(game(app)))
        #expect(app.text.contains("a new game: Quinn deals first"))
    }

    @Test func typingOnTheNamesLineReplacesTheNamesOfferedAndBackspaceEditsThem() {
        var app = BoardTests.app()
        app.press(.character("N"), .right, .up)
        #expect(app.text.contains("> Names    Ann, Bob, Player 3_"))
        app.type("Cy, Di, Ed")
        #expect(app.text.contains("> Names    Cy, Di, Ed_"))
        _ = app.handle(.enter)
        _ = app.handle(.enter)
        #expect(game(app).names == ["Cy", "Di", "Ed"])
        app.press(.character("N"), .up, .backspace)
        app.type("d")
        #expect(app.text.contains("> Names    Cy, Di, Ed_"), "backspace first edits the names offered")
    }

    @Test("the seat keys' hint fits beside the prompt with four seats: tab's hint gives way first", arguments: [Frame.minimumSize, Size(width: 80, height: 24)])
    func seatKeysFitWithFourSeats(size: Size) {
        let app = BoardTests.app(seating: .twoTeams, width: size.width, height: size.height)
        #expect(app.text.contains("! @ # $: a seat's peg"), "\(app.text)")
        #expect(BoardTests.app().text.contains("tab: next player  s: the show  ! @: a seat's peg"))
    }

    @Test func theBoardCutsForTheDealWhenAsked() {
        var dealers: Set<Int> = []
        for seed in 0..<24 {
            var app = App(size: Size(width: 80, height: 24), glyphs: .unicode, seed: UInt64(seed))
            app.openBoard(try! Game(target: .short, names: ["Ann", "Bob"]))
            app.press(.character("N"), .tab, .tab, .left, .enter)
            dealers.insert(game(app).firstDealer)
            #expect(app.text.contains("a new game: the board cut for the deal, and \(game(app).names[game(app).dealer]) deals first"))
        }
        #expect(dealers == [0, 1])
    }

    @Test func anUnfinishedGameIsAbandonedOnlyOnASecondEnterAndBadNamesAreRefused() {
        var app = BoardTests.app()
        app.type("2@")
        let before = game(app)
        app.press(.character("N"), .up)
        #expect(app.text.contains("> Names"))
        app.press(.backspace, .backspace, .backspace, .backspace, .backspace)
        app.press(.enter)
        #expect(app.text.contains("Not started: 1 names for 2 players"), "\(app.text)")
        app.type(", Di")
        #expect(app.handle(.enter) == .none)
        #expect(app.text.contains("The game on the board is unfinished: enter again abandons it"))
        #expect(game(app) == before)
        #expect(app.handle(.enter) == .gameStarted(game(app)))
        #expect(game(app).names == ["Ann", "Di"] && game(app).log.isEmpty)
        // esc keeps the game on the board.
        app.press(.character("N"), .right, .escape)
        #expect(app.state.board?.setup == nil && game(app).names == ["Ann", "Di"])
    }
}
