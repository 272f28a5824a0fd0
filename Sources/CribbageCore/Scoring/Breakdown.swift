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
    ///
    /// Combinations come in a fixed order: by size, then by the positions of their cards (the
    /// hand cards in the order given, then the cut). Fifteens and pairs list their cards in that
    /// order; runs list theirs in rank order.
    public func breakdown(rules: Rules = .hand) -> Breakdown {
        let five: InlineArray<5, Card> = [cards[0], cards[1], cards[2], cards[3], cut]
        // For every subset of the five (a 5-bit mask): its sum of values, and its ranks as bits.
        var sums = InlineArray<32, UInt8>(repeating: 0)
        var ranks = InlineArray<32, UInt16>(repeating: 0)
        for mask in 1..<32 {
            let card = five[mask.trailingZeroBitCount]
            sums[mask] = sums[mask & (mask - 1)] &+ UInt8(truncatingIfNeeded: card.rank.value)
            ranks[mask] = ranks[mask & (mask - 1)] | 1 << card.rank.rawValue
        }
        /// The cards of a subset, in position order.
        func cardsOf(_ mask: UInt8) -> [Card] {
            [Card](unsafeUninitializedCapacity: mask.nonzeroBitCount) { buffer, count in
                var rest = mask
                while rest != 0 {
                    buffer.initializeElement(at: count, to: five[rest.trailingZeroBitCount])
                    count += 1
                    rest &= rest - 1
                }
            }
        }
        let subsets = Self.subsetsOfFive

        var fifteens: [Breakdown.Combination] = []
        var pairs: [Breakdown.Combination] = []
        for mask in subsets.twoOrMore where sums[Int(mask)] == 15 {
            fifteens.append(.init(cards: cardsOf(mask), points: 2))
        }
        for mask in subsets.bySize[2] where ranks[Int(mask)].nonzeroBitCount == 1 {
            pairs.append(.init(cards: cardsOf(mask), points: 2))
        }

        // The longest stretch of consecutive ranks; with five cards there is at most one of 3+.
        var runs: [Breakdown.Combination] = []
        var stretch = ranks[31], length = 0
        while stretch & (stretch >> 1) != 0 {
            stretch &= stretch >> 1
            length += 1
        }
        length += 1
        if length >= 3 {
            let runRanks = UInt16((1 << length) - 1) << stretch.trailingZeroBitCount
            for mask in subsets.bySize[length] where ranks[Int(mask)] == runRanks {
                var run = cardsOf(mask)
                run.sort()
                runs.append(.init(cards: run, points: length))
            }
        }

        var flush: [Breakdown.Combination] = []
        let suit = five[0].suit
        if five[1].suit == suit && five[2].suit == suit && five[3].suit == suit {
            if cut.suit == suit {
                flush.append(.init(cards: cardsOf(0b11111), points: 5))
            } else if rules == .hand {
                flush.append(.init(cards: cards, points: 4))
            }
        }

        var nobs: [Breakdown.Combination] = []
        for position in 0..<4 where five[position].rank == .jack && five[position].suit == cut.suit {
            nobs.append(.init(cards: [five[position], cut], points: 1))
        }

        return Breakdown(hand: self, rules: rules, categories: [
            .init(rank: .fifteens, combinations: fifteens),
            .init(rank: .pairs, combinations: pairs),
            .init(rank: .runs, combinations: runs),
            .init(rank: .flush, combinations: flush),
            .init(rank: .nobs, combinations: nobs),
        ])
    }
}

extension Hand {
    /// The non-empty subsets of five positions as bit masks, by size, then by their positions in
    /// lexicographic order: 0b00001, 0b00010, … 0b00011, 0b00101, … 0b11111.
    fileprivate struct Subsets {
        /// `bySize[k]`: the subsets of `k` positions, in order (`bySize[0]` is empty).
        let bySize: [[UInt8]]
        /// The subsets of two to five positions, in order: the candidates for fifteens.
        let twoOrMore: [UInt8]

        init() {
            let positions = { (mask: Int) in (0..<5).filter { mask & (1 << $0) != 0 } }
            bySize = (0...5).map { size in
                (1..<32).filter { $0.nonzeroBitCount == size }
                    .sorted { positions($0).lexicographicallyPrecedes(positions($1)) }
                    .map { UInt8($0) }
            }
            twoOrMore = Array(bySize[2...].joined())
        }
    }

    fileprivate static let subsetsOfFive = Subsets()
}
