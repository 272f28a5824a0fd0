/// How a player decides, named for what each part does: the crib model it throws against, how it
/// ranks its keeps, how it chooses its cards, and whether it plays to the score near the end. The
/// computer's levels are policies (`ComputerLevel.policy`), and so are self-play's players.
public struct Policy: Hashable, Sendable {
    /// How the opponent is taken to throw to the crib, which decides each keep's crib.
    public var crib: CribModel
    public var keep: KeepPolicy
    public var lay: LayPolicy
    /// Playing to the score near the end of the game; nil: for points throughout.
    public var toScore: ToScore?

    public init(crib: CribModel, keep: KeepPolicy, lay: LayPolicy, toScore: ToScore? = nil) {
        self.crib = crib
        self.keep = keep
        self.lay = lay
        self.toScore = toScore
    }

    /// The greedy baseline: the best hand ± crib against a random crib, and the card that pegs most
    /// now (ties at random).
    public static let greedy = Policy(crib: .random, keep: .handAndCrib, lay: .mostNow)
    /// Below greedy: the best hand alone, the crib not counted, and the card that pegs most now.
    public static let handAlone = Policy(crib: .random, keep: .handAlone, lay: .mostNow)
    /// Hand ± crib against the solved crib and the engine's search in the play, for points.
    public static let club = Policy(crib: .solved, keep: .handAndCrib, lay: .search)
    /// The advice: the one policy behind the hint, the Discard Advisor, the commands' defaults, the
    /// tutor, the review, the drills and the expert computer. Hand ± crib against the solved crib
    /// plus the keep's pegging, the engine's search in the play, and near the end the chance to win
    /// (the figure the review grades by). `--goal game-points` asks for another on purpose.
    public static let strongest = Policy(crib: .solved, keep: .withPegging, lay: .search,
                                         toScore: ToScore(near: ToScore.standardNear, goal: .win))

    /// The advice playing near the end for `goal`.
    public func playing(for goal: ScoreGoal) -> Policy {
        var policy = self
        policy.toScore?.goal = goal
        return policy
    }
}

/// How a player ranks the keeps of its six, far from the end of the game.
public enum KeepPolicy: String, Hashable, Sendable, CaseIterable {
    /// By the hand's points over the cuts alone, whatever the crib gets.
    case handAlone
    /// By the hand's points over the cuts, plus the crib's as dealer or less them as pone.
    case handAndCrib
    /// The same plus what the keep is worth in the play (`KeepPegging`): the keeper's pegs less the
    /// opponent's.
    case withPegging
}

/// How a player chooses its card in the play.
public enum LayPolicy: String, Hashable, Sendable, CaseIterable {
    /// The card that pegs most now; equal cards at random.
    case mostNow
    /// The pegging engine's search (two players; with more, its greedy rule).
    case search
}

/// Playing to the score: within `near` points of the target (either side), keeps are ranked by
/// the chance to win or the game points (`goal`) rather than by the deal's points, and within
/// `layNear` the cards are; a card that reaches the target now always comes first. 0 is never.
public struct ToScore: Hashable, Sendable {
    public var near: Int
    public var goal: ScoreGoal
    /// The cards' distance, the keeps' unless said.
    public var layNear: Int

    public init(near: Int, goal: ScoreGoal, layNear: Int? = nil) {
        self.near = near
        self.goal = goal
        self.layNear = layNear ?? near
    }

    /// Where a deal can decide the game.
    public static let standardNear = 30
}

/// What playing to the score maximises: the chance to win the game (to a tenth of a point, equal
/// chances by the game points), or the game points to expect from it (a win 1, a skunk 2, a double
/// skunk 3; a loss as many against).
public enum ScoreGoal: String, Hashable, Sendable, CaseIterable {
    case win
    case gamePoints
}

extension Chances {
    /// The figure `goal` maximises.
    public func value(for goal: ScoreGoal) -> Double { goal == .win ? win : gamePoints ?? win }
}
