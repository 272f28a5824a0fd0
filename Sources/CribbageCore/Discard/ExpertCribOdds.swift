/// The crib's points for two discards when the opponent throws as the expert policy does:
/// summed over every six the opponent may hold from the 46 unseen cards, their expert throw, and
/// the starter from the 40 left, in units of 1/144 point (so that nobs' chances stay whole).
///
/// Fifteens, pairs and runs are exact by rank; nobs is its exact expectation over the suits the
/// unseen cards may have; crib flushes are not counted, as in the model that made the tables.
struct ExpertCribOdds {
    /// Units per crib point: every (opponent's six, starter) deal, 46 choose 6 times 40, times 144.
    static let units = 9_366_819 * 40 * 144

    private let unseen: Deck
    /// Your cards per rank index (ace 0 … king 12).
    private let held: InlineArray<13, Int>
    /// The (opponent's six, starter) deals by the three ranks they add to the crib, the
    /// opponent's two thrown and the starter (at their index in `CribOdds.triples`).
    private var byTriple = [Int](repeating: 0, count: CribOdds.triples.count)
    /// The deals by the starter's rank index: all of them, and each weighted by the jacks the
    /// opponent threw.
    private var byStarter = InlineArray<13, Int>(repeating: 0), jacksByStarter = InlineArray<13, Int>(repeating: 0)
    /// 144 × the chance that a starter of rank s matches a jack the opponent threw (its suit any
    /// unseen jack's, the starter's any unseen card's of rank s).
    private var theirNobs = InlineArray<13, Int>(repeating: 0)
    /// 144 × fifteens, pairs and runs summed over the deals, by the discards' rank indices
    /// (a × 13 + b, a ≤ b), for every two of your cards' ranks: many keeps throw the same ranks.
    private var rankTotals = [Int?](repeating: nil, count: 13 * 13)

    /// `role` is yours: the dealer's opponent throws as the pone, the pone's as the dealer; with
    /// no role, as the pone (your own crib).
    init(dealt: [Card], role: Role) {
        unseen = Deck.full.subtracting(Deck(dealt))
        var held = InlineArray<13, Int>(repeating: 0)
        for card in dealt { held[card.rank.order - 1] += 1 }
        self.held = held

        // Ways the opponent's six come with each pair thrown, at u; and with p_s cards of rank s
        // among them, at u · 13 + s.
        var walk = Walk(held: held, policy: role == .pone ? Self.dealerPolicy : Self.ponePolicy)
        walk.visit(rank: 0, left: 6, ways: 1)
        assert(walk.deal == walk.policy.count)
        let (sixes, cardsOfRank) = (walk.sixes, walk.cardsOfRank)

        let jack = SixRankDeals.jack
        for u in 0..<91 where sixes[u] > 0 {
            let (c, d) = SixRankDeals.pairRanks[u]
            let jacks = (c == jack ? 1 : 0) + (d == jack ? 1 : 0)
            for s in 0..<13 {
                let deals = (4 - held[s]) * sixes[u] - cardsOfRank[u * 13 + s]
                guard deals > 0 else { continue }
                byTriple[CribOdds.tripleIndex[(c * 13 + d) * 13 + s]] += deals
                byStarter[s] += deals
                jacksByStarter[s] += jacks * deals
            }
        }
        for s in 0..<13 where s != jack && held[s] < 4 && held[jack] < 4 {
            let rank = Rank(rawValue: UInt8(s + 1))!
            let matching = Suit.allCases.count {
                unseen.contains(Card(.jack, $0)) && unseen.contains(Card(rank, $0))
            }
            theirNobs[s] = 144 * matching / ((4 - held[jack]) * (4 - held[s]))
        }
        for i in dealt.indices { for j in (i + 1)..<dealt.count {
            let (a, b) = (dealt[i].rank.order - 1, dealt[j].rank.order - 1)
            let key = Swift.min(a, b) * 13 + Swift.max(a, b)
            if rankTotals[key] == nil { rankTotals[key] = rankTotal(a, b) }
        } }
    }

