import Testing
@testable import CribbageCore

private func analyze(_ tokens: [String]) throws -> DiscardAnalysis {
    try DiscardAdvisor.analyze(Card.parseDistinct(tokens))
}

private func keep(_ tokens: [String], in analysis: DiscardAnalysis) throws -> Keep {
    let cards = try Card.parseDistinct(tokens)
    return try #require(analysis.keeps.first { $0.cards == cards })
}

/// A figure published to `decimals` places: the exact value must round to it.
private func rounds(_ value: Double, to published: Double, decimals: Int) -> Bool {
    var half = 0.5
    for _ in 0..<decimals { half /= 10 }
    return abs(value - published) <= half
}

@Suite("Discard advisor: published figures")
struct DiscardPublishedTests {
    /// A-2-3-4-5-6 in four suits, so that no four kept can be a flush.
    @Test("from A-2-3-4-5-6, keeping 2-3-4-5 averages 8.57 in hand and 3-4-5-6 9.85")
    func aceToSix() throws {
        let analysis = try analyze(["AS", "2H", "3D", "4C", "5S", "6H"])
        #expect(rounds(try keep(["2H", "3D", "4C", "5S"], in: analysis).hand.mean, to: 8.57, decimals: 2))
        #expect(rounds(try keep(["3D", "4C", "5S", "6H"], in: analysis).hand.mean, to: 9.85, decimals: 2))
    }

    @Test("from A-2-7-9-J-Q, keeping A-2-J-Q averages 2.85 in hand and A-2-7-9 2.39")
    func aceTwoSevenNineJackQueen() throws {
        let analysis = try analyze(["AS", "2H", "7D", "9C", "JS", "QH"])
        #expect(rounds(try keep(["AS", "2H", "JS", "QH"], in: analysis).hand.mean, to: 2.85, decimals: 2))
        #expect(rounds(try keep(["AS", "2H", "7D", "9C"], in: analysis).hand.mean, to: 2.39, decimals: 2))
    }

    @Test("from 5S 4D JD 4C 5C 5H, keeping 5S JD 5C 5H averages 16.630 in hand; 4D 4C 5.759 in crib")
    func fivesAndFours() throws {
        let best = try keep(["5S", "JD", "5C", "5H"], in: analyze(["5S", "4D", "JD", "4C", "5C", "5H"]))
        #expect(best.discard.map(\.description) == ["4D", "4C"])
        #expect(rounds(best.hand.mean, to: 16.630, decimals: 3))
        #expect(rounds(best.cribMean, to: 5.759, decimals: 3))
        #expect(best.hand.minimum == 14)
        #expect(best.hand.maximum == 29)
    }
}

/// Deals checked against the slow reference: three seeded random deals, and one made to have
/// flushes (hand and crib) and jacks (nobs in hand, in the discards and among the opponent's).
private let referenceDeals: [[Card]] = [
    seededDeal(29), seededDeal(1_961), seededDeal(0xC0FFEE),
    try! Card.parseDistinct(["JH", "5H", "9H", "QH", "2C", "JC"]),
]

/// Six distinct cards from a seeded shuffle (a 64-bit LCG), the same on every run.
private func seededDeal(_ seed: UInt64) -> [Card] {
    var state = seed
    var deck = Card.all
    for position in 0..<6 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        deck.swapAt(position, position + Int((state >> 33) % UInt64(52 - position)))
    }
    return Array(deck.prefix(6))
}

@Suite("Discard advisor: against a card-by-card reference")
struct DiscardReferenceTests {
    /// Every cut for the hand; every opponent pair and cut for the crib; all with `breakdown`.
    private struct Reference {
        let mean: Double, minimum: Int, maximum: Int, cribMean: Double

        init(keep: [Card], discard: [Card], unseen: [Card]) {
            let hands = unseen.map { try! Hand(keep, cut: $0).breakdown(rules: .hand).total }
            mean = Double(hands.reduce(0, +)) / Double(hands.count)
            minimum = hands.min()!
            maximum = hands.max()!

            var crib = 0, deals = 0
            for first in unseen.indices {
                for second in unseen.indices where second > first {
                    let thrown = discard + [unseen[first], unseen[second]]
                    for cut in unseen.indices where cut != first && cut != second {
                        crib += try! Hand(thrown, cut: unseen[cut]).breakdown(rules: .crib).total
                        deals += 1
                    }
                }
            }
            cribMean = Double(crib) / Double(deals)
        }
    }

    @Test("hand mean, minimum and maximum and crib mean of all 15 keeps", arguments: referenceDeals)
    func matchesReference(_ cards: [Card]) throws {
        let analysis = try DiscardAdvisor.analyze(cards)
        let unseen = Deck.full.subtracting(Deck(cards)).cards
        #expect(unseen.count == 46)
        for keep in analysis.keeps {
            let reference = Reference(keep: keep.cards, discard: keep.discard, unseen: unseen)
            #expect(abs(keep.hand.mean - reference.mean) < 1e-9, "\(keep.cards)")
            #expect(keep.hand.minimum == reference.minimum, "\(keep.cards)")
            #expect(keep.hand.maximum == reference.maximum, "\(keep.cards)")
            #expect(abs(keep.cribMean - reference.cribMean) < 1e-9, "\(keep.discard)")
        }
    }

