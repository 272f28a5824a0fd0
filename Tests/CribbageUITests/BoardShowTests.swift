import Canvas
import CribbageCore
import TestSupport
import Testing
@testable import CribbageUI

/// The board counts the show from the cards: the starter told by two keys, each hand laid in
/// The Play confirmed by one key (a flush or his nobs added by a key where the ranks allow),
/// the crib by its rank keys; a typed count still goes in and says what the cards hold.
@Suite("The board counts the show")
struct BoardShowTests {
    /// Ann deals to 61; the starter 5♦, then a play by rank keys: Bob lays 10 5 5 J, Ann 10 K 6 2
    /// (Bob pegs 5, Ann 3). Returns the keys pressed.
    private func starterAndPlay(_ app: inout App) -> Int {
        let keys = "x5d" + "t" + "t05ggk56j2"
        app.type(keys)
        app.press(.escape)
        return keys.count + 1
    }

    @Test func aWholeRoundFromTheCardsInTwentyFourKeys() {
        var app = BoardTests.app()
        var keys = starterAndPlay(&app)
        let starter = Card(.five, .diamonds)
        #expect(game(app).roundCut == starter)
        #expect(app.text.contains("round 1 · starter 5♦"))
        #expect(game(app).totals == [3, 5])
        // Bob's hand: 10 5 5 J and the starter count 20 (21 with his nobs, which n would add).
        #expect(app.text.contains("Bob's hand 10 5 5 J"), "\(app.text)")
        #expect(app.text.contains("enter: 20 (fifteens 14, pairs 6)  n: his nobs +1"), "\(app.text)")
        #expect(!app.text.contains("f: a flush"))
        app.press(.enter)
        keys += 1
        #expect(game(app).log.last?.score == .hand(nil))
        #expect(game(app).totals == [3, 25])
        // Ann's hand: 10 K 6 2 may be a flush of four, or five with the starter.
        #expect(app.text.contains("enter: 4 (fifteens 4)  f: a flush of four +4"), "\(app.text)")
        app.press(.character("f"))
        #expect(app.text.contains("enter: 8 (fifteens 4, flush 4)  f: a flush of five +1"), "\(app.text)")
        app.type("f")
        #expect(app.text.contains("enter: 9 (fifteens 4, flush 5)  f: no flush -5"), "\(app.text)")
        app.press(.enter)
        keys += 3
        #expect(game(app).totals == [12, 25])
        // The crib's cards by rank key: 0-9 are ranks now; then one key counts it.
        #expect(app.text.contains("Ann's crib: its four cards by rank key"))
        app.type("349q")
        let crib = referenceCount([Card(.three, .clubs), Card(.four, .clubs), Card(.nine, .hearts), Card(.queen, .clubs)],
                                  cut: starter, crib: true)
        #expect(app.text.contains("Ann's crib 3 4 9 Q"))
        // Backspace with nothing typed takes the last rank back, and the board asks again.
        app.press(.backspace)
        #expect(app.state.board?.crib.ranks == [.three, .four, .nine])
        app.type("q")
        app.press(.enter)
        keys += 5
        #expect(game(app).totals == [12 + crib, 25])
        #expect(game(app).round == 2 && game(app).roundCut == nil)
        #expect(keys == 24)
    }

