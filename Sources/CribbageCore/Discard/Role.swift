/// Whose crib it is this deal, which decides what a keep is worth: its net.
///
///     keep.net(for: .pone)   // hand mean − crib mean
public enum Role: String, CaseIterable, Sendable {
    /// Your crib: the discards score for you, so net = hand + crib.
    case dealer
    /// The opponent's crib: the discards score against you, so net = hand − crib.
    case pone
    /// The crib left out: net = hand.
    case none
}