    /// The opponent's sixes in `SixRankDeals`' order, the most of the lowest rank first, each
    /// with its ways from the 46 unseen cards and its expert throw; a rank none of which is
    /// unseen ends the walk below it, its deals counted from `dealsBelow` and skipped.
    private struct Walk {
        let held: InlineArray<13, Int>
        let policy: [UInt8]
        var sixes = [Int](repeating: 0, count: 91)
        var cardsOfRank = [Int](repeating: 0, count: 91 * 13)
        /// The deal the walk is at, as an index into `policy`.
        var deal = 0
        /// The ranks and counts of the six so far.
        var ranks = InlineArray<6, Int>(repeating: 0), counts = InlineArray<6, Int>(repeating: 0), kinds = 0

        init(held: InlineArray<13, Int>, policy: [UInt8]) {
            self.held = held
            self.policy = policy
        }

        /// Every way to deal `left` more cards of ranks `rank` and up, `ways` the ways so far.
        mutating func visit(rank: Int, left: Int, ways: Int) {
            if left == 0 {
                let u = Int(policy[deal])
                deal += 1
                sixes[u] &+= ways
                for k in 0..<kinds { cardsOfRank[u &* 13 &+ ranks[k]] &+= ways &* counts[k] }
                return
            }
            guard rank < 13 else { return }
            for p in stride(from: Swift.min(4, left), through: 0, by: -1) {
                // At most (4 · 6)^3 ways: no overflow.
                let more = ways &* SmallBinomial.table[(4 - held[rank]) * 5 + p]
                if more == 0 {
                    deal += Self.dealsBelow[(rank + 1) * 7 + left - p]
                    continue
                }
                if p > 0 { (ranks[kinds], counts[kinds], kinds) = (rank, p, kinds + 1) }
                visit(rank: rank + 1, left: left - p, ways: more)
                if p > 0 { kinds -= 1 }
            }
        }

        /// `dealsBelow[r · 7 + n]`: the ways to choose n ranks from r and up, each at most four
        /// times.
        static let dealsBelow: [Int] = {
            var table = [Int](repeating: 0, count: 14 * 7)
            table[13 * 7] = 1
            for r in stride(from: 12, through: 0, by: -1) { for n in 0...6 {
                table[r * 7 + n] = (0...Swift.min(4, n)).reduce(0) { $0 + table[(r + 1) * 7 + n - $1] }
            } }
            return table
        }()
    }

    static let dealerPolicy = ExpertPolicy.dealer
    static let ponePolicy = ExpertPolicy.pone

    /// The crib's points for these two discards summed over all deals, in `units`.
    func total(_ first: Card, _ second: Card) -> Int {
        let (a, b) = (first.rank.order - 1, second.rank.order - 1)
        var total = rankTotals[Swift.min(a, b) * 13 + Swift.max(a, b)] ?? rankTotal(a, b)
        // 144 × the chance that a starter of rank s matches a jack you threw.
        for s in 0..<13 where s != SixRankDeals.jack && held[s] < 4 {
            var yourNobs = 0
            for thrown in [first, second] where thrown.rank == .jack {
                if unseen.contains(Card(Rank(rawValue: UInt8(s + 1))!, thrown.suit)) { yourNobs += 144 / (4 - held[s]) }
            }
            total += byStarter[s] * yourNobs + jacksByStarter[s] * theirNobs[s]
        }
        return total
    }

    private func rankTotal(_ a: Int, _ b: Int) -> Int {
        let thrown = RankTally([a + 1, b + 1])
        var total = 0
        for (triple, deals) in zip(CribOdds.triples, byTriple) where deals > 0 {
            total += deals * thrown.points(with: triple.ranks)
        }
        return 144 * total
    }
}
