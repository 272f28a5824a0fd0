/// The 46 cards a player cannot see after the deal, counted by rank and by suit: the possible
/// cuts, and the cards the opponent may throw to the crib.
struct Unseen {
    static let count = 46
    /// Every unseen card can be the cut.
    static let cuts = count
    /// Every (opponent's two discards, cut) deal: 46 choose 2, times the 44 cuts left.
    static let cribDeals = count * (count - 1) / 2 * (count - 2)

    let cards: [Card]
    /// Unseen cards per rank order, 1 (ace) to 13 (king); index 0 unused.
    let ranks: InlineArray<14, Int>
    /// Unseen cards per suit, by raw value.
    let suits: InlineArray<4, Int>

    init(dealt: Deck) {
        cards = Deck.full.subtracting(dealt).cards
        var ranks = InlineArray<14, Int>(repeating: 0)
        var suits = InlineArray<4, Int>(repeating: 0)
        for card in cards {
            ranks[card.rank.order] += 1
            suits[Int(card.suit.rawValue)] += 1
        }
        self.ranks = ranks
        self.suits = suits
    }

    /// The hand's points summed over every cut, and the least and most it can score (hand rules).
    func handPoints(_ keep: [Card]) -> (total: Int, minimum: Int, maximum: Int) {
        let byCut = handPointsByCut(keep)
        return (byCut.reduce(0, +), byCut.min()!, byCut.max()!)
    }

    /// The hand's points with each unseen card as the cut, in the order of `cards` (hand rules).
    func handPointsByCut(_ keep: [Card]) -> [Int] {
        let held = RankTally(keep.map(\.rank.order))
        var byCutRank = InlineArray<14, Int>(repeating: 0)
        for order in 1...13 where ranks[order] > 0 {
            byCutRank[order] = held.points(with: .empty.adding(order))
        }
        let flushSuit = keep[0].suit
        let isFlush = keep.allSatisfy { $0.suit == flushSuit }
        var jacksBySuit = InlineArray<4, Int>(repeating: 0)
        for card in keep where card.rank == .jack { jacksBySuit[Int(card.suit.rawValue)] += 1 }
        return cards.map { cut in
            var points = byCutRank[cut.rank.order] + jacksBySuit[Int(cut.suit.rawValue)]
            if isFlush { points += cut.suit == flushSuit ? 5 : 4 }
            return points
        }
    }
}
