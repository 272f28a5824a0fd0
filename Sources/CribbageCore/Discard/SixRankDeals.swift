/// The solved crib's model works by rank: every multiset of six ranks a player can be dealt
/// (18,395 of them), weighted by the ways to deal it, with its keeps and their hand values.
///
/// Ranks here are indices, ace 0 … king 12; a pair of ranks thrown is one of 91 pair indices.
struct SixRankDeals: Sendable {
    static let shared = SixRankDeals()

    static let jack = 10

    /// How many multisets: 18,395.
    let count: Int
    /// `counts[deal · 13 + rank]`: the deal's cards of that rank.
    let counts: [UInt8]
    /// The ways to deal each: the product over ranks of C(4, count).
    let ways: [Double]
    /// `slots[deal · 6 + k]`: `rank · 5 + count` for the deal's k-th rank present; padded with 0
    /// (the ace, none of it), which weighs 1 in every product over the slots.
    let slots: [UInt8]

    /// The deal's keeps: `keepPairs[keepStart[deal]..<keepStart[deal + 1]]` are the pair indices
    /// thrown, each distinct, with the kept four's hand value at the same index in `keepHands`.
    /// Scored on first use, by the solver and `policy(for:crib:)`: `discard` ships its policies
    /// (SolvedCribTables.swift) and never needs them.
    var keepStart: [Int32] { Keeps.shared.start }
    var keepPairs: [UInt8] { Keeps.shared.pairs }
    var keepHands: [Double] { Keeps.shared.hands }

    /// `pairIndex[a · 13 + b]` for any order of a and b.
    static let pairIndex: [Int] = {
        var index = [Int](repeating: 0, count: 169)
        var next = 0
        for a in 0..<13 { for b in a..<13 {
            index[a * 13 + b] = next
            index[b * 13 + a] = next
            next += 1
        } }
        return index
    }()

    /// The two ranks of each pair index, low first.
    static let pairRanks: [(Int, Int)] = {
        var ranks: [(Int, Int)] = []
        for a in 0..<13 { for b in a..<13 { ranks.append((a, b)) } }
        return ranks
    }()

    /// C(n, k) for n, k in 0...4, at `n · 5 + k`.
    static let smallBinomials: [Double] = Binomial.table.map(Double.init)

    /// Every multiset of six ranks with no rank five times or more, in order: written in place,
    /// since `discard` enumerates them once a process.
    private init() {
        count = 18_395
        var counts = [UInt8](repeating: 0, count: count * 13)
        var slots = [UInt8](repeating: 0, count: count * 6)
        var ways = [Double](repeating: 0, count: count)
        let choose4: InlineArray<5, Double> = [1, 4, 6, 4, 1]
        var deal = 0
        counts.withUnsafeMutableBufferPointer { counts in
        slots.withUnsafeMutableBufferPointer { slots in
        ways.withUnsafeMutableBufferPointer { ways in
            var ranks = InlineArray<6, Int>(repeating: 0)
            for a in 0..<13 { ranks[0] = a
                for b in a..<13 { ranks[1] = b
                    for c in b..<13 { ranks[2] = c
                        for d in c..<13 { ranks[3] = d
                            for e in d..<13 where a != e { ranks[4] = e
                                for f in e..<13 where b != f {
                                    ranks[5] = f
                                    // Each rank present, with its count, in order.
                                    var way = 1.0, kind = 0, k = 0
                                    while k < 6 {
                                        let r = ranks[k]
                                        var n = 1
                                        while k + n < 6 && ranks[k + n] == r { n += 1 }
                                        counts[deal &* 13 &+ r] = UInt8(n)
                                        slots[deal &* 6 &+ kind] = UInt8(r &* 5 &+ n)
                                        way *= choose4[n]
                                        kind += 1
                                        k += n
                                    }
                                    ways[deal] = way
                                    deal += 1
                                } } } } } }
        } } }
        precondition(deal == count)
        self.counts = counts
        self.ways = ways
        self.slots = slots
    }

    /// Every deal's keeps and their hand values, in the order of `shared`'s deals.
    private struct Keeps: Sendable {
        static let shared = Keeps(SixRankDeals.shared)

        var start: [Int32] = [0], pairs: [UInt8] = [], hands: [Double] = []

        init(_ deals: SixRankDeals) {
            // Four ranks in order, at base 13: their points with a starter of each rank (at · 13 + s),
            // and with four starters of every rank. Only these 1,820 are scored, not FastScorer's
            // whole table.
            var rankPoints = [UInt8](repeating: 0, count: 13 * 13 * 13 * 13 * 13)
            var starterSums = [Double](repeating: 0, count: 13 * 13 * 13 * 13)
            let starters = (1...13).map { RankTally.empty.adding($0) }
            for a in 0..<13 { for b in a..<13 { for c in b..<13 { for d in c..<13 {
                let index = ((a * 13 + b) * 13 + c) * 13 + d
                let kept = RankTally([a + 1, b + 1, c + 1, d + 1])
                var sum = 0
                for s in 0..<13 {
                    let points = kept.points(with: starters[s])
                    rankPoints[index * 13 + s] = UInt8(points)
                    sum += 4 * points
                }
                starterSums[index] = Double(sum)
            } } } }
            start.reserveCapacity(deals.count + 1)
            pairs.reserveCapacity(deals.count * 15)
            hands.reserveCapacity(deals.count * 15)
            rankPoints.withUnsafeBufferPointer { rankPoints in
            starterSums.withUnsafeBufferPointer { starterSums in
                for deal in 0..<deals.count {
                    var ranks = InlineArray<6, Int>(repeating: 0), tally = InlineArray<13, Int>(repeating: 0)
                    var k = 0
                    for r in 0..<13 {
                        tally[r] = Int(deals.counts[deal * 13 + r])
                        for _ in 0..<tally[r] { ranks[k] = r; k += 1 }
                    }
                    add(ranks, tally: tally, rankPoints: rankPoints, starterSums: starterSums)
                }
            } }
        }

