import TestSupport
import Testing
@testable import CribbageCore

/// A play from tokens in notation, `"5H 10C go 2D"`, applied in turn order.
func replay(_ tokens: String, players: Int = 2) throws -> Play {
    var play = Play(players: players)
    try play.apply(tokens.split(separator: " ").map { try PlayToken(parsing: String($0)) })
    return play
}

/// The scores of the last step of a play.
func lastScores(_ tokens: String, players: Int = 2) throws -> [PlayScore] {
    try #require(try replay(tokens, players: players).steps.last).scores
}

@Suite("The play: what one card scores")
struct PlayScoringTests {
    @Test("fifteen: the count is exactly 15, 2")
    func fifteen() throws {
        #expect(try lastScores("5H 10C") == [.fifteen])
        #expect(try lastScores("7H 8C") == [.fifteen])
        #expect(try lastScores("7H 7C") == [.pair])
    }

    @Test("thirty-one: the count is exactly 31, 2")
    func thirtyOne() throws {
        let play = try replay("KH QC 5D 6S")
        #expect(play.steps.map(\.count) == [10, 20, 25, 31])
        #expect(play.steps.last?.scores == [.thirtyOne])
        #expect(play.totals == [0, 2])
    }

    @Test("a count of 30 is not a fifteen (nor 5 or 25)")
    func thirtyIsNoFifteen() throws {
        let play = try replay("10H 8C 5D 7S")
        #expect(play.steps.map(\.count) == [10, 18, 23, 30])
        #expect(play.steps.allSatisfy { $0.scores.isEmpty })
        #expect(try lastScores("5H") == [])
        #expect(try lastScores("KH QD 5S") == [])
    }

    @Test("pairs: pair 2, pair royal 6, double pair royal 12, for cards laid one after another")
    func pairs() throws {
        let play = try replay("7H 7C 7D 7S")
        #expect(play.steps.map(\.scores) == [[], [.pair], [.pairRoyal], [.doublePairRoyal]])
        #expect(play.steps.map(\.points) == [0, 2, 6, 12])
        #expect(play.totals == [6, 14])
    }

    @Test("6 5 6 is no pair: the pair must be the card before")
    func pairMustBeAdjacent() throws {
        #expect(try lastScores("6H 5C 6D") == [])
        #expect(try lastScores("6H 6C 5D 6S") == [])
        // Four of a rank broken by another rank: only the pair at the end.
        #expect(try lastScores("4H 4C 3D 4S 4D") == [.pair])
    }

    @Test("a pair of ten-cards needs the same rank: 10 J is no pair")
    func tenCardsDoNotPair() throws {
        #expect(try lastScores("10H JC") == [])
        #expect(try lastScores("QH QC") == [.pair])
    }

    @Test("no two-card runs")
    func noTwoCardRun() throws {
        #expect(try lastScores("5H 6C") == [])
        #expect(try lastScores("KH QC") == [])
    }

    @Test("runs of 3 or more in any order; the longest counts")
    func runs() throws {
        #expect(try lastScores("4H 6C 5D") == [.fifteen, .run(length: 3)])
        #expect(try lastScores("AH 3C 2D") == [.run(length: 3)])
        #expect(try lastScores("9H 7C 8D 6S") == [.run(length: 4)])
        // Q K A wraps and is not a run.
        #expect(try lastScores("QH KC AD") == [])
    }

    @Test("3 5 4 6 2 scores a run of 3, then of 4, then of 5")
    func runsCompletedOutOfOrder() throws {
        let play = try replay("3H 5D 4S 6C 2D")
        #expect(play.steps.map(\.scores) == [[], [], [.run(length: 3)], [.run(length: 4)], [.run(length: 5)]])
        #expect(play.totals == [8, 4])
    }

    @Test("a pair inside the last cards breaks the run; only the cards since count")
    func runBrokenByPair() throws {
        #expect(try lastScores("4H 5C 5D 6S") == [])
        // 2 3 4 then 4: a pair, and no run ends at the second 4.
        #expect(try lastScores("2H 3C 4D 4S") == [.pair])
        // 5 6 7 6 5: the last three (7 6 5) are a run again.
        #expect(try lastScores("5H 6C 7D 6S 5D") == [.run(length: 3)])
    }

