import Canvas
import CribbageCore

extension Scene {
    /// Your records against the computer, and your error rate across the games reviewed.
    static let records: Scene = Scene(
        name: "records",
        title: "Records",
        intro: "Your games against the computer: wins by level, skunks, points by kind, and your error rate's trend.",
        keyGroups: [KeyGroup.records],
        keyChain: { _ in [.records, .global] },
        open: { state in RecordsScene.open(&state) },
        reduce: reducing({ $0.records }) { state, action in
            var scene = state.records ?? RecordsState()
            defer { state.records = scene }
            return RecordsScene.reduce(&scene, action)
        },
        render: { state, glyphs, buffer in
            RecordsRenderer.render(RecordsViewModel(state: state.records ?? RecordsState(), app: state, glyphs: glyphs),
                                   glyphs: glyphs, into: &buffer)
        },
        background: { state in state.records.map(RecordsScene.jobs) ?? [] }
    )
}

extension KeyScope {
    static let records: KeyScope = KeyScope(title: "Records")
}

extension KeyGroup {
    static let records: KeyGroup = KeyGroup(scope: .records, commands: [
        KeyCommand("back to the table; reviews go on in the background", hint: "back",
                   keys: [.escape, .character("q")], action: .backRequested),
    ])
}

extension Action {
    /// The scene's own action, when this is one.
    var records: RecordsAction? {
        if case .records(let action) = self { return action }
        return nil
    }
}

extension AppState {
    /// The records, and the games waiting for their review.
    var records: RecordsState? {
        get { scenes[RecordsState.self] }
        _modify { yield &scenes[RecordsState.self] }
    }
}
