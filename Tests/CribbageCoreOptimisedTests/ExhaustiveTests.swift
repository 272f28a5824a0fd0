import TestSupport
import Testing
@testable import CribbageCore

/// Every one of the 12,994,800 (hand, cut) combinations, against the oracle distribution.
@Suite("Exhaustive: all 12,994,800 hands", .tags(.exhaustive), .slow)
struct ExhaustiveTests {
    /// Totals that no hand can make.
    static let impossibleTotals = [19, 25, 26, 27]

    @Test("FastScorer's distribution over every hand equals the oracle, for both rules")
    func fastScorerDistribution() throws {
        let scorer = FastScorer.shared
        var hand = [Int](repeating: 0, count: 30)
        var crib = [Int](repeating: 0, count: 30)
        var combinations = 0
        Enumeration.forEachCombination { a, b, c, d, cut in
            hand[scorer.total(a, b, c, d, cut: cut, rules: .hand)] += 1
            crib[scorer.total(a, b, c, d, cut: cut, rules: .crib)] += 1
            combinations += 1
        }
        let oracle = try Oracle.shared()
        #expect(combinations == Enumeration.combinationCount)
        #expect(hand == oracle.hand)
        #expect(crib == oracle.crib)
        for score in Self.impossibleTotals {
            #expect(hand[score] == 0 && crib[score] == 0, "a hand totalled \(score)")
        }
        #expect(hand.indices.reduce(0) { $0 + $1 * hand[$1] } == oracle.handMean.numerator)
        #expect(crib.indices.reduce(0) { $0 + $1 * crib[$1] } == oracle.cribMean.numerator)
    }

    @Test("ScoreDistribution.exact equals the oracle: counts, total and mean", arguments: Rules.allCases)
    func exactDistribution(rules: Rules) throws {
        let distribution = ScoreDistribution.exact(rules: rules)
        let oracle = try Oracle.shared()
        let mean = oracle.mean(rules)
        #expect(distribution.rules == rules)
        #expect(distribution.counts == oracle.counts(rules))
        #expect(distribution.hands == Enumeration.combinationCount)
        #expect(mean.denominator == Enumeration.combinationCount)
        #expect(distribution.mean == Double(mean.numerator) / Double(mean.denominator))
        for score in Self.impossibleTotals { #expect(distribution.counts[score] == 0) }
    }

    @Test("fractionBelow reads the cumulative distribution", arguments: Rules.allCases)
    func fractionBelow(rules: Rules) throws {
        let distribution = ScoreDistribution.exact(rules: rules)
        let counts = try Oracle.shared().counts(rules)
        let hands = Double(Enumeration.combinationCount)
        #expect(distribution.fractionBelow(0) == 0)
        #expect(distribution.fractionBelow(1) == Double(counts[0]) / hands)
        #expect(distribution.fractionBelow(29) == Double(Enumeration.combinationCount - counts[29]) / hands)
        #expect(distribution.fractionBelow(30) == 1)
    }

    /// The fast path and the breakdown agree on every hand: split by the lowest hand card so that
    /// the 52 parts run in parallel.
    @Test("Breakdown total equals FastScorer on every hand, both rules", arguments: 0..<52)
    func breakdownAgreesWithFastScorer(first: Int) throws {
        let scorer = FastScorer.shared
        var checked = 0
        var mismatches: [String] = []
        var impossible = 0
        Enumeration.forEachCombination(first: first) { a, b, c, d, cut in
            let hand = try! Hand([a, b, c, d], cut: cut)
            for rules in Rules.allCases {
                let total = hand.breakdown(rules: rules).total
                if Self.impossibleTotals.contains(total) { impossible += 1 }
                if total != scorer.total(a, b, c, d, cut: cut, rules: rules), mismatches.count < 5 {
                    mismatches.append("\(hand.cards) cut \(cut) \(rules): breakdown \(total), fast \(scorer.total(hand: hand, rules: rules))")
                }
                checked += 1
            }
        }
        let hands = (first + 1..<52).count
        #expect(checked == 2 * 48 * hands * (hands - 1) * (hands - 2) / 6)
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(impossible == 0)
    }
}
