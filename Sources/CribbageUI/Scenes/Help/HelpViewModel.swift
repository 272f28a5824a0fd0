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

    /// One line on how the scene beneath works, above the keys.
    static func intro(for route: Route) -> String {
        switch route {
        case .pushed(.discardAdvisor): "Deal six cards: the 15 keeps of four show, best first."
        case .pushed(.play): "Lay the cards in turn: each count and peg shows at once."
        case .pushed(.board): "Peg each player's points, or count the show's hands."
        case .handSelection, .pushed(.breakdown), .overlay: "Pick the cut, then four hand cards: the count shows at once."
        }
    }

    init(state: AppState, glyphs: Glyphs) {
        let first = state.sceneKeyChain
        let groups = first.map(KeyMap.group) + KeyMap.groups.filter { !first.contains($0.scope) }
        lines = [.intro(Self.intro(for: state.navigation.top))] + groups.flatMap { group in
            [.heading(group.scope.title)]
                + group.commands.map { .binding(keys: $0.label(glyphs: glyphs), summary: $0.summary) }
        }
        chain = state.keyChain
    }
}

extension AppState {
    /// The scope chain of the scene under any overlay or typing.
    var sceneKeyChain: [KeyScope] {
        var scene = self
        scene.entry = nil
        scene.navigation.dismiss()
        return scene.keyChain
    }
}