        /// One deal's keeps, its six ranks in order.
        private mutating func add(_ ranks: InlineArray<6, Int>, tally: InlineArray<13, Int>,
                                  rankPoints: UnsafeBufferPointer<UInt8>, starterSums: UnsafeBufferPointer<Double>) {
            // Each rank present once, at its first position.
            var present = InlineArray<6, Int>(repeating: 0), kinds = 0
            for k in 0..<6 where k == 0 || ranks[k] != ranks[k - 1] {
                present[kinds] = ranks[k]
                kinds += 1
            }
            // The ranks are in order, so a pair thrown repeats only as the same ranks at other
            // positions: keep the first positions that throw it, the first of its rank and the
            // first of its rank after that.
            for i in 0..<6 where i == 0 || ranks[i] != ranks[i - 1] { for j in (i + 1)..<6
                where j == i + 1 || ranks[j] != ranks[j - 1] {
                var kept = InlineArray<4, Int>(repeating: 0), k = 0
                for position in 0..<6 where position != i && position != j {
                    kept[k] = ranks[position]
                    k += 1
                }
                pairs.append(UInt8(SixRankDeals.pairIndex[ranks[i] * 13 + ranks[j]]))
                hands.append(SixRankDeals.handValue(
                    kept: kept, thrown: (ranks[i], ranks[j]), dealt: tally, present: present, kinds: kinds,
                    rankPoints: rankPoints, starterSums: starterSums))
            } }
            start.append(Int32(pairs.count))
        }
    }

    /// The kept four's expected hand points over the 46 starters, from ranks alone: fifteens,
    /// pairs and runs exactly; nobs and the flush as their expectation over the suits the six
    /// cards may have (each rank's suits equally likely, independently of the other ranks).
    ///
    /// Nobs: a kept jack matches a starter of another rank with chance 1/4. Flush: four
    /// different ranks (in order) share a suit with chance 1/64; then each thrown card of a rank
    /// not kept is of that suit with chance 1/4, and the starter is with the rest of the suit's
    /// cards over 46.
    @inline(__always)
    static func handValue(kept: InlineArray<4, Int>, thrown: (Int, Int), dealt: InlineArray<13, Int>,
                          present: InlineArray<6, Int>, kinds: Int, rankPoints: UnsafeBufferPointer<UInt8>, starterSums: UnsafeBufferPointer<Double>) -> Double {
        let index = ((kept[0] * 13 + kept[1]) * 13 + kept[2]) * 13 + kept[3]
        let base = index * 13
        var jacks = 0.0
        for k in 0..<4 where kept[k] == jack { jacks += 1 }
        // Four of every starter rank, less the dealt cards; 42 + (jacks dealt) starters not jacks.
        var total = starterSums[index] + jacks * Double(42 + dealt[jack]) / 4
        for k in 0..<kinds {
            let r = present[k]
            total -= Double(dealt[r]) * Double(rankPoints[base + r])
        }
        var value = total / 46
        if kept[0] != kept[1] && kept[1] != kept[2] && kept[2] != kept[3] {
            // Four different ranks kept: a thrown card's rank is not kept when the deal holds no
            // more of it than were thrown.
            let sameRank = thrown.0 == thrown.1 ? 2 : 1
            let suitedThrown = Double((dealt[thrown.0] == sameRank ? 1 : 0) + (dealt[thrown.1] == sameRank ? 1 : 0)) / 4
            value += (4 + (9 - suitedThrown) / 46) / 64
        }
        return value
    }

    /// The crib's expected points by the dealer's pair thrown, the pone's and the starter, from
    /// ranks: fifteens, pairs and runs, and nobs as 1/4 a jack for a starter of another rank
    /// (crib flushes are not modelled). `values[(t · 91 + u) · 13 + s]`.
    static let cribValues: [Double] = {
        let rankPoints = FastScorer.shared.rankPoints
        var values = [Double](repeating: 0, count: 91 * 91 * 13)
        for t in 0..<91 { for u in 0..<91 {
            let (a, b) = pairRanks[t], (c, d) = pairRanks[u]
            let jacks = Double([a, b, c, d].count { $0 == jack })
            let base = (((a * 13 + b) * 13 + c) * 13 + d) * 13
            for s in 0..<13 {
                values[(t * 91 + u) * 13 + s] = Double(rankPoints[base + s]) + (s == jack ? 0 : jacks / 4)
            }
        } }
        return values
    }()

    /// Each deal's best keep for the role against crib tables by pair thrown: the dealer
    /// maximises hand + crib, the pone hand − crib; ties go to the first keep. As pair indices.
    func policy(for role: Role, crib: [Double]) -> [UInt8] {
        let sign = role == .pone ? -1.0 : 1.0
        let keeps = Keeps.shared
        return (0..<count).map { deal in
            var best = Int(keeps.start[deal]), bestValue = -Double.infinity
            for keep in Int(keeps.start[deal])..<Int(keeps.start[deal + 1]) {
                let value = keeps.hands[keep] + sign * crib[Int(keeps.pairs[keep])]
                if value > bestValue { (best, bestValue) = (keep, value) }
            }
            return keeps.pairs[best]
        }
    }
}
