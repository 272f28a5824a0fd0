import Canvas
import CribbageCore

/// Something the player did, named for what they did; the reducer's only input.
public enum Action: Hashable, Sendable {
    case cursorMoved(Direction)
    /// Select or deselect a card (the one under the cursor, or a clicked one).
    case cardToggled(Card)
    case entryStarted
    case entryTyped(Character)
    case entryErased
    case entrySubmitted
    case entryCancelled
    case breakdownRequested
    case backRequested
    case newHandRequested
    case rulesToggled
    case helpToggled
    /// Scroll what is on top: the help overlay, or the breakdown.
    case scrolled(lines: Int)
    case scrolledToEdge(top: Bool)
    case practiceToggled
    case answerTyped(Character)
    case answerErased
    case answerSubmitted
    case discardAdvisorRequested
    /// Pick or put back a dealt card in the Discard Advisor.
    case dealtCardToggled(Card)
    case lastDealtCardRemoved
    case roleSwitched
    case keepHighlighted(offset: Int)
    /// Take the highlighted keep's four cards to Hand Selection.
    case keepChosen
    case redrawRequested
    case quitRequested
    case resized(Size)
}

/// A cursor move on the card grid.
public enum Direction: Hashable, Sendable {
    case up, down, left, right
}
