import TestSupport
import Testing
@testable import CribbageCore

/// A game kept on the board reviewed from the cards it knows: the plays graded as the table's are,
/// typed counts checked against the cards, and what cannot be graded said.
@Suite("The review of a board game", .tags(.solver), .slow)
struct BoardReviewTests {
    static let limit = Limit(searchedHands: 16, playedHands: 32, figures: .everything)

    @Test("every card laid is graded from what its player knew; a hand typed short is missed points; the throws and a typed crib not graded")
    func cardsGradedAndCountsChecked() throws {
        var game = try Game(seating: .twoPlayers, dealer: 0)
        try game.tellStarter(Card(parsing: "5S"))
        let pone = ["10C", "JD", "QH", "5H"], dealer = ["2C", "3D", "4H", "6S"]
        try game.layRound([1: pone, 0: dealer])
        // The pone types 12 for a hand of 17; the dealer counts from the cards; the crib typed.
        let poneHand = try Hand(Card.parseAll(pone), cut: Card(parsing: "5S"))
        #expect(poneHand.breakdown(rules: .hand).total == 17)
        try game.count(points: 12)
        try game.count(Hand(Card.parseAll(dealer), cut: Card(parsing: "5S")))
        try game.count(points: 4)

        let review = BoardReview(game, limit: Self.limit)
        let laid = try #require(game.play(ofRound: 1)?.play(players: 2))
        let cardSteps = laid.steps.filter { if case .card = $0.token { true } else { false } }
        #expect(review.decisions.count == cardSteps.count && cardSteps.count == 8)
        for graded in review.decisions {
            guard case .lay(let view, let score?) = graded.point.decision else { Issue.record("not a lay"); continue }
            // What its player knew: its own four, the starter, the cards laid before; nothing else.
            #expect(view.hand == laid.laid[view.seat] && view.discards.isEmpty && view.cut == Card(.five, .spades))
            #expect(view.play.steps.count == graded.point.index)
            #expect(graded.chosen != nil && graded.loss >= 0 && score.target == 121)
            #expect(graded.point.seat == (view.seat + 1) % 2)
        }
        // The scores before a card: the pegs before it, not its own.
        let second = try #require(review.decisions.first { $0.point.index == 1 })
        if case .lay(_, let score?) = second.point.decision { #expect(score.mine == 0 && score.theirs == 0) }
        #expect(review.counts == [BoardReview.CountCheck(round: 1, seat: 1, typed: 12, cardsMake: [17], hand: poneHand)])
        #expect(review.counts.first?.missed == 5)
        #expect(review.notGraded.contains { $0.hasPrefix("the throws") })
        #expect(review.notGraded.contains { $0.hasPrefix("the cribs typed") })
        #expect(review.side(0).decisions.count == 4 && review.side(1).decisions.count == 4)
    }

    @Test("a peg-out left in the hand on the board is a missed win")
    func pegOutLeftIsMissedWin() throws {
        var game = try Game(seating: .twoPlayers, dealer: 0)
        try game.correct(player: 1, points: 117)
        try game.tellStarter(Card(parsing: "2C"))
        // The pone leads 7, the dealer 4 for 11: the pone's 4 makes fifteen and a pair (4 to 121),
        // but the pone lays the king.
        try game.layRound([1: ["7H", "KS", "4C", "QD"], 0: ["4D", "3S", "8H", "9C"]])
        #expect(!game.isOver && game.play(ofRound: 1)?.play(players: 2)?.isComplete == true)
        let review = BoardReview(game, limit: Self.limit)
        let missed = try #require(review.decisions.first { $0.point.index == 2 })
        #expect(missed.point.seat == 1 && missed.label == .missedWin)
        #expect(missed.best.token == .card(Card(.four, .clubs)))
    }

    @Test("a game under way: the play of this round, not every card laid yet, is said so (not as a game ended), its cards not graded")
    func playUnderWay() throws {
        var game = try Game(seating: .twoPlayers, dealer: 0)
        try game.tellStarter(Card(parsing: "5S"))
        game.roundPlay = Game.RoundPlay(round: 1, tokens: [.card(try Card(parsing: "10C")), .card(try Card(parsing: "2C"))], entries: [:])
        let plan = BoardReview.Plan(game)
        #expect(plan.points.isEmpty && plan.counts.isEmpty)
        #expect(plan.notGraded.contains("the play of deal 1: not every card is laid yet"), "\(plan.notGraded)")
    }

    @Test("a round whose starter was not told, and a card laid by rank alone")
    func starterNotToldAndRankAlone() throws {
        var game = try Game(seating: .twoPlayers, dealer: 1)
        try game.layRound([0: ["10C", "JD", "QH", "5H"], 1: ["2C", "3D", "4H", "6S"]])
        try game.count(points: 2)
        let review = BoardReview(game, limit: Self.limit)
        #expect(review.decisions.isEmpty && review.counts.isEmpty)
        #expect(review.notGraded.contains("the play of deal 1: the starter was not told"))

        // With the starter told and the pone's 5 laid by rank alone: its hand could be a flush or
        // not, so a typed count is checked against every count the suits allow.
        var told = try Game(seating: .twoPlayers, dealer: 1)
        try told.tellStarter(Card(parsing: "9S"))
        try told.layRound([0: ["10H", "JH", "QH", "5H"], 1: ["2C", "3D", "4H", "6S"]])
        let kept = try #require(told.play(ofRound: 1))
        let five = try #require(kept.tokens.firstIndex(of: .card(Card(.five, .hearts))))
        told.roundPlay = Game.RoundPlay(round: 1, tokens: kept.tokens, entries: kept.entries, unsuited: [five])
        try told.count(points: 1)
        let checked = BoardReview(told, limit: Self.limit)
        let check = try #require(checked.counts.first)
        #expect(check.cardsMake.count == 2 && check.cardsMake[1] == check.cardsMake[0] + 4)
        #expect(check.missed == check.cardsMake[0] - 1)
    }

    @Test("cards laid by rank alone are ranks in the review, never a suit the board was not told; a crib counted from its ranks is named as counted")
    func ranksWhereOnlyRanksAreKnown() throws {
        var game = try Game(target: .short, names: ["Ann", "Bob"])
        try game.tellStarter(Card(parsing: "5D"))
        let tokens = try ["10D", "10C", "5C", "go", "go", "KD", "5S", "6D", "JS", "2D"].map { try PlayToken(parsing: $0) }
        let unsuited: Set<Int> = [0, 1, 2, 5, 6, 7, 8, 9]
        game.roundPlay = Game.RoundPlay(round: 1, tokens: tokens, unsuited: unsuited)
        try game.count(fromTheCards: .none)
        try game.count(points: 4)
        try game.count(fromTheCards: .none, cribRanks: [.three, .four, .nine, .queen])
        let plan = BoardReview.Plan(game)
        let laid = Set(unsuited.compactMap { index -> Card? in if case .card(let card) = tokens[index] { card } else { nil } })
        let rankOnly = try #require(plan.rankOnly[1])
        #expect(rankOnly == laid)
        for card in laid { #expect(BoardReview.Words.card(card, rankOnly: rankOnly, write: \.description) == card.rank.notation) }
        // The starter, told with its suit, keeps it.
        #expect(BoardReview.Words.card(Card(.five, .diamonds), rankOnly: rankOnly, write: \.description) == "5D")
        // The crib counted from its ranks is named, and not among what cannot be graded.
        let crib = try #require(game.log.last)
        #expect(plan.cribsFromRanks == ["\(game.names[crib.player])'s crib of deal 1 (3 4 9 Q), \(crib.points)"])
        #expect(!plan.notGraded.contains { $0.hasPrefix("the cribs typed") }, "\(plan.notGraded)")
    }
}
