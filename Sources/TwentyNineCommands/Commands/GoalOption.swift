import ArgumentParser
import CribbageCore

/// `--goal win|game-points`, for the commands that play to the score (`--score`).
struct GoalOption: ParsableArguments {
    @Option(help: ArgumentHelp("With --score: what to play for, win (the chance to win) or game-points (a skunk 2, a double skunk 3, a loss as many against).", valueName: "goal"))
    var goal: String?

    /// The goal, in any case; `win` when not given. A goal without `--score` is named.
    func goal(scored: Bool) throws(BadInput) -> ScoreGoal {
        guard let goal else { return .win }
        guard scored else { throw BadInput(message: "--goal \(goal.quotedToken) is for --score: what to play for from the scores") }
        switch goal.lowercased() {
        case "win": return .win
        case "game-points": return .gamePoints
        default: throw BadInput(message: "unknown goal \(goal.quotedToken): --goal takes win or game-points")
        }
    }
}
