import Testing
@testable import SelfPlayKit

/// The sequential test's arithmetic: its bounds from the error rates, and its verdicts on pairs'
/// scores made up to lie clearly on one side.
@Suite("selfplay sprt: the sequential test")
struct SequentialTestTests {
    static func tally(_ scores: [Double]) -> Tally {
        var tally = Tally()
        for score in scores { tally.add(score) }
        return tally
    }

    @Test("the bounds are Wald's: ln(β/(1−α)) and ln((1−β)/α)")
    func bounds() {
        let test = SequentialTest(delta: 0.01, alpha: 0.05, beta: 0.05)
        #expect(abs(test.lower - (-2.944439)) < 1e-5 && abs(test.upper - 2.944439) < 1e-5)
        let lopsided = SequentialTest(delta: 0.01, alpha: 0.01, beta: 0.1)
        #expect(abs(lopsided.upper - 4.499810) < 1e-5 && abs(lopsided.lower - (-2.292535)) < 1e-5)
    }

    @Test("a candidate that wins three pairs in four is stronger; one that wins half is not; few pairs decide nothing")
    func verdicts() {
        let test = SequentialTest(delta: 0.05, alpha: 0.05, beta: 0.05)
        let strong = Self.tally((0..<400).map { [1, 1, 0.5, 0.5, 1, 0, 1, 0.5][$0 % 8] })
        #expect(test.verdict(strong) == .stronger)
        let even = Self.tally((0..<2_000).map { [1, 0, 0.5, 0.5][$0 % 4] })
        #expect(test.verdict(even) == .notStronger)
        #expect(test.verdict(Self.tally([1, 0, 0.5])) == nil)
        // The ratio grows with the evidence: more of the same pairs, further from 0.
        let fewer = Self.tally((0..<100).map { [1, 1, 0.5, 0.5, 1, 0, 1, 0.5][$0 % 8] })
        #expect(test.logLikelihoodRatio(strong) > test.logLikelihoodRatio(fewer))
    }
}
