import Canvas

/// The help overlay: the key table by group, the groups of the scene beneath first.
struct HelpViewModel: Hashable, Sendable {
    enum Line: Hashable, Sendable {
        case intro(String)
        case heading(String)
        case binding(keys: String, summary: String)
    }

    let lines: [Line]
    /// The key scopes whose hints the footer shows.
    let chain: [KeyScope]

    init(state: AppState, glyphs: Glyphs) {
        let first = state.sceneKeyChain
        let groups = first.map(KeyMap.group) + KeyMap.groups.filter { !first.contains($0.scope) }
        lines = [.intro(state.navigation.top.intro)] + groups.flatMap { group in
            [.heading(group.scope.title)]
                + group.commands.map { .binding(keys: $0.label(glyphs: glyphs), summary: $0.summary) }
        }
        chain = state.keyChain
    }
}
