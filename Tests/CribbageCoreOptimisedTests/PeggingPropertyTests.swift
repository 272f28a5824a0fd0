import TestSupport
import Testing
@testable import CribbageCore

/// The engine on seeded deals: its play on ranks follows `Play`, it only ever lays what it may,
/// it decides from what it may know, and its belief about the opponent matches dealing and
/// throwing at random.
@Suite("Pegging engine properties")
struct PeggingPropertyTests {
    /// Each six dealt to two players, thrown as the expert throws, and the cut.
    struct Deal {
        let kept: [[Card]], thrown: [[Card]], cut: Card

        /// `sixes[0]` to the pone, `sixes[1]` to the dealer.
        init(sixes: [[Card]], cut: Card) {
            let keeps = [0, 1].map { seat in
                try! DiscardAdvisor.analyze(sixes[seat], role: seat == 1 ? .dealer : .pone, opponent: .solved)
                    .ranked(for: seat == 1 ? .dealer : .pone)[0]
            }
            kept = keeps.map(\.cards)
            thrown = keeps.map(\.discard)
            self.cut = cut
        }

        init(kept: [[Card]], thrown: [[Card]], cut: Card) {
            self.kept = kept
            self.thrown = thrown
            self.cut = cut
        }

        init(seed: UInt64) {
            var generator = SplitMix64(seed: seed)
            let cards = generator.deal(13)
            self.init(sixes: [Array(cards[0..<6]), Array(cards[6..<12])], cut: cards[12])
        }

        func view(_ seat: Int, _ play: Play) throws -> PeggingView {
            try PeggingView(hand: kept[seat], discards: thrown[seat], cut: cut, seat: seat, play: play)
        }
    }

    @Test("RankPlay scores every token as Play does, and passes the turn as Play does")
    func rankPlayFollowsPlay() throws {
        for seed in 0..<UInt64(3_000) {
            var generator = SplitMix64(seed: seed)
            let dealt = generator.deal(8)
            let hands = [Array(dealt[0..<4]), Array(dealt[4..<8])]
            var play = Play(players: 2)
            while let turn = play.turn {
                let held = (0..<2).map { p in hands[p].filter { !play.laid[p].contains($0) } }
                var ranks = RankPlay(play, held: held.map { $0.map(\.rank.rawValue) })
                let fits = held[turn].filter { play.count + $0.rank.value <= 31 }
                #expect(ranks.legalRanks().count == Set(fits.map(\.rank)).count, "seed \(seed)")
                let token: PlayToken = fits.isEmpty ? .go : .card(fits[generator.below(fits.count)])
                let before = play.totals
                try play.apply(token)
                switch token {
                case .card(let card): ranks.lay(card.rank.rawValue)
                case .go: ranks.go()
                }
                #expect([ranks.points[0], ranks.points[1]] == zip(play.totals, before).map { $0 - $1 }, "seed \(seed): \(token)")
                #expect(ranks.turn == (play.turn ?? -1) && (play.isComplete || ranks.count == play.count), "seed \(seed): \(token)")
            }
        }
    }

    @Test("the engine lays only a card it holds that fits, and goes only when none does, to the end of the play")
    func alwaysLegal() throws {
        let engine = PeggingEngine()
        for seed in 0..<UInt64(150) {
            let deal = Deal(seed: seed)
            var play = Play(players: 2)
            while let turn = play.turn {
                let view = try deal.view(turn, play)
                let advice = try #require(engine.advice(for: view))
                #expect(Set(advice.options.map(\.token)) == Set(view.legalCards.isEmpty ? [.go] : view.legalCards.map(PlayToken.card)))
                if case .card(let card) = advice.best.token {
                    #expect(view.held.contains(card) && play.count + card.rank.value <= 31, "seed \(seed)")
                }
                try play.apply(advice.best.token)
            }
            #expect(play.isComplete)
        }
    }

