import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

/// Issue 30's board items: a wrong total never gets on by a key. His heels only on a jack, a
/// refused entry clears what was typed, a play peg capped, an overcount needing a second enter,
/// the flush key stepping none, four, five, and the back peg only moving with the score.
@Suite("The board's rules where the move is made")
struct BoardRulesTests {
    private func footer(_ app: App) -> String { String(app.text.split(separator: "\n").last ?? "") }

    /// Item 1: `x 7 c` then `h` on a fresh board: refused where it is pressed, nothing to save,
    /// and the footer no longer offers `h` once a starter that is not a jack is told.
    @Test func hisHeelsIsRefusedAfterAStarterThatIsNotAJack() {
        var store = TestStore(BoardTests.app())
        #expect(footer(store.app).contains("h heels"))
        store.press(.character("x")) { $0.board?.starterEntry = StarterEntry() }
        store.press(.character("7")) { $0.board?.starterEntry?.rank = .seven }
        var told = store.state.board!.game
        try! told.tellStarter(card("7C"))
        store.press(.character("c"), effect: .gameChanged(told)) {
            $0.board?.starterEntry = nil
            $0.board?.game = told
        }
        #expect(!footer(store.app).contains("heels"), "\(footer(store.app))")
        store.press(.character("h")) { $0.board?.message = .refused(.heelsOnAStarterNotAJack(card("7C"))) }
        #expect(store.app.text.contains("his heels is a jack turned as the starter: the starter is 7C"))
        // Told again as a jack, his heels is the dealer's at once.
        store.unchecked { $0.type("xjc") }
        #expect(game(store.app).totals == [2, 0] && game(store.app).log.last?.score == .heels)
    }

    /// Item 2: the issue's keys. Every card laid, `1 !` is refused and its 1 cleared, so `2 enter`
    /// scores Bob's hand 2, not 12; after `1 9 enter` (refused, cleared) a 5 is typed; a third
    /// digit is dropped and said.
    @Test func aRefusedEntryClearsWhatWasTypedAndADroppedDigitIsSaid() {
        var store = TestStore(BoardTests.app())
        // A whole play by rank keys (Bob 8 8 2 7, Ann K Q 9 10), no starter told.
        store.unchecked { $0.type("t8k8g2gq79g0") }
        store.unchecked { $0.press(.escape) }
        #expect(game(store.app).totals == [2, 1] && store.state.board?.inThePlay == false)
        store.press(.character("1")) { $0.board?.typed = "1" }
        store.press(.character("!")) { $0.board?.typed = ""; $0.board?.message = .cleared(.playComplete, typed: "1") }
        #expect(store.app.text.contains("never a peg; the\n   1 typed is cleared"), "\(store.app.text)")
        store.unchecked { $0.type("2") }
        store.unchecked { $0.press(.enter) }
        #expect(game(store.app).log.last?.points == 2 && game(store.app).totals == [2, 3])

        store.unchecked { $0.type("19") }
        store.unchecked { $0.press(.enter) }
        #expect(store.state.board?.message == .cleared(.refused(.impossibleCount(19, rules: .hand)), typed: "19"))
        store.press(.character("5")) { $0.board?.typed = "5"; $0.board?.message = nil }
        store.press(.character("1")) { $0.board?.typed = "51" }
        store.press(.character("7")) { $0.board?.message = .digitDropped("7") }
        #expect(store.app.text.contains("7 not typed: a number here has at most 2 digits"), "\(store.app.text)")
    }

    /// Item 3: `3 0 @` is refused where it is pegged: a card pegs at most 15.
    @Test func aPlayPegPastWhatACardCanPegIsRefused() {
        var store = TestStore(BoardTests.app())
        store.press(.character("3")) { $0.board?.typed = "3" }
        store.press(.character("0")) { $0.board?.typed = "30" }
        store.press(.character("@")) { $0.board?.typed = ""; $0.board?.message = .cleared(.refused(.pegOutOfRange(30)), typed: "30") }
        #expect(store.app.text.contains("30 points for a card in the play: a card pegs 1 to 15"), "\(store.app.text)")
        store.unchecked { $0.type("15@") }
        #expect(game(store.app).totals == [0, 15])
    }

    /// Item 4: the hand 8 8 2 7 with a 5 starter counts 10 at most; `1 2 enter` is not scored
    /// until a second `enter`, and the message names the difference. An undercount is scored at
    /// once, as before.
    @Test func anOvercountAgainstTheCardsNeedsASecondEnter() {
        var app = BoardTests.app()
        app.type("x5d" + "t8k8g2gq79g0")
        app.press(.escape)
        #expect(app.text.contains("Bob's hand 8 8 2 7"), "\(app.text)")
        #expect(app.text.contains("enter: 10 (fifteens 8, pairs 2)"))
        app.type("12")
        #expect(app.handle(.enter) == .none)
        #expect(game(app).totals == [2, 1])
        #expect(app.state.board?.message == .overcount(typed: 12, most: 10, only: true))
        #expect(app.text.contains("the cards hold 10, not 12: enter again to score 12"), "\(app.text)")
        #expect(app.state.board?.typed == "12")
        // Another key in between: the next enter asks again.
        app.press(.backspace)
        app.type("2")
        app.press(.enter)
        #expect(game(app).totals == [2, 1])
        app.press(.enter)
        #expect(game(app).totals == [2, 13])
        #expect(app.text.contains("Bob's hand scored 12 as typed; its cards count 10 (2 too many)"), "\(app.text)")
        // Ann's hand, K Q 9 10, counts 6: 4 typed is scored at once, and the board says what it missed.
        app.type("4")
        app.press(.enter)
        #expect(game(app).totals == [6, 13])
        #expect(app.text.contains("Ann's hand scored 4 as typed; its cards count 6 (2 missed)"), "\(app.text)")
    }

