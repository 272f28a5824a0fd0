/// The crib's points for two discards when the opponent throws as the expert policy does:
/// summed over every six the opponent may hold from the 46 unseen cards, their expert throw, and
/// the starter from the 40 left, in units of 1/144 point (so that nobs' chances stay whole).
///
/// Fifteens, pairs and runs are exact by rank; nobs is its exact expectation over the suits the
/// unseen cards may have; crib flushes are not counted, as in the model that made the tables.
struct ExpertCribOdds {
    /// Units per crib point: every (opponent's six, starter) deal, 46 choose 6 times 40, times 144.
    static let units = 9_366_819 * 40 * 144

    private let dealt: [Card]
    /// Your cards per rank index (ace 0 … king 12).
    private let held: InlineArray<13, Int>
    /// Ways the opponent's six come with each pair thrown, at u; and with p_s cards of rank s
    /// among them, at u · 13 + s.
    private var sixes = [Int](repeating: 0, count: 91)
    private var cardsOfRank = [Int](repeating: 0, count: 91 * 13)

    /// `role` is yours: the dealer's opponent throws as the pone, the pone's as the dealer; with
    /// no role, as the pone (your own crib).
    init(dealt: [Card], role: Role) {
        self.dealt = dealt
        var held = InlineArray<13, Int>(repeating: 0)
        for card in dealt { held[card.rank.order - 1] += 1 }
        self.held = held

        let deals = SixRankDeals.shared
        let policy = role == .pone ? Self.dealerPolicy : Self.ponePolicy
        var binomials = [Int](repeating: 0, count: 65)
        for r in 0..<13 {
            for p in 0..<5 { binomials[r * 5 + p] = SmallBinomial.table[(4 - held[r]) * 5 + p] }
        }
        for p in 0..<deals.count {
            var ways = 1
            for k in 0..<6 { ways *= binomials[Int(deals.slots[p * 6 + k])] }
            guard ways > 0 else { continue }
            let u = Int(policy[p])
            sixes[u] += ways
            for k in 0..<6 {
                let slot = Int(deals.slots[p * 6 + k])
                cardsOfRank[u * 13 + slot / 5] += ways * (slot % 5)
            }
        }
    }

    static let dealerPolicy = ExpertPolicy.dealer
    static let ponePolicy = ExpertPolicy.pone

    /// The crib's points for these two discards summed over all deals, in `units`.
    func total(_ first: Card, _ second: Card) -> Int {
        let jack = SixRankDeals.jack
        let (a, b) = (first.rank.order - 1, second.rank.order - 1)
        let unseen = Deck.full.subtracting(Deck(dealt))
        // 144 × the chance that a starter of rank s matches a jack you threw; and one the
        // opponent threw (its suit any unseen jack's, the starter's any unseen card's of rank s).
        var yourNobs = [Int](repeating: 0, count: 13), theirNobs = yourNobs
        for s in 0..<13 where s != jack && held[s] < 4 {
            let starters = 4 - held[s]
            let rank = Rank(rawValue: UInt8(s + 1))!
            for thrown in [first, second] where thrown.rank == .jack {
                if unseen.contains(Card(rank, thrown.suit)) { yourNobs[s] += 144 / starters }
            }
            if held[jack] < 4 {
                let matching = Suit.allCases.count {
                    unseen.contains(Card(.jack, $0)) && unseen.contains(Card(rank, $0))
                }
                theirNobs[s] = 144 * matching / ((4 - held[jack]) * starters)
            }
        }
        var total = 0
        let thrown = RankTally([a + 1, b + 1])
        for u in 0..<91 where sixes[u] > 0 {
            let (c, d) = SixRankDeals.pairRanks[u]
            let jacks = (c == jack ? 1 : 0) + (d == jack ? 1 : 0)
            let theirs = RankTally([c + 1, d + 1])
            for s in 0..<13 {
                let deals = (4 - held[s]) * sixes[u] - cardsOfRank[u * 13 + s]
                guard deals > 0 else { continue }
                let points = thrown.points(with: theirs.adding(s + 1))
                total += deals * (144 * points + yourNobs[s] + jacks * theirNobs[s])
            }
        }
        return total
    }
}
