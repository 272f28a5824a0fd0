/// Every scoring combination of a hand, by HandRank, with the total.
///
///     let breakdown = try Hand(parsing: ["5H", "5C", "5S", "JD"], cut: "5D").breakdown()
///     breakdown.total                       // 29
///     breakdown[.fifteens].combinations.count  // 8
public struct Breakdown: Hashable, Sendable {
    /// One set of cards that scores, and what it scores.
    public struct Combination: Hashable, Sendable {
        public let cards: [Card]
        public let points: Int
    }

    /// One HandRank's combinations and their points.
    public struct Category: Hashable, Sendable {
        public let rank: HandRank
        public let combinations: [Combination]
        public var points: Int { combinations.reduce(0) { $0 + $1.points } }
    }

    public let hand: Hand
    public let rules: Rules
    /// All five categories, always in HandRank order, empty ones included.
    public let categories: [Category]

    public subscript(rank: HandRank) -> Category {
        categories.first { $0.rank == rank }!
    }

    public var total: Int { categories.reduce(0) { $0 + $1.points } }
}

extension Hand {
    /// Scores the hand, listing every combination that counts.
    public func breakdown(rules: Rules = .hand) -> Breakdown {
        let five = allCards
        var fifteens: [Breakdown.Combination] = []
        var pairs: [Breakdown.Combination] = []
        var runs: [Breakdown.Combination] = []

        for positions in Self.subsetsOfFive {
            let cards = positions.map { five[$0] }
            if cards.count >= 2, cards.reduce(0, { $0 + $1.rank.value }) == 15 {
                fifteens.append(.init(cards: cards, points: 2))
            }
            if cards.count == 2, cards[0].rank == cards[1].rank {
                pairs.append(.init(cards: cards, points: 2))
            }
        }
        for length in stride(from: 5, through: 3, by: -1) {
            for positions in Self.subsetsOfFive where positions.count == length {
                let cards = positions.map { five[$0] }
                if cards.isRun { runs.append(.init(cards: cards.sorted(), points: length)) }
            }
            if !runs.isEmpty { break }
        }

        var flush: [Breakdown.Combination] = []
        let suit = cards[0].suit
        if cards.allSatisfy({ $0.suit == suit }) {
            if cut.suit == suit {
                flush.append(.init(cards: five, points: 5))
            } else if rules == .hand {
                flush.append(.init(cards: cards, points: 4))
            }
        }

        let nobs = cards.filter { $0.rank == .jack && $0.suit == cut.suit }
            .map { Breakdown.Combination(cards: [$0, cut], points: 1) }

        return Breakdown(hand: self, rules: rules, categories: [
            .init(rank: .fifteens, combinations: fifteens),
            .init(rank: .pairs, combinations: pairs),
            .init(rank: .runs, combinations: runs),
            .init(rank: .flush, combinations: flush),
            .init(rank: .nobs, combinations: nobs),
        ])
    }
}

extension [Card] {
    /// Distinct ranks, each one above the last.
    var isRun: Bool {
        let orders = map(\.rank.order).sorted()
        return zip(orders, orders.dropFirst()).allSatisfy { $1 == $0 + 1 }
    }
}

extension Hand {
    /// The positions of every non-empty subset of five cards, by size, then in order:
    /// [0], [1], … [0, 1], [0, 2], … [0, 1, 2, 3, 4].
    fileprivate static let subsetsOfFive: [[Int]] = (1..<32)
        .map { mask in (0..<5).filter { mask & (1 << $0) != 0 } }
        .sorted { $0.count != $1.count ? $0.count < $1.count : $0.lexicographicallyPrecedes($1) }
}
