/// Totals without a breakdown, with no allocation per hand: for enumerating millions of hands.
///
///     let scorer = FastScorer.shared
///     scorer.total(hand: hand, rules: .crib)
public struct FastScorer: Sendable {
    /// Rank points for every ordered 5-tuple of ranks, indexed in base 13.
    private let rankPoints: [UInt8]

    /// The scorer, its rank table built on first use.
    public static let shared = FastScorer()

    init() {
        var table = [UInt8](repeating: 0, count: 13 * 13 * 13 * 13 * 13)
        var counts = [Int](repeating: 0, count: 14)
        let orderings = Self.permutationsOfFive
        // Score each multiset of ranks once, then write it at every ordering of its ranks.
        for a in 0..<13 { for b in a..<13 { for c in b..<13 { for d in c..<13 { for e in d..<13 {
            guard a != e else { continue }  // five of one rank
            for i in counts.indices { counts[i] = 0 }
            let ranks = [a, b, c, d, e]
            for r in ranks { counts[r + 1] += 1 }
            let points = UInt8(RankScore.points(counts: counts))
            for ordering in orderings {
                let index = ordering.reduce(0) { $0 * 13 + ranks[$1] }
                table[index] = points
            }
        } } } } }
        rankPoints = table
    }

    private static var permutationsOfFive: [[Int]] {
        var result: [[Int]] = [[]]
        for _ in 0..<5 {
            result = result.flatMap { prefix in (0..<5).filter { !prefix.contains($0) }.map { prefix + [$0] } }
        }
        return result
    }

    /// The total for four hand cards and the cut under the given rules.
    public func total(hand: Hand, rules: Rules) -> Int {
        total(hand.cards[0], hand.cards[1], hand.cards[2], hand.cards[3], cut: hand.cut, rules: rules)
    }

    /// The total for four hand cards and the cut under the given rules.
    public func total(_ a: Card, _ b: Card, _ c: Card, _ d: Card, cut: Card, rules: Rules) -> Int {
        let index = (((Int(a.rank.rawValue) * 13 + Int(b.rank.rawValue)) * 13 + Int(c.rank.rawValue)) * 13
            + Int(d.rank.rawValue)) * 13 + Int(cut.rank.rawValue) - 30941  // 30941: all ranks 1-based
        var points = Int(rankPoints[index])
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