    @Test("the fast rank score agrees with RankScore on every multiset of five ranks, split 2+3 and 4+1")
    func rankTally() {
        var multisets = 0
        for a in 1...13 { for b in a...13 { for c in b...13 { for d in c...13 { for e in d...13 where a != e {
            var counts = [Int](repeating: 0, count: 14)
            for order in [a, b, c, d, e] { counts[order] += 1 }
            let expected = RankScore.points(counts: counts)
            #expect(RankTally([a, b]).points(with: RankTally([c, d, e])) == expected)
            #expect(RankTally([e, c, a, d]).points(with: RankTally([b])) == expected)
            multisets += 1
        } } } } }
        #expect(multisets == 6_175)
    }
}

@Suite("Discard advisor: keeps, roles and ranking")
struct DiscardRankingTests {
    let analysis = try! analyze(["5S", "4D", "JD", "4C", "5C", "5H"])

    @Test("15 keeps in deal order, each four kept and two thrown in the dealt order")
    func keepsInDealOrder() {
        #expect(analysis.cards.map(\.description) == ["5S", "4D", "JD", "4C", "5C", "5H"])
        #expect(analysis.keeps.count == 15)
        #expect(analysis.keeps.first?.cards.map(\.description) == ["5S", "4D", "JD", "4C"])
        #expect(analysis.keeps.last?.cards.map(\.description) == ["JD", "4C", "5C", "5H"])
        let positions = analysis.keeps.map { keep in keep.cards.map { analysis.cards.firstIndex(of: $0)! } }
        for (keep, kept) in zip(analysis.keeps, positions) {
            #expect(keep.cards.count == 4 && keep.discard.count == 2)
            #expect(kept == kept.sorted())
            let thrown = keep.discard.map { analysis.cards.firstIndex(of: $0)! }
            #expect(thrown == thrown.sorted())
            #expect(Set(kept + thrown) == Set(0..<6))
        }
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
    }

    @Test("net: hand + crib for the dealer, hand − crib for the pone, the hand alone for none")
    func net() {
        for keep in analysis.keeps {
            #expect(abs(keep.net(for: .dealer) - (keep.hand.mean + keep.cribMean)) < 1e-12)
            #expect(abs(keep.net(for: .pone) - (keep.hand.mean - keep.cribMean)) < 1e-12)
            #expect(keep.net(for: .none) == keep.hand.mean)
        }
    }

    @Test("ranked: best net first, ties to the higher hand mean, then deal order", arguments: Role.allCases)
    func ranked(_ role: Role) {
        let ranked = analysis.ranked(for: role)
        #expect(Set(ranked) == Set(analysis.keeps) && ranked.count == 15)
        for (better, worse) in zip(ranked, ranked.dropFirst()) {
            let (a, b) = (better.netTotal(for: role), worse.netTotal(for: role))
            #expect(a >= b)
            if a == b {
                #expect(better.handTotal >= worse.handTotal)
                if better.handTotal == worse.handTotal {
                    #expect(analysis.keeps.firstIndex(of: better)! < analysis.keeps.firstIndex(of: worse)!)
                }
            }
        }
    }

    @Test("the best keep of 5S 4D JD 4C 5C 5H for each role")
    func bestKeeps() {
        #expect(analysis.ranked(for: .dealer)[0].cards.map(\.description) == ["5S", "JD", "5C", "5H"])
        #expect(analysis.ranked(for: .none)[0].cards.map(\.description) == ["5S", "JD", "5C", "5H"])
        #expect(analysis.ranked(for: .pone)[0].cards.map(\.description) == ["5S", "JD", "5C", "5H"])
        // Of the six keeps that hold 9.67 in hand, the one throwing the suited 4C 5C has the best
        // crib: only it can make a crib flush.
        let dealer = analysis.ranked(for: .dealer).map { $0.discard.map(\.description) }
        #expect(dealer[3] == ["4C", "5C"])
    }

    @Test("anything but six distinct cards is refused")
    func refused() throws {
        let six = try Card.parseDistinct(["5S", "4D", "JD", "4C", "5C", "5H"])
        #expect(throws: HandError.wrongCount(5, expected: 6)) { try DiscardAdvisor.analyze(Array(six.prefix(5))) }
        #expect(throws: HandError.wrongCount(7, expected: 6)) { try DiscardAdvisor.analyze(six + [Card(.king, .clubs)]) }
        #expect(throws: HandError.wrongCount(0, expected: 6)) { try DiscardAdvisor.analyze([]) }
        var twice = six
        twice[4] = six[0]
        #expect(throws: HandError.duplicate(six[0], token: "5S")) { try DiscardAdvisor.analyze(twice) }
    }
}
