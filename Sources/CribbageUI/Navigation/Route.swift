/// A scene pushed over Hand Selection, the root.
public enum PushedScene: Hashable, Sendable, CaseIterable {
    case breakdown
    case discardAdvisor
    case play
    case board
}

/// A scene presented over whatever is on the stack; at most one is shown.
public enum Overlay: Hashable, Sendable, CaseIterable {
    case help
}

/// Every place in the counter. The root, the pushed scenes and the overlays are different
/// types, so a route cannot be shown in a way the table does not allow.
public enum Route: Hashable, Sendable, CaseIterable {
    case handSelection
    case pushed(PushedScene)
    case overlay(Overlay)

    public static var allCases: [Route] {
        [.handSelection] + PushedScene.allCases.map(Route.pushed) + Overlay.allCases.map(Route.overlay)
    }
}

/// How a route is shown.
enum Presentation: Hashable, Sendable {
    case root, pushed, overlay
}

extension Route {
    /// The route table: each route's title and how it is shown. Both switches are exhaustive,
    /// so a new scene does not compile until it has its row.
    var title: String {
        switch self {
        case .handSelection: "Hand Selection"
        case .pushed(.breakdown): "HandRank Breakdown"
        case .pushed(.discardAdvisor): "Discard Advisor"
        case .pushed(.play): "The Play"
        case .pushed(.board): "Board"
        case .overlay(.help): "Keys"
        }
    }

    var presentation: Presentation {
        switch self {
        case .handSelection: .root
        case .pushed: .pushed
        case .overlay: .overlay
        }
    }
}
