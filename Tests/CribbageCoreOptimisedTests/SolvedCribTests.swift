import TestSupport
import Testing
@testable import CribbageCore

/// Hessel's published averages, (dealer's own crib, thrown to the opponent's): for checking only.
private let published: [(Rank, Rank, dealer: Double, pone: Double)] = [
    (.five, .five, 8.95, 9.39), (.two, .three, 6.97, 7.34), (.seven, .eight, 6.58, 7.88),
    (.ten, .king, 2.86, 3.99), (.ace, .ace, 5.26, 6.07), (.jack, .jack, 5.37, 6.56),
    (.four, .six, 3.87, 5.47),
]

/// One solve shared by the suite's tests: a few seconds in a release build.
private let solved = CribSolver.solve()

@Suite("Solved crib: the solver and the shipped tables", .tags(.solver), .slow)
struct ExpertCribTableTests {
    @Test("the solved tables come within 0.02 of Hessel's published cells")
    func publishedCells() {
        for (first, second, dealer, pone) in published {
            #expect(abs(solved.dealer[first, second] - dealer) <= 0.02, "\(first)-\(second) dealer \(solved.dealer[first, second])")
            #expect(abs(solved.pone[first, second] - pone) <= 0.02, "\(first)-\(second) pone \(solved.pone[first, second])")
        }
    }

    @Test("the shipped tables and policies are the solver's, byte for byte: SolvedCribTables.swift is what make crib-tables writes")
    func shippedIsSolved() throws {
        for role in [Role.dealer, .pone] {
            let shipped = CribTable.shipped(role: role, opponent: .solved)
            #expect(shipped.role == role && shipped.opponent == .solved)
        }
        let generated = CribTable.swiftSource(dealer: solved.dealer, pone: solved.pone)
        let shipped = try Repository.text("Sources/CribbageCore/Discard/SolvedCribTables.swift")
        #expect(generated == shipped, "make crib-tables would change SolvedCribTables.swift")
        #expect(solved.rounds > 1)
    }

    @Test("tables are symmetric, and the expert's own crib worth less and the pone's throw more than at random, on average")
    func shape() {
        let random = CribTable.shipped(role: .dealer, opponent: .random)
        #expect(random == CribTable(role: .dealer, opponent: .random, pairs: CribTable.shipped(role: .pone, opponent: .random).pairs))
        var sums = (dealer: 0.0, pone: 0.0, random: 0.0)
        for first in Rank.allCases {
            for second in Rank.allCases {
                #expect(solved.dealer[first, second] == solved.dealer[second, first])
                #expect(solved.pone[first, second] == solved.pone[second, first])
                sums.dealer += solved.dealer[first, second]
                sums.pone += solved.pone[first, second]
                sums.random += random[first, second]
            }
        }
        // A good pone throws the dealer little, so what the dealer throws is worth less than the
        // random mean; a good dealer throws himself much, so what the pone throws meets more.
        #expect(sums.dealer < sums.random && sums.random < sums.pone)
    }

    /// Every crib with two cards of these ranks thrown (each suit choice), the other two from
    /// the 50 left and the starter from the 48 left, scored card by card under crib rules less
    /// any crib flush.
    private func cardByCard(_ first: Rank, _ second: Rank) -> Double {
        let scorer = FastScorer.shared
        var total = 0, deals = 0
        for a in Card.all where a.rank == first {
            for b in Card.all where b.rank == second && b != a && (first != second || a.suit.rawValue < b.suit.rawValue) {
                let rest = Card.all.filter { $0 != a && $0 != b }
                for i in rest.indices { for j in (i + 1)..<rest.count {
                    for starter in rest where starter != rest[i] && starter != rest[j] {
                        var points = scorer.total(a, b, rest[i], rest[j], cut: starter, rules: .crib)
                        if [b, rest[i], rest[j], starter].allSatisfy({ $0.suit == a.suit }) { points -= 5 }
                        total += points
                        deals += 1
                    }
                } }
            }
        }
        return Double(total) / Double(deals)
    }

    @Test("the random-opponent table is the card-by-card mean (crib flushes aside)",
          arguments: [(Rank.five, Rank.five), (.jack, .five), (.ten, .king), (.ace, .two)])
    func randomTable(_ ranks: (Rank, Rank)) {
        let table = CribTable.shipped(role: .pone, opponent: .random)
        #expect(abs(table[ranks.0, ranks.1] - cardByCard(ranks.0, ranks.1)) < 1e-9)
    }

    @Test("the rank-model deals: 18,395 multisets of six ranks, dealt every way of 52 choose 6")
    func deals() {
        let deals = SixRankDeals.shared
        #expect(deals.count == 18_395)
        #expect(deals.ways.reduce(0, +) == 20_358_520)
        // 1 to 15 keeps each, each a distinct pair thrown.
        for deal in 0..<deals.count {
            let keeps = deals.keepPairs[Int(deals.keepStart[deal])..<Int(deals.keepStart[deal + 1])]
            #expect((1...15).contains(keeps.count) && Set(keeps).count == keeps.count)
        }
    }

