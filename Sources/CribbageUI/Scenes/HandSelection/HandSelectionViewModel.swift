import CribbageCore

/// What Hand Selection shows, built from AppState: the grid, the cut and hand, the next step.
struct HandSelectionViewModel: Hashable, Sendable {
    let rules: Rules
    let grid: [[CardGrid.Cell]]
    let cut: Card?
    let hand: [Card]
    /// What to do next, or `Count: N` once five cards are chosen.
    let instruction: String
    let isCounted: Bool
    /// Where the count stands among all hands, shown with it.
    let standing: String?
    let isPractice: Bool
    /// In practice mode, before the player's count is graded: the digits typed so far.
    let answer: String?
    /// The grade of the player's count, and the streak.
    let verdict: String?
    let verdictIsRight: Bool
    /// The key scopes whose hints the footer shows.
    let chain: [KeyScope]
    /// His heels, when the cut is a jack.
    let hisHeels: Card?
    let notice: Notice?
    let entry: TypedEntry?

    init(state: AppState) {
        let selection = state.selection
        rules = state.rules
        grid = CardGrid.cells(cursor: state.handSelection.cursor, cut: selection.cut) { selection.hand.contains($0) }
        cut = selection.cut
        hand = selection.hand
        isPractice = state.practice.isOn
        let question = selection.completeHand.map { state.practice.question(for: $0, rules: state.rules) }
        answer = state.isAnswering ? question?.answer : nil
        verdict = question?.grade.map { grade in
            grade.isRight ? "\(grade.message). Streak: \(state.practice.streak)" : grade.message
        }
        verdictIsRight = question?.grade?.isRight ?? false
        chain = state.keyChain
        if let complete = selection.completeHand {
            let total = complete.breakdown(rules: state.rules).total
            instruction = "Count: \(total)"
            isCounted = true
            standing = Standings.distribution(for: state.rules).standing(of: total)
        } else if selection.cut == nil {
            standing = nil
            instruction = selection.hand.isEmpty
                ? "Select the cut card"
                : "Select the cut card (the next card you select is the cut)"
            isCounted = false
        } else {
            standing = nil
            instruction = "Select 4 hand cards: \(4 - selection.hand.count) left"
            isCounted = false
        }
        hisHeels = selection.cut?.rank == .jack ? selection.cut : nil
        notice = state.notice
        entry = state.entry
    }
}

/// The exact score distributions, computed once when the counter starts.
enum Standings {
    static let hand = ScoreDistribution.exact(rules: .hand)
    static let crib = ScoreDistribution.exact(rules: .crib)

    static func distribution(for rules: Rules) -> ScoreDistribution {
        rules == .hand ? hand : crib
    }
}
