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
    case breakdownScrolled(lines: Int)
    case breakdownScrolledToEdge(top: Bool)
    case practiceToggled
    case answerTyped(Character)
    case answerErased
    case answerSubmitted
    case redrawRequested
    case quitRequested
    case resized(Size)
}

/// A cursor move on the card grid.
public enum Direction: Hashable, Sendable {
    case up, down, left, right
}
