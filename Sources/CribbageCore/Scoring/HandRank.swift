/// A way a hand scores points, in the order they are counted aloud.
public enum HandRank: String, CaseIterable, Sendable {
    /// 2 for each distinct combination of cards summing to 15.
    case fifteens
    /// 2 for each pair of cards of the same rank.
    case pairs
    /// The run's length for each distinct combination making the longest run of 3 or more.
    case runs
    /// 4 for four hand cards of one suit, 5 with the cut too (the crib counts only 5).
    case flush
    /// 1 for the jack in hand of the cut's suit.
    case nobs

    /// The section title: "Fifteens", "Pairs", "Runs", "Flush", "Nobs".
    public var title: String {
        switch self {
        case .fifteens: "Fifteens"
        case .pairs: "Pairs"
        case .runs: "Runs"
        case .flush: "Flush"
        case .nobs: "Nobs"
        }
    }
}