    @Test("a keep's hand value by rank is the card-by-card mean over suits and starters")
    func handValue() throws {
        // Kept 4 5 6 J (a flush possible, nobs possible), thrown 4 K: every way to deal those ranks.
        let ranks: [Rank] = [.four, .five, .six, .jack, .four, .king]
        var total = 0.0, deals = 0
        func deal(_ index: Int, _ cards: [Card]) {
            guard index < ranks.count else {
                let unseen = Card.all.filter { !cards.contains($0) }
                let sum = unseen.reduce(0) { $0 + FastScorer.shared.total(cards[0], cards[1], cards[2], cards[3], cut: $1, rules: .hand) }
                total += Double(sum) / 46
                deals += 1
                return
            }
            for card in Card.all where card.rank == ranks[index] && !cards.contains(card) {
                // The two fours in suit order, so each deal is counted once.
                if index == 4, card.suit.rawValue < cards[0].suit.rawValue { continue }
                deal(index + 1, cards + [card])
            }
        }
        deal(0, [])
        #expect(deals == 6 * 4 * 4 * 4 * 4)
        let order = ranks.map { $0.order - 1 }.sorted()
        let index = (0..<SixRankDeals.shared.count).first { deal in
            (0..<13).allSatisfy { r in Int(SixRankDeals.shared.counts[deal * 13 + r]) == order.count { $0 == r } }
        }
        let deal = try #require(index)
        let keeps = Int(SixRankDeals.shared.keepStart[deal])..<Int(SixRankDeals.shared.keepStart[deal + 1])
        let thrown = SixRankDeals.pairIndex[3 * 13 + 12]
        let keep = try #require(keeps.first { Int(SixRankDeals.shared.keepPairs[$0]) == thrown })
        #expect(abs(SixRankDeals.shared.keepHands[keep] - total / Double(deals)) < 1e-9)
    }
}

@Suite("Solved crib: the discard advisor")
struct ExpertDiscardTests {
    private let deals = [
        ["5S", "4D", "JD", "4C", "5C", "5H"], ["AS", "2H", "3D", "4C", "5S", "6H"],
        ["JH", "5H", "9H", "QH", "2C", "JC"], ["4S", "6H", "7D", "9C", "JS", "QH"],
    ]

    @Test("against a random opponent, every role: exactly today's analysis")
    func randomUnchanged() throws {
        for tokens in deals {
            let cards = try Card.parseDistinct(tokens)
            let today = try DiscardAdvisor.analyze(cards)
            #expect(today.opponent == .random && today.bestUnderOtherModel == nil)
            for role in Role.allCases {
                let analysis = try DiscardAdvisor.analyze(cards, role: role, opponent: .random)
                #expect(analysis.keeps == today.keeps)
                #expect(analysis.ranked(for: role) == today.ranked(for: role))
            }
        }
    }

    @Test("against the solved throw: the hands as before, the crib a probability-weighted mean in range")
    func expert() throws {
        for tokens in deals {
            let cards = try Card.parseDistinct(tokens)
            let random = try DiscardAdvisor.analyze(cards)
            for role in [Role.dealer, .pone] {
                let analysis = try DiscardAdvisor.analyze(cards, role: role, opponent: .solved)
                #expect(analysis.opponent == .solved)
                for (expert, today) in zip(analysis.keeps, random.keeps) {
                    #expect(expert.cards == today.cards && expert.hand == today.hand)
                    #expect(expert.cribMean > 0.5 && expert.cribMean < 20)
                    #expect(abs(expert.cribMean - today.cribMean) < 2)
                }
            }
        }
    }

    @Test("the solved crib of a thrown pair is near the table's, which averages over the other four cards")
    func nearTable() throws {
        let cards = try Card.parseDistinct(["5S", "5H", "KD", "QC", "9S", "2H"])
        let dealer = try DiscardAdvisor.analyze(cards, role: .dealer, opponent: .solved)
        let pone = try DiscardAdvisor.analyze(cards, role: .pone, opponent: .solved)
        let fives = try #require(dealer.keeps.first { $0.discard.allSatisfy { $0.rank == .five } })
        let ponesFives = try #require(pone.keeps.first { $0.discard.allSatisfy { $0.rank == .five } })
        #expect(abs(fives.cribMean - CribTable.shipped(role: .dealer, opponent: .solved)[.five, .five]) < 0.5)
        #expect(abs(ponesFives.cribMean - CribTable.shipped(role: .pone, opponent: .solved)[.five, .five]) < 0.5)
        // The same cards thrown to one's own crib against the pone's throws, to the opponent's
        // against the dealer's: a dealer throws himself more than a pone gives him.
        #expect(fives.cribMean < ponesFives.cribMean)
    }

    @Test("4S 6H 7D 9C JS QH as pone: the expert keeps 6 7 9 J, the random model 4 6 9 J, and each says so")
    func bestKeepChanges() throws {
        let cards = try Card.parseDistinct(["4S", "6H", "7D", "9C", "JS", "QH"])
        let expert = try DiscardAdvisor.analyze(cards, role: .pone, opponent: .solved)
        let random = try DiscardAdvisor.analyze(cards, role: .pone, opponent: .random)
        let expertKeep = try Card.parseDistinct(["6H", "7D", "9C", "JS"])
        let randomKeep = try Card.parseDistinct(["4S", "6H", "9C", "JS"])
        #expect(expert.ranked(for: .pone)[0].cards == expertKeep)
        #expect(random.ranked(for: .pone)[0].cards == randomKeep)
        #expect(expert.bestUnderOtherModel?.cards == randomKeep)
        #expect(random.bestUnderOtherModel?.cards == expertKeep)
        // Its figures are the analysis's own model's.
        #expect(expert.bestUnderOtherModel == expert.keeps.first { $0.cards == randomKeep })
    }

    @Test("where the models agree, no other best keep")
    func agree() throws {
        let cards = try Card.parseDistinct(["5S", "4D", "JD", "4C", "5C", "5H"])
        for role in Role.allCases {
            #expect(try DiscardAdvisor.analyze(cards, role: role, opponent: .solved).bestUnderOtherModel == nil)
        }
    }
}
