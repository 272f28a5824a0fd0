import Testing
@testable import CribbageCore

/// Issue 33: the hint and `w` show suit twins as one keep, unless the suits change a flush or nobs.
@Suite("Analysis: suit twins as one keep")
struct SuitTwinTests {
    static func cards(_ text: String) -> [Card] { try! Card.parseDistinct(text.split(separator: " ").map(String.init)) }

    static func keep(_ analysis: Analysis, kept: String) -> Analysis.Option? {
        let cards = Set(Self.cards(kept))
        return analysis.options.first { Set($0.keep!.cards) == cards }
    }

    @Test("K♣ and K♥ kept alike are one keep: the better ranked stays, every shape once, none lost")
    func twinsAreOne() {
        let six = Self.cards("KC KH 5D 5S 2C 9H")
        let analysis = analyse(.keep(six: six, role: .dealer, score: nil), by: ComputerLevel.expert.policy, limit: .advice)
        let distinct = analysis.distinctKeeps
        #expect(analysis.options.count == 15 && distinct.count < 15)
        // K♣ 5♦ 5♠ 2♣ against K♥ 5♦ 5♠ 2♣: no flush, no jack, so one of them.
        let clubs = Self.keep(analysis, kept: "KC 5D 5S 9H")!, hearts = Self.keep(analysis, kept: "KH 5D 5S 9H")!
        #expect(Analysis.areSuitTwins(clubs.keep!, hearts.keep!, six: six))
        #expect(distinct.contains(clubs) != distinct.contains(hearts))
        let first = analysis.options.firstIndex(of: clubs)! < analysis.options.firstIndex(of: hearts)! ? clubs : hearts
        #expect(distinct.contains(first))
        // Every option has its twin (or itself) among the distinct, and no two distinct are twins.
        for option in analysis.options {
            #expect(distinct.contains { Analysis.areSuitTwins($0.keep!, option.keep!, six: six) })
        }
        for (index, one) in distinct.enumerated() {
            for other in distinct[(index + 1)...] { #expect(!Analysis.areSuitTwins(one.keep!, other.keep!, six: six)) }
        }
        // The order is the analysis's.
        #expect(distinct == analysis.options.filter(distinct.contains))
    }

    @Test("the issue's six: J♠ and J♣ are not twins, for the spade flush and nobs; a lay analysis is as it is")
    func flushAndNobsTellThemApart() {
        let six = Self.cards("3H 6S TS JS JC QS")
        let analysis = analyse(.keep(six: six, role: .pone, score: nil), by: ComputerLevel.expert.policy, limit: .advice)
        let spade = Self.keep(analysis, kept: "6S TS JS QS")!, club = Self.keep(analysis, kept: "6S TS JC QS")!
        #expect(!Analysis.areSuitTwins(spade.keep!, club.keep!, six: six))
        #expect(analysis.distinctKeeps.contains(spade) && analysis.distinctKeeps.contains(club))
        // Nobs alone: J♦ held with two diamonds against J♣ alone of its suit, no flush either way.
        let nobs = Self.cards("JD JC 4D 8D 2S 7H")
        let jacks = analyse(.keep(six: nobs, role: .pone, score: nil), by: ComputerLevel.expert.policy, limit: .advice)
        let diamond = Self.keep(jacks, kept: "JD 4D 8D 7H")!, club2 = Self.keep(jacks, kept: "JC 4D 8D 7H")!
        #expect(!Analysis.areSuitTwins(diamond.keep!, club2.keep!, six: nobs))
        // Two kings alike, suits of nothing: twins.
        let kings = Self.cards("KD KC 4D 8S 2S 7H")
        let plain = analyse(.keep(six: kings, role: .pone, score: nil), by: ComputerLevel.expert.policy, limit: .advice)
        #expect(Analysis.areSuitTwins(Self.keep(plain, kept: "KD 4D 8S 7H")!.keep!, Self.keep(plain, kept: "KC 4D 8S 7H")!.keep!, six: kings))
    }
}
