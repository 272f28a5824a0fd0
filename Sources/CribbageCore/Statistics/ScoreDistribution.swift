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

    /// The exact distribution for the rules, computed (in about a millisecond).
    public static func exact(rules: Rules) -> ScoreDistribution {
        var counts = [Int](repeating: 0, count: maximumScore + 1)
        let flushPoints = rules == .hand ? 4 : 0
        counts.withUnsafeMutableBufferPointer { counts in
            /// Adds the ways to score `points`; a score past 29 only ever has none.
            func add(_ points: Int, _ ways: Int) { if ways > 0 { counts[points] += ways } }
            RankScore.forEachMultiset { ranks, rankCounts in
                let rankPoints = RankScore.points(counts: rankCounts)
                // The suits the cards can have, and which ranks repeat.
                var suitWays = 1, repeatedRanks = 0, mostOfARank = 0
                for order in 1...13 {
                    let count = rankCounts[order]
                    suitWays *= Binomial.choose(4, count)
                    if count > 1 { repeatedRanks += 1 }
                    mostOfARank = Swift.max(mostOfARank, count)
                }
                // The cut is one card of any of the ranks (in order, each rank once).
                for i in ranks.indices where i == 0 || ranks[i] != ranks[i - 1] {
                    let cutRank = ranks[i] + 1
                    // The hand cards have four ranks when the only repeat is a pair with the cut.
                    let handRanksDistinct = repeatedRanks == 0
                        || (repeatedRanks == 1 && mostOfARank == 2 && rankCounts[cutRank] == 2)
                    let suits = SuitCounts(rankCounts: rankCounts, cutRank: cutRank, suitWays: suitWays,
                                           handRanksDistinct: handRanksDistinct)
                    let nobsWithoutFlush = suits.nobs - suits.fiveFlushWithNobs
                    add(rankPoints + 5 + 1, suits.fiveFlushWithNobs)
                    add(rankPoints + 5, suits.fiveFlush - suits.fiveFlushWithNobs)
                    add(rankPoints + flushPoints, suits.fourFlush)
                    add(rankPoints + 1, nobsWithoutFlush)
                    add(rankPoints, suits.all - suits.fiveFlush - suits.fourFlush - nobsWithoutFlush)
                }
            }
        }
        return ScoreDistribution(rules: rules, counts: counts)
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

    /// `suitWays`: the ways to give the five cards suits; `handRanksDistinct`: whether the four
    /// hand cards have four different ranks (so that they can be a flush).
    init(rankCounts: [Int], cutRank: Int, suitWays: Int, handRanksDistinct: Bool) {
        let jack = Rank.jack.order
        all = rankCounts[cutRank] * suitWays
        let handJacks = rankCounts[jack] - (cutRank == jack ? 1 : 0)
        // The cut's suit is uniform and independent of the hand jacks' suits unless the cut is a jack.
        if cutRank != jack && handJacks > 0 {
            nobs = all / Binomial.choose(4, handJacks) * Binomial.choose(3, handJacks - 1)
        }
        // A flush needs four hand cards of distinct ranks; pick the suit (4 ways).
        if handRanksDistinct {
            if rankCounts[cutRank] == 1 {
                fiveFlush = 4
                fiveFlushWithNobs = 4 * handJacks
                fourFlush = 4 * 3
            } else {
                fourFlush = 4 * 3
            }
        }
    }
}