    @Test func aTypedCountDiffersAndTheBoardSaysWhatTheCardsHold() {
        var app = BoardTests.app()
        _ = starterAndPlay(&app)
        app.type("18")
        #expect(app.text.contains("enter: 18 as typed; the cards count 20"))
        app.press(.enter)
        #expect(game(app).totals == [3, 23])
        guard case .countDiffers(18, let count, let cards)? = app.state.board?.message else {
            Issue.record("no count differs: \(String(describing: app.state.board?.message))")
            return
        }
        #expect(count.player == 1 && count.rules == .hand && cards.total == 20)
        #expect(app.text.contains("Bob's hand scored 18 as typed; its cards count 20 (2 missed): fifteens 14:"),
                "\(app.text)")
        // Every card is laid: a seat's key is no peg now. His nobs where no jack is: refused.
        app.type("2@")
        #expect(app.state.board?.message == .cleared(.playComplete, typed: "2") && game(app).log.count == 6)
        app.press(.character("n"))
        #expect(app.state.board?.message == .noNobs)
    }

    @Test func theCribsRanksAreCheckedAndItsTotalCanBeTypedInstead() {
        var app = BoardTests.app()
        _ = starterAndPlay(&app)
        app.press(.enter, .enter)
        // Two fives laid and the starter: one five is left for the crib, not two.
        app.type("55")
        #expect(app.state.board?.crib.ranks == [.five])
        #expect(app.state.board?.message == .fifthOfARank(.five))
        app.press(.backspace)
        #expect(app.state.board?.crib.ranks == [])
        // u undoes while the crib's cards are asked: Ann's hand is the board's to count again.
        app.press(.character("u"))
        #expect(game(app).nextCount?.rules == .hand && app.state.keyChain.first == .boardShow)
        app.press(.enter)
        app.press(.escape)
        #expect(app.text.contains("Ann's crib:") && !app.text.contains("by rank key"))
        app.type("8")
        app.press(.enter)
        #expect(game(app).round == 2 && game(app).log.last?.points == 8)
    }

    @Test func aJackStarterScoresHisHeelsAndTheStarterKeysCanBeLeft() {
        var app = BoardTests.app()
        #expect(app.text.contains("Next: the starter (x; a jack: his heels, h), the play, then Bob's hand."))
        var told = BoardTests.app()
        told.type("x5d")
        #expect(told.text.contains("Next: the play (t), then Bob's hand."))
        app.press(.character("x"))
        #expect(app.state.keyChain.first == .boardStarter)
        app.press(.escape)
        #expect(app.state.board?.starterEntry == nil && game(app).roundCut == nil)
        // Suit first, then rank: a jack at the cut is his heels for Ann, the dealer.
        app.type("xhj")
        #expect(game(app).roundCut == Card(.jack, .hearts))
        #expect(game(app).log.last?.score == .heels && game(app).totals == [2, 0])
        // A card told as the starter cannot be laid in the play.
        app.press(.character("t"))
        _ = app.send(.play(.cardLaid(Card(.jack, .hearts))))
        #expect(app.state.play.play.steps.isEmpty)
        #expect(app.text.contains("cannot be in both the cut and the cards Bob laid"), "\(app.text)")
        // Nor the other way: a card laid with its suit cannot be told as the starter.
        var laid = BoardTests.app()
        laid.press(.character("t"))
        _ = laid.send(.play(.cardLaid(Card(.five, .diamonds))))
        laid.press(.escape)
        laid.type("x5d")
        #expect(game(laid).roundCut == nil)
        #expect(laid.state.board?.message == .refused(.cardInTwoPlaces(Card(.five, .diamonds), first: "the cards Bob laid",
                                                                        second: "the cut")))
    }

    /// Issue 17's typed goal: a round by typed totals alone (four pegs, three counts) in at most
    /// 20 keys, no tab: a peg is its digits then its seat's key.
    @Test func aRoundByTypedTotalsInSeventeenKeys() {
        var app = BoardTests.app()
        let keys = "2@" + "3!" + "1@" + "2!" + "s" + "12\r" + "8\r" + "14\r"
        for character in keys { app.press(character == "\r" ? .enter : .character(character)) }
        #expect(game(app).log.map(\.points) == [2, 3, 1, 2, 12, 8, 14])
        #expect(game(app).log.prefix(4).map(\.player) == [1, 0, 1, 0])
        #expect(game(app).totals == [27, 15] && game(app).round == 2)
        #expect(keys.count == 17 && !keys.contains("\t"))
        // A seat's key with nothing typed asks for the points.
        app.press(.character("!"))
        #expect(app.state.board?.message == .pointsNeeded)
        #expect(game(app).log.count == 7)
    }

    @Test func twoTeamsEachHandInShowOrderThenTheCrib() {
        var app = BoardTests.app(target: .long, seating: .twoTeams)
        // Ann deals: Bob, Cy, Di and Ann lay; the starter 6♠.
        app.type("x6s" + "t" + "ttakttak55559234")
        app.press(.escape)
        let pegged = game(app).totals
        let starter = Card(.six, .spades)
        // Any suits that make no flush and no nobs: the count the board makes with neither.
        func count(_ ranks: [Rank], crib: Bool = false) -> Int {
            referenceCount(zip(ranks, [Suit.hearts, .diamonds, .clubs, .diamonds]).map { Card($0, $1) }, cut: starter, crib: crib)
        }
        let hands: [(player: Int, ranks: [Rank])] = [(1, [.ten, .ten, .five, .nine]), (2, [.ten, .ten, .five, .two]),
                                                     (3, [.ace, .ace, .five, .three]), (0, [.king, .king, .five, .four])]
        var totals = pegged
        for hand in hands {
            #expect(game(app).nextCount?.player == hand.player)
            app.press(.enter)
            totals[hand.player % 2] += count(hand.ranks)
            #expect(game(app).totals == totals, "\(hand)")
        }
        app.type("3478")
        app.press(.enter)
        totals[0] += count([.three, .four, .seven, .eight], crib: true)
        #expect(game(app).totals == totals && game(app).round == 2)
    }
}
