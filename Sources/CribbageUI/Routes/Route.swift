/// A scene of the interactive counter, by name.
public enum Route: String, CaseIterable, Hashable, Sendable {
    case handSelection
    case breakdown
    case discardAdvisor
    case help
}

/// How a route is shown: the root, pushed onto the stack, or presented over any scene.
enum Presentation: Hashable, Sendable {
    case root
    case pushed
    case overlay
}

/// The declared route table: every scene, how it is shown, and its title. Navigation only
/// moves to routes in this table; a test checks that every route is declared.
enum RouteTable {
    struct Entry: Hashable, Sendable {
        let route: Route
        let presentation: Presentation
        let title: String
    }

    static let entries: [Entry] = [
        Entry(route: .handSelection, presentation: .root, title: "Hand Selection"),
        Entry(route: .breakdown, presentation: .pushed, title: "HandRank Breakdown"),
        Entry(route: .discardAdvisor, presentation: .pushed, title: "Discard Advisor"),
        Entry(route: .help, presentation: .overlay, title: "Keys"),
    ]

    static let root: Route = entries.first { $0.presentation == .root }!.route

    static func entry(for route: Route) -> Entry? {
        entries.first { $0.route == route }
    }
}

/// Where the player is: a stack of scenes from the root, and an overlay presented over the top.
/// Push, pop and pop-to-root are the only moves on the stack.
public struct Navigation: Hashable, Sendable {
    public private(set) var stack: [Route] = [RouteTable.root]
    public private(set) var overlay: Route?

    /// The scene the player sees under any overlay.
    public var top: Route { stack[stack.count - 1] }

    /// Pushes a pushed route; anything else is refused (returns false).
    @discardableResult
    mutating func push(_ route: Route) -> Bool {
        guard RouteTable.entry(for: route)?.presentation == .pushed, top != route else { return false }
        stack.append(route)
        return true
    }

    mutating func pop() {
        if stack.count > 1 { stack.removeLast() }
    }

    mutating func popToRoot() {
        stack = [RouteTable.root]
        overlay = nil
    }

    @discardableResult
    mutating func present(_ route: Route) -> Bool {
        guard RouteTable.entry(for: route)?.presentation == .overlay else { return false }
        overlay = route
        return true
    }

    mutating func dismiss() { overlay = nil }
}
