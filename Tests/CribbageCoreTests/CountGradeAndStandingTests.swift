import Testing
@testable import CribbageCore

@Suite("Grading a count, and standing")
struct CountGradeAndStandingTests {
    static func breakdown(_ cards: [String], cut: String, rules: Rules = .hand) throws -> Breakdown {
        try Hand(parsing: cards, cut: cut).breakdown(rules: rules)
    }

    @Test func aRightCountIsRight() throws {
        let verdict = try Self.breakdown(["5H", "5C", "5S", "JD"], cut: "5D").grade(claimed: 29)
        #expect(verdict == .right(29))
        #expect(verdict.message == "Right: 29")
    }

    @Test(arguments: [
        (["3C", "4H", "5S", "7D"], "KD", 4, "Muggins! You missed a run of three (3): the count is 7"),
        (["3C", "4H", "5S", "7D"], "KD", 5, "Muggins! You missed a fifteen (2): the count is 7"),
        (["3C", "4H", "5S", "7D"], "KD", 2, "Muggins! You missed a fifteen (2) and a run of three (3): the count is 7"),
        (["5H", "5C", "5S", "JD"], "5D", 28, "Muggins! You missed one for his nobs (1): the count is 29"),
        (["5H", "5C", "5S", "JD"], "5D", 13, "Muggins! You missed a fifteen (2), two pairs (4), … the count is 29"),
        (["2H", "4H", "6H", "8H"], "KS", 0, "Muggins! You missed a flush of four (4): the count is 4"),
    ])
    func aShortCountNamesWhatWasMissed(cards: [String], cut: String, claimed: Int, message: String) throws {
        let verdict = try Self.breakdown(cards, cut: cut).grade(claimed: claimed)
        #expect(!verdict.isRight)
        if message.contains("…") {
            // Sixteen missed points: the fewest combinations that make them, named by HandRank.
            guard case .missed(_, _, let items) = verdict else { Issue.record("not a miss"); return }
            #expect(items.reduce(0) { $0 + $1.points } == 29 - claimed)
            #expect(verdict.message.hasPrefix("Muggins! You missed "))
        } else {
            #expect(verdict.message == message)
        }
    }

    @Test("what a short count missed carries each combination's cards, the starter among them (the fewest, the first found)")
    func whatWasMissedHasItsCards() throws {
        guard case .missed(_, _, let items) = try Self.breakdown(["3C", "4H", "5S", "7D"], cut: "KD").grade(claimed: 2) else {
            Issue.record("not a miss"); return
        }
        #expect(items.map(\.rank) == [.fifteens, .runs])
        let (fifteen, run) = (try Card.parseDistinct(["5S", "KD"]), try Card.parseDistinct(["3C", "4H", "5S"]))
        #expect(Set(items[0].cards) == Set(fifteen))
        #expect(Set(items[1].cards) == Set(run))
        guard case .missed(_, _, let nobs) = try Self.breakdown(["JS", "7H", "8C", "KD"], cut: "4S").grade(claimed: 2) else {
            Issue.record("not a miss"); return
        }
        let jackAndStarter = try Card.parseDistinct(["JS", "4S"])
        #expect(nobs.map(\.rank) == [.nobs] && nobs[0].cards == jackAndStarter)
    }

    @Test func anOvercountSaysByHowMuch() throws {
        let verdict = try Self.breakdown(["3C", "4H", "5S", "7D"], cut: "KD").grade(claimed: 10)
        #expect(verdict == .overcounted(count: 7, claimed: 10))
        #expect(verdict.message == "Muggins! You overcounted by 3: the count is 7")
    }

    @Test func standingNeverRoundsUpToAHundred() {
        let hand = ScoreDistribution.exact(rules: .hand)
        #expect(hand.standing(of: 29) == "better than 99.99997% of hands")
        #expect(hand.standing(of: 0) == "better than 0.0% of hands")
        #expect(hand.standing(of: 28) == "better than 99.999% of hands")
        for score in 0...29 {
            #expect(hand.percentile(of: score) < 100)
            #expect(hand.percentile(of: score) <= hand.percentile(of: min(29, score + 1)))
        }
    }

    @Test(arguments: [
        (16.6304, 2, "16.63"), (-2.4, 2, "-2.40"), (-0.0004, 3, "0.000"), (0.125, 2, "0.13"), (99.99997, 5, "99.99997"),
        (7.5, 0, "8"), (-16.63, 3, "-16.630"),
    ])
    func decimalsRoundHalfAwayFromZero(value: Double, places: Int, text: String) {
        #expect(value.decimal(places: places) == text)
    }

    @Test("two chances set against each other never read alike where they differ: more places, up to three")
    func twoChancesApart() {
        #expect(Double.percents(0.415, 0.392) == ("41.5%", "39.2%"))
        #expect(Double.percents(0.99996, 0.99991) == ("100.00%", "99.99%"))
        #expect(Double.percents(0.999996, 0.999991) == ("100.000%", "99.999%"))
        // Alike even at three places, or equal: one decimal, as everywhere else.
        #expect(Double.percents(0.5, 0.5) == ("50.0%", "50.0%"))
        #expect(Double.percents(1e-9, 0) == ("0.0%", "0.0%"))
        #expect(Double.signedApart(0.99999, 0.99996) == ("+0.99999", "+0.99996"))
        #expect(Double.signedApart(1.0, 0.9996) == ("+1.0000", "+0.9996"))
        #expect(Double.signedApart(-0.2, 0.4) == ("-0.200", "+0.400"))
        #expect(Double.signedApart(1, 1) == ("+1.000", "+1.000"))
    }

    @Test func numbersAreSpelledAsPlayersSayThem() {
        #expect((0...29).map(NumberWords.spelled).joined(separator: " ").hasSuffix("twenty-eight twenty-nine"))
        #expect(NumberWords.spelled(19) == "nineteen" && NumberWords.spelled(31) == "31")
    }
}
