import CribbageCore

/// The engine behind a seam: everything the scenes ask of the analysis, asked only in a job's work
/// (`Job`), never in a reducer or a render. The program runs `LiveAnalyst`; a test may run another.
protocol Analyst: Sendable {
    /// The one advice policy's analysis of a player's decision, with every figure: the hint, the tutor.
    func advice(_ decision: Decision) -> Analysis
    /// The computer's analysis of its throw at its level: why it kept what it kept.
    func computersKeep(level: ComputerLevel, six: [Card], dealer: Bool, score: GameScore?) -> Analysis
    /// The chance to win from where a player stands: the pegboard.
    func chance(_ standpoint: Standpoint) -> Double?
}

/// The analysis itself: `analyse` with the one advice policy, the computer's own, `chanceToWin`.
struct LiveAnalyst: Analyst {
    func advice(_ decision: Decision) -> Analysis { analyse(decision, by: .strongest, limit: .advice) }

    func computersKeep(level: ComputerLevel, six: [Card], dealer: Bool, score: GameScore?) -> Analysis {
        ComputerPlayer(level: level).keepAnalysis(six, dealer: dealer, score: score)
    }

    func chance(_ standpoint: Standpoint) -> Double? { chanceToWin(standpoint) }
}