    @Test("the same choice whatever the opponent's unseen cards: two opponents, one public history",
          arguments: [PeggingEngine(), PeggingEngine(inference: .policy(sharpness: 3, model: .pointsNow)),
                      PeggingEngine(inference: .policy(sharpness: 1, model: .open)),
                      PeggingEngine(inference: .standardPolicy, hiddenReplies: PeggingEngine.standardReplies)])
    func decidesFromWhatItMayKnow(engine: PeggingEngine) throws {
        for seed in 0..<UInt64(60) {
            var generator = SplitMix64(seed: seed)
            let cards = generator.deal(19)
            let real = Deal(sixes: [Array(cards[0..<6]), Array(cards[6..<12])], cut: cards[18])
            var play = Play(players: 2)
            let lead = try #require(engine.advice(for: real.view(0, play)))
            try play.apply(lead.best.token)
            let reply = try #require(engine.advice(for: real.view(1, play))).best.token
            guard case .card(let replied) = reply else { Issue.record("a card fits after a lead"); continue }
            try play.apply(reply)
            // Another dealer: the same reply, its other cards all different.
            let other = Deal(kept: [real.kept[0], [replied] + cards[12..<15]], thrown: [real.thrown[0], Array(cards[15..<17])],
                             cut: real.cut)
            var otherPlay = Play(players: 2)
            try otherPlay.apply(lead.best.token)
            #expect(try engine.advice(for: other.view(0, Play(players: 2))) == lead, "seed \(seed): the lead")
            try otherPlay.apply(reply)
            #expect(try engine.advice(for: other.view(0, otherPlay)) == engine.advice(for: real.view(0, play)),
                    "seed \(seed): the pone's second card")
            // Played to the score near the end, the chances to win too.
            if seed < 12 && engine == PeggingEngine() {
                let score = GameScore(mine: 105 + Int(seed), theirs: 110, target: 121)
                let advice = scoredLay(try real.view(0, play), score)
                #expect(advice.options.allSatisfy { $0.value.chances != nil })
                #expect(scoredLay(try other.view(0, otherPlay), score).options == advice.options, "seed \(seed): to the score")
            }
        }
    }

    /// The six-rank deal of six cards, by their rank counts.
    static let dealIndex: [Int: Int] = {
        let deals = SixRankDeals.shared
        var index: [Int: Int] = [:]
        for deal in 0..<deals.count {
            var code = 0
            for r in 0..<13 { code = code * 5 + Int(deals.counts[deal * 13 + r]) }
            index[code] = deal
        }
        return index
    }()

    /// The opponent's six dealt at random from what the player has not seen, thrown by the
    /// solved throw (a thrown rank's suit at random), `laid` taken from what it kept: the
    /// ranks it still holds, counted against the belief's chances.
    static func checkBelief(seen cards: [Card], opponentIsDealer: Bool, laid: Card?, samples: Int, seed: UInt64) {
        var seen = InlineArray<13, Int>(repeating: 0)
        for card in cards { seen[card.rank.order - 1] += 1 }
        let belief = PeggingBelief(seen: seen, opponentIsDealer: opponentIsDealer,
                                   laid: laid.map { [$0.rank.rawValue] } ?? [], goes: [])
        #expect(abs(belief.hands.map(\.chance).reduce(0, +) - 1) < 1e-9)
        let unseen = Card.all.filter { !cards.contains($0) }
        let policy = opponentIsDealer ? SolvedThrows.dealer : SolvedThrows.pone
        var generator = SplitMix64(seed: seed)
        var tally: [[UInt8]: Int] = [:], accepted = 0
        for _ in 0..<samples {
            var deck = unseen
            for i in 0..<6 { deck.swapAt(i, i + generator.below(deck.count - i)) }
            var six = Array(deck.prefix(6)).shuffled(using: &generator)
            var code = 0
            for r in 1...13 { code = code * 5 + six.count { $0.rank.order == r } }
            let (a, b) = SixRankDeals.pairRanks[Int(policy[dealIndex[code]!])]
            for thrown in [a, b] { six.remove(at: six.firstIndex { $0.rank.order == thrown + 1 }!) }
            if let laid {
                guard let at = six.firstIndex(of: laid) else { continue }
                six.remove(at: at)
            }
            accepted += 1
            tally[six.map(\.rank.rawValue).sorted(), default: 0] += 1
        }
        for (ranks, chance) in belief.hands.sorted(by: { $0.chance > $1.chance }).prefix(12) {
            let frequency = Double(tally[ranks] ?? 0) / Double(accepted)
            let error = (chance * (1 - chance) / Double(accepted)).squareRoot()
            #expect(abs(frequency - chance) <= 4 * error, "\(ranks): belief \(chance), dealt \(frequency) of \(accepted)")
        }
        #expect(tally.keys.allSatisfy { ranks in belief.hands.contains { $0.ranks == ranks } }, "every hand dealt is believed possible")
    }

    @Test("the belief before the play: the expert's keeps from random sixes, both roles")
    func beliefBeforeThePlay() throws {
        let mine = try ["5H", "5D", "JC", "4S", "9H", "KD", "6C"].map { try Card(parsing: $0) }
        Self.checkBelief(seen: mine, opponentIsDealer: true, laid: nil, samples: 40_000, seed: 1)
        Self.checkBelief(seen: mine, opponentIsDealer: false, laid: nil, samples: 40_000, seed: 2)
    }

    @Test("the belief after the opponent lays a card: a four with k of its rank explains it k ways")
    func beliefAfterACard() throws {
        let mine = try ["5H", "5D", "JC", "4S", "9H", "KD", "6C"].map { try Card(parsing: $0) }
        Self.checkBelief(seen: mine, opponentIsDealer: false, laid: try Card(parsing: "7S"), samples: 120_000, seed: 3)
    }

    @Test("after a go at a count, no hand believed holds a card that would have fitted")
    func beliefAfterAGo() throws {
        var seen = InlineArray<13, Int>(repeating: 0)
        for order in [5, 5, 11, 4, 9, 13, 6] { seen[order - 1] += 1 }
        let belief = PeggingBelief(seen: seen, opponentIsDealer: true, laid: [10, 8], goes: [(laid: 2, count: 24)])
        #expect(!belief.hands.isEmpty)
        #expect(belief.hands.allSatisfy { $0.ranks.count == 2 && $0.ranks.allSatisfy { RankPlay.value($0) > 7 } })
        #expect(abs(belief.hands.map(\.chance).reduce(0, +) - 1) < 1e-9)
        // A go before the cards were laid constrains the cards held then, the laid ones included.
        let early = PeggingBelief(seen: seen, opponentIsDealer: true, laid: [2], goes: [(laid: 0, count: 25)])
        #expect(early.hands.isEmpty, "a 2 fits at 25, so it cannot have been held through that go")
    }
}

