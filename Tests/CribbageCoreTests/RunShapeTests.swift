import Testing
@testable import CribbageCore

/// Run shapes other counters get wrong, each counted by hand: a triple run, a double run of
/// four, a run of five counted once (not also as its runs of four and three), a run of four
/// not also as two runs of three, and no run around the corner (Q K A). None of these hands
/// has a flush or nobs, so every path agrees under both rules: the breakdown, the fast scorer
/// and the discard advisor's rank tally.
@Suite("Run shapes")
struct RunShapeTests {
    struct Shape: Sendable, CustomTestStringConvertible {
        let cards: [String], cut: String
        let fifteens: Int, pairs: Int, runs: Int, runLength: Int
        var total: Int { 2 * fifteens + 2 * pairs + runs * runLength }
        var testDescription: String { cards.joined(separator: " ") + " / " + cut }
    }

    static let shapes = [
        // 3+3+4+5 three ways; three pairs; 3-4-5 with each three.
        Shape(cards: ["3H", "3S", "3D", "4C"], cut: "5H", fifteens: 3, pairs: 3, runs: 3, runLength: 3),
        // 4+5+6 with each six, 3+6+6; the sixes; 3-4-5-6 with each six.
        Shape(cards: ["3H", "4S", "5D", "6C"], cut: "6H", fifteens: 3, pairs: 1, runs: 2, runLength: 4),
        // All five make 15; one run of five, nothing shorter.
        Shape(cards: ["AH", "2S", "3D", "4C"], cut: "5H", fifteens: 1, pairs: 0, runs: 1, runLength: 5),
        // 4+5+6, 5+K; one run of four.
        Shape(cards: ["4H", "5S", "6D", "7C"], cut: "KH", fifteens: 2, pairs: 0, runs: 1, runLength: 4),
        // Q+2+3, K+2+3; A-2-3 only: the ace is low.
        Shape(cards: ["QH", "KS", "AD", "2C"], cut: "3H", fifteens: 2, pairs: 0, runs: 1, runLength: 3),
    ]

    @Test("each HandRank as counted by hand, both rules, every scorer", arguments: shapes)
    func counted(shape: Shape) throws {
        let hand = try Hand(parsing: shape.cards, cut: shape.cut)
        for rules in Rules.allCases {
            let breakdown = hand.breakdown(rules: rules)
            #expect(breakdown[.fifteens].combinations.count == shape.fifteens)
            #expect(breakdown[.pairs].combinations.count == shape.pairs)
            #expect(breakdown[.runs].combinations.count == shape.runs)
            #expect(breakdown[.runs].combinations.allSatisfy { $0.cards.count == shape.runLength && $0.points == shape.runLength })
            #expect(Set(breakdown[.runs].combinations.map(\.cards)).count == shape.runs, "each run once")
            #expect(breakdown.total == shape.total)
            #expect(FastScorer.shared.total(hand: hand, rules: rules) == shape.total)
        }
        let tally = RankTally(hand.cards.map(\.rank.order))
        #expect(tally.points(with: RankTally([hand.cut.rank.order])) == shape.total)
    }
}
