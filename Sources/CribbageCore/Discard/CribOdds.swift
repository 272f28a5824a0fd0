/// The crib's points for two discards, summed over every deal of the opponent's two discards and
/// the cut from the unseen cards.
///
/// Those three cards are a set of three unseen cards, dealt three ways (any of them the cut).
/// Fifteens, pairs and runs depend only on ranks, so each multiset of three ranks is scored once
/// and weighted by the sets of cards that have it; the flush and nobs are counted in closed form.
struct CribOdds {
    /// Every multiset of three ranks, as (x, y, z) with x ≤ y ≤ z, and its tally.
    static let triples: [(orders: (Int, Int, Int), ranks: RankTally)] = {
        var triples: [(orders: (Int, Int, Int), ranks: RankTally)] = []
        for x in 1...13 {
            let one = RankTally.empty.adding(x)
            for y in x...13 {
                let two = one.adding(y)
                for z in y...13 { triples.append(((x, y, z), two.adding(z))) }
            }
        }
        return triples
    }()

    /// `tripleIndex[((x − 1) · 13 + y − 1) · 13 + z − 1]`: where (x, y, z), in any order, is in `triples`.
    static let tripleIndex: [Int] = {
        var index = [Int](repeating: 0, count: 13 * 13 * 13)
        for (i, triple) in triples.enumerated() {
            let (x, y, z) = (triple.orders.0 - 1, triple.orders.1 - 1, triple.orders.2 - 1)
            for (a, b, c) in [(x, y, z), (x, z, y), (y, x, z), (y, z, x), (z, x, y), (z, y, x)] {
                index[(a * 13 + b) * 13 + c] = i
            }
        }
        return index
    }()

    private let unseen: Unseen
    /// `sets[i]`: how many sets of three unseen cards have the ranks of `triples[i]`.
    private let sets: [Int]
    /// Nobs for a jack among the opponent's discards: the same whatever the player throws.
    private let opponentNobs: Int
    /// Fifteens, pairs and runs summed over the deals, by the discards' rank orders (a × 14 + b),
    /// once known: many keeps throw the same ranks.
    private var rankTotals = [Int?](repeating: nil, count: 14 * 14)

    init(unseen: Unseen) {
        self.unseen = unseen
        let counts = unseen.ranks
        sets = Self.triples.map { triple in
            let (x, y, z) = triple.orders
            return if x == z { Binomial.choose(counts[x], 3) }
                else if x == y { Binomial.choose(counts[x], 2) * counts[z] }
                else if y == z { counts[x] * Binomial.choose(counts[y], 2) }
                else { counts[x] * counts[y] * counts[z] }
        }

        // An unseen jack thrown by the opponent: a cut of its suit from the rest of that suit,
        // the opponent's other card from the 44 left.
        var opponentNobs = 0
        for jack in unseen.cards where jack.rank == .jack {
            opponentNobs += (unseen.suits[Int(jack.suit.rawValue)] - 1) * (Unseen.count - 2)
        }
        self.opponentNobs = opponentNobs
    }

    /// The crib's points for these two discards summed over all `Unseen.cribDeals` deals.
    mutating func total(_ first: Card, _ second: Card) -> Int {
        var total = rankTotal(first.rank.order, second.rank.order) + opponentNobs
        if first.suit == second.suit {
            // Five of one suit: the opponent's two discards and the cut all of the discards' suit.
            let suited = unseen.suits[Int(first.suit.rawValue)]
            total += 5 * Binomial.choose(suited, 2) * (suited - 2)
        }
        for jack in [first, second] where jack.rank == .jack {
            // A cut of the jack's suit, then any two of the other 45 for the opponent.
            total += unseen.suits[Int(jack.suit.rawValue)] * Binomial.choose(Unseen.count - 1, 2)
        }
        return total
    }

    private mutating func rankTotal(_ a: Int, _ b: Int) -> Int {
        let key = Swift.min(a, b) * 14 + Swift.max(a, b)
        if let known = rankTotals[key] { return known }
        let thrown = RankTally.empty.adding(a).adding(b)
        var total = 0
        for (triple, sets) in zip(Self.triples, sets) where sets > 0 {
            total += sets * thrown.points(with: triple.ranks)
        }
        // Each set of three is dealt three ways: any one of them can be the cut.
        rankTotals[key] = 3 * total
        return 3 * total
    }
}
