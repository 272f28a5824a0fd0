import Canvas

extension Scene {
    /// The key table over whatever scene is on top; presented, never pushed.
    static let help: Scene = Scene(
        name: "help",
        title: "Keys",
        keyGroups: [KeyGroup.help],
        keyChain: { _ in [.help, .global] },
        open: { state in
            state.help = HelpState()
            state.navigation.present(.help)
            return Outcome()
        },
        reduce: reducing({ $0.help }) { state, action in
            HelpScene.reduce(&state.help, action)
        },
        render: { state, glyphs, buffer in
            HelpRenderer.render(HelpViewModel(state: state, glyphs: glyphs), scroll: state.help.scroll.offset,
                                glyphs: glyphs, into: &buffer)
        },
        clampScroll: { state, glyphs in
            guard state.help.scroll.offset != 0 else { return }
            let help = HelpViewModel(state: state, glyphs: glyphs)
            state.help.scroll.clamp(maximum: HelpLayout(lines: help.lines.count, size: state.screenSize).maximumScroll)
        }
    )
}

extension KeyScope {
    static let help: KeyScope = KeyScope(title: "Help")
}

extension KeyGroup {
    static let help: KeyGroup = KeyGroup(scope: .help, commands: [
        KeyCommand("close the help", keys: [.escape, .character("q")], action: .helpToggled),
    ] + KeyMap.scrolling { .help(.scrolled($0)) })
}

extension Action {
    /// The scene's own action, when this is one.
    var help: HelpAction? {
        if case .help(let action) = self { return action }
        return nil
    }
}

extension AppState {
    /// The help's scroll.
    var help: HelpState {
        get { scenes[HelpState.self, initial: HelpState()] }
        _modify { yield &scenes[HelpState.self, initial: HelpState()] }
    }
}
