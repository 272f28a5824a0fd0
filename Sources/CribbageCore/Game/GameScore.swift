/// Where a two-player decision stands in the game: the decider's score, the opponent's, and the
/// target (121 or 61).
public struct GameScore: Hashable, Sendable {
    public let mine: Int
    public let theirs: Int
    public let target: Int

    public init(mine: Int, theirs: Int, target: Int) {
        self.mine = mine
        self.theirs = theirs
        self.target = target
    }

    /// The points the decider needs to reach the target, and the opponent.
    public var need: Int { target - mine }
    public var theyNeed: Int { target - theirs }

    /// Either side is within `points` of the target.
    public func isNear(within points: Int) -> Bool { target - max(mine, theirs) <= points }
}
