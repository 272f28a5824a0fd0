import CribbageCore

/// The tutor at the table (issue 31): the player's throw or card graded as the review grades it
/// (`GradedDecision`), from the same analysis the hint shows, before the computer answers.
enum TableTutor {
    /// The labels the tutor speaks for: at least a mistake.
    static let spoken: Set<ReviewLabel> = [.mistake, .blunder, .missedWin]

    /// What the tutor says of a decision: nil when the move lost less than a mistake.
    static func verdict(_ point: DecisionPoint, by analyst: any Analyst) -> TutorVerdict? {
        let analysis = analyst.advice(point.decision)
        let graded = GradedDecision(point, analysis: analysis)
        guard let label = graded.label, spoken.contains(label) else { return nil }
        return TutorVerdict(label: label, loss: graded.loss, scored: graded.bestValue != nil, why: graded.shortWhy)
    }
}

/// The tutor's word on a move that lost at least a mistake's worth.
struct TutorVerdict: Hashable, Sendable {
    let label: ReviewLabel
    /// In points of win chance where the score is known (`scored`), else in points of the deal.
    let loss: Double
    let scored: Bool
    /// What was better and why, in the review's words.
    let why: String
}
