/// A mean with its 95% interval, from a sample: mean ± 1.96 · SD / √n, the SD the sample's (n − 1
/// below the line). Fewer than two values give no SD, and so no interval.
///
///     let interval = MeanInterval([2, 4, 6])!   // mean 4, SD 2, half 1.96 · 2 / √3 ≈ 2.26
public struct MeanInterval: Hashable, Sendable {
    public let count: Int
    public let mean: Double
    /// The sample's standard deviation; nil with one value.
    public let deviation: Double?

    /// Nil for no values.
    public init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        count = values.count
        mean = values.reduce(0, +) / Double(values.count)
        if values.count > 1 {
            let mean = self.mean
            deviation = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)).squareRoot()
        } else {
            deviation = nil
        }
    }

    /// 1.96: the normal's 97.5th percentile, for a two-sided 95% interval.
    public static let z = 1.96

    /// The standard error of the mean, SD / √n.
    public var standardError: Double? { deviation.map { $0 / Double(count).squareRoot() } }

    /// Half the interval's width, 1.96 · SD / √n.
    public var half: Double? { standardError.map { Self.z * $0 } }

    /// mean ± half; nil with one value.
    public var interval: ClosedRange<Double>? { half.map { (mean - $0)...(mean + $0) } }
}

/// The player's error rate across games: the last 10 and the last 20 reviewed games, each with
/// its 95% interval over the games' rates, and the trend, the last 10 against the 10 before them,
/// the difference with its own interval, 1.96 · √(SE₁² + SE₂²).
///
///     let trend = ErrorRateTrend(rates)   // rates oldest first, one a reviewed game
public struct ErrorRateTrend: Hashable, Sendable {
    /// The rates it was worked out from, oldest first, at most 20.
    public let rates: [Double]
    public let last10: MeanInterval?
    public let last20: MeanInterval?
    /// The 10 games before the last 10 (fewer when there are fewer), nil with none.
    public let before: MeanInterval?

    /// The games a window holds, and the most the trend looks back.
    public static let window = 10
    public static let span = 20

    /// The engine's fingerprint that graded each of `rates` (nil where the review did not record it).
    public let engines: [String?]

    /// `rates`: every reviewed game's error rate, oldest first; only the last 20 count. `engines`:
    /// the fingerprint of the engine that graded each (as many, or none when not known).
    public init(_ rates: [Double], engines: [String?] = []) {
        let kept = Array(rates.suffix(Self.span))
        self.rates = kept
        self.engines = engines.count == rates.count ? Array(engines.suffix(Self.span)) : Array(repeating: nil, count: kept.count)
        last10 = MeanInterval(Array(kept.suffix(Self.window)))
        last20 = MeanInterval(kept)
        before = kept.count > Self.window ? MeanInterval(Array(kept.dropLast(Self.window))) : nil
    }

    /// Where the engine that graded these games changed, newest last: how many of the games (from
    /// the oldest) came before each change. A review that recorded no engine counts as an engine
    /// of its own ("before TwentyNine recorded it"). Empty when one engine graded them all.
    public var engineChanges: [Int] {
        engines.indices.dropFirst().filter { engines[$0] != engines[$0 - 1] }
    }

    /// Where the figures mix engines, in words (74 columns at most): "2 engines graded these games:
    /// the last 4 by one, the 12 before by another". Nil when one engine graded them all.
    public var engineNote: String? {
        guard let last = engineChanges.last else { return nil }
        let engines = engineChanges.count + 1
        let now = rates.count - last
        return "\(engines) engines graded these games: the last \(now) by one, the \(last) before by \(engines == 2 ? "another" : "others")"
    }

    /// The last 10's mean less the 10 before's: negative, fewer errors now.
    public var difference: Double? {
        guard let last10, let before else { return nil }
        return last10.mean - before.mean
    }

    /// The difference's 95% half-width, 1.96 · √(SE₁² + SE₂²); nil when either has one game.
    public var differenceHalf: Double? {
        guard let one = last10?.standardError, let other = before?.standardError else { return nil }
        return MeanInterval.z * (one * one + other * other).squareRoot()
    }

    /// Whether the difference lies outside its interval around nothing: a change the games show,
    /// not chance. Nil without a difference or its interval.
    public var isClear: Bool? {
        guard let difference, let differenceHalf else { return nil }
        return abs(difference) > differenceHalf
    }
}

extension MeanInterval {
    /// `4.2 ± 0.8 (3.4 to 5.0), n = 10`; with one value, the mean alone and why.
    public var text: String {
        guard let half, let interval else { return "\(mean.decimal(places: 1)), n = 1 (too few for an interval)" }
        return "\(mean.decimal(places: 1)) ± \(half.decimal(places: 1)) "
            + "(\(interval.lowerBound.decimal(places: 1)) to \(interval.upperBound.decimal(places: 1))), n = \(count)"
    }
}

extension ErrorRateTrend {
    /// The last 10 against the 10 before, and whether the difference lies outside its interval:
    /// "the last 10 4.2 against 5.0 for the 10 before: -0.8 ± 1.1, within its interval: no clear change".
    public var text: String {
        guard let last = last10, let before, let difference else {
            return "the trend after \(Self.window + 1) reviewed games (the last \(Self.window) against those before)"
        }
        let head = "the last \(last.count) \(last.mean.decimal(places: 1)) against \(before.mean.decimal(places: 1)) "
            + "for the \(before.count) before: \(difference.signed(places: 1))"
        guard let half = differenceHalf, let clear = isClear else { return head + " (too few games for its interval)" }
        let verdict = !clear ? "within its interval: no clear change"
            : difference < 0 ? "outside its interval: fewer errors" : "outside its interval: more errors"
        return head + " ± \(half.decimal(places: 1)), \(verdict)"
    }
}
