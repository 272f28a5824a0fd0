/// How many of the 12,994,800 (hand, cut) combinations score each total, 0 to 29, computed
/// exactly from the 6,175 multisets of five ranks and closed-form counts of suits.
///
///     let distribution = ScoreDistribution.exact(rules: .hand)
///     distribution.counts[29]   // 4
///     distribution.mean         // 4.769152…
public struct ScoreDistribution: Hashable, Sendable {
    public let rules: Rules
    /// `counts[score]`: combinations scoring exactly `score`, for scores 0…29.
    public let counts: [Int]

    public static let maximumScore = 29

    /// Every (hand, cut) combination: 52 choose 4 hands times 48 cuts.
    public var hands: Int { counts.reduce(0, +) }

    public var mean: Double {
        Double(counts.enumerated().reduce(0) { $0 + $1.offset * $1.element }) / Double(hands)
    }

    /// The share of combinations that score strictly less than `score`, 0…1.
    public func fractionBelow(_ score: Int) -> Double {
        Double(counts.prefix(Swift.max(0, score)).reduce(0, +)) / Double(hands)
    }

    init(rules: Rules, counts: [Int]) {
        self.rules = rules
        self.counts = counts
    }

    /// The exact distribution for the rules, computed (in well under a millisecond).
    public static func exact(rules: Rules) -> ScoreDistribution {
        var counts = [Int](repeating: 0, count: maximumScore + 1)
        forEachRankMultiset { rankCounts in
            let rankPoints = RankScore.points(counts: rankCounts)
            for cutRank in 1...13 where rankCounts[cutRank] > 0 {
                let suits = SuitCounts(rankCounts: rankCounts, cutRank: cutRank)
                let flushPoints = rules == .hand ? 4 : 0
                let nobsWithoutFlush = suits.nobs - suits.fiveFlushWithNobs
                let outcomes = [
                    (rankPoints + 5 + 1, suits.fiveFlushWithNobs),
                    (rankPoints + 5, suits.fiveFlush - suits.fiveFlushWithNobs),
                    (rankPoints + flushPoints, suits.fourFlush),
                    (rankPoints + 1, nobsWithoutFlush),
                    (rankPoints, suits.all - suits.fiveFlush - suits.fourFlush - nobsWithoutFlush),
                ]
                for (points, ways) in outcomes where ways > 0 { counts[points] += ways }
            }
        }
        return ScoreDistribution(rules: rules, counts: counts)
    }

    /// Calls `body` with the counts per rank order (index 1…13) of every multiset of five
    /// ranks with at most four of a rank.
    static func forEachRankMultiset(_ body: ([Int]) -> Void) {
        var counts = [Int](repeating: 0, count: 14)
        func place(from order: Int, left: Int) {
            if left == 0 { body(counts); return }
            guard order <= 13 else { return }
            for n in stride(from: Swift.min(4, left), through: 0, by: -1) {
                counts[order] = n
                place(from: order + 1, left: left - n)
            }
            counts[order] = 0
        }
        place(from: 1, left: 5)
    }
}

/// For five ranks with the cut's rank chosen, how many suit assignments give each flush and
/// nobs outcome.
private struct SuitCounts {
    /// Every assignment: which suits each rank's cards have, and which card of the cut's rank is the cut.
    var all = 0
    /// All five cards one suit.
    var fiveFlush = 0
    /// Of those, with a jack in hand (so of the cut's suit): nobs too.
    var fiveFlushWithNobs = 0
    /// Four hand cards one suit, the cut another.
    var fourFlush = 0
    /// A hand jack of the cut's suit, flush or not.
    var nobs = 0

    init(rankCounts: [Int], cutRank: Int) {
        let jack = Rank.jack.order
        var handCounts = rankCounts
        handCounts[cutRank] -= 1
        let ways = (1...13).reduce(1) { $0 * binomial(4, rankCounts[$1]) }
        all = rankCounts[cutRank] * ways
        let handJacks = handCounts[jack]
        // The cut's suit is uniform and independent of the hand jacks' suits unless the cut is a jack.
        if cutRank != jack && handJacks > 0 {
            nobs = all / binomial(4, handJacks) * binomial(3, handJacks - 1)
        }
        // A flush needs four hand cards of distinct ranks; pick the suit (4 ways).
        if handCounts.allSatisfy({ $0 <= 1 }) {
            if handCounts[cutRank] == 0 {
                fiveFlush = 4
                fiveFlushWithNobs = 4 * handJacks
                fourFlush = 4 * 3
            } else {
                fourFlush = 4 * 3
            }
        }
    }
}

private func binomial(_ n: Int, _ k: Int) -> Int {
    guard k >= 0, k <= n else { return 0 }
    var result = 1
    for i in 0..<k { result = result * (n - i) / (i + 1) }
    return result
}
