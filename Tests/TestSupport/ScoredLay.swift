import CribbageCore

/// The lay analysed by the strongest policy playing to the score for `goal` near the end, with
/// only the figures that rank (as the computer decides).
public func scoredLay(_ view: PeggingView, _ score: GameScore, goal: ScoreGoal = .win) -> Analysis {
    var policy = Policy.strongest
    policy.toScore = ToScore(near: ToScore.standardNear, goal: goal)
    return analyse(.lay(view, score: score), by: policy, limit: .move)
}
