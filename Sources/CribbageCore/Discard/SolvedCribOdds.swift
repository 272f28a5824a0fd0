/// The crib's points for two discards when the opponent throws as the solved throw does:
/// summed over every six the opponent may hold from the 46 unseen cards, their expert throw, and
/// the starter from the 40 left, in units of 1/144 point (so that nobs' chances stay whole).
///
/// Fifteens, pairs and runs are exact by rank; nobs is its exact expectation over the suits the
/// unseen cards may have; crib flushes are not counted, as in the model that made the tables.
struct SolvedCribOdds {
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
    /// `byThrowAndStarter[u · 13 + s]`: the (opponent's six, starter) deals in which the opponent
    /// throws pair u and the starter is of rank index s.
    private(set) var byThrowAndStarter = [Int](repeating: 0, count: 91 * 13)
    /// 144 × the chance that a starter of rank s matches a jack the opponent threw (its suit any
    /// unseen jack's, the starter's any unseen card's of rank s).
    private(set) var theirNobs = InlineArray<13, Int>(repeating: 0)
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
        var sixes = [Int](repeating: 0, count: 91)
        var cardsOfRank = [Int](repeating: 0, count: 91 * 13)
        let deals = SixRankDeals.shared
        let policy = role == .pone ? Self.dealerPolicy : Self.ponePolicy
        var binomials = InlineArray<65, Int>(repeating: 0)
        for r in 0..<13 {
            for p in 0..<5 { binomials[r * 5 + p] = Binomial.table[(4 - held[r]) * 5 + p] }
        }
        deals.slots.withUnsafeBufferPointer { slots in
            for p in 0..<deals.count {
                // At most 4 · 6 · 4 · 6 · 4 · 6 ways: no overflow.
                var ways = 1
                for k in 0..<6 { ways &*= binomials[Int(slots[p &* 6 &+ k])] }
                guard ways > 0 else { continue }
                let u = Int(policy[p])
                sixes[u] &+= ways
                for k in 0..<6 {
                    let slot = Int(slots[p &* 6 &+ k])
                    cardsOfRank[u &* 13 &+ slot / 5] &+= ways &* (slot % 5)
                }
            }
        }

        let jack = SixRankDeals.jack
        for u in 0..<91 where sixes[u] > 0 {
            let (c, d) = SixRankDeals.pairRanks[u]
            let jacks = (c == jack ? 1 : 0) + (d == jack ? 1 : 0)
            for s in 0..<13 {
                let deals = (4 - held[s]) * sixes[u] - cardsOfRank[u * 13 + s]
                guard deals > 0 else { continue }
                byThrowAndStarter[u * 13 + s] = deals
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

    static let dealerPolicy = SolvedThrows.dealer
    static let ponePolicy = SolvedThrows.pone

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