    @Test("31 and a run on one card: both, 2 + 3")
    func thirtyOneAndRun() throws {
        let play = try replay("10H 7C 6D 8S")
        #expect(play.steps.last?.count == 31)
        #expect(play.steps.last?.scores == [.thirtyOne, .run(length: 3)])
        #expect(play.steps.last?.points == 5)
    }

    @Test("15 and a run on one card: both, 2 + 3")
    func fifteenAndRun() throws {
        let scores = try lastScores("4H 6C 5D")
        #expect(scores == [.fifteen, .run(length: 3)])
        #expect(scores.reduce(0) { $0 + $1.points } == 5)
    }

    @Test("15 with a pair, and 31 with a pair royal")
    func countAndPairs() throws {
        #expect(try lastScores("5H 5C 5D") == [.fifteen, .pairRoyal])
        #expect(try lastScores("AH 10C 10D 10S") == [.thirtyOne, .pairRoyal])
    }

    @Test("the scores of a count's last card, without Play")
    func scoresOfCards() throws {
        #expect(PlayScore.scores(of: []) == [])
        let cards = try Card.parseAll(["3H", "5D", "4S", "6C", "2D"])
        #expect((3...5).map { PlayScore.scores(of: Array(cards.prefix($0))) }
            == [[.run(length: 3)], [.run(length: 4)], [.run(length: 5)]])
    }

    @Test("points and names of every kind")
    func pointsAndNames() {
        let kinds: [PlayScore] = [.fifteen, .thirtyOne, .pair, .pairRoyal, .doublePairRoyal, .run(length: 4), .go, .lastCard]
        #expect(kinds.map(\.points) == [2, 2, 2, 6, 12, 4, 1, 1])
        #expect(kinds.map(\.name) == [
            "fifteen", "thirty-one", "pair", "pair royal", "double pair royal", "run of 4", "go", "last card",
        ])
    }
}

@Suite("The play: turns, go, 31 and last card")
struct PlayTurnTests {
    @Test("the players take turns from player 0, the player left of the dealer")
    func turns() throws {
        var play = Play(players: 3)
        #expect(play.turn == 0)
        try play.apply(.card(Card(.two, .hearts)))
        #expect(play.turn == 1)
        try play.apply(.card(Card(.nine, .clubs)))
        #expect(play.turn == 2)
        try play.apply(.card(Card(.king, .spades)))
        #expect(play.turn == 0)
        #expect(play.steps.map(\.player) == [0, 1, 2])
        #expect(play.countCards == [Card(.two, .hearts), Card(.nine, .clubs), Card(.king, .spades)])
    }

    @Test("a go: the player is skipped; when no one can lay, the last to lay pegs 1 on that card")
    func goEndsCount() throws {
        var play = try replay("10H 10C 5D go 4S", players: 3)
        // 10 20 25, player 0 says go, player 1 lays 4S to 29.
        #expect(play.saidGo == [0])
        #expect(play.turn == 2)
        try play.apply(.go)
        #expect(play.turn == 1, "player 0 and 2 said go: player 1, who laid 4S, goes on")
        let pegs = try play.apply(.go)
        #expect(pegs == [Peg(player: 1, score: .go)])
        #expect(play.steps.map(\.scores) == [[], [.pair], [], [], [.go], [], []])
        #expect(play.steps.map(\.endsCount) == [false, false, false, false, false, false, true])
        #expect(play.count == 0)
        #expect(play.countCards.isEmpty)
        #expect(play.saidGo.isEmpty)
        #expect(play.turn == 2, "the player after the one who laid the last card leads")
        #expect(play.totals == [0, 3, 0])
    }

    @Test("the go point goes to the last to lay even when another player's go ends the count")
    func goByAnotherPlayer() throws {
        // Player 0 lays four aces, the last at 29; player 1, who has a card left, then says go.
        var play = try replay("AH KC AD KD AS 5C AC")
        #expect(play.steps.map(\.count) == [1, 11, 12, 22, 23, 28, 29])
        #expect(play.steps.allSatisfy { $0.scores.isEmpty })
        #expect(play.turn == 1)
        let pegs = try play.apply(.go)
        #expect(pegs == [Peg(player: 0, score: .go)])
        #expect(play.steps.map(\.scores).suffix(2) == [[.go], []], "the point is on AC, not on the go")
        #expect(play.count == 0)
        #expect(play.turn == 1)
        #expect(try play.apply(.card(Card(.nine, .clubs))) == [Peg(player: 1, score: .lastCard)])
        #expect(play.isComplete)
        #expect(play.totals == [1, 1])
    }

