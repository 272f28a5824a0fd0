/// Which counting rules apply: the hand's, or the crib's (only a five-card flush counts).
public enum Rules: String, CaseIterable, Sendable {
    case hand, crib
}
