import CribbageCore
import TestSupport
import Testing

/// The show's counts shipped for the board's chance to win: the sample they name, exactly.
@Suite("The show's counts")
struct ShowCountsTests {
    @Test("the shipped counts' first deals are their sample: thrown and played again, the digest shipped beside them",
          .tags(.solver), .slow)
    func theShippedCountsBeginWithTheirSample() async {
        let shipped = ShowCounts.shipped, check = ShowCounts.shippedCheck
        #expect(shipped.deals >= 40_000 && shipped.played >= 10_000 && check.deals >= 1_000 && check.deals <= shipped.played)
        // The first deals thrown and played out: the digest shipped beside the counts.
        let prefix = await withTaskGroup(of: ShowCounts.self) { group in
            for half in [0..<check.deals / 2, check.deals / 2..<check.deals] {
                group.addTask { ShowCounts.sample(seed: shipped.seed, deals: half, played: check.deals) }
            }
            return await group.reduce(into: [ShowCounts]()) { $0.append($1) }
        }
        #expect(ShowCounts.Check(prefix[0] + prefix[1]) == check)
        // Each number of cards laid has a rest of the play for every deal played out.
        for laid in 1...7 {
            #expect(shipped.rest.filter { $0.key / 1024 == laid }.values.reduce(0, +) == shipped.played)
        }
    }

    @Test("the shipped counts are their sample: every deal thrown again", .tags(.solver), .long)
    func theShippedCountsAreTheirSample() async {
        let shipped = ShowCounts.shipped
        let halves = [0..<shipped.deals / 2, shipped.deals / 2..<shipped.deals]
        let parts = await withTaskGroup(of: ShowCounts.self) { group in
            for half in halves { group.addTask { ShowCounts.sample(seed: shipped.seed, deals: half) } }
            return await group.reduce(into: [ShowCounts]()) { $0.append($1) }
        }
        let thrown = parts[0] + parts[1]
        #expect(thrown.deals == shipped.deals && thrown.counts == shipped.counts)
    }

    @Test func anySplitOfTheDealsAddsUpToTheSameCounts() {
        let whole = ShowCounts.sample(seed: 7, deals: 0..<60, played: 30)
        #expect(ShowCounts.sample(seed: 7, deals: 0..<25, played: 30) + ShowCounts.sample(seed: 7, deals: 25..<60, played: 30) == whole)
        #expect(whole.deals == 60 && whole.counts.allSatisfy { $0.reduce(0, +) == 60 })
        // 30 deals played out: after each number of cards, 30 rests of the play.
        #expect(whole.played == 30)
        for laid in 1...7 { #expect(abs(whole.restOfPlay(afterLaying: laid).reduce(0) { $0 + $1.chance } - 1) < 1e-12) }
        #expect(ShowCounts.sample(seed: 8, deals: 0..<60) != whole)
    }

    @Test("each count's chances add to 1, and the expert's hands count more than its cribs")
    func theChancesAreADistribution() {
        let shipped = ShowCounts.shipped
        for kind in ShowCounts.Kind.allCases {
            #expect(abs(shipped.chances(kind).reduce(0) { $0 + $1.chance } - 1) < 1e-12)
            // 19, 25, 26 and 27 are no hand's count.
            #expect(shipped.chances(kind).allSatisfy { ![19, 25, 26, 27].contains($0.points) })
        }
        #expect(shipped.mean(.crib) < shipped.mean(.poneHand) && shipped.mean(.poneHand) < shipped.mean(.dealerHand) + 1)
    }

    @Test("the rest of the play shrinks as cards are laid; after seven cards the last card pegs at least 1")
    func theRestOfThePlayShrinks() {
        let shipped = ShowCounts.shipped
        let means = (1...7).map { laid in
            shipped.restOfPlay(afterLaying: laid).reduce(0.0) { $0 + Double($1.dealer + $1.pone) * $1.chance }
        }
        #expect(zip(means, means.dropFirst()).allSatisfy { $0 > $1 })
        #expect(shipped.restOfPlay(afterLaying: 7).allSatisfy { $0.pone + $0.dealer >= 1 })
    }
}
