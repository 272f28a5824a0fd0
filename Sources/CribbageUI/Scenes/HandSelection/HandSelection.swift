import CribbageCore

/// Hand Selection's own state: where the cursor is on the grid.
public struct HandSelectionState: Hashable, Sendable {
    public internal(set) var cursor = GridPosition(row: 0, column: 0)
}

/// What the player does in Hand Selection.
public enum HandSelectionAction: Hashable, Sendable {
    case cursorMoved(GridMove)
    /// Select or deselect the card under the cursor.
    case cursorCardToggled
    /// Select or deselect a card (a clicked one).
    case cardToggled(Card)
    /// Practice mode: the player's own count.
    case answer(AnswerAction)
}

/// Typing a count in practice mode.
public enum AnswerAction: Hashable, Sendable {
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
        case .cursorMoved(let move):
            state.cursor.move(move)
        case .cursorCardToggled:
            return Outcome(notice: shared.selection.toggle(state.cursor.card))
        case .cardToggled(let card):
            state.cursor = GridPosition(card)
            return Outcome(notice: shared.selection.toggle(card))
        case .answer(let answer):
            return Outcome(notice: reduce(answer, &shared))
        }
        return Outcome()
    }

    private static func reduce(_ action: AnswerAction, _ shared: inout SharedState) -> Notice? {
        guard let hand = shared.selection.completeHand, shared.practice.isAsking(hand: hand, rules: shared.rules) else {
            return nil
        }
        let rules = shared.rules
        switch action {
        case .typed(let digit):
            shared.practice.update(for: hand, rules: rules) { if $0.answer.count < 2 { $0.answer.append(digit) } }
        case .erased:
            shared.practice.update(for: hand, rules: rules) { if !$0.answer.isEmpty { $0.answer.removeLast() } }
        case .submitted:
            guard let claimed = Int(shared.practice.question(for: hand, rules: rules).answer) else { return .countNeeded }
            shared.practice.grade(hand: hand, rules: rules, claimed: claimed)
        }
        return nil
    }
}

extension Practice {
    /// Grades the claimed count for the hand, and keeps the streak.
    mutating func grade(hand: Hand, rules: Rules, claimed: Int) {
        let grade = hand.breakdown(rules: rules).grade(claimed: claimed)
        update(for: hand, rules: rules) { $0.grade = grade }
        streak = grade.isRight ? streak + 1 : 0
    }
}
