/// A player of the game: its throw, its cards in the play, and its claims in the show with muggins,
/// each decided from what it may know (its six and role; its `PeggingView`; the hand it counts) and
/// the score. The table's computer, self-play's players and the tables' makers are all players,
/// and `Match` plays any two of them.
public protocol CribbagePlayer: Sendable {
    /// The two cards thrown from `six`; `score`, the scores before the deal.
    func keep(_ six: [Card], role: Role, score: GameScore?, random: inout SplitMix64) -> [Card]
    /// The card thrown from five with three players or two teams (`players` 3 or 4), `ownCrib` when
    /// the crib is the thrower's side's; `score`, the scores before the deal.
    func throwOne(_ five: [Card], players: Int, ownCrib: Bool, score: GameScore?, random: inout SplitMix64) -> Card
    /// The card laid, or go when none fits; `score`, the scores as the turn stands.
    func lay(_ view: PeggingView, score: GameScore?, random: inout SplitMix64) -> PlayToken
    /// The points claimed for a hand or crib, where muggins takes what is missed.
    func claim(_ hand: Hand, rules: Rules, score: GameScore?) -> Int
}

extension CribbagePlayer {
    /// Its two-player throw asked of five cards.
    public func throwOne(_ five: [Card], players: Int, ownCrib: Bool, score: GameScore?, random: inout SplitMix64) -> Card {
        keep(five, role: ownCrib ? .dealer : .pone, score: score, random: &random)[0]
    }

    /// The count, in full.
    public func claim(_ hand: Hand, rules: Rules, score: GameScore?) -> Int {
        FastScorer.shared.total(hand: hand, rules: rules)
    }
}
