import CribbageCore

/// A hand or crib counted the slow way, apart from the program's scorers, for tests that check
/// the program's totals: fifteens over every subset, pairs over every two cards, runs as the
/// longest length whose every window of distinct ranks counts, flushes and nobs by rule.
public func referenceCount(_ hand: [Card], cut: Card, crib: Bool) -> Int {
    let all = hand + [cut]
    var points = 0
    for mask in 1..<(1 << all.count) {
        let chosen = all.indices.filter { mask & (1 << $0) != 0 }.map { all[$0] }
        if chosen.map(\.rank.value).reduce(0, +) == 15 { points += 2 }
        if chosen.count == 2 && chosen[0].rank == chosen[1].rank { points += 2 }
    }
    // Runs: the longest length for which some subset of that size is consecutive; every such
    // subset counts.
    for length in stride(from: 5, through: 3, by: -1) {
        var runs = 0
        for mask in 1..<(1 << all.count) where mask.nonzeroBitCount == length {
            let orders = all.indices.filter { mask & (1 << $0) != 0 }.map { all[$0].rank.order }.sorted()
            if zip(orders, orders.dropFirst()).allSatisfy({ $1 == $0 + 1 }) { runs += 1 }
        }
        if runs > 0 {
            points += runs * length
            break
        }
    }
    if Set(hand.map(\.suit)).count == 1 {
        if cut.suit == hand[0].suit { points += 5 } else if !crib { points += 4 }
    }
    if hand.contains(where: { $0.rank == .jack && $0.suit == cut.suit }) { points += 1 }
    return points
}
