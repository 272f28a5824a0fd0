@testable import CribbageCore

/// Every (hand, cut) combination: 270,725 four-card hands, each with the 48 other cards as cut.
enum Enumeration {
    static let handCount = 270_725
    static let combinationCount = 12_994_800

    /// Calls `body` with the four hand cards (in index order) and the cut of every combination
    /// whose lowest hand card has index `first`; over `first` in 0..<52 that is every combination once.
    static func forEachCombination(first: Int, _ body: (Card, Card, Card, Card, Card) -> Void) {
        let cards = Card.all
        let a = cards[first]
        for b in (first + 1)..<52 {
            for c in (b + 1)..<52 {
                for d in (c + 1)..<52 {
                    for cut in 0..<52 where cut != first && cut != b && cut != c && cut != d {
                        body(a, cards[b], cards[c], cards[d], cards[cut])
                    }
                }
            }
        }
    }

    /// Every combination, in order of the lowest hand card.
    static func forEachCombination(_ body: (Card, Card, Card, Card, Card) -> Void) {
        for first in 0..<52 { forEachCombination(first: first, body) }
    }
}
