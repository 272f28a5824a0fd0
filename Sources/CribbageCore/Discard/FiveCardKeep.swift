/// The throw from five cards, with three players or two teams: one card to the crib, four kept.
/// The four kept are the ones whose hand is worth most on average over the 47 starters the
/// thrower cannot see (counted by `FastScorer`); among keeps worth the same, a five goes to the
/// thrower's own side's crib and stays out of another's, then the lowest card goes to its own
/// side's crib and the highest to another's.
///
///     FiveCardKeep.thrown(from: five, ownCrib: true)   // [5♣]
public enum FiveCardKeep {
    /// Each keep of the five with its hand's mean over the starters, best first (ties as above).
    public static func ranked(_ five: [Card], ownCrib: Bool) -> [(kept: [Card], thrown: Card, mean: Double)] {
        precondition(five.count == 5 && Set(five).count == 5, "five different cards")
        let starters = Card.all.filter { !five.contains($0) }
        let keeps = five.indices.map { index in
            let kept = five.enumerated().filter { $0.offset != index }.map(\.element)
            let total = starters.reduce(0) { sum, cut in
                sum + FastScorer.shared.total(kept[0], kept[1], kept[2], kept[3], cut: cut, rules: .hand)
            }
            return (kept: kept, thrown: five[index], mean: Double(total) / Double(starters.count))
        }
        return keeps.indices.sorted { a, b in
            let (x, y) = (keeps[a], keeps[b])
            if x.mean != y.mean { return x.mean > y.mean }
            let (xFive, yFive) = (x.thrown.rank == .five, y.thrown.rank == .five)
            if xFive != yFive { return ownCrib ? xFive : yFive }
            if x.thrown.rank != y.thrown.rank { return ownCrib ? x.thrown.rank < y.thrown.rank : x.thrown.rank > y.thrown.rank }
            return a < b
        }.map { keeps[$0] }
    }

    /// The card thrown to the crib.
    public static func thrown(from five: [Card], ownCrib: Bool) -> [Card] {
        [ranked(five, ownCrib: ownCrib)[0].thrown]
    }
}