    @Test("in two-player, the opponent of a go lays on; then the go-sayer leads the next count")
    func twoPlayerGo() throws {
        var play = try replay("KH KC 5D")
        #expect(play.count == 25)
        try play.apply(.go)
        #expect(play.turn == 0, "player 1 said go; player 0 lays again")
        try play.apply(.card(Card(.four, .spades)))
        #expect(play.turn == 0)
        let pegs = try play.apply(.go)
        #expect(pegs == [Peg(player: 0, score: .go)])
        #expect(play.turn == 1)
        #expect(play.totals == [1, 2])
    }

    @Test("after 31 the count starts again, led by the next player; no go point")
    func afterThirtyOne() throws {
        let play = try replay("10H 10C JD AH", players: 3)
        #expect(play.steps.last?.scores == [.thirtyOne])
        #expect(play.count == 0)
        #expect(play.turn == 1, "player 0 made 31, so player 1 leads")
        #expect(play.totals == [2, 2, 0])
        let twoPlayer = try replay("KH QC 5D 6S")
        #expect(twoPlayer.turn == 0, "player 1 made 31, so player 0 leads")
    }

    @Test("a player who has laid four cards is skipped, also when leading after 31 or a go")
    func outOfCardsSkipped() throws {
        // Player 0 lays AH, 2H, 3H and 4H; players 1 and 2 say go at 23.
        var play = try replay("AH 10C 10D 2H go go 3H", players: 3)
        #expect(play.steps.map(\.count) == [1, 11, 21, 23, 23, 23, 26])
        #expect(play.turn == 0)
        let pegs = try play.apply(.card(Card(.four, .hearts)))
        #expect(play.laid[0].count == 4)
        #expect(pegs == [Peg(player: 0, score: .run(length: 3)), Peg(player: 0, score: .go)],
                "2 3 4 is a run at 30; player 0 is out and the others said go: 1 for the go")
        #expect(play.count == 0)
        #expect(play.turn == 1, "player 0, who laid the last card, is out: player 1 leads")
        try play.apply(.card(Card(.five, .clubs)))
        #expect(play.turn == 2)
        try play.apply(.card(Card(.six, .clubs)))
        #expect(play.turn == 1, "player 0 is skipped")
        #expect(play.turn == 1)
    }

    @Test("the last card of the play pegs 1, and the play is complete")
    func lastCard() throws {
        // Count 1: KH KC (pair) 2H go 3H 4H (run of 3, and player 0 is out: go).
        // Count 2: player 1 alone: 5C 6C 7C, a run of 3 on the last card.
        var play = try replay("KH KC 2H go 3H 4H 5C 6C")
        #expect(!play.isComplete)
        let pegs = try play.apply(.card(Card(.seven, .clubs)))
        #expect(pegs == [Peg(player: 1, score: .run(length: 3)), Peg(player: 1, score: .lastCard)])
        #expect(play.isComplete)
        #expect(play.turn == nil)
        #expect(play.totals == [4, 6])
        #expect(play.steps.last?.endsCount == true)
    }

    @Test("15 on the last card scores 3: fifteen and last")
    func fifteenOnLastCard() throws {
        // Count 1: 10H JC QD (run), go, AH makes 31. Count 2: 2C 3D, then player 1 alone 6S 4S.
        let play = try replay("10H JC QD go AH 2C 3D 6S 4S")
        #expect(play.isComplete)
        #expect(play.steps.last?.count == 15)
        #expect(play.steps.last?.scores == [.fifteen, .lastCard])
        #expect(play.steps.last?.points == 3)
    }

    @Test("31 on the last card scores 2, not 3")
    func thirtyOneOnLastCard() throws {
        // Count 1: 10H 10C 10D (pair, pair royal), go, AH makes 31. Count 2: 9C JS 7C 5S.
        let play = try replay("10H 10C 10D go AH 9C JS 7C 5S")
        #expect(play.isComplete)
        #expect(play.steps.last?.count == 31)
        #expect(play.steps.last?.scores == [.thirtyOne])
        #expect(play.steps.last?.points == 2)
        #expect(play.totals == [6 + 2, 2 + 2])
    }

    @Test("complete means every player has laid four cards, with 2, 3 and 4 players", arguments: [2, 3, 4])
    func complete(players: Int) throws {
        // Low cards in rank order by suit: every count stays small, no go is needed.
        var play = Play(players: players)
        let cards = Rank.allCases.prefix(4).flatMap { rank in Suit.allCases.map { Card(rank, $0) } }
        for card in cards.prefix(4 * players) {
            #expect(!play.isComplete)
            while play.count + card.rank.value > 31 { try play.apply(.go) }
            try play.apply(.card(card))
        }
        #expect(play.isComplete)
        #expect(play.laid.allSatisfy { $0.count == 4 })
        #expect(play.steps.last?.scores.last == .lastCard)
    }

    @Test("four players: partners 0 and 2 against 1 and 3")
    func partnerships() throws {
        let play = try replay("5H 10C 5D 5S 5C", players: 4)
        #expect(play.steps.map(\.count) == [5, 15, 20, 25, 30])
        #expect(play.totals == [6, 2, 0, 2])
        #expect(play.partnershipTotals == [6, 4])
        #expect(try replay("5H", players: 3).partnershipTotals == nil)
    }
}

