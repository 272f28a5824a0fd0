/// Weighs the 15 ways to keep four of six dealt cards: the hand over every cut, and the exact
/// expected crib of the two thrown.
///
///     let analysis = try DiscardAdvisor.analyze(Card.parseDistinct(["5S", "4D", "JD", "4C", "5C", "5H"]))
public enum DiscardAdvisor {
    /// Analyses six distinct cards; any other number, or a card twice, is a `HandError`.
    public static func analyze(_ cards: [Card]) throws(HandError) -> DiscardAnalysis {
        guard cards.count == 6 else { throw .wrongCount(cards.count, expected: 6) }
        var dealt = Deck.empty
        for card in cards {
            if dealt.contains(card) { throw .duplicate(card, token: card.description) }
            dealt.insert(card)
        }
        let unseen = Unseen(dealt: dealt)
        var crib = CribOdds(unseen: unseen)
        let keeps = keptPositions.map { kept in
            let keep = kept.map { cards[$0] }
            let discard = cards.indices.filter { !kept.contains($0) }.map { cards[$0] }
            let hand = unseen.handPoints(keep)
            return Keep(
                cards: keep, discard: discard,
                handTotal: hand.total, minimum: hand.minimum, maximum: hand.maximum,
                cribTotal: crib.total(discard[0], discard[1]))
        }
        return DiscardAnalysis(cards: cards, keeps: keeps)
    }

    /// The positions of the four cards kept, for all 15 keeps, in lexicographic order.
    private static let keptPositions: [[Int]] = {
        var result: [[Int]] = []
        for a in 0..<6 { for b in (a + 1)..<6 { for c in (b + 1)..<6 { for d in (c + 1)..<6 {
            result.append([a, b, c, d])
        } } } }
        return result
    }()
}
