import TestSupport
import Testing
@testable import CribbageCore

@Suite("Worked hands (Docs/Rules.md)")
struct WorkedHandsTests {
    /// The worked hands table: hand count, then crib count.
    @Test("Totals from the design table", arguments: zip(WorkedHand.all, [
        (29, 29), (28, 28), (16, 16), (16, 16), (20, 20), (24, 24), (4, 0), (5, 5), (0, 0),
    ]))
    func totals(worked: WorkedHand, expected: (hand: Int, crib: Int)) {
        let hand = worked.hand
        #expect(hand.breakdown(rules: .hand).total == expected.hand)
        #expect(hand.breakdown(rules: .crib).total == expected.crib)
        #expect(hand.breakdown().total == expected.hand, "the hand rules are the default")
        #expect(FastScorer.shared.total(hand: hand, rules: .hand) == expected.hand)
        #expect(FastScorer.shared.total(hand: hand, rules: .crib) == expected.crib)
        #expect(worked.handTotal == expected.hand && worked.cribTotal == expected.crib)
    }

    @Test("Each HandRank's points and combinations", arguments: WorkedHand.all, Rules.allCases)
    func categories(worked: WorkedHand, rules: Rules) {
        let breakdown = worked.hand.breakdown(rules: rules)
        #expect(breakdown.rules == rules)
        #expect(breakdown.hand == worked.hand)
        #expect(breakdown.categories.map(\.rank) == HandRank.allCases)

        #expect(breakdown[.fifteens].combinations.count == worked.fifteens)
        #expect(breakdown[.fifteens].points == worked.fifteens * 2)
        #expect(breakdown[.pairs].combinations.count == worked.pairs)
        #expect(breakdown[.pairs].points == worked.pairs * 2)
        #expect(breakdown[.runs].combinations.count == worked.runs.count)
        #expect(breakdown[.runs].combinations.allSatisfy { $0.cards.count == worked.runs.length })
        #expect(breakdown[.runs].points == worked.runs.count * worked.runs.length)
        let flush = rules == .hand ? worked.flush : worked.cribFlush
        #expect(breakdown[.flush].points == flush)
        #expect(breakdown[.flush].combinations.count == (flush > 0 ? 1 : 0))
        #expect(breakdown[.flush].combinations.first?.cards.count ?? 0 == flush)
        #expect(breakdown[.nobs].points == worked.nobs)
        #expect(breakdown.total == (rules == .hand ? worked.handTotal : worked.cribTotal))
    }

    @Test("29: eight fifteens, six pairs, and nobs from the jack of the cut's suit")
    func twentyNine() throws {
        let breakdown = try Hand(parsing: ["5H", "5C", "5S", "JD"], cut: "5D").breakdown()
        let jack = try Card(parsing: "JD"), cut = try Card(parsing: "5D")
        // Four fives with the jack, and the four ways to take three of the four fives.
        let fifteens = breakdown[.fifteens].combinations.map { Set($0.cards) }
        #expect(fifteens.filter { $0.contains(jack) }.count == 4)
        #expect(fifteens.filter { $0.count == 3 && !$0.contains(jack) }.count == 4)
        #expect(Set(fifteens).count == 8)
        #expect(breakdown[.nobs].combinations == [.init(cards: [jack, cut], points: 1)])
        #expect(breakdown.hand.isHisHeels == false)
    }

    @Test("A double-double run: four runs of three and two pairs")
    func doubleDoubleRun() throws {
        let breakdown = try Hand(parsing: ["AH", "AS", "2H", "2S"], cut: "3C").breakdown()
        let runs = breakdown[.runs].combinations
        #expect(Set(runs.map { $0.cards.map(\.description) }) == [
            ["AH", "2H", "3C"], ["AH", "2S", "3C"], ["AS", "2H", "3C"], ["AS", "2S", "3C"],
        ])
        #expect(runs.allSatisfy { $0.points == 3 })
        #expect(Set(breakdown[.pairs].combinations.map { $0.cards[0].rank }) == [.ace, .two])
    }

    @Test("A four-card flush counts in the hand, not in the crib")
    func fourCardFlush() throws {
        let hand = try Hand(parsing: ["2H", "4H", "6H", "8H"], cut: "KS")
        #expect(hand.breakdown(rules: .hand)[.flush].combinations.map(\.cards) == [hand.cards])
        #expect(hand.breakdown(rules: .crib)[.flush].combinations.isEmpty)
        let five = try Hand(parsing: ["2H", "4H", "6H", "8H"], cut: "KH")
        #expect(five.breakdown(rules: .crib)[.flush].combinations.map(\.cards) == [five.allCards])
    }

    @Test("Four of a suit with the cut's suit elsewhere is no flush, hand or crib")
    func cutSuitDoesNotMakeAFlush() throws {
        let hand = try Hand(parsing: ["2H", "4H", "6H", "8C"], cut: "KH")
        for rules in Rules.allCases { #expect(hand.breakdown(rules: rules)[.flush].points == 0) }
        #expect(FastScorer.shared.total(hand: hand, rules: .hand) == 0)
    }
}

