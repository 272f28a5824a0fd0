/// Weighs the 15 ways to keep four of six dealt cards: the hand over every cut, and the exact
/// expected crib of the two thrown against a random or the solved throw.
///
///     let analysis = try DiscardAdvisor.analyze(Card.parseDistinct(["5S", "4D", "JD", "4C", "5C", "5H"]))
public enum DiscardAdvisor {
    /// Analyses six distinct cards against a random opponent; any other number, or a card
    /// twice, is a `HandError`.
    public static func analyze(_ cards: [Card]) throws(HandError) -> DiscardAnalysis {
        let unseen = try unseen(cards)
        var crib = CribOdds(unseen: unseen)
        return DiscardAnalysis(cards: cards, opponent: .random,
                               keeps: keeps(cards, unseen: unseen, units: Unseen.cribDeals) { crib.total($0, $1) })
    }

    /// Analyses six distinct cards for the role against the opponent model, and names the keep
    /// that would be best under the other model when it is another keep. The solved crib
    /// depends on whose crib it is: with role `.none` it is your own.
    ///
    ///     try DiscardAdvisor.analyze(cards, role: .pone, opponent: .expert).bestUnderOtherModel
    public static func analyze(_ cards: [Card], role: Role, opponent: CribModel) throws(HandError) -> DiscardAnalysis {
        let unseen = try unseen(cards)
        var random = CribOdds(unseen: unseen)
        let expert = SolvedCribOdds(dealt: cards, role: role)
        let randomKeeps = keeps(cards, unseen: unseen, units: Unseen.cribDeals) { random.total($0, $1) }
        let solvedKeeps = keeps(cards, unseen: unseen, units: SolvedCribOdds.units) { expert.total($0, $1) }
        let (chosen, other) = opponent == .solved ? (solvedKeeps, randomKeeps) : (randomKeeps, solvedKeeps)
        let best = DiscardAnalysis(cards: cards, opponent: opponent, keeps: chosen).ranked(for: role)[0]
        let otherBest = DiscardAnalysis(cards: cards, opponent: opponent.other, keeps: other).ranked(for: role)[0]
        let differs = otherBest.cards != best.cards
        return DiscardAnalysis(
            cards: cards, opponent: opponent, keeps: chosen,
            bestUnderOtherModel: differs ? chosen.first { $0.cards == otherBest.cards } : nil)
    }

    private static func unseen(_ cards: [Card]) throws(HandError) -> Unseen {
        guard cards.count == 6 else { throw .wrongCount(cards.count, expected: 6) }
        if let again = Card.firstRepeat(in: cards) { throw .duplicate(cards[again], token: cards[again].description) }
        return Unseen(dealt: Deck(cards))
    }

    /// The 15 keeps, the crib of each discard summed over `units` deals by `cribTotal`.
    private static func keeps(_ cards: [Card], unseen: Unseen, units: Int,
                              cribTotal: (Card, Card) -> Int) -> [Keep] {
        keptPositions.map { kept in
            let keep = kept.map { cards[$0] }
            let discard = cards.indices.filter { !kept.contains($0) }.map { cards[$0] }
            let hand = unseen.handPoints(keep)
            return Keep(
                cards: keep, discard: discard,
                handTotal: hand.total, minimum: hand.minimum, maximum: hand.maximum,
                cribTotal: cribTotal(discard[0], discard[1]), cribUnits: units)
        }
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
