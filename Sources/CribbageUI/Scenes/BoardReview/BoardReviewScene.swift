import Canvas
import CribbageCore

extension Scene {
    /// The game on the board reviewed from the cards it was told.
    static let boardReview: Scene = Scene(
        name: "boardReview",
        title: "Board game review",
        intro: "Each card laid in a play kept card by card, graded by the points of the play it lost; the hands typed that the cards do not make.",
        keyGroups: [KeyGroup.boardReview],
        keyChain: { _ in [.boardReview, .global] },
        open: { state in BoardReviewScene.open(&state) },
        reduce: reducing({ $0.boardReview }) { state, action in
            guard var scene = state.boardReview else { return Outcome() }
            defer { state.boardReview = scene }
            return BoardReviewScene.reduce(&scene, action)
        },
        render: { state, glyphs, buffer in
            guard let review = state.boardReview else { return }
            BoardReviewRenderer.render(BoardReviewViewModel(state: review, app: state, glyphs: glyphs), glyphs: glyphs, into: &buffer)
        },
        work: { state in state.boardReview.map(BoardReviewScene.jobs) ?? [] },
        leave: { state in state.boardReview = nil }
    )
}

extension KeyScope {
    static let boardReview: KeyScope = KeyScope(title: "Board game review")
}

extension KeyGroup {
    static let boardReview: KeyGroup = KeyGroup(scope: .boardReview, commands: [
        KeyCommand("the previous or next card graded", hint: "step", bindings: [
            KeyBinding(keys: [.left, .character("h")], action: .boardReview(.stepped(-1))),
            KeyBinding(keys: [.right, .character("l")], action: .boardReview(.stepped(1))),
        ]),
        KeyCommand("the next mistake or worse (N: the one before)", hint: "mistake", bindings: [
            KeyBinding(keys: [.character("n")], action: .boardReview(.mistakeJumped(1))),
            KeyBinding(keys: [.character("N")], action: .boardReview(.mistakeJumped(-1))),
        ]),
        KeyCommand("the card's whole options table, or its top three", hint: "options",
                   keys: [.enter, .character("o")], action: .boardReview(.optionsToggled)),
        KeyCommand("scroll the options", bindings: [
            KeyBinding(keys: [.up, .character("k"), .scrollUp], action: .boardReview(.optionsScrolled(-1))),
            KeyBinding(keys: [.down, .character("j"), .scrollDown], action: .boardReview(.optionsScrolled(1))),
        ]),
        KeyCommand("the cards as they were when it was laid", hint: "cards",
                   keys: [.character("c")], action: .boardReview(.cardsToggled)),
        KeyCommand("the notes whole, in the card's place", hint: "notes",
                   keys: [.character("d")], action: .boardReview(.notesToggled)),
        KeyCommand("back to the board", hint: "back", keys: [.escape], action: .backRequested),
    ])
}

extension Action {
    /// The scene's own action, when this is one.
    var boardReview: BoardReviewAction? {
        if case .boardReview(let action) = self { return action }
        return nil
    }
}

extension AppState {
    /// The review of the board's game, while it is open.
    var boardReview: BoardReviewState? {
        get { scenes[BoardReviewState.self] }
        _modify { yield &scenes[BoardReviewState.self] }
    }
}
