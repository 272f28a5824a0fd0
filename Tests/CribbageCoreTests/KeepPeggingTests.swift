@testable import CribbageCore
import TestSupport
import Testing

@Suite("The pegging value of a keep", .tags(.solver), .slow)
struct KeepPeggingTests {
    /// The table keeps four hex digits a value: within half a step of 16/65535.
    static let halfStep = 0.5 * KeepPegging.scale / 65535 + 1e-12

    /// `make keep-pegging` played every keep from the table's seed; the same plays again give the
    /// same figures (a keep drawn at random, both roles), and a different seed figures within 4
    /// standard errors. The engine is the one the table plays with (`Limit.move`); the plays run
    /// two at a time.
    @Test func theShippedTableIsWhatSelfPlayGivesForASampleOfKeeps() async {
        var random = SplitMix64(seed: 18)
        let keeps = KeepPegging.keeps, plays = KeepPegging.shippedPlays, engine = Limit.move.engine
        let index = random.below(keeps.count), keep = keeps[index], fresh = random.below(keeps.count)
        let freshDealer = random.below(2) == 0
        let shuffled = keep.shuffled(using: &random)
        let estimates = await withTaskGroup(of: (Int, KeepSelfPlay).self) { group in
            for (k, dealer) in [true, false].enumerated() {
                group.addTask {
                    (k, KeepSelfPlay.estimate(keep: keep, dealer: dealer, plays: plays, engine: engine,
                                              seed: KeepPegging.seed(keep: index, dealer: dealer, from: KeepPegging.shippedSeed)))
                }
            }
            // Another keep from another seed, with a fifth of the plays.
            group.addTask { (2, KeepSelfPlay.estimate(keep: keeps[fresh], dealer: freshDealer, plays: plays / 5, engine: engine, seed: 1 << 40)) }
            return await group.reduce(into: [Int: KeepSelfPlay]()) { $0[$1.0] = $1.1 }
        }
        for (k, dealer) in [true, false].enumerated() {
            let again = estimates[k]!, shipped = KeepPegging.shippedPlay(ranks: shuffled, dealer: dealer)
            let pairs: [(Double, Double)] = [(again.mine, shipped.mine), (again.theirs, shipped.theirs), (again.mineError, shipped.mineError),
                                             (again.theirsError, shipped.theirsError), (again.netError, shipped.netError)]
            for (a, b) in pairs {
                #expect(abs(a - b) <= Self.halfStep, "\(keep) \(dealer)")
            }
            #expect(shipped.netError > 0 && shipped.netError < 0.15, "\(keep) \(dealer)")
        }
        let other = estimates[2]!, shipped = KeepPegging.shippedPlay(ranks: keeps[fresh], dealer: freshDealer)
        let error = (other.netError * other.netError + shipped.netError * shipped.netError).squareRoot()
        #expect(abs(other.net - shipped.net) <= 4 * error, "\(keeps[fresh]) \(freshDealer): \(other) against \(shipped)")
    }

    /// The open-handed value is the control the self-play estimate subtracts: with every play
    /// counted, the estimate's mean difference is the self-play's, whichever fours were drawn.
    @Test func theOpenHandedValueIsTheChanceWeightedSolveOfEveryFour() {
        let keep: [UInt8] = [2, 3, 5, 6]
        for dealer in [true, false] {
            let fours = KeepPegging.opponentFours(against: keep, dealer: dealer)
            #expect(abs(fours.reduce(0) { $0 + $1.chance } - 1) < 1e-9)
            let value = KeepPegging.value(of: keep, dealer: dealer)
            var known = [(Int, Int)?](repeating: nil, count: fours.count)
            let mySeat = dealer ? 1 : 0
            var held: [[UInt8]] = [[], []]
            held[mySeat] = keep
            held[1 - mySeat] = fours[0].ranks
            let points = RankPlay(held: held, turn: 0, countRanks: [], saidGo: [false, false], lastLayer: -1).solved()
            known[0] = (points[mySeat], points[1 - mySeat])
            let withKnown = KeepPegging.solve(keep, against: fours, dealer: dealer, known: known)
            #expect(abs(withKnown.mine - value.mine) < 1e-12 && abs(withKnown.theirs - value.theirs) < 1e-12)
            // Open hands defend perfectly: the engine pegs more against itself than open hands give.
            #expect(value.mine < KeepPegging.shipped(ranks: keep, dealer: dealer).mine)
        }
    }

    /// The keeper's thrown ranks, when known, are cards the opponent cannot hold: with both
    /// other fives thrown, no four of the opponent's holds a five, and the value changes; with
    /// nothing thrown it is the value averaged over discards.
    @Test func theDiscardsKnownAreCardsTheOpponentCannotHold() {
        let keep: [UInt8] = [5, 5, 10, 11]
        let fours = KeepPegging.opponentFours(against: keep, dealer: false, discards: [5, 5])
        #expect(!fours.isEmpty && fours.allSatisfy { !$0.ranks.contains(5) })
        #expect(abs(fours.reduce(0) { $0 + $1.chance } - 1) < 1e-9)
        #expect(KeepPegging.opponentFours(against: keep, dealer: false).contains { $0.ranks.contains(5) })
        let plain = KeepPegging.value(of: keep, dealer: false), none = KeepPegging.value(of: keep, dealer: false, discards: [])
        #expect(plain == none)
        #expect(abs(KeepPegging.value(of: keep, dealer: false, discards: [5, 5]).net - plain.net) > 0.01)
    }

    @Test func aSelfPlayEstimateIsTheSameFromTheSameSeedAndItsErrorShrinksWithPlays() {
        let keep: [UInt8] = [5, 5, 10, 11]
        let a = KeepSelfPlay.estimate(keep: keep, dealer: false, plays: 60, seed: 7)
        let b = KeepSelfPlay.estimate(keep: keep, dealer: false, plays: 60, seed: 7)
        let c = KeepSelfPlay.estimate(keep: keep, dealer: false, plays: 240, seed: 8)
        #expect(a == b)
        #expect(c.netError < a.netError)
        #expect(a.netError > 0 && a.mineError > 0 && a.theirsError > 0)
    }

    /// Over the keeps the expert makes, the table's averages are what the engine pegs against
    /// itself (3.44 as dealer, 2.17 as pone in `make selfplay-pegging`), inside the published
    /// 3.3–3.5 and 2.0–2.2 for good play.
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
        #expect((3.3...3.5).contains(dealer.mine) && (2.0...2.2).contains(pone.mine), "\(dealer) \(pone)")
        #expect(dealer.mine - dealer.theirs > 0.8)
        // What each role pegs against the other agrees from both sides to within the belief's
        // difference (the keeper's own four are known in one and not the other).
        #expect(abs(dealer.mine - pone.theirs) < 0.1 && abs(pone.mine - dealer.theirs) < 0.1)
        let worstForThePone = KeepPegging.keeps.min { KeepPegging.shipped(ranks: $0, dealer: false).net < KeepPegging.shipped(ranks: $1, dealer: false).net }
        #expect(worstForThePone == [5, 5, 5, 5])
    }
}
