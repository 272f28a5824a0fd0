/// A two-player deal in progress as one player knows it: its four kept and two thrown, the cut
/// once turned, the play so far, its role and the scores before the deal. `assess` values it with
/// the model every decision's chances come from.
public struct DealPosition: Hashable, Sendable {
    public let hand: [Card]
    public let discards: [Card]
    public let cut: Card?
    public let play: Play
    public let role: Role
    /// The scores before the deal.
    public let score: GameScore

    public init(hand: [Card], discards: [Card], cut: Card?, play: Play = Play(players: 2), role: Role, score: GameScore) {
        self.hand = hand
        self.discards = discards
        self.cut = cut
        self.play = play
        self.role = role
        self.score = score
    }
}

/// The player's chances from a deal in progress (`DiscardOdds`' model: the cut, the rest of the
/// play as the engine plays it, the show in order, then the win table), with how the deal can end
/// the game. Cards that are not seven distinct (six without the cut) are a `HandError`.
public func assess(_ position: DealPosition, limit: Limit = .advice) throws(HandError) -> Chances {
    try DiscardOdds.chances(hand: position.hand, discards: position.discards, cut: position.cut, play: position.play,
                            role: position.role, score: position.score, hands: limit.playedHands)
}
