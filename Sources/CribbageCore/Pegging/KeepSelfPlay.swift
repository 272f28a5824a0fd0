/// A keep's pegging in self-play: the engine against itself, the keeper holding these four ranks.
///
/// Each play draws the opponent's four by its chance (`KeepPegging.opponentFours`, the expert's
/// throw from any six of the cards the keeper cannot see), the suits, both sides' two discards and
/// the cut at random from the cards left, and plays it out with `PeggingEngine` on both sides.
/// The open-handed value of the two fours (`RankPlay`, whose average over the fours is
/// `KeepPegging.value(of:dealer:)` exactly) is taken from every play as a control: what is
/// averaged is self-play less open hands, which varies far less than either. So an estimate is
/// the open-handed value plus the mean difference, its standard error the difference's.
///
///     KeepSelfPlay.estimate(keep: [5, 5, 10, 11], dealer: false, plays: 1000, seed: 29).net
public struct KeepSelfPlay: Hashable, Sendable {
    /// The keeper's and the opponent's expected points in the play, and their standard errors.
    public let mine: Double
    public let theirs: Double
    public let mineError: Double
    public let theirsError: Double
    /// The standard error of `net`.
    public let netError: Double

    public var net: Double { mine - theirs }

    public init(mine: Double, theirs: Double, mineError: Double, theirsError: Double, netError: Double) {
        self.mine = mine
        self.theirs = theirs
        self.mineError = mineError
        self.theirsError = theirsError
        self.netError = netError
    }
}
