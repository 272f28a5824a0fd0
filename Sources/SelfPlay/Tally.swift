import CribbageCore

/// A running mean and variance (Welford's), mergeable across workers.
struct Tally: Sendable {
    private(set) var count = 0
    private(set) var mean = 0.0
    private var squares = 0.0

    mutating func add(_ value: Double) {
        count += 1
        let delta = value - mean
        mean += delta / Double(count)
        squares += delta * (value - mean)
    }

    mutating func merge(_ other: Tally) {
        guard other.count > 0 else { return }
        guard count > 0 else { self = other; return }
        let total = count + other.count
        let delta = other.mean - mean
        squares += other.squares + delta * delta * Double(count) * Double(other.count) / Double(total)
        mean += delta * Double(other.count) / Double(total)
        count = total
    }

    var standardError: Double { count > 1 ? (squares / Double(count - 1) / Double(count)).squareRoot() : 0 }

    /// `+0.123 ± 0.045 (95% CI +0.078 to +0.168)`.
    var text: String {
        let half = 1.96 * standardError
        return "\(signed(mean)) ± \(fixed(half)) (95% CI \(signed(mean - half)) to \(signed(mean + half)), SE \(fixed(standardError)), n \(count))"
    }
}

func fixed(_ value: Double) -> String { value.decimal(places: 3) }

func signed(_ value: Double) -> String { value.signed(places: 3) }
