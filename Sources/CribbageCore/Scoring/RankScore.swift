/// Points from fifteens, pairs and runs, which depend only on the five ranks.
enum RankScore {
    /// Scores five ranks given as counts per rank order (index 1 = ace … 13 = king).
    static func points(counts: [Int]) -> Int {
        fifteens(counts: counts) * 2 + pairs(counts: counts) * 2 + runPoints(counts: counts)
    }

    /// How many distinct sets of cards sum to 15: a subset-sum count over card values.
    static func fifteens(counts: [Int]) -> Int {
        // ways[s]: subsets of the cards seen so far summing to s (only s <= 15 matters).
        var ways = [Int](repeating: 0, count: 16)
        ways[0] = 1
        for order in 1...13 {
            let value = Swift.min(order, 10)
            for _ in 0..<counts[order] {
                for sum in stride(from: 15, through: value, by: -1) { ways[sum] += ways[sum - value] }
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
}
