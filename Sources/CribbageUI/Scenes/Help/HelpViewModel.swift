import Canvas

/// The help overlay: the key table by group, the groups of the scene beneath first.
struct HelpViewModel: Hashable, Sendable {
    enum Line: Hashable, Sendable {
        case intro(String)
        case heading(String)
        case binding(keys: String, summary: String)
    }

    let lines: [Line]
    /// The widest an intro line may be: the help box's inside on a 74-column screen, less a margin.
    static let introWidth = 66
    /// The key scopes whose hints the footer shows.
    let chain: [KeyScope]

    init(state: AppState, glyphs: Glyphs) {
        let first = state.sceneKeyChain
        let groups = first.map(KeyMap.group) + KeyMap.groups.filter { !first.contains($0.scope) }
        // The scene's line wrapped to the narrowest box (74 columns): whole at every size.
        lines = state.navigation.top.intro.wrapped(width: Self.introWidth).map(Line.intro) + groups.flatMap { group in
            [.heading(group.scope.title)]
                + group.commands.map { .binding(keys: $0.label(glyphs: glyphs), summary: $0.summary) }
        }
        chain = state.keyChain
    }
}
