#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Free Spaced Repetition Scheduler (FSRS-6), as the reference implementation py-fsrs 6.3.2
/// schedules a card with its published default parameters, no learning or relearning steps and no
/// fuzzing: each review sets the card's memory (stability: the days until the chance of
/// remembering falls to 90%; difficulty, 1 to 10) and its next day, when that chance is the desired
/// retention. FSRSTests checks it against py-fsrs's own values (Tests/Fixtures/fsrs-reference.json).
///
///     let scheduler = FSRS()
///     let memory = scheduler.review(nil, .good, at: now)   // due in 2 days
public struct FSRS: Hashable, Sendable {
    public let parameters: [Double]
    public let desiredRetention: Double
    public let maximumInterval: Int

    /// py-fsrs 6.3.2's `DEFAULT_PARAMETERS`.
    public static let defaultParameters = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629,
        1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]

    public init(parameters: [Double] = FSRS.defaultParameters, desiredRetention: Double = 0.9, maximumInterval: Int = 36_500) {
        precondition(parameters.count == 21 && (0.5..<1).contains(desiredRetention) && maximumInterval > 0)
        self.parameters = parameters
        self.desiredRetention = desiredRetention
        self.maximumInterval = maximumInterval
    }

    /// How well an answer went: wrong (again), right but not the best (hard), the best (good),
    /// easy (not given by the drills, kept for the model's sake).
    public enum Rating: Int, Hashable, Sendable, CaseIterable, Codable {
        case again = 1, hard, good, easy
    }

    /// A card's memory after a review: stability in days, difficulty, when it was last reviewed and
    /// when it is due, in seconds since 1970.
    public struct Memory: Hashable, Sendable, Codable {
        public var stability: Double
        public var difficulty: Double
        public var lastReview: Int
        public var due: Int
    }

    static let minimumStability = 0.001
    /// Seconds in a day.
    public static let day = 86_400

    var decay: Double { -parameters[20] }
    var factor: Double { pow(0.9, 1 / decay) - 1 }

    /// The chance of remembering `elapsed` whole days after a review, at `stability`.
    public func retrievability(elapsedDays: Int, stability: Double) -> Double {
        pow(1 + factor * Double(max(0, elapsedDays)) / stability, decay)
    }

    /// The chance of remembering the card at `time`; 0 for a card never reviewed.
    public func retrievability(_ memory: Memory?, at time: Int) -> Double {
        guard let memory else { return 0 }
        return retrievability(elapsedDays: Self.wholeDays(time - memory.lastReview), stability: memory.stability)
    }

    /// Whole days between two times, as Python's `timedelta.days` counts them (down).
    static func wholeDays(_ seconds: Int) -> Int { Int((Double(seconds) / Double(day)).rounded(.down)) }

    /// The memory after a review of `rating` at `time` (nil: the card's first review).
    public func review(_ memory: Memory?, _ rating: Rating, at time: Int) -> Memory {
        let g = Double(rating.rawValue)
        var stability: Double, difficulty: Double
        if let memory {
            let elapsed = Self.wholeDays(time - memory.lastReview)
            if elapsed < 1 {
                stability = shortTermStability(memory.stability, g)
            } else {
                let r = retrievability(elapsedDays: elapsed, stability: memory.stability)
                stability = rating == .again
                    ? forgetStability(difficulty: memory.difficulty, stability: memory.stability, retrievability: r)
                    : recallStability(difficulty: memory.difficulty, stability: memory.stability, retrievability: r, rating: rating)
                stability = max(stability, Self.minimumStability)
            }
            difficulty = nextDifficulty(memory.difficulty, g)
        } else {
            stability = max(parameters[rating.rawValue - 1], Self.minimumStability)
            difficulty = clampDifficulty(initialDifficulty(g))
        }
        return Memory(stability: stability, difficulty: difficulty, lastReview: time, due: time + interval(stability) * Self.day)
    }

    /// The whole days until the chance of remembering falls to the desired retention, 1 at least.
    public func interval(_ stability: Double) -> Int {
        let days = (stability / factor * (pow(desiredRetention, 1 / decay) - 1)).rounded(.toNearestOrEven)
        return min(max(Int(days), 1), maximumInterval)
    }

    private func initialDifficulty(_ g: Double) -> Double { parameters[4] - exp(parameters[5] * (g - 1)) + 1 }

    private func clampDifficulty(_ d: Double) -> Double { min(max(d, 1), 10) }

    private func nextDifficulty(_ d: Double, _ g: Double) -> Double {
        let delta = -(parameters[6] * (g - 3))
        let damped = d + (10 - d) * delta / 9
        return clampDifficulty(parameters[7] * initialDifficulty(4) + (1 - parameters[7]) * damped)
    }

    private func shortTermStability(_ s: Double, _ g: Double) -> Double {
        var increase = exp(parameters[17] * (g - 3 + parameters[18])) * pow(s, -parameters[19])
        if g >= 2 { increase = max(increase, 1) }
        return max(s * increase, Self.minimumStability)
    }

    private func forgetStability(difficulty d: Double, stability s: Double, retrievability r: Double) -> Double {
        let long = parameters[11] * pow(d, -parameters[12]) * (pow(s + 1, parameters[13]) - 1) * exp((1 - r) * parameters[14])
        let short = s / exp(parameters[17] * parameters[18])
        return min(long, short)
    }

    private func recallStability(difficulty d: Double, stability s: Double, retrievability r: Double, rating: Rating) -> Double {
        let hard = rating == .hard ? parameters[15] : 1
        let easy = rating == .easy ? parameters[16] : 1
        return s * (1 + exp(parameters[8]) * (11 - d) * pow(s, -parameters[9]) * (exp((1 - r) * parameters[10]) - 1) * hard * easy)
    }
}

extension DrillResult {
    /// The review's rating: wrong is again, right but not the best hard, the best good.
    public var rating: FSRS.Rating { !isCorrect ? .again : isBest ? .good : .hard }
}
