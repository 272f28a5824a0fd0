/// Points from fifteens, pairs and runs, which depend only on the five ranks.
enum RankScore {
    /// Scores five ranks given as counts per rank order (index 1 = ace … 13 = king).
    static func points(counts: [Int]) -> Int {
        fifteens(counts: counts) * 2 + pairs(counts: counts) * 2 + runPoints(counts: counts)
    }

    /// How many distinct sets of cards sum to 15: a subset-sum count over card values.
    static func fifteens(counts: [Int]) -> Int {
        // ways[s]: subsets of the cards seen so far summing to s (only s <= 15 matters).
        var ways = InlineArray<16, Int>(repeating: 0)
        ways[0] = 1
        for order in 1...13 {
            let value = Swift.min(order, 10)
            for _ in 0..<counts[order] {
                var sum = 15
                while sum >= value {
                    ways[sum] &+= ways[sum &- value]
                    sum &-= 1
                }
            }
        }
        return ways[15]
    }

    static func pairs(counts: [Int]) -> Int {
        counts.reduce(0) { $0 + $1 * ($1 - 1) / 2 }
    }

    /// The run points: for the longest stretch of 3+ consecutive ranks, its length times the
    /// number of ways to pick one card of each rank in it.
    static func runPoints(counts: [Int]) -> Int {
        var best = 0
        var length = 0
        var ways = 1
        for order in 1...14 {
            let count = order <= 13 ? counts[order] : 0
            if count > 0 {
                length += 1
                ways *= count
            } else {
                if length >= 3 { best = Swift.max(best, length * ways) }
                length = 0
                ways = 1
            }
        }
        return best
    }

    /// Calls `body` once for every multiset of five ranks with at most four of a rank (6,175 of
    /// them), with its ranks in order (0-based: ace 0 … king 12) and its counts per rank order
    /// (index 1 = ace … 13 = king).
    static func forEachMultiset(_ body: (_ ranks: InlineArray<5, Int>, _ counts: [Int]) -> Void) {
        var counts = [Int](repeating: 0, count: 14)
        for a in 0..<13 { for b in a..<13 { for c in b..<13 { for d in c..<13 { for e in d..<13 where a != e {
            let ranks: InlineArray<5, Int> = [a, b, c, d, e]
            for i in ranks.indices { counts[ranks[i] + 1] += 1 }
            body(ranks, counts)
            for i in ranks.indices { counts[ranks[i] + 1] -= 1 }
        } } } } }
    }
}
