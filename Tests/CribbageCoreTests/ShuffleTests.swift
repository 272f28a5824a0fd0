import Testing
@testable import CribbageCore

@Suite("The shuffle: every card equally likely in every place")
struct ShuffleTests {
    @Test("a shuffle is the whole deck, and a seed replays it")
    func wholeDeckReplayed() {
        var first = SplitMix64(seed: 121), second = SplitMix64(seed: 121), other = SplitMix64(seed: 122)
        let deck = first.shuffled()
        #expect(Set(deck) == Set(Card.all) && deck.count == 52)
        #expect(second.shuffled() == deck)
        #expect(other.shuffled() != deck)
    }

    /// Pearson's statistic of 52,000 shuffles' card-by-place counts against 1,000 a cell. The
    /// rows and columns each sum to 52,000, so it has 51² = 2,601 degrees of freedom: mean 2,601
    /// and standard deviation √5,202 ≈ 72. Past 2,601 + 5 · 72 happens by chance once in some
    /// three million runs; a shuffle that favours a place by a tenth of a card in a thousand
    /// shuffles goes far past it.
    @Test("chi-square over card and place: within five standard deviations of its 2,601 degrees of freedom")
    func uniform() {
        let shuffles = 52_000
        var counts = [Int](repeating: 0, count: 52 * 52)
        var generator = SplitMix64(seed: 0x2929)
        for _ in 0..<shuffles {
            for (place, card) in generator.shuffled().enumerated() { counts[card.index * 52 + place] += 1 }
        }
        let expected = Double(shuffles) / 52
        let statistic = counts.reduce(0.0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
        #expect(statistic < 2_601 + 5 * 5_202.0.squareRoot(), "chi-square \(statistic)")
        #expect(statistic > 2_601 - 5 * 5_202.0.squareRoot(), "chi-square \(statistic): too even to be chance")

        // The same statistic catches the classic wrong shuffle (swap each place with any place,
        // not only with those not yet fixed), whose bias is a few per cent in some cells.
        var naive = [Int](repeating: 0, count: 52 * 52)
        for _ in 0..<shuffles {
            var deck = Card.all
            for place in 0..<52 { deck.swapAt(place, generator.below(52)) }
            for (place, card) in deck.enumerated() { naive[card.index * 52 + place] += 1 }
        }
        let wrong = naive.reduce(0.0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
        #expect(wrong > 2_601 + 5 * 5_202.0.squareRoot(), "the naive shuffle's chi-square \(wrong)")
    }
}
