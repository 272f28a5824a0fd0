import CribbageCore

/// Hand Selection's own state: where the cursor is on the grid.
struct HandSelectionState: Hashable, Sendable {
    var cursor = GridPosition(row: 0, column: 0)
}

/// What the player does in Hand Selection.
enum HandSelectionAction: Hashable, Sendable, GridSceneAction {
    /// Move the cursor; select or deselect the card under it, or a clicked one.
    case grid(GridAction)
    /// Make the card under the cursor the cut (the old cut joins the hand).
    case cursorCardMadeCut
    /// Make a card the cut (a clicked hand card).
    case madeCut(Card)
    /// Undo the last change to the selection.
    case undone
    /// Deal a random hand and cut.
    case dealtAtRandom
    /// Practice mode: the player's own count.
    case answer(AnswerAction)
    /// A count got wrong in practice, kept as a drill (nil), or why not.
    case mugginsKept(GameKeepingFailure?)
}

/// Typing a count in practice mode.
enum AnswerAction: Hashable, Sendable {
    case typed(Character)
    case erased
    case submitted
}

/// Hand Selection's reduce: the cursor is its own; the selection and the practice question
/// are the app's, lent to it.
enum HandSelection {
    static func reduce(_ state: inout HandSelectionState, _ action: HandSelectionAction,
                       _ shared: inout SharedState) -> Outcome {
        switch action {
        case .grid(let grid):
            guard let card = state.cursor.reduce(grid) else { break }
            return Outcome(notice: shared.selection.toggle(card))
        case .cursorCardMadeCut:
            return Outcome(notice: shared.selection.makeCut(state.cursor.card))
        case .madeCut(let card):
            state.cursor = GridPosition(card)
            return Outcome(notice: shared.selection.makeCut(card))
        case .undone:
            guard let last = shared.history.popLast() else { return Outcome(notice: .nothingToUndo) }
            shared.selection = last
        case .dealtAtRandom:
            let cards = shared.random.deal(5)
            shared.selection.replace(cut: cards[4], hand: Array(cards.prefix(4)))
            state.cursor = GridPosition(cards[4])
        case .answer(let answer):
            return reduce(answer, &shared)
        case .mugginsKept(let failure):
            return Outcome(notice: Notice(failure.map(HandSelectionNotice.mugginsNotKept) ?? .mugginsKept))
        }
        return Outcome()
    }

    /// A count got wrong is asked to be kept as a count drill, as the review keeps a mistake.
    private static func reduce(_ action: AnswerAction, _ shared: inout SharedState) -> Outcome {
        let rules = shared.rules
        guard let hand = shared.selection.completeHand, shared.practice.isAsking(hand: hand, rules: rules) else {
            return Outcome()
        }
        switch action {
        case .typed(let digit):
            shared.practice.editAnswer(for: hand, rules: rules) { if $0.count < 2 { $0.append(digit) } }
        case .erased:
            shared.practice.editAnswer(for: hand, rules: rules) { if !$0.isEmpty { $0.removeLast() } }
        case .submitted:
            guard let claimed = Int(shared.practice.question(for: hand, rules: rules).answer) else { return Outcome(notice: .countNeeded) }
            shared.practice.end(hand: hand, rules: rules, claimed: claimed)
            if claimed != hand.breakdown(rules: rules).total {
                return Outcome(effect: .asking(MugginsDrillSave(hand: hand, rules: rules, claimed: claimed)))
            }
        }
        return Outcome()
    }
}
