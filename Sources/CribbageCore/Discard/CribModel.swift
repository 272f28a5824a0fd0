/// The crib model: how the opponent throws their two cards to the crib, which decides what the
/// crib is expected to score.
///
///     try DiscardAdvisor.analyze(cards, opponent: .solved).keeps[0].cribMean
public enum CribModel: String, CaseIterable, Sendable {
    /// The throw a good player makes: the throw the solved crib tables give (`CribTable`, solved by
    /// Hessel's method). Not the computer's `expert` level, which is a whole player.
    case solved
    /// Any two of the opponent's six, alike.
    case random

    /// The model the advisor does not use: the one whose best keep it reports besides its own.
    public var other: CribModel { self == .solved ? .random : .solved }

    /// `the solved`, `a random`: for "against … throw".
    public var phrase: String { self == .solved ? "the solved" : "a random" }
}