    /// Item 5: on J 3 4 6 laid by rank with the 5♥ starter, `f` steps none, four, five (with his
    /// nobs, the jack then being the heart), and round to none; with one card laid as a heart a
    /// four-card flush is out, so `f enter` scores the 14.
    @Test func theFlushKeyStepsNoneFourFive() {
        var app = BoardTests.app()
        app.type("x5h" + "tjk38" + "4q69")
        app.press(.escape)
        #expect(app.text.contains("Bob's hand J 3 4 6"), "\(app.text)")
        #expect(app.text.contains("enter: 8 (fifteens 4, runs 4)  f: a flush of four +4  n: his nobs +1"), "\(app.text)")
        app.press(.character("f"))
        #expect(app.text.contains("enter: 12 (fifteens 4, runs 4, flush 4)  f: a flush of five and his nobs +2"), "\(app.text)")
        app.press(.character("f"))
        #expect(app.state.board?.show.suits == ShowHand.Suits(flush: 5, nobs: true))
        #expect(app.text.contains("enter: 14 (fifteens 4, runs 4, flush 5, nobs 1)  f: no flush -5"), "\(app.text)")
        app.press(.character("f"))
        #expect(app.state.board?.show.suits == ShowHand.Suits(flush: 0, nobs: true))
        app.press(.character("f"), .character("f"), .enter)
        #expect(game(app).totals == [3, 14])

        var hearts = BoardTests.app()
        hearts.type("x5h" + "tjk")
        _ = hearts.send(.play(.cardLaid(card("3H"))))
        hearts.type("84q69")
        hearts.press(.escape)
        #expect(hearts.text.contains("Bob's hand 3♥ J 4 6"), "\(hearts.text)")
        hearts.press(.character("f"), .enter)
        #expect(game(hearts).totals == [3, 14])
    }

    /// Item 7: a count of 0 leaves the back peg where it was, on the board's track too.
    @Test func aCountOfNothingMovesNoPeg() {
        var app = BoardTests.app()
        app.type("2@3@s")
        app.type("0")
        app.press(.enter)
        #expect(game(app).pegs[1].front == 5 && game(app).pegs[1].back == 2)
        #expect(app.text.contains("5  back peg 2"), "\(app.text)")
    }

    /// Item 6: undoing past the crib keeps the round's starter, its play and the crib's ranks, so
    /// the show counts from the cards again without `x`, even after The Play was opened on the
    /// next round.
    @Test func undoingPastTheCribKeepsTheStarterAndTheShowCountsFromTheRanks() {
        var app = BoardTests.app()
        app.type("x5d" + "t" + "t05ggk56j2")
        app.press(.escape, .enter, .enter)
        app.type("349q")
        app.press(.enter)
        let ended = game(app)
        #expect(ended.round == 2 && ended.log.count == 8)
        app.type("t")
        app.press(.escape)
        app.press(.character("u"))
        #expect(game(app).round == 1 && game(app).roundCut == card("5D"))
        #expect(app.text.contains("round 1 · starter 5♦"), "\(app.text)")
        #expect(app.state.board?.crib.ranks == [.three, .four, .nine, .queen])
        #expect(app.text.contains("Ann's crib 3 4 9 Q"), "\(app.text)")
        app.press(.enter)
        #expect(game(app) == ended)
        // Back again and through Ann's hand: the play is the round's, her hand counts from its ranks.
        app.press(.character("u"), .character("u"))
        #expect(app.text.contains("Ann's hand 10 K 6 2"), "\(app.text)")
        #expect(game(app).log.count == 6)
    }

    /// Item 14: a play in progress kept through an undo made elsewhere (the command line's
    /// `game undo`): the board reopened on it shows the cards laid, and laying one again is
    /// refused by the play, not scored a second time.
    @Test func aPlayKeptThroughUndoIsNotScoredTwice() throws {
        var kept = try Game(target: .short, names: ["Ann", "Bob"])
        try kept.peg(player: 0, points: 2, reasons: [.fifteen])
        kept.roundPlay = Game.RoundPlay(round: 1, tokens: [.card(card("5H")), .card(card("10C"))], entries: [1: 0])
        try kept.correct(player: 1, points: 1)
        kept.undo()
        var app = App.standard()
        app.openBoard(kept)
        app.press(.character("t"))
        #expect(app.state.play.play.steps.count == 2)
        _ = app.send(.play(.cardLaid(card("10C"))))
        #expect(game(app).totals == [2, 0] && app.state.play.play.steps.count == 2)
        // Taken back, the step takes its fifteen with it: the link came through the undo.
        _ = app.send(.play(.tokenTakenBack))
        #expect(game(app).totals == [0, 0] && app.state.play.play.steps.count == 1)
    }

    /// Found by the board's session property test: once a hand is counted from the cards laid,
    /// The Play's take-back is refused (the count holds those cards) until the count is undone.
    @Test func aTakeBackAfterACountFromTheCardsIsRefused() {
        var app = BoardTests.app()
        app.type("x5d" + "t" + "t05ggk56j2")
        app.press(.escape, .enter)
        #expect(game(app).log.count == 6)
        app.press(.character("t"), .backspace)
        #expect(app.state.play.play.steps.count == 10 && app.state.notice == .takeBackRefused)
        app.press(.escape, .character("u"), .character("t"), .backspace)
        #expect(app.state.play.play.steps.count == 9 && game(app).log.count == 4)
    }
}
