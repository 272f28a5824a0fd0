import Testing
@testable import CribbageCore

@Suite("Pegging engine")
struct PeggingEngineTests {
    /// A two-player view for the player at `seat` (0 the pone, 1 the dealer) after `tokens`.
    static func view(_ hand: String, throwing discards: String, cut: String, seat: Int,
                     after tokens: String = "", players: Int = 2) throws -> PeggingView {
        var play = Play(players: players)
        for token in tokens.split(separator: " ") { try play.apply(PlayToken(parsing: String(token))) }
        return try PeggingView(hand: cards(hand), discards: cards(discards), cut: Card(parsing: cut), seat: seat, play: play)
    }

    static func cards(_ text: String) throws -> [Card] { try text.split(separator: " ").map { try Card(parsing: String($0)) } }

    static func best(_ view: PeggingView) throws -> PlayToken { try #require(PeggingEngine().advice(for: view)).best.token }

    static func card(_ text: String) throws -> PlayToken { .card(try Card(parsing: text)) }

    // MARK: Worked decisions

    @Test("a fifteen on a king's lead, rather than pairing it or throwing a nine")
    func takesTheFifteen() throws {
        let view = try Self.view("5H 9C 9D KS", throwing: "2C 3D", cut: "7H", seat: 1, after: "KD")
        #expect(try Self.best(view) == Self.card("5H"))
    }

    @Test("31 for 2 and no go for the opponent, rather than 26")
    func takesThirtyOne() throws {
        let view = try Self.view("7H 4C 2D QS", throwing: "2C 3D", cut: "AH", seat: 1, after: "KD 4C JS")
        let advice = try #require(PeggingEngine().advice(for: view))
        #expect(advice.best.token == (try Self.card("7H")))
        #expect(advice.options.map(\.token) == [try Self.card("7H"), try Self.card("2D")], "the queen does not fit at 24")
        #expect(advice.best.mine >= 2, "the 31 itself is 2 of its points")
    }

    @Test("a pair royal for 6 when the opponent pairs the lead")
    func takesThePairRoyal() throws {
        let view = try Self.view("4H 4S JD QS", throwing: "2C 3D", cut: "AH", seat: 0, after: "4S 4D")
        let advice = try #require(PeggingEngine().advice(for: view))
        #expect(advice.best.token == (try Self.card("4H")))
        #expect(advice.best.mine >= 6)
    }

    @Test("the lead is not the five, which a ten-card makes fifteen")
    func doesNotLeadTheFive() throws {
        let view = try Self.view("5H KC 3D 8S", throwing: "2C 6D", cut: "AH", seat: 0)
        let advice = try #require(PeggingEngine().advice(for: view))
        #expect(advice.best.token != (try Self.card("5H")))
        #expect(advice.options.count == 4)
    }

    @Test("no 21 for the opponent to make 31 with a ten-card: the seven is the worst card at 14")
    func doesNotLeaveTwentyOne() throws {
        let view = try Self.view("7H 2C JD 4S", throwing: "3C 6D", cut: "AH", seat: 0, after: "4S QD")
        let advice = try #require(PeggingEngine().advice(for: view))
        #expect(advice.options.last?.token == (try Self.card("7H")))
    }

    @Test("go, and only go, when no card fits; nothing when it is the other player's turn")
    func goWhenNothingFits() throws {
        let view = try Self.view("KH QC 9D 9S", throwing: "2C 6D", cut: "AH", seat: 0, after: "KH 5D 9D 3C")
        let advice = try #require(PeggingEngine().advice(for: view))
        #expect(advice.options.map(\.token) == [.go])
        let waiting = try Self.view("KH QC 9D 9S", throwing: "2C 6D", cut: "AH", seat: 0, after: "KH")
        #expect(PeggingEngine().advice(for: waiting) == nil)
    }

    @Test("every option's net is mine − theirs, cards of a rank get the same numbers, best first")
    func optionsCarryTheirNumbers() throws {
        let view = try Self.view("5H 9C 9D KS", throwing: "2C 3D", cut: "7H", seat: 1, after: "KD")
        let advice = try #require(PeggingEngine().advice(for: view))
        #expect(Set(advice.options.map(\.token)) == Set(try Self.cards("5H 9C 9D KS").map(PlayToken.card)))
        let nines = advice.options.filter { if case .card(let card) = $0.token { card.rank == .nine } else { false } }
        #expect(nines.count == 2 && nines[0].mine == nines[1].mine && nines[0].theirs == nines[1].theirs)
        #expect(zip(advice.options, advice.options.dropFirst()).allSatisfy { $0.net >= $1.net })
        #expect(advice.options.allSatisfy { $0.mine >= 0 && $0.theirs >= 0 && $0.mine <= 31 && $0.theirs <= 31 })
        guard case .search(let solved, let possible) = advice.method else { Issue.record("two players search"); return }
        #expect(solved <= 48 && solved <= possible)
    }

    @Test("a go said while a card fitted (Play cannot know): the engine still weighs some hands, dropping the goes")
    func dishonestGo() throws {
        // The dealer said go at 25, then led a 2 it must have held.
        let view = try Self.view("KH 5D 4S 9S", throwing: "2S 3D", cut: "AH", seat: 0, after: "KH QC 5D go 4S go 2C")
        let advice = try #require(PeggingEngine().advice(for: view))
        guard case .search(let solved, let possible) = advice.method else { Issue.record("two players search"); return }
        #expect(solved > 0 && possible > 0)
        #expect(advice.options.contains { $0.mine + $0.theirs > 0 })
    }

    @Test("without the expert's throw, every four of the unseen cards weighs the ways to deal it")
    func anyFour() {
        var seen = InlineArray<13, Int>(repeating: 0)
        for order in [5, 5, 5, 5, 11, 4, 9] { seen[order - 1] += 1 }
        let belief = PeggingBelief(seen: seen, opponentIsDealer: true, laid: [], goes: [], thrownAsExpert: false)
        #expect(belief.hands.allSatisfy { !$0.ranks.contains(5) }, "no five is unseen")
        // 45 unseen cards: C(45, 4) fours; K K K K is 1 of them, J J 9 9 is C(3,2) · C(3,2) = 9.
        let total = 148_995.0
        #expect(abs(belief.hands.first { $0.ranks == [13, 13, 13, 13] }!.chance - 1 / total) < 1e-12)
        #expect(abs(belief.hands.first { $0.ranks == [9, 9, 11, 11] }!.chance - 9 / total) < 1e-12)
    }

    // MARK: Three and four players

    @Test("three and four players, the greedy rule: the most points now, then not leaving 5 or 21")
    func greedyForMorePlayers() throws {
        // Three players, the dealer (seat 2) after 7C and 8D: the count is 15.
        let pair = try Self.view("8H 2S 2D QS", throwing: "4C", cut: "AH", seat: 2, after: "7C 8D", players: 3)
        let advice = try #require(PeggingEngine.greedyAdvice(for: pair))
        #expect(advice.method == .greedy)
        #expect(advice.best.token == (try Self.card("8H")) && advice.best.mine == 2, "the pair")
        #expect(advice.options.map(\.theirs) == [0, 0, 0, 0])
        // Four players, seat 1 after a 10: 5 makes 15 (2); at a lead of 2, the 3 would leave 5.
        let fifteen = try Self.view("5H 3C 9D KS", throwing: "4C", cut: "AH", seat: 1, after: "10C", players: 4)
        #expect(PeggingEngine.greedyAdvice(for: fifteen)?.best.token == (try Self.card("5H")))
        let safe = try Self.view("3H 9C AD 4S", throwing: "4C", cut: "AH", seat: 1, after: "2C", players: 4)
        let options = try #require(PeggingEngine.greedyAdvice(for: safe)).options
        #expect(options.first?.token == (try Self.card("9C")), "highest card that scores nothing and is safe")
        #expect(options.last?.token == (try Self.card("3H")), "3 leaves 5")
    }

    @Test("three and four players, the engine: every legal card with its side's and the others' points to the end of the play, best net first")
    func sampledForMorePlayers() throws {
        for view in [try Self.view("8H 2S 2D QS", throwing: "4C", cut: "AH", seat: 2, after: "7C 8D", players: 3),
                     try Self.view("3H 9C AD 4S", throwing: "4C", cut: "AH", seat: 1, after: "2C", players: 4)] {
            let advice = try #require(PeggingEngine().advice(for: view))
            #expect(advice.method == .sampled(deals: 2 * PeggingEngine.standardHands))
            #expect(Set(advice.options.map(\.token)) == Set(view.legalCards.map(PlayToken.card)))
            #expect(zip(advice.options, advice.options.dropFirst()).allSatisfy { $0.net >= $1.net })
            // Cards of a rank alike: the same numbers.
            for option in advice.options {
                guard case .card(let card) = option.token else { continue }
                let twin = advice.options.first { if case .card(let other) = $0.token { other.rank == card.rank } else { false } }!
                #expect(twin.mine == option.mine && twin.theirs == option.theirs)
            }
        }
        // A fifteen on a ten with four players: the search takes the two points too.
        let fifteen = try Self.view("5H 3C 9D KS", throwing: "4C", cut: "AH", seat: 1, after: "10C", players: 4)
        #expect(try Self.best(fifteen) == Self.card("5H"))
    }

    // MARK: The view

    @Test("a view that cannot be what a player sees is refused, naming the card")
    func impossibleViews() throws {
        #expect(throws: PeggingViewError.laidCardNotKept(try Card(parsing: "10C"), player: 1)) {
            try Self.view("7H 4C 2D QS", throwing: "2C 3D", cut: "AH", seat: 1, after: "KD 10C")
        }
        #expect(throws: PeggingViewError.yourCardLaidByAnother(try Card(parsing: "2C"), player: 0)) {
            try Self.view("7H 4C 2D QS", throwing: "2C 3D", cut: "AH", seat: 1, after: "2C")
        }
        #expect(throws: PeggingViewError.cardTwice(try Card(parsing: "7H"))) {
            try Self.view("7H 4C 2D QS", throwing: "2C 3D", cut: "7H", seat: 1)
        }
        #expect(throws: PeggingViewError.wrongDiscardCount(1, expected: 2)) {
            try Self.view("7H 4C 2D QS", throwing: "2C", cut: "AH", seat: 1)
        }
        #expect(throws: PeggingViewError.noSuchSeat(2, players: 2)) {
            try Self.view("7H 4C 2D QS", throwing: "2C 3D", cut: "AH", seat: 2)
        }
    }

    @Test("systematic sampling: every hand when there are few, else K evenly spaced points; weights sum to 1")
    func sampling() {
        let few = PeggingEngine.sample([0.5, 0.25, 0.25], size: 4)
        #expect(few.map(\.index) == [0, 1, 2] && few.map(\.weight) == [0.5, 0.25, 0.25])
        let many = PeggingEngine.sample([0.5, 0.1, 0.1, 0.1, 0.1, 0.1], size: 4)
        #expect(many.map(\.index) == [0, 2, 4], "points 1/8, 3/8, 5/8, 7/8 of the cumulative chances")
        #expect(many.map(\.weight) == [0.5, 0.25, 0.25])
        let spread = PeggingEngine.sample((0..<100).map { _ in 0.01 }, size: 10)
        #expect(spread.count == 10 && abs(spread.map(\.weight).reduce(0, +) - 1) < 1e-12)
    }

    // MARK: Policy-weighted inference

    /// The share of a sample's weight on hands holding a card of `rank`.
    static func share(_ sample: [(index: Int, weight: Double)], _ belief: PeggingBelief, rank: Rank) -> Double {
        sample.reduce(0) { $0 + (belief.hands[$1.index].ranks.contains(rank.rawValue) ? $1.weight : 0) }
    }

    @Test("a nine laid on a four, which a four would have paired for 2: the hands holding a four weigh less, by the softmax")
    func weighsHandsByWhatTheOpponentLaid() throws {
        let view = try Self.view("4S 8H JD KC", throwing: "2C 3D", cut: "AH", seat: 0, after: "4S 9D")
        let belief = PeggingEngine.belief(for: view)
        let lays = try #require(PeggingEngine.opponentLays(view))
        #expect(lays.count == 1 && lays[0].rank == Rank.nine.rawValue && lays[0].laterTheirs == [Rank.nine.rawValue])
        #expect(lays[0].laterMine.isEmpty, "the player has laid nothing since")
        #expect(lays[0].play.steps.count == 1, "the play before the nine: the four led")
        let consistent = PeggingEngine.sample(belief.hands.map(\.chance), size: 48)
        func weighed(_ sharpness: Double) -> [(index: Int, weight: Double)] {
            PeggingEngine.weighed(belief, lays: lays, view: view, sharpness: sharpness, model: .pointsNow, size: 48, memo: LineMemo())
        }
        let flat = weighed(0), sharp = weighed(3)
        #expect(flat.map(\.index) == consistent.map(\.index), "the same hands, weighed again")
        // No sharpness: a rank at random among those that fit, over the cards held of the rank laid.
        let ratios = zip(flat, consistent).map { weighed, plain in
            let ranks = belief.hands[plain.index].ranks + [Rank.nine.rawValue]
            let fit = Set(ranks.filter { RankPlay.value($0) + 4 <= 31 }).count
            let nines = ranks.count { $0 == Rank.nine.rawValue }
            return weighed.weight / plain.weight * Double(fit * nines)
        }
        #expect(ratios.allSatisfy { abs($0 - ratios[0]) < 1e-9 }, "the same factor for every hand, up to normalising")
        #expect(abs(sharp.map(\.weight).reduce(0, +) - 1) < 1e-12)
        let (before, after) = (Self.share(consistent, belief, rank: .four), Self.share(sharp, belief, rank: .four))
        #expect(before > 0.05 && after < before / 4, "a four's 2 points passed up: e^(−6) of the weight, before normalising (\(before) → \(after))")
        // A hand of another rank keeps its weight relative to the others without a four.
        let kings = (Self.share(consistent, belief, rank: .king), Self.share(sharp, belief, rank: .king))
        #expect(kings.1 > kings.0, "the weight the fours lose goes to the rest")
    }

    @Test("policy-weighted inference changes nothing before the opponent has laid a card")
    func noLaysNoWeights() throws {
        let view = try Self.view("5H KC 3D 8S", throwing: "2C 6D", cut: "AH", seat: 0)
        #expect(PeggingEngine.opponentLays(view) == nil)
        let policy = PeggingEngine(inference: .policy(sharpness: 3, model: .pointsNow))
        #expect(policy.advice(for: view) == PeggingEngine().advice(for: view))
    }

    // MARK: Hidden replies

    @Test("a hidden reply reads the player's cards only through how many it holds: other cards, the same reply")
    func hiddenRepliesDoNotSeeThePlayersCards() throws {
        var checked = 0
        for seed in 0..<UInt64(40) {
            var generator = SplitMix64(seed: seed)
            let cards = generator.deal(13)
            let (mine, other, theirs, cut) = (Array(cards[0..<4]), Array(cards[4..<8]), Array(cards[8..<12]), cards[12])
            // The player leads a card of its four; the opponent (the dealer) replies.
            let view = try PeggingView(hand: mine, discards: [], cut: cut, seat: 0, play: Play(players: 2))
            let lead = mine[0].rank.rawValue
            func reply(_ held: [Card]) -> UInt8? {
                var next = RankPlay(Play(players: 2), held: [[lead] + held.dropFirst().map(\.rank.rawValue), theirs.map(\.rank.rawValue)])
                next.lay(lead)
                return PeggingEngine.hiddenReplyRank(next, seat: 0, view: view, laying: lead, samples: 8, memo: LineMemo(), replies: nil)
            }
            let (real, swapped) = (reply(mine), reply([mine[0]] + other.dropFirst()))
            #expect(real == swapped, "seed \(seed): the reply changed with the player's unseen cards")
            if real != nil { checked += 1 }
        }
        #expect(checked > 20, "most leads leave the opponent a choice")
    }

    @Test("the replies kept: found again whatever the player's other cards, and the same as found afresh")
    func hiddenRepliesKept() throws {
        let replies = ReplyMemo()
        var found = 0
        for seed in 100..<UInt64(130) {
            var generator = SplitMix64(seed: seed)
            let cards = generator.deal(13)
            let (mine, other, theirs, cut) = (Array(cards[0..<4]), Array(cards[4..<8]), Array(cards[8..<12]), cards[12])
            let view = try PeggingView(hand: mine, discards: [], cut: cut, seat: 0, play: Play(players: 2))
            let lead = mine[0].rank.rawValue
            func next(_ held: [Card]) -> RankPlay {
                var next = RankPlay(Play(players: 2), held: [[lead] + held.dropFirst().map(\.rank.rawValue), theirs.map(\.rank.rawValue)])
                next.lay(lead)
                return next
            }
            let fresh = PeggingEngine.hiddenReplyRank(next(mine), seat: 0, view: view, laying: lead, samples: 8, memo: LineMemo(), replies: nil)
            let first = PeggingEngine.hiddenReplyRank(next(mine), seat: 0, view: view, laying: lead, samples: 8, memo: LineMemo(), replies: replies)
            #expect(first == fresh, "seed \(seed)")
            guard let first else { continue }
            // Kept under a key without the player's ranks: the other holding finds it.
            let key = { (held: [Card]) in
                ReplyMemo.Key(next(held), seat: 0, pool: PeggingEngine.unseenByOpponent(Play(players: 2), theirs: theirs.map(\.rank.rawValue), cut: cut, also: [lead]),
                              steps: 0, laid: lead, samples: 8)
            }
            #expect(key(mine) == key([mine[0]] + other.dropFirst()))
            #expect(replies.reply(key([mine[0]] + other.dropFirst())) == first)
            // What the opponent has not seen is in the key: another cut, another key.
            let otherCut = PeggingEngine.unseenByOpponent(Play(players: 2), theirs: theirs.map(\.rank.rawValue), cut: other[0], also: [lead])
            if other[0].rank != cut.rank {
                #expect(ReplyMemo.Key(next(mine), seat: 0, pool: otherCut, steps: 0, laid: lead, samples: 8) != key(mine))
            }
            found += 1
        }
        #expect(found > 15)
    }

    @Test("the replies kept are bounded: a full generation becomes the older, and a reply used is kept again")
    func hiddenRepliesBounded() throws {
        let replies = ReplyMemo(capacity: 3)
        let keys = (0..<UInt8(8)).map { rank in
            ReplyMemo.Key(RankPlay(held: [[1, 2], [3, 4]], turn: 1, countRanks: [], saidGo: [false, false], lastLayer: -1),
                          seat: 0, pool: Array(repeating: 4, count: 13), steps: 0, laid: rank + 1, samples: 8)
        }
        for k in 0..<3 { replies.keep(UInt8(k + 1), for: keys[k]) }
        #expect(replies.count == 3)
        replies.keep(4, for: keys[3])                  // the newer was full: keys 0–2 are the older now
        #expect(replies.count == 4)
        #expect(replies.reply(keys[0]) == 1)           // found among the older, kept again among the newer
        replies.keep(5, for: keys[4])
        replies.keep(6, for: keys[5])                  // full again: keys 1 and 2 dropped, 0 kept
        #expect(replies.reply(keys[1]) == nil && replies.reply(keys[2]) == nil)
        #expect(replies.reply(keys[0]) == 1 && replies.reply(keys[3]) == 4)
        #expect(replies.count <= 2 * replies.capacity)
    }

    @Test("hidden replies: every legal card still gets its numbers, net = mine − theirs, best first")
    func hiddenRepliesAdvice() throws {
        let engine = PeggingEngine(inference: .standardPolicy, hiddenReplies: PeggingEngine.standardReplies)
        let view = try Self.view("5H KC 3D 8S", throwing: "2C 6D", cut: "AH", seat: 0)
        let advice = try #require(engine.advice(for: view))
        #expect(advice.options.count == 4)
        #expect(zip(advice.options, advice.options.dropFirst()).allSatisfy { $0.net >= $1.net })
        #expect(advice.best.token != (try Self.card("5H")), "still no five led for a ten-card's fifteen")
        let reply = try Self.view("5H 9C 9D KS", throwing: "2C 3D", cut: "7H", seat: 1, after: "KD")
        #expect(try #require(engine.advice(for: reply)).best.token == (try Self.card("5H")), "the fifteen on a king")
    }
}
