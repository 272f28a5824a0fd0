import TestSupport
import Testing
@testable import CribbageCore

/// Invariants over a few thousand seeded random hands (the same hands on every run).
@Suite("Properties of random hands")
struct PropertyTests {
    static let hands = SplitMix64.hands(3_000, seed: 0x29_2929)

    /// Both scorers' totals for a hand.
    static func totals(_ hand: Hand, _ rules: Rules) -> (breakdown: Int, fast: Int) {
        (hand.breakdown(rules: rules).total, FastScorer.shared.total(hand: hand, rules: rules))
    }

    /// The 24 orderings of four things.
    static let orderings: [[Int]] = {
        var result: [[Int]] = [[]]
        for _ in 0..<4 {
            result = result.flatMap { prefix in (0..<4).filter { !prefix.contains($0) }.map { prefix + [$0] } }
        }
        return result
    }()

    @Test("The generator is seeded: same seed, same hands; dealt cards are distinct")
    func generator() {
        #expect(SplitMix64.hands(50, seed: 1) == SplitMix64.hands(50, seed: 1))
        #expect(SplitMix64.hands(50, seed: 1) != SplitMix64.hands(50, seed: 2))
        #expect(Self.hands.allSatisfy { Set($0.allCards).count == 5 })
        #expect(Set(Self.hands.flatMap(\.allCards)).count == 52, "3,000 hands touch every card")
    }

    @Test("The order of the hand cards does not change the score", arguments: Rules.allCases)
    func handOrder(rules: Rules) throws {
        for hand in Self.hands.prefix(500) {
            let expected = hand.breakdown(rules: rules)
            for ordering in Self.orderings {
                let reordered = try Hand(ordering.map { hand.cards[$0] }, cut: hand.cut)
                let breakdown = reordered.breakdown(rules: rules)
                #expect(breakdown.categories.map(\.points) == expected.categories.map(\.points))
                #expect(FastScorer.shared.total(hand: reordered, rules: rules) == expected.total)
            }
        }
    }

    @Test("Renaming the suits does not change the score", arguments: Rules.allCases)
    func suitRenaming(rules: Rules) throws {
        for hand in Self.hands.prefix(500) {
            let expected = hand.breakdown(rules: rules).categories.map(\.points)
            for permutation in Self.orderings {
                let rename = { (card: Card) in Card(card.rank, Suit.allCases[permutation[Int(card.suit.rawValue)]]) }
                let renamed = try Hand(hand.cards.map(rename), cut: rename(hand.cut))
                #expect(renamed.breakdown(rules: rules).categories.map(\.points) == expected)
                #expect(FastScorer.shared.total(hand: renamed, rules: rules) == expected.reduce(0, +))
            }
        }
    }

    @Test("The crib never scores more than the hand; they differ only by a four-card flush")
    func cribAtMostHand() {
        for hand in Self.hands {
            let (handTotal, handFast) = Self.totals(hand, .hand)
            let (cribTotal, cribFast) = Self.totals(hand, .crib)
            #expect(cribTotal <= handTotal && cribFast <= handFast)
            let fourFlush = hand.breakdown(rules: .hand)[.flush].points == 4
            #expect(handTotal - cribTotal == (fourFlush ? 4 : 0))
        }
    }

    @Test("Totals are 0…29, never 19, 25, 26 or 27, and both scorers agree", arguments: Rules.allCases)
    func possibleTotals(rules: Rules) {
        for hand in Self.hands {
            let (total, fast) = Self.totals(hand, rules)
            #expect(total == fast)
            #expect((0...29).contains(total) && ![19, 25, 26, 27].contains(total))
        }
    }

    @Test("The categories always sum to the total", arguments: Rules.allCases)
    func categoriesSum(rules: Rules) {
        for hand in Self.hands {
            let breakdown = hand.breakdown(rules: rules)
            let points = breakdown.categories.flatMap(\.combinations).reduce(0) { $0 + $1.points }
            #expect(breakdown.categories.map(\.rank) == HandRank.allCases)
            #expect(points == breakdown.total)
            #expect(breakdown.categories.reduce(0) { $0 + $1.points } == breakdown.total)
        }
    }

    @Test("Every combination is drawn from the hand and scores what its HandRank says", arguments: Rules.allCases)
    func combinationsAreSound(rules: Rules) {
        for hand in Self.hands {
            let breakdown = hand.breakdown(rules: rules)
            let five = Set(hand.allCards)
            for category in breakdown.categories {
                #expect(Set(category.combinations).count == category.combinations.count, "no combination twice")
                for combination in category.combinations {
                    let cards = combination.cards
                    #expect(Set(cards).count == cards.count && Set(cards).isSubset(of: five))
                    check(combination, of: category.rank, in: hand, rules: rules)
                }
            }
            // Runs: all of one length, the longest there is.
            let lengths = Set(breakdown[.runs].combinations.map(\.cards.count))
            #expect(lengths.count <= 1)
        }
    }

    /// What a combination of each HandRank must look like.
    func check(_ combination: Breakdown.Combination, of rank: HandRank, in hand: Hand, rules: Rules) {
        let cards = combination.cards
        switch rank {
        case .fifteens:
            #expect(cards.count >= 2 && cards.reduce(0) { $0 + $1.rank.value } == 15 && combination.points == 2)
        case .pairs:
            #expect(cards.count == 2 && cards[0].rank == cards[1].rank && combination.points == 2)
        case .runs:
            let orders = cards.map(\.rank.order)
            #expect(cards.count >= 3 && combination.points == cards.count)
            #expect(orders == Array(orders[0]..<orders[0] + cards.count), "sorted, consecutive ranks")
        case .flush:
            #expect(Set(cards.map(\.suit)).count == 1 && combination.points == cards.count)
            #expect(cards.count == 5 || (cards == hand.cards && rules == .hand))
        case .nobs:
            #expect(cards == [cards[0], hand.cut] && cards[0].rank == .jack)
            #expect(cards[0].suit == hand.cut.suit && hand.cards.contains(cards[0]) && combination.points == 1)
        }
    }
}