@Suite("The play: tokens that cannot come next")
struct PlayErrorTests {
    @Test("a card that would pass 31, with the count")
    func passesThirtyOne() throws {
        var play = try replay("KH QC 5D")
        #expect(throws: PlayError.passesThirtyOne(Card(.seven, .spades), count: 25)) {
            try play.apply(.card(Card(.seven, .spades)))
        }
        #expect(play.count == 25, "a refused token changes nothing")
        #expect(play.steps.count == 3)
        try play.apply(.card(Card(.six, .spades)))
        #expect(play.steps.last?.count == 31)
    }

    @Test("go while a card fits: illegal at 21 or less, legal from 22")
    func goWhileACardFits() throws {
        var empty = Play(players: 2)
        #expect(throws: PlayError.goWhileACardFits(count: 0)) { try empty.apply(.go) }
        var atTwentyOne = try replay("KH AC QD")
        #expect(atTwentyOne.count == 21)
        #expect(throws: PlayError.goWhileACardFits(count: 21)) { try atTwentyOne.apply(.go) }
        var atTwentyTwo = try replay("KH 2C QD")
        #expect(atTwentyTwo.count == 22)
        #expect(try atTwentyTwo.apply(.go) == [])
        #expect(atTwentyTwo.saidGo == [1])
        #expect(atTwentyTwo.turn == 0)
    }

    @Test("a card laid twice, by either player")
    func laidTwice() throws {
        var play = try replay("5H 6C")
        #expect(throws: PlayError.alreadyLaid(Card(.five, .hearts), player: 0)) { try play.apply(.card(Card(.five, .hearts))) }
        #expect(throws: PlayError.alreadyLaid(Card(.six, .clubs), player: 1)) { try play.apply(.card(Card(.six, .clubs))) }
    }

    @Test("anything after the play is complete: a card (which would be a fifth) or a go")
    func afterComplete() throws {
        var play = try replay("KH KC 2H go 3H 4H 5C 6C 7C")
        #expect(play.isComplete)
        #expect(throws: PlayError.complete(.card(Card(.eight, .clubs)))) { try play.apply(.card(Card(.eight, .clubs))) }
        #expect(throws: PlayError.complete(.go)) { try play.apply(.go) }
        #expect(PlayError.complete(.card(Card(.eight, .clubs))).description.contains("8C would be a fifth"))
    }

    @Test("tokens in notation: go in any case, cards as anywhere else")
    func parsing() throws {
        #expect(try PlayToken(parsing: "go") == .go)
        #expect(try PlayToken(parsing: "GO") == .go)
        #expect(try PlayToken(parsing: "10d") == .card(Card(.ten, .diamonds)))
        #expect(throws: CardParseError(token: "gone")) { try PlayToken(parsing: "gone") }
        #expect(throws: CardParseError(token: "5X")) { try PlayToken(parsing: "5X") }
    }

    @Test("each error names the count, the card or the player")
    func descriptions() {
        #expect(PlayError.passesThirtyOne(Card(.king, .hearts), count: 25).description
            == "KH would pass 31: the count is 25 and KH counts 10, so only a card of 6 or less fits (or go)")
        #expect(PlayError.goWhileACardFits(count: 21).description.hasPrefix("go at a count of 21"))
        #expect(PlayError.alreadyLaid(Card(.five, .hearts), player: 1).description.contains("by player 2"))
    }
}
