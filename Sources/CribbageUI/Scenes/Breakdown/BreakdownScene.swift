import Canvas

extension Scene {
    /// Every fifteen, pair, run, flush and nobs of the hand chosen; it only scrolls.
    static let breakdown: Scene = Scene(
        name: "breakdown",
        title: "HandRank Breakdown",
        intro: HandSelection.intro,
        keyGroups: [KeyGroup.breakdown],
        keyChain: { _ in [.breakdown, .counting, .global] },
        open: { state in
            guard let hand = state.selection.completeHand else { return Outcome(notice: .breakdownNeedsFiveCards) }
            // The breakdown gives the count away: opening it ends the question.
            if state.isAnswering { state.shared.practice.end(hand: hand, rules: state.rules, claimed: nil) }
            state.breakdown = BreakdownState(hand: hand)
            state.navigation.push(.breakdown)
            return Outcome()
        },
        reduce: reducing({ $0.breakdown }) { (state: inout AppState, action: BreakdownAction) in
            guard state.breakdown != nil else { return Outcome() }
            return BreakdownScene.reduce(&state.breakdown!, action)
        },
        render: { state, glyphs, buffer in
            guard let breakdown = state.breakdown else { return }
            BreakdownRenderer.render(BreakdownViewModel(state: breakdown, app: state), scroll: breakdown.scroll.offset,
                                     glyphs: glyphs, into: &buffer)
        },
        clampScroll: { state, glyphs in
            guard var breakdown = state.breakdown, breakdown.scroll.offset != 0 else { return }
            let model = BreakdownViewModel(state: breakdown, app: state)
            breakdown.scroll.clamp(maximum: BreakdownLayout(model: model, size: state.screenSize, glyphs: glyphs).maximumScroll)
            state.breakdown = breakdown
        }
    )
}

extension KeyScope {
    static let breakdown: KeyScope = KeyScope(title: "Breakdown")
}

extension KeyGroup {
    static let breakdown: KeyGroup = KeyGroup(scope: .breakdown, commands: [
        KeyCommand("back to the results", hint: "back", keys: [.character("b"), .tab, .escape], action: .backRequested),
    ] + KeyMap.scrolling { .breakdown(.scrolled($0)) })
}

extension Action {
    /// The scene's own action, when this is one.
    var breakdown: BreakdownAction? {
        if case .breakdown(let action) = self { return action }
        return nil
    }
}

extension AppState {
    /// The breakdown as it was last opened: its hand is complete, and the selection can only
    /// change in scenes below it.
    var breakdown: BreakdownState? {
        get { scenes[BreakdownState.self] }
        _modify { yield &scenes[BreakdownState.self] }
    }
}
