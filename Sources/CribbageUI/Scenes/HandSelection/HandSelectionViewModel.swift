import CribbageCore

/// What Hand Selection shows, built from AppState: the grid, the cut and hand, the count and
/// its summary by HandRank, or the next step.
struct HandSelectionViewModel: Sendable {
    let rules: Rules
    let grid: [[CardGrid.Cell]]
    let cut: Card?
    let hand: [Card]
    /// Cards thrown to the crib in the Discard Advisor, out of the deck.
    let thrown: [Card]
    /// The count, once five cards are chosen (and, in practice mode, the player has counted).
    let breakdown: Breakdown?
    /// What to do next while fewer than five are chosen.
    let instruction: String
    let isPractice: Bool
    /// In practice mode, before the player's count is graded: the digits typed so far.
    let answer: String?
    /// How the practice question on this hand ended, and the session's score.
    let ending: Practice.Ending?
    let practice: Practice
    /// The hand rules' count, when crib rules count less.
    let handRulesTotal: Int?
    /// His heels, when the cut is a jack.
    let hisHeels: Card?
    let notice: Notice?
    let entry: TypedEntry?
    /// The key scopes whose hints the footer shows.
    let chain: [KeyScope]
    /// While the board keeps a game: the count it takes next, and the round's starter once known.
    let boardNext: (count: String, cut: Card?)?

    init(state: AppState) {
        let selection = state.selection
        rules = state.rules
        grid = CardGrid.cells(cursor: state.handSelection.cursor, cut: selection.cut, thrown: selection.thrown) {
            selection.hand.contains($0)
        }
        cut = selection.cut
        hand = selection.hand
        thrown = selection.thrown
        isPractice = state.practice.isOn
        practice = state.practice
        let question = selection.completeHand.map { state.practice.question(for: $0, rules: state.rules) }
        answer = state.isAnswering ? question?.answer : nil
        ending = state.practice.isOn ? question?.ending : nil
        let complete = state.isAnswering ? nil : selection.completeHand
        breakdown = complete?.breakdown(rules: state.rules)
        if let complete, let breakdown, state.rules == .crib {
            let handTotal = complete.breakdown(rules: .hand).total
            handRulesTotal = handTotal == breakdown.total ? nil : handTotal
        } else {
            handRulesTotal = nil
        }
        if selection.cut == nil {
            instruction = selection.hand.isEmpty
                ? "Select the cut card" + (state.practice.isOn ? ", or \(KeyMap.key(for: .handSelection(.dealtAtRandom))) for a random deal" : "")
                : "Select the cut card (the next card you select is the cut)"
        } else {
            instruction = "Select 4 hand cards: \(4 - selection.hand.count) left (\(KeyMap.key(for: .handSelection(.cursorCardMadeCut))) makes the cursor's card the cut)"
        }
        hisHeels = selection.cut?.rank == .jack ? selection.cut : nil
        notice = state.noticeShown
        entry = state.entry
        chain = state.keyChain
        if let game = state.board?.game, let next = game.nextCount {
            boardNext = (game.describe(next), game.roundCut)
        } else {
            boardNext = nil
        }
    }
}
