@testable import CribbageCore
import TestSupport
import Testing

@Suite("The pegging value of a keep")
struct KeepPeggingTests {
    @Test func theShippedTableIsWhatTheSolverGivesForASampleOfKeeps() {
        var random = SplitMix64(seed: 18)
        let keeps = KeepPegging.keeps
        for _ in 0..<24 {
            let keep = keeps[Int(random.next() % UInt64(keeps.count))]
            for dealer in [true, false] {
                let solved = KeepPegging.value(of: keep, dealer: dealer)
                let shipped = KeepPegging.shipped(ranks: keep.shuffled(using: &random), dealer: dealer)
                // The table keeps four hex digits a value: within half a step of 16/65535.
                #expect(abs(solved.mine - shipped.mine) <= 0.5 * KeepPegging.scale / 65535 + 1e-12, "\(keep) \(dealer)")
                #expect(abs(solved.theirs - shipped.theirs) <= 0.5 * KeepPegging.scale / 65535 + 1e-12, "\(keep) \(dealer)")
            }
        }
    }

    /// Over the keeps the expert makes, the dealer pegs more than the pone; open hands defend
    /// perfectly, so both are below what is pegged in real play (3.3–3.5 and 2.0–2.2 published).
    @Test func theDealerPegsMoreAndFivesAreWorstForThePone() {
        var averages: [Bool: (mine: Double, theirs: Double)] = [:]
        for dealer in [true, false] {
            let belief = PeggingBelief(seen: InlineArray(repeating: 0), opponentIsDealer: dealer, laid: [], goes: [])
            var mine = 0.0, theirs = 0.0
            for (hand, chance) in belief.hands {
                let value = KeepPegging.shipped(ranks: hand, dealer: dealer)
                mine += chance * value.mine
                theirs += chance * value.theirs
            }
            averages[dealer] = (mine, theirs)
        }
        let dealer = averages[true]!, pone = averages[false]!
        #expect((2.0...3.5).contains(dealer.mine) && (1.0...2.2).contains(pone.mine), "\(dealer) \(pone)")
        #expect(dealer.mine - dealer.theirs > 0.8)
        // What each role pegs against the other agrees from both sides to within the belief's
        // difference (the keeper's own four are known in one and not the other).
        #expect(abs(dealer.mine - pone.theirs) < 0.1 && abs(pone.mine - dealer.theirs) < 0.1)
        let worstForThePone = KeepPegging.keeps.min { KeepPegging.shipped(ranks: $0, dealer: false).net < KeepPegging.shipped(ranks: $1, dealer: false).net }
        #expect(worstForThePone == [5, 5, 5, 5])
    }
}
