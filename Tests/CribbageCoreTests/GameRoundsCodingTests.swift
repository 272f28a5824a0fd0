@testable import CribbageCore
import Foundation
import Testing

/// What the board knew of each round, in the game's file: the starter, the cards laid in the
/// play (as cards or ranks, with the goes and the steps' entries), the counts made from the
/// cards. Read back through the same rules, round by round.
@Suite("Game: each round's cards in the file")
struct GameRoundsCodingTests {
    private func card(_ text: String) -> Card { try! Card(parsing: text) }

    /// Round 1 from the cards: the starter 5♦, a play laid by rank (Bob 10 5 5 J, Ann 10 K 6 2),
    /// Bob's hand from the cards, Ann's typed, the crib from its ranks; round 2 under way, a
    /// jack told and his heels, two cards laid with their suits.
    private func game() throws -> Game {
        var game = try Game(target: .short, names: ["Ann", "Bob"])
        try game.tellStarter(card("5D"))
        let tokens = ["10D", "10C", "5C", "go", "go", "KD", "5S", "6D", "JS", "2D"].map { try! PlayToken(parsing: $0) }
        try game.peg(player: 1, points: 1, reasons: [.go])
        try game.peg(player: 1, points: 2, reasons: [.fifteen])
        try game.peg(player: 1, points: 2, reasons: [.thirtyOne])
        try game.peg(player: 0, points: 1, reasons: [.lastCard])
        game.roundPlay = Game.RoundPlay(round: 1, tokens: tokens, entries: [4: 0, 6: 1, 8: 2, 9: 3],
                                        unsuited: [0, 1, 2, 5, 6, 7, 8, 9])
        try game.count(fromTheCards: .none)
        try game.count(points: 4)
        try game.count(fromTheCards: .none, cribRanks: [.three, .four, .nine, .queen])
        try game.tellStarter(card("JH"))
        try game.heels()
        game.roundPlay = Game.RoundPlay(round: 2, tokens: [.card(card("4C")), .card(card("KS"))])
        return game
    }

    private func encoded(_ game: Game) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(game), as: UTF8.self)
    }

    @Test func everyRoundsCardsSurviveTheRoundTrip() throws {
        let game = try game()
        let text = try encoded(game)
        #expect(text.contains(#""rounds":[{"play":{"entries":[[4,0],[6,1],[8,2],[9,3]],"round":1,"#), "\(text)")
        #expect(text.contains(#""round":1,"starter":"5D"},{"play":{"entries":[],"round":2,"tokens":["4C","KS"]},"round":2,"starter":"JH"}]"#))
        #expect(text.contains(#""shows":[{"entry":4,"flush":0,"nobs":false},{"crib":["3","4","9","Q"],"entry":6,"flush":0,"nobs":false}]"#))
        #expect(!text.contains(#""starter":"JH"}"#) || !text.contains(#","starter":"JH","#))
        let decoded = try JSONDecoder().decode(Game.self, from: Data(text.utf8))
        #expect(decoded == game)
        #expect(decoded.play(ofRound: 1)?.tokens.count == 10 && decoded.starter(ofRound: 1) == card("5D"))
        #expect(decoded.shown(atEntry: 6)?.cribRanks == [.three, .four, .nine, .queen])
    }

    /// A version 2 file (the current round's starter and play in progress at the top) still reads.
    @Test func aVersionTwoGameStillReads() throws {
        let text = #"""
            {"seating": "twoPlayers", "players": ["Ann", "Bob"], "target": 61, "firstDealer": 1,
             "matchPoints": {"win": 1, "skunk": 2, "doubleSkunk": 3},
             "log": [{"round": 1, "player": 1, "side": 1, "points": 2, "for": "play", "reasons": ["fifteen"], "totals": [2, 0]}],
             "play": {"round": 1, "tokens": ["5H", "10C"], "entries": [[1, 0]]}, "starter": "7D"}
            """#
        let game = try JSONDecoder().decode(Game.self, from: Data(text.utf8))
        #expect(game.toldCut == card("7D"))
        #expect(game.roundPlay == Game.RoundPlay(round: 1, tokens: [.card(card("5H")), .card(card("10C"))], entries: [1: 0]))
    }

    /// Kept cards the rules refuse make the file corrupt, as a log that does not add up does.
    @Test(arguments: [
        // Round 1's starter is a card its play laid with its suit.
        (#""starter":"5D"},{"play""#, #""starter":"2D"},{"play""#, "round 1"),
        // Round 2's starter is not a jack, and his heels was scored.
        (#""starter":"JH"}"#, #""starter":"7H"}"#, "his heels"),
        // Bob's hand from the cards with a flush its cards cannot hold.
        (#"{"entry":4,"flush":0"#, #"{"entry":4,"flush":4"#, "cannot hold"),
        // A count from the cards where a typed one was scored: it does not add up.
        (#"{"entry":4,"#, #"{"entry":3,"#, "does not add up"),
        // The crib's ranks: a fifth five.
        (#""crib":["3","4","9","Q"]"#, #""crib":["5","5","9","Q"]"#, "all four 5s"),
        // A step linked to an entry that is not its peg.
        (#"[[4,0],[6,1]"#, #"[[4,5],[6,1]"#, "not its peg"),
        // A round kept past the log.
        (#""starter":"JH"}]"#, #""starter":"JH"},{"round":3,"starter":"2C"}]"#, "the log reaches round 2"),
    ])
    func keptCardsTheRulesRefuseAreCorrupt(original: String, replacement: String, complaint: String) throws {
        let text = try encoded(game())
        #expect(text.contains(original), "\(text)")
        let tampered = Data(text.replacingOccurrences(of: original, with: replacement).utf8)
        do {
            _ = try JSONDecoder().decode(Game.self, from: tampered)
            Issue.record("decoded tampered cards: \(replacement)")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains(complaint), "\(context.debugDescription)")
        }
    }
}
