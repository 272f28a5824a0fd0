import TestSupport
import Testing
@testable import CribbageCore

/// Random plays for 2, 3 and 4 players: seeded deals of four cards each, and at every turn a
/// random card that fits, or go exactly when the player holds none. A failure names the seed
/// and the tokens, which `twentynine play` replays.
@Suite("Properties of random plays")
struct PlayPropertyTests {
    static let playsPerPlayerCount = 2_000

    /// What the last of `cards` scores, counted the slow way: a fifteen or 31 from the sum, pairs
    /// from the run of equal ranks at the end, and runs by sorting every tail of 3 or more cards.
    static func referenceScores(_ cards: [Card]) -> [PlayScore] {
        var scores: [PlayScore] = []
        let sum = cards.map(\.rank.value).reduce(0, +)
        if sum == 15 { scores.append(.fifteen) }
        if sum == 31 { scores.append(.thirtyOne) }
        var same = 1
        while same < cards.count && cards[cards.count - 1 - same].rank == cards[cards.count - 1].rank { same += 1 }
        if same >= 2 { scores.append([.pair, .pairRoyal, .doublePairRoyal][same - 2]) }
        let runs = (3...max(3, cards.count)).filter { length in
            guard length <= cards.count else { return false }
            let orders = cards.suffix(length).map(\.rank.order).sorted()
            return zip(orders, orders.dropFirst()).allSatisfy { $1 == $0 + 1 }
        }
        if let longest = runs.max() { scores.append(.run(length: longest)) }
        return scores
    }

    @Test("random legal plays keep every rule", arguments: [2, 3, 4])
    func randomPlays(players: Int) throws {
        for game in 0..<Self.playsPerPlayerCount {
            let seed = UInt64(players) << 32 | UInt64(game)
            var generator = SplitMix64(seed: seed)
            let dealt = generator.deal(4 * players)
            var hands = (0..<players).map { Array(dealt[($0 * 4)..<($0 * 4 + 4)]) }
            var play = Play(players: players)
            var tokens: [PlayToken] = []
            var pegged = Array(repeating: 0, count: players)
            var saidGo: Set<Int> = []
            var countLayers: [Int] = []   // who laid each card of the current count
            var countEnds = 0, closingPoints = 0, thirtyOnes = 0

            while let player = play.turn {
                let context = Comment(rawValue: "seed \(seed): twentynine play --players \(players) "
                    + tokens.map(\.description).joined(separator: " "))
                #expect(!hands[player].isEmpty && !saidGo.contains(player), context)
                let fits = hands[player].filter { play.count + $0.rank.value <= 31 }
                let token: PlayToken = fits.isEmpty ? .go : .card(fits[generator.below(fits.count)])
                let countBefore = play.countCards
                let totalsBefore = play.totals
                let pegs = try play.apply(token)
                tokens.append(token)
                let step = try #require(play.steps.last)

                #expect(step.player == player && step.token == token, context)
                #expect(step.count <= 31 && play.count <= 31, context)
                for peg in pegs { pegged[peg.player] += peg.score.points }
                #expect(zip(play.totals, totalsBefore).map { $0 - $1 }
                    == (0..<players).map { p in pegs.filter { $0.player == p }.reduce(0) { $0 + $1.score.points } },
                    context)

                switch token {
                case .card(let card):
                    hands[player].removeAll { $0 == card }
                    countLayers.append(player)
                    let own = step.scores.filter { $0 != .go && $0 != .lastCard }
                    #expect(own == Self.referenceScores(countBefore + [card]), context)
                case .go:
                    #expect(step.count >= 22, context)
                    saidGo.insert(player)
                }

                if step.endsCount {
                    countEnds += 1
                    // The count resets only at 31, or when no one holds a card that fits.
                    let noOneCanLay = hands.allSatisfy { $0.allSatisfy { step.count + $0.rank.value > 31 } }
                    #expect(step.count == 31 || noOneCanLay, context)
                    // It closes with exactly one of: 31 (2), a go or the last card (1), for the last to lay.
                    let closers = play.steps.flatMap(\.scores).filter { $0 == .go || $0 == .lastCard }.count
                    let lastLayer = try #require(countLayers.last)
                    if step.count == 31 {
                        thirtyOnes += 1
                        #expect(closers == closingPoints, context)
                    } else {
                        #expect(closers == closingPoints + 1, context)
                        let closing = play.isComplete ? PlayScore.lastCard : .go
                        #expect(pegs.last == Peg(player: lastLayer, score: closing), context)
                    }
                    closingPoints = closers
                    // The player after the last to lay, who still holds a card, leads.
                    let leader = (1...players).map { (lastLayer + $0) % players }.first { !hands[$0].isEmpty }
                    #expect(play.turn == leader, context)
                    #expect(play.count == 0 && play.countCards.isEmpty && play.saidGo.isEmpty, context)
                    saidGo = []
                    countLayers = []
                } else {
                    #expect(play.count == step.count, context)
                }
            }

            let context = Comment(rawValue: "seed \(seed)")
            #expect(play.isComplete, context)
            #expect(hands.allSatisfy { $0.isEmpty }, context)
            #expect(play.laid.flatMap { $0 }.count == dealt.count, context)
            #expect(Set(play.laid.flatMap { $0 }) == Set(dealt), "every card laid once; \(context)")
            #expect(play.totals == pegged, context)
            // The totals are the sums of the points on each step.
            #expect(play.totals == (0..<players).map { p in play.steps.filter { $0.player == p }.reduce(0) { $0 + $1.points } },
                    context)
            #expect(countEnds - thirtyOnes == closingPoints, context)
            #expect(play.steps.last?.scores.contains(.lastCard) == (play.steps.last?.count != 31), context)
        }
    }
}
