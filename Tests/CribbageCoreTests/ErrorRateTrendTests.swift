import Testing
@testable import CribbageCore

/// The error rate across games: a mean's 95% interval (mean ± 1.96 · SD / √n) worked by hand, the
/// last 10 and 20 games taken from the end, and the trend's difference with its own interval.
@Suite("The error rate across games")
struct ErrorRateTrendTests {
    @Test("2, 4 and 6: mean 4, SD 2 (squares 4 + 0 + 4 over n − 1 = 2), half 1.96 · 2 / √3 ≈ 2.263")
    func intervalByHand() throws {
        let interval = try #require(MeanInterval([2, 4, 6]))
        #expect(interval.count == 3 && interval.mean == 4 && interval.deviation == 2)
        let half = try #require(interval.half)
        #expect(abs(half - 2.2632) < 0.0001)
        let range = try #require(interval.interval)
        #expect(abs(range.lowerBound - 1.7368) < 0.0001 && abs(range.upperBound - 6.2632) < 0.0001)
        #expect(interval.text == "4.0 ± 2.3 (1.7 to 6.3), n = 3")
        // One value: a mean, no SD, no interval; none: nothing.
        let one = try #require(MeanInterval([5]))
        #expect(one.deviation == nil && one.interval == nil && one.text == "5.0, n = 1 (too few for an interval)")
        #expect(MeanInterval([]) == nil)
    }

    @Test("the last 10 and 20 are the newest games; the trend sets the last 10 against the 10 before")
    func windows() throws {
        // 25 games, oldest first: 1, 2, …, 25.
        let rates = (1...25).map(Double.init)
        let trend = ErrorRateTrend(rates)
        #expect(trend.rates == Array(rates.suffix(20)))
        let last10 = try #require(trend.last10), last20 = try #require(trend.last20), before = try #require(trend.before)
        #expect(last10.count == 10 && last10.mean == 20.5)   // 16 … 25
        #expect(last20.count == 20 && last20.mean == 15.5)   // 6 … 25
        #expect(before.count == 10 && before.mean == 10.5)   // 6 … 15
        #expect(trend.difference == 10)
        // 1 … 10 has SD √(82.5 / 9); both windows alike: the difference's half is 1.96 · √2 · SD / √10.
        let sd = (82.5 / 9).squareRoot()
        #expect(abs(last10.deviation! - sd) < 1e-12)
        let half = try #require(trend.differenceHalf)
        #expect(abs(half - 1.96 * (2 * sd * sd / 10).squareRoot()) < 1e-12)
        #expect(trend.isClear == true && trend.text.hasSuffix("outside its interval: more errors"))
    }

    @Test("a difference inside its interval is no clear change; fewer than 11 games, no trend")
    func noClearChange() throws {
        let rates: [Double] = [3, 5, 4, 6, 2, 5, 3, 4, 6, 2, 4, 5, 3, 6, 2, 4, 3, 5, 4, 6]
        let trend = ErrorRateTrend(rates)
        let difference = try #require(trend.difference), half = try #require(trend.differenceHalf)
        #expect(abs(difference) < half && trend.isClear == false)
        #expect(trend.text.hasSuffix("within its interval: no clear change"))
        let short = ErrorRateTrend(Array(rates.prefix(10)))
        #expect(short.before == nil && short.difference == nil && short.isClear == nil && short.last20 == short.last10)
        // Eleven games: the one before the last 10 has no SD, so the difference has no interval.
        let eleven = ErrorRateTrend(Array(rates.prefix(11)))
        #expect(eleven.before?.count == 1 && eleven.difference != nil && eleven.differenceHalf == nil)
        #expect(eleven.text.hasSuffix("(too few games for its interval)"))
    }
}
