import Canvas
import CribbageCore

extension Scene {
    /// A finished game against the computer, reviewed decision by decision.
    static let review: Scene = Scene(
        name: "review",
        title: "Game review",
        intro: "Every decision graded by the chance to win it lost, from what its player knew then; luck apart.",
        keyGroups: [KeyGroup.review],
        keyChain: { _ in [.review, .global] },
        open: { state in ReviewScene.open(&state) },
        reduce: { state, action in
            // Learning from the mistakes opens the drills on them: the app's, not the review's alone.
            if case .review(.learnRequested) = action, state.review?.game != nil { return ReviewScene.learn(&state) }
            return reducing({ $0.review }) { state, action in
                var scene = state.review ?? ReviewState()
                defer { state.review = scene }
                return ReviewScene.reduce(&scene, action)
            }(&state, action)
        },
        render: { state, glyphs, buffer in
            ReviewRenderer.render(ReviewViewModel(state: state.review ?? ReviewState(), app: state, glyphs: glyphs),
                                  glyphs: glyphs, into: &buffer)
        },
        work: { state in state.review.map(ReviewScene.jobs) ?? [] }
    )
}

extension KeyScope {
    static let review: KeyScope = KeyScope(title: "Game review")
}

extension KeyGroup {
    static let review: KeyGroup = KeyGroup(scope: .review, commands: [
        KeyCommand("the previous or next decision", hint: "step", bindings: [
            KeyBinding(keys: [.left, .character("h")], action: .review(.stepped(-1))),
            KeyBinding(keys: [.right, .character("l")], action: .review(.stepped(1))),
        ]),
        KeyCommand("the next mistake or worse (N: the one before)", hint: "mistake", bindings: [
            KeyBinding(keys: [.character("n")], action: .review(.mistakeJumped(1))),
            KeyBinding(keys: [.character("N")], action: .review(.mistakeJumped(-1))),
        ]),
        KeyCommand("the decision's whole options table, or its top three", hint: "options",
                   keys: [.enter, .character("o")], action: .review(.optionsToggled)),
        KeyCommand("scroll the options", bindings: [
            KeyBinding(keys: [.up, .character("k"), .scrollUp], action: .review(.optionsScrolled(-1))),
            KeyBinding(keys: [.down, .character("j"), .scrollDown], action: .review(.optionsScrolled(1))),
        ]),
        KeyCommand("the cards as they were at the decision", hint: "cards",
                   keys: [.character("c")], action: .review(.cardsToggled)),
        KeyCommand("the result's parts: luck, errors, hidden cards", hint: "result",
                   keys: [.character("d")], action: .review(.resultToggled)),
        KeyCommand("your decisions, or both sides'", hint: "side",
                   keys: [.character("s")], action: .review(.sideSwitched)),
        KeyCommand("an older or a newer game from the history", hint: "games", bindings: [
            KeyBinding(keys: [.character("[")], action: .review(.gameChanged(1))),
            KeyBinding(keys: [.character("]")], action: .review(.gameChanged(-1))),
        ]),
        KeyCommand("learn from your mistakes: ask them again as drills", hint: "learn",
                   keys: [.character("L")], action: .review(.learnRequested)),
        KeyCommand("drills: the decisions you get wrong", keys: [.character("D")], action: .opened(.drills)),
        KeyCommand("back; the review is worked out again next time", hint: "back",
                   keys: [.escape], action: .backRequested),
    ])
}

extension Action {
    /// The scene's own action, when this is one.
    var review: ReviewAction? {
        if case .review(let action) = self { return action }
        return nil
    }
}

extension AppState {
    /// The review, once one is open.
    var review: ReviewState? {
        get { scenes[ReviewState.self] }
        _modify { yield &scenes[ReviewState.self] }
    }
}
