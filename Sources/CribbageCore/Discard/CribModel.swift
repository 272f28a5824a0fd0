/// The crib model: how the opponent throws their two cards to the crib, which decides what the
/// crib is expected to score.
///
///     try DiscardAdvisor.analyze(cards, opponent: .expert).keeps[0].cribMean
public enum CribModel: String, CaseIterable, Sendable {
    /// The throw a good player makes: the expert policy of the solved crib tables (`CribTable`).
    case expert
    /// Any two of the opponent's six, alike.
    case random

    /// The model the advisor does not use: the one whose best keep it reports besides its own.
    public var other: CribModel { self == .expert ? .random : .expert }

    /// `an expert`, `a random`: for "against … opponent".
    public var phrase: String { self == .expert ? "an expert" : "a random" }
}
