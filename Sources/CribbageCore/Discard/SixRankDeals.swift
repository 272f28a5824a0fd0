/// The expert crib's model works by rank: every multiset of six ranks a player can be dealt
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
    let slots: [Int32]
    /// The deal's keeps: `keepPairs[keepStart[deal]..<keepStart[deal + 1]]` are the pair indices
    /// thrown, each distinct, with the kept four's hand value at the same index in `keepHands`.
    let keepStart: [Int32]
    let keepPairs: [UInt8]
    let keepHands: [Double]

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
    static let smallBinomials: [Double] = (0..<25).map { index in
        let (n, k) = (index / 5, index % 5)
        guard k <= n else { return 0 }
        var result = 1
        for i in 0..<k { result = result * (n - i) / (i + 1) }
        return Double(result)
    }

    private init() {
        let rankPoints = FastScorer.shared.rankPoints
        var counts: [UInt8] = [], ways: [Double] = [], slots: [Int32] = []
        var keepStart: [Int32] = [0], keepPairs: [UInt8] = [], keepHands: [Double] = []
        var ranks = [Int](repeating: 0, count: 6)
        var tally = [Int](repeating: 0, count: 13)

        func add() {
            for r in 0..<13 { tally[r] = 0 }
            for r in ranks { tally[r] += 1 }
            guard tally.allSatisfy({ $0 <= 4 }) else { return }
            counts.append(contentsOf: tally.map(UInt8.init))
            ways.append(tally.reduce(1.0) { $0 * Self.smallBinomials[20 + $1] })
            var present = (0..<13).filter { tally[$0] > 0 }.map { Int32($0 * 5 + tally[$0]) }
            present += Array(repeating: 0, count: 6 - present.count)
            slots.append(contentsOf: present)

            var seen = Set<Int>()
            for i in 0..<6 { for j in (i + 1)..<6 {
                let pair = Self.pairIndex[ranks[i] * 13 + ranks[j]]
                guard seen.insert(pair).inserted else { continue }
                let kept = (0..<6).filter { $0 != i && $0 != j }.map { ranks[$0] }
                keepPairs.append(UInt8(pair))
                keepHands.append(Self.handValue(kept: kept, thrown: (ranks[i], ranks[j]), dealt: tally,
                                                rankPoints: rankPoints))
            } }
            keepStart.append(Int32(keepPairs.count))
        }
        for a in 0..<13 { ranks[0] = a
            for b in a..<13 { ranks[1] = b
                for c in b..<13 { ranks[2] = c
                    for d in c..<13 { ranks[3] = d
                        for e in d..<13 { ranks[4] = e
                            for f in e..<13 { ranks[5] = f; add() } } } } } }

        count = ways.count
        self.counts = counts
        self.ways = ways
        self.slots = slots
        self.keepStart = keepStart
        self.keepPairs = keepPairs
        self.keepHands = keepHands
    }

    /// The kept four's expected hand points over the 46 starters, from ranks alone: fifteens,
    /// pairs and runs exactly; nobs and the flush as their expectation over the suits the six
    /// cards may have (each rank's suits equally likely, independently of the other ranks).
    ///
    /// Nobs: a kept jack matches a starter of another rank with chance 1/4. Flush: four
    /// different ranks share a suit with chance 1/64; then each thrown card of a rank not kept is
    /// of that suit with chance 1/4, and the starter is with the rest of the suit's cards over 46.
    static func handValue(kept: [Int], thrown: (Int, Int), dealt: [Int], rankPoints: [UInt8]) -> Double {
        let base = (((kept[0] * 13 + kept[1]) * 13 + kept[2]) * 13 + kept[3]) * 13
        let jacks = Double(kept.count { $0 == jack })
        var total = 0.0
        for starter in 0..<13 where dealt[starter] < 4 {
            let nobs = starter == jack ? 0 : jacks / 4
            total += Double(4 - dealt[starter]) * (Double(rankPoints[base + starter]) + nobs)
        }
        var value = total / 46
        if Set(kept).count == 4 {
            let suitedThrown = Double([thrown.0, thrown.1].count { !kept.contains($0) }) / 4
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
        return (0..<count).map { deal in
            var best = Int(keepStart[deal]), bestValue = -Double.infinity
            for keep in Int(keepStart[deal])..<Int(keepStart[deal + 1]) {
                let value = keepHands[keep] + sign * crib[Int(keepPairs[keep])]
                if value > bestValue { (best, bestValue) = (keep, value) }
            }
            return keepPairs[best]
        }
    }
}
