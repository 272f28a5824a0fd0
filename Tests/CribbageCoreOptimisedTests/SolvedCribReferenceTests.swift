import TestSupport
import Testing
@testable import CribbageCore

/// A card-by-card reference for `SolvedCribOdds`, sharing none of its counting: real deals of
/// the opponent's six from the 46 unseen cards, their throw by the solved throw, a starter from
/// the 40 left, and the crib scored by `Hand.breakdown(rules: .crib)` less any crib flush.
///
/// Every deal is equally likely and so is every starter, so the mean of many seeded deals
/// estimates the exact expectation; the check allows four standard errors, taken from the samples.
@Suite("Solved crib: card by card against the exact odds", .tags(.exhaustive), .slow)
struct SolvedCribReferenceTests {
    /// The opponent's policy for a role of yours, built here from the shipped tables: your
    /// dealer's opponent throws as the pone, your pone's as the dealer, with no role as the pone.
    private static func opponentPolicy(for role: Role) -> [UInt8] {
        let theirs: Role = role == .pone ? .dealer : .pone
        return SixRankDeals.shared.policy(for: theirs, crib: CribTable.shipped(role: theirs, opponent: .solved).pairs)
    }

    /// Each multiset of six ranks, as four bits a rank, to its index in the policy.
    private static let dealIndex: [UInt64: Int] = {
        let deals = SixRankDeals.shared
        var index: [UInt64: Int] = [:]
        for deal in 0..<deals.count {
            var key: UInt64 = 0
            for r in 0..<13 { key += UInt64(deals.counts[deal * 13 + r]) << UInt64(4 * r) }
            index[key] = deal
        }
        return index
    }()

    /// The crib's points as the expert odds count them: the ordinary crib count less a flush.
    private static func cribPoints(_ cards: [Card], starter: Card) -> Int {
        let breakdown = try! Hand(cards, cut: starter).breakdown(rules: .crib)
        return breakdown.total - breakdown[.flush].points
    }

    /// The sample mean of each throw's crib and its standard error, over `samples` deals.
    private static func sampled(dealt: [Card], discards: [(Card, Card)], role: Role, samples: Int,
                                seed: UInt64) -> [(mean: Double, standardError: Double)] {
        let policy = opponentPolicy(for: role)
        let unseen = Card.all.filter { !dealt.contains($0) }
        var generator = SplitMix64(seed: seed)
        var sums = [Double](repeating: 0, count: discards.count), squares = sums
        var deck = unseen
        for _ in 0..<samples {
            // Their six, then the starter: the first seven of a partial shuffle of the 46.
            for i in 0..<7 { deck.swapAt(i, i + generator.below(deck.count - i)) }
            let six = deck[0..<6], starter = deck[6]
            var key: UInt64 = 0
            for card in six { key += 1 << UInt64(4 * (card.rank.order - 1)) }
            let (c, d) = SixRankDeals.pairRanks[Int(policy[Self.dealIndex[key]!])]
            // The six come in a random order, so the first card of a rank is any of theirs of it,
            // each equally likely: which jack they throw, when they hold more than one.
            let first = six.firstIndex { $0.rank.order - 1 == c }!
            let second = six.indices.first { $0 != first && six[$0].rank.order - 1 == d }!
            for (k, (a, b)) in discards.enumerated() {
                let points = Double(cribPoints([a, b, six[first], six[second]], starter: starter))
                sums[k] += points
                squares[k] += points * points
            }
        }
        let n = Double(samples)
        return zip(sums, squares).map { sum, square in
            let mean = sum / n
            return (mean, ((square - n * mean * mean) / (n - 1) / n).squareRoot())
        }
    }

    /// Deals per role: a few seconds either way. The optimised build (`make test`) takes twenty
    /// times more, for four standard errors of about 0.02 point, under the opponent's nobs.
    #if DEBUG
    static let samples = 16_000
    #else
    static let samples = 320_000
    #endif

    /// Deals and throws: a pair of fives, a jack with another card (nobs), a five with a jack,
    /// cards that score little; a pair of jacks, which leaves the opponent two jacks at most.
    static let cases: [(dealt: [String], discards: [(String, String)])] = [
        (["5S", "5H", "JD", "KC", "9S", "2H"], [("5S", "5H"), ("JD", "KC"), ("5H", "JD"), ("9S", "2H")]),
        (["JS", "JH", "4C", "6D", "7D", "QC"], [("JS", "JH"), ("4C", "6D"), ("7D", "QC")]),
    ]

    @Test("the exact solved crib is the card-by-card mean, within four standard errors, both roles",
          arguments: [Role.dealer, .pone], 0..<2)
    func cardByCard(role: Role, deal: Int) throws {
        let dealt = try Card.parseDistinct(Self.cases[deal].dealt)
        let thrown = try Self.cases[deal].discards.map { try (Card(parsing: $0.0), Card(parsing: $0.1)) }
        let odds = SolvedCribOdds(dealt: dealt, role: role)
        let estimates = Self.sampled(dealt: dealt, discards: thrown, role: role, samples: Self.samples,
                                     seed: 29 + UInt64(deal) * 2 + (role == .pone ? 1 : 0))
        for ((a, b), estimate) in zip(thrown, estimates) {
            let exact = Double(odds.total(a, b)) / Double(SolvedCribOdds.units)
            #expect(abs(exact - estimate.mean) <= 4 * estimate.standardError,
                    "\(role) throws \(a) \(b): exact \(exact), sampled \(estimate.mean) ± \(estimate.standardError)")
        }
    }

    @Test("with no role the crib is your own, as with the dealer's")
    func noRole() throws {
        let dealt = try Card.parseDistinct(Self.cases[0].dealt)
        let own = SolvedCribOdds(dealt: dealt, role: .dealer), none = SolvedCribOdds(dealt: dealt, role: .none)
        for i in dealt.indices { for j in (i + 1)..<dealt.count {
            #expect(own.total(dealt[i], dealt[j]) == none.total(dealt[i], dealt[j]))
        } }
    }
}