@Suite("Nobs and his heels")
struct NobsTests {
    @Test("Nobs is never for the cut itself", arguments: Suit.allCases)
    func cutJackIsNotNobs(suit: Suit) throws {
        // Every other jack in hand, none of the cut's suit: nothing for nobs.
        let others = Suit.allCases.filter { $0 != suit }.map { Card(.jack, $0) }
        let hand = try Hand(others + [Card(.two, suit)], cut: Card(.jack, suit))
        for rules in Rules.allCases {
            let breakdown = hand.breakdown(rules: rules)
            #expect(breakdown[.nobs].combinations.isEmpty)
            #expect(breakdown[.pairs].combinations.count == 6, "the cut jack still pairs")
            #expect(breakdown.total == 12, "four jacks make six pairs, and nothing else")
            #expect(FastScorer.shared.total(hand: hand, rules: rules) == 12)
        }
        #expect(hand.isHisHeels)
    }

    @Test("A hand jack of the cut's suit is nobs, in hand and crib", arguments: Suit.allCases)
    func handJackOfCutSuit(suit: Suit) throws {
        let jack = Card(.jack, suit)
        let others = Suit.allCases.filter { $0 != suit }
        let hand = try Hand([Card(.two, others[0]), jack, Card(.eight, others[1]), Card(.king, others[2])],
                            cut: Card(.six, suit))
        for rules in Rules.allCases {
            let breakdown = hand.breakdown(rules: rules)
            #expect(breakdown[.nobs].combinations == [.init(cards: [jack, hand.cut], points: 1)])
            #expect(breakdown.total == 1)
            #expect(FastScorer.shared.total(hand: hand, rules: rules) == 1)
        }
        #expect(!hand.isHisHeels)
    }

    @Test("A hand jack of another suit is not nobs")
    func jackOfOtherSuit() throws {
        let hand = try Hand(parsing: ["2S", "JH", "8C", "KD"], cut: "6S")
        #expect(hand.breakdown()[.nobs].combinations.isEmpty)
        #expect(FastScorer.shared.total(hand: hand, rules: .hand) == 0)
    }

    @Test("His heels: only a cut jack, and never counted in the hand", arguments: Rank.allCases)
    func hisHeels(cutRank: Rank) throws {
        let cut = Card(cutRank, .clubs)
        let hand = try Hand(parsing: ["2H", "4D", "6S", "8H"], cut: cut.description)
        #expect(hand.isHisHeels == (cutRank == .jack))
        #expect(hand.breakdown().total == FastScorer.shared.total(hand: hand, rules: .hand))
    }
}

@Suite("Spoken count")
struct SpokenCountTests {
    @Test("The count as players say it", arguments: [
        (["5H", "5C", "5S", "JD"], "5D",
         "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, fifteen fourteen, "
            + "fifteen sixteen, a double pair royal is twenty-eight, and one for his nobs makes twenty-nine"),
        (["5H", "5C", "5S", "5D"], "JH",
         "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, fifteen fourteen, "
            + "fifteen sixteen, and a double pair royal makes twenty-eight"),
        (["AH", "AS", "2H", "2S"], "3C", "a pair is two, a pair is four, and a double-double run of three makes sixteen"),
        (["4C", "4D", "5S", "6H"], "6C",
         "fifteen two, fifteen four, fifteen six, fifteen eight, a pair is ten, a pair is twelve, "
            + "and a double-double run of three makes twenty-four"),
        (["2H", "4H", "6H", "8H"], "KS", "a flush of four makes four"),
        (["2H", "4H", "6H", "8H"], "KH", "a flush of five makes five"),
        (["2C", "4D", "6H", "8S"], "10C", "nineteen (nothing to count)"),
        (["7C", "8D", "2H", "QS"], "KC", "fifteen two makes two"),
        (["3C", "3D", "3H", "8S"], "KC", "a pair royal makes six"),
    ])
    func spoken(cards: [String], cut: String, expected: String) throws {
        #expect(try Hand(parsing: cards, cut: cut).breakdown().spokenCount == expected)
    }

    @Test("The spoken count ends with the total, in words", arguments: SplitMix64.hands(300, seed: 7))
    func endsWithTotal(hand: Hand) {
        let breakdown = hand.breakdown()
        guard breakdown.total > 0 else {
            #expect(breakdown.spokenCount == "nineteen (nothing to count)")
            return
        }
        #expect(breakdown.spokenCount.hasSuffix("makes \(NumberWords.spelled(breakdown.total))"))
    }
}
