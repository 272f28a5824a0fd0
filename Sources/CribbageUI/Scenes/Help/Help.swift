/// The help overlay's state: how far it is scrolled.
public struct HelpState: Hashable, Sendable {
    public internal(set) var scroll = Scroll()
}

/// What the player does in the help overlay.
public enum HelpAction: Hashable, Sendable {
    case scrolled(ScrollMove)
}

enum HelpScene {
    static func reduce(_ state: inout HelpState, _ action: HelpAction) {
        switch action {
        case .scrolled(let move): state.scroll.apply(move)
        }
    }
}
