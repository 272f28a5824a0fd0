extension ScoreDistribution {
    /// The percentage of all (hand, cut) combinations that score strictly less, 0…100.
    public func percentile(of score: Int) -> Double {
        fractionBelow(score) * 100
    }

    /// Where a score stands among all hands, as the counter shows it:
    /// "better than 97.3% of hands". Never rounds up to 100% while some hand scores as much.
    public func standing(of score: Int) -> String {
        "better than \(Self.formatPercent(percentile(of: score)))% of hands"
    }

    /// One decimal place, or as many more as it takes not to round a fraction up to 100.
    static func formatPercent(_ value: Double) -> String {
        for places in 1...8 {
            let scale = (0..<places).reduce(1.0) { acc, _ in acc * 10 }
            let rounded = (value * scale).rounded() / scale
            if rounded < 100 || value >= 100 || places == 8 {
                return rounded.decimal(places: places)
            }
        }
        return value.decimal(places: 1)
    }
}
