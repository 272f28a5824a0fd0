/// A choice a player faces, holding only what that player may know: the one input of
/// `analyse(_:by:limit:)`, whoever asks (the hint, the Discard Advisor, the commands, the computer,
/// the review, the drills).
public enum Decision: Hashable, Sendable {
    /// Which four of six dealt cards to keep, two players: `role` dealer or pone (or none, for a
    /// hand without a crib of either side), `score` the scores before the deal when the game is
    /// known.
    case keep(six: [Card], role: Role, score: GameScore?)
    /// Which card to lay, or go: the player's view of the play, and the scores as the turn stands
    /// (his heels and the play's pegs so far counted) when the game is known.
    case lay(PeggingView, score: GameScore?)
    /// How many to claim for a hand or crib in the show, where muggins takes what is missed: the
    /// four cards with the starter, the rules of the count, and the claimant's role in the deal
    /// (the dealer counts the crib; the pone deals next).
    case count(Hand, rules: Rules, role: Role, score: GameScore?)

    /// The scores the decision stands at, when known.
    public var score: GameScore? {
        switch self {
        case .keep(_, _, let score), .lay(_, let score), .count(_, _, _, let score): score
        }
    }

    /// The decider's role in the deal.
    public var role: Role {
        switch self {
        case .keep(_, let role, _), .count(_, _, let role, _): role
        case .lay(let view, _): view.isDealer ? .dealer : .pone
        }
    }
}
