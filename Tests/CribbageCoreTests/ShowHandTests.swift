@testable import CribbageCore
import Foundation
import TestSupport
import Testing

/// The show counted from ranks and the starter, with the flush and the nobs said: the same
/// totals as the cards themselves, by an independent count; and the starter told to a game.
@Suite("The show by rank")
struct ShowHandTests {
    /// What the cards' suits add, read from the cards.
    private func suits(_ hand: Hand, rules: Rules) -> ShowHand.Suits {
        let breakdown = hand.breakdown(rules: rules)
        return ShowHand.Suits(flush: breakdown[.flush].points, nobs: breakdown[.nobs].points > 0)
    }

    @Test(arguments: [Rules.hand, .crib])
    func theRanksAndTheSuitsSaidCountAsTheCards(rules: Rules) {
        var random = SplitMix64(seed: 17)
        for _ in 0..<3_000 {
            let hand = random.hand()
            let show = ShowHand(ranks: hand.cards.map(\.rank), starter: hand.cut, rules: rules)!
            let said = suits(hand, rules: rules)
            #expect(show.choices.contains(said))
            #expect(show.choices.first == ShowHand.Suits.none)
            #expect(show.breakdown(said)?.total == referenceCount(hand.cards, cut: hand.cut, crib: rules == .crib), "\(hand)")
            // Two cards laid with their suits: the same count, and no choice their suits rule out.
            let partly = ShowHand(suited: Array(hand.cards.prefix(2)), ranks: hand.cards.dropFirst(2).map(\.rank),
                                  starter: hand.cut, rules: rules)!
            #expect(partly.breakdown(said)?.total == show.breakdown(said)?.total)
            if hand.cards[0].suit != hand.cards[1].suit { #expect(partly.choices.allSatisfy { $0.flush == 0 }) }
        }
    }

    @Test func onlyTheChoicesTheCardsAllowAreOffered() {
        let starter = Card(.five, .hearts)
        // A pair: no flush. A jack: nobs. Under crib rules a flush is five cards or none.
        let pair = ShowHand(ranks: [.five, .five, .jack, .king], starter: starter, rules: .hand)!
        #expect(pair.choices == [.none, ShowHand.Suits(flush: 0, nobs: true)])
        #expect(pair.breakdown(.none)?.total == 20)
        #expect(pair.breakdown(ShowHand.Suits(flush: 0, nobs: true))?.total == 21)
        let run = ShowHand(ranks: [.two, .three, .four, .six], starter: starter, rules: .hand)!
        #expect(run.choices.map(\.flush) == [0, 4, 5])
        let crib = ShowHand(ranks: [.two, .three, .four, .six], starter: starter, rules: .crib)!
        #expect(crib.choices.map(\.flush) == [0, 5])
        // The starter's rank in the hand: a five-card flush cannot hold it twice.
        let withFive = ShowHand(ranks: [.two, .three, .four, .five], starter: starter, rules: .hand)!
        #expect(withFive.choices.map(\.flush) == [0, 4])
        // A jack starter: no jack in the hand can be of its suit.
        let jackCut = ShowHand(ranks: [.jack, .three, .four, .six], starter: Card(.jack, .spades), rules: .hand)!
        #expect(!jackCut.choices.contains { $0.nobs })
        // Five of a rank: nothing to count; three cards: no hand.
        #expect(ShowHand(ranks: [.five, .five, .five, .king], starter: starter, rules: .hand)?.choices.count == 1)
        #expect(ShowHand(ranks: [.five, .five, .five, .five], starter: starter, rules: .hand)?.choices.isEmpty == true)
        #expect(ShowHand(ranks: [.five, .five, .five], starter: starter, rules: .hand) == nil)
    }

    @Test func theStarterToldHoldsForItsRoundThroughUndoAndTheFile() throws {
        var game = try Game(names: ["Ann", "Bob"])
        let starter = Card(.five, .diamonds)
        try game.tellStarter(starter)
        #expect(game.roundCut == starter && game.toldCut == starter)
        // Told again (a slip) before any hand shows it.
        try game.tellStarter(Card(.six, .diamonds))
        try game.tellStarter(starter)
        try game.peg(player: 1, points: 2)
        game.undo()
        #expect(game.roundCut == starter)
        // A hand counted from its cards must have it as its cut.
        #expect(throws: GameError.cutDiffers(Card(.four, .clubs), earlier: starter)) {
            try game.count(Hand([Card(.ace, .clubs), Card(.two, .clubs), Card(.three, .clubs), Card(.king, .hearts)],
                                cut: Card(.four, .clubs)))
        }
        // The file keeps it; once the round is over it is gone.
        let decoded = try JSONDecoder().decode(Game.self, from: JSONEncoder().encode(game))
        #expect(decoded.roundCut == starter && decoded == game)
        for points in [4, 4, 4] { try game.count(points: points) }
        #expect(game.round == 2 && game.roundCut == nil && game.toldCut == nil)
        // Nothing of it is left to tell a saved copy from the game (the board compares them).
        #expect(try JSONDecoder().decode(Game.self, from: JSONEncoder().encode(game)) == game)
        // After his heels only a jack can be told.
        try game.heels()
        #expect(throws: GameError.heelsWithoutAJack(cut: starter)) { try game.tellStarter(starter) }
        try game.tellStarter(Card(.jack, .clubs))
        // A game won in the round keeps it in the file, and refuses another.
        try game.correct(player: 0, points: 121 - game.totals[0])
        #expect(try JSONDecoder().decode(Game.self, from: JSONEncoder().encode(game)) == game)
        #expect(throws: GameError.self) { try game.tellStarter(Card(.jack, .spades)) }
    }

    @Test func aStarterFileThatTheRulesRefuseIsCorrupt() throws {
        var game = try Game(names: ["Ann", "Bob"])
        try game.heels()
        var json = try #require(String(data: JSONEncoder().encode(game), encoding: .utf8))
        json.removeLast()
        json += ",\"starter\":\"5D\"}"
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Game.self, from: Data(json.utf8)) }
    }
}
