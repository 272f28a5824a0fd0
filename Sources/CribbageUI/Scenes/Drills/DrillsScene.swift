import Canvas
import CribbageCore

extension Scene {
    /// A session of drills from the store, answered by keys as at the table.
    static let drills: Scene = Scene(
        name: "drills",
        title: "Drills",
        intro: "The decisions you get wrong, drilled: the due first, then new ones; each answer graded and saved.",
        keyGroups: [KeyGroup.drillSetup, KeyGroup.drills, KeyGroup.drillCount, KeyGroup.drillPlay],
        keyChain: { state in
            if state.drills?.phase == .setup { return [.drillSetup, .global] }
            guard state.drills?.phase == .answering else { return [.drills, .global] }
            switch state.drills?.drill?.decision {
            case .count?: return [.drillCount, .drills, .global]
            case .lay?: return [.drillPlay, .drills, .global]
            default: return [.drills, .global]
            }
        },
        open: { state in DrillsScene.open(&state) },
        reduce: reducing({ $0.drills }) { state, action in
            var scene = state.drills ?? DrillsState()
            defer { state.drills = scene }
            return DrillsScene.reduce(&scene, action)
        },
        render: { state, glyphs, buffer in
            DrillsRenderer.render(DrillsViewModel(state: state.drills ?? DrillsState(), app: state, glyphs: glyphs),
                                  glyphs: glyphs, into: &buffer)
        },
        work: { state in state.drills.map(DrillsScene.jobs) ?? [] }
    )
}

extension KeyScope {
    static let drillSetup: KeyScope = KeyScope(title: "Drills: the session's setup")
    static let drills: KeyScope = KeyScope(title: "Drills")
    static let drillCount: KeyScope = KeyScope(title: "Drills: a count")
    static let drillPlay: KeyScope = KeyScope(title: "Drills: a card to lay")
}

extension KeyGroup {
    /// Before a session: its theme, difficulty and count.
    static let drillSetup: KeyGroup = KeyGroup(scope: .drillSetup, commands: [
        KeyCommand("the next or previous line of the setup", hint: "line", bindings: [
            KeyBinding(keys: [.down, .tab], action: .drills(.setupFieldMoved(1))),
            KeyBinding(keys: [.up], action: .drills(.setupFieldMoved(-1))),
        ]),
        KeyCommand("change the line: theme, difficulty, how many", hint: "change", bindings: [
            KeyBinding(keys: [.right], action: .drills(.setupValueChanged(1))),
            KeyBinding(keys: [.left], action: .drills(.setupValueChanged(-1))),
        ]),
        KeyCommand("start the session; the setup is kept for the next", hint: "start", keys: [.enter], action: .drills(.entered)),
        KeyCommand("back, no session", hint: "back", keys: [.escape], action: .backRequested),
    ])

    static let drills: KeyGroup = KeyGroup(scope: .drills, commands: [
        KeyCommand("pick two to throw by rank (again: next suit), or lay", hint: "rank",
                   bindings: KeyMap.rankKeys { .drills(.rankPressed($0)) }),
        KeyCommand("answer (the two picked, or the count); the next drill", hint: "answer",
                   keys: [.enter], action: .drills(.entered)),
        KeyCommand("unpick the last card", keys: [.backspace], action: .drills(.erased)),
        KeyCommand("scroll the options", bindings: [
            KeyBinding(keys: [.up, .scrollUp], action: .drills(.optionsScrolled(-1))),
            KeyBinding(keys: [.down, .scrollDown], action: .drills(.optionsScrolled(1))),
        ]),
        KeyCommand("back; the answers given are kept", hint: "back", keys: [.escape], action: .backRequested),
    ])

    /// A card to lay: go, where no card may be.
    static let drillPlay: KeyGroup = KeyGroup(scope: .drillPlay, commands: [
        KeyCommand("go, where no card may be laid", hint: "go", keys: [.character("g")], action: .drills(.wentGo)),
    ])

    /// A count's drill: digits, and enter.
    static let drillCount: KeyGroup = KeyGroup(scope: .drillCount, commands: [
        KeyCommand("type the count", hint: "count",
                   bindings: (0...9).map { KeyBinding(keys: [.character(Character(String($0)))], action: .drills(.digitTyped($0))) }),
        KeyCommand("rub out a digit", keys: [.backspace], action: .drills(.erased)),
    ])
}

extension Action {
    /// The scene's own action, when this is one.
    var drills: DrillsAction? {
        if case .drills(let action) = self { return action }
        return nil
    }
}

extension AppState {
    /// The drills, once open.
    var drills: DrillsState? {
        get { scenes[DrillsState.self] }
        _modify { yield &scenes[DrillsState.self] }
    }
}