extension PeggingPropertyTests {
    /// Plain minimax, every line explored: what `RankPlay.solved()`'s pruning must reproduce.
    static func minimax(_ play: RankPlay) -> InlineArray<2, Int> {
        guard play.turn >= 0 else { return play.points }
        let (ranks, n) = play.legalRanks()
        if n == 0 {
            var next = play
            next.go()
            return minimax(next)
        }
        let p = play.turn
        var best = InlineArray<2, Int>(repeating: 0), bestNet = Int.min
        for k in 0..<n {
            var next = play
            next.lay(ranks[k])
            let result = minimax(next)
            if result[p] - result[1 - p] > bestNet { (best, bestNet) = (result, result[p] - result[1 - p]) }
        }
        return best
    }

    @Test("the pruned search gives plain minimax's points for both players, from every position of random plays")
    func pruningKeepsTheLine() throws {
        for seed in 0..<UInt64(2_000) {
            var generator = SplitMix64(seed: seed)
            let dealt = generator.deal(8)
            let hands = [Array(dealt[0..<4]), Array(dealt[4..<8])]
            var play = Play(players: 2)
            while let turn = play.turn {
                let held = (0..<2).map { p in hands[p].filter { !play.laid[p].contains($0) }.map(\.rank.rawValue) }
                let position = RankPlay(play, held: held)
                let (pruned, plain) = (position.solved(), Self.minimax(position))
                #expect([pruned[0], pruned[1]] == [plain[0], plain[1]], "seed \(seed) after \(play.steps.count) tokens")
                let fits = hands[turn].filter { !play.laid[turn].contains($0) && play.count + $0.rank.value <= 31 }
                try play.apply(fits.isEmpty ? .go : .card(fits[generator.below(fits.count)]))
            }
        }
    }
}
