/// Totals without a breakdown, with no allocation per hand: for enumerating millions of hands.
///
///     let scorer = FastScorer.shared
///     scorer.total(hand: hand, rules: .crib)
public struct FastScorer: Sendable {
    /// Rank points for every ordered 5-tuple of ranks, indexed in base 13 (ace 0 … king 12).
    @usableFromInline let rankPoints: [UInt8]

    /// The scorer, its rank table built on first use (a couple of milliseconds).
    public static let shared = FastScorer()

    init() {
        var table = [UInt8](repeating: 0, count: 13 * 13 * 13 * 13 * 13)
        // Each ordering of five positions, as the base-13 place value it gives each position.
        let weights = Self.placeValuesOfEveryOrdering
        table.withUnsafeMutableBufferPointer { table in
            weights.withUnsafeBufferPointer { weights in
                let table = table  // a copy of the pointer, not the inout, so the loop keeps it in a register
                // Score each multiset of ranks once, then write it at every ordering of its ranks.
                RankScore.forEachMultiset { ranks, counts in
                    let points = UInt8(RankScore.points(counts: counts))
                    let (a, b, c, d, e) = (ranks[0], ranks[1], ranks[2], ranks[3], ranks[4])
                    for w in stride(from: 0, to: weights.count, by: 5) {
                        table[a &* weights[w] &+ b &* weights[w + 1] &+ c &* weights[w + 2]
                            &+ d &* weights[w + 3] &+ e &* weights[w + 4]] = points
                    }
                }
            }
        }
        rankPoints = table
    }

    /// For each of the 120 orderings of five positions, five place values (13⁴ … 1), flattened:
    /// the ordering that puts position `i` at place `k` gives position `i` the value 13^(4-k).
    private static var placeValuesOfEveryOrdering: [Int] {
        var orderings: [[Int]] = [[]]
        for _ in 0..<5 {
            orderings = orderings.flatMap { prefix in (0..<5).filter { !prefix.contains($0) }.map { prefix + [$0] } }
        }
        let placeValues = [28561, 2197, 169, 13, 1]
        return orderings.flatMap { ordering in (0..<5).map { placeValues[ordering[$0]] } }
    }

    /// The total for four hand cards and the cut under the given rules.
    public func total(hand: Hand, rules: Rules) -> Int {
        let cards = hand.cards
        return total(cards[0], cards[1], cards[2], cards[3], cut: hand.cut, rules: rules)
    }

    /// The total for four hand cards and the cut under the given rules. Inlinable, so that a
    /// caller's loop over cuts can keep what depends only on the hand out of the loop.
    @inlinable
    public func total(_ a: Card, _ b: Card, _ c: Card, _ d: Card, cut: Card, rules: Rules) -> Int {
        let index = (((Int(a.rank.rawValue) * 13 + Int(b.rank.rawValue)) * 13 + Int(c.rank.rawValue)) * 13
            + Int(d.rank.rawValue)) * 13 + Int(cut.rank.rawValue) - 30941  // 30941: all ranks 1-based
        // Always in range: every rank is 1…13.
        var points = rankPoints.withUnsafeBufferPointer { Int($0[index]) }
        let suit = a.suit
        if b.suit == suit && c.suit == suit && d.suit == suit {
            if cut.suit == suit { points += 5 } else if rules == .hand { points += 4 }
        }
        let cutSuit = cut.suit
        if (a.rank == .jack && a.suit == cutSuit) || (b.rank == .jack && b.suit == cutSuit)
            || (c.rank == .jack && c.suit == cutSuit) || (d.rank == .jack && d.suit == cutSuit) {
            points += 1
        }
        return points
    }
}
