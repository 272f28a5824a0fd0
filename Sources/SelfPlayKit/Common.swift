import ArgumentParser
import CribbageCore

/// The options every measurement takes.
struct Common: ParsableArguments {
    @Option(help: "The seed every deal is dealt from.")
    var seed: UInt64 = 29

    @Option(help: "How many workers play at once (a core each).")
    var workers = 2

    @Option(help: "The opponent's believed hands the engine's search solves a decision.")
    var hands = PeggingEngine.standardHands

    func validate() throws {
        try Common.positive(workers, "--workers")
        try Common.positive(hands, "--hands")
    }

    /// What the players decide with: the engine at `--hands`, only the figures that rank.
    var limit: Limit { Limit(searchedHands: hands, figures: .ranking) }

    /// A count from 1 to 2^40, or the option named.
    static func positive(_ value: Int, _ name: String) throws {
        guard (1...(1 << 40)).contains(value) else {
            throw ValidationError("\(name) '\(value)': a whole number from 1 to 2^40 is needed")
        }
    }
}

/// The moment a run started, for the line that says how long it took.
struct Stopwatch {
    let clock = ContinuousClock()
    let start: ContinuousClock.Instant

    init() { start = clock.now }

    var seconds: Int64 { (clock.now - start).components.seconds }
}

/// Items 0..<count spread over the workers, each worker's results merged; the same result
/// whichever worker plays an item.
func parallel<Result: Sendable>(_ count: Int, workers: Int, empty: Result,
                           merge: @escaping @Sendable (inout Result, Result) -> Void,
                           item: @escaping @Sendable (Int) -> Result) async -> Result {
    await withTaskGroup(of: Result.self) { group in
        for worker in 0..<workers {
            group.addTask {
                var total = empty
                for index in stride(from: worker, to: count, by: workers) { merge(&total, item(index)) }
                return total
            }
        }
        var total = empty
        for await part in group { merge(&total, part) }
        return total
    }
}

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

    var variance: Double { count > 1 ? squares / Double(count - 1) : 0 }
    var standardError: Double { count > 1 ? (variance / Double(count)).squareRoot() : 0 }

    /// `+0.123 ± 0.045 (95% CI +0.078 to +0.168)`.
    var text: String {
        let half = 1.96 * standardError
        return "\(signed(mean)) ± \(fixed(half)) (95% CI \(signed(mean - half)) to \(signed(mean + half)), SE \(fixed(standardError)), n \(count))"
    }
}

func fixed(_ value: Double) -> String { value.decimal(places: 3) }

func signed(_ value: Double) -> String { value.signed(places: 3) }
