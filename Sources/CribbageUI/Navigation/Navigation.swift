import CribbageCore

/// A pushed scene with the state that lives only while it is shown.
public enum Destination: Hashable, Sendable {
    /// The breakdown of the hand it was opened on: a breakdown without a complete hand cannot
    /// be built.
    case breakdown(BreakdownState)
    case discardAdvisor
    case play
    /// The game's board; its state (the game) lives in `AppState.board`.
    case board

    public var scene: PushedScene {
        switch self {
        case .breakdown: .breakdown
        case .discardAdvisor: .discardAdvisor
        case .play: .play
        case .board: .board
        }
    }
}

/// Where the player is: Hand Selection at the root, the scenes pushed over it, and at most one
/// overlay over them all. Push, pop, pop-to-root, present and dismiss are the only moves.
public struct Navigation: Hashable, Sendable {
    public private(set) var path: [Destination] = []
    public private(set) var overlay: Overlay?

    /// The routes from the root to the scene on top, without the overlay.
    public var stack: [Route] { [.handSelection] + path.map { .pushed($0.scene) } }

    /// The scene the player sees under any overlay.
    public var top: Route { path.last.map { .pushed($0.scene) } ?? .handSelection }

    /// Pushes a scene, unless it is already on top.
    mutating func push(_ destination: Destination) {
        guard path.last?.scene != destination.scene else { return }
        path.append(destination)
    }

    mutating func pop() {
        if !path.isEmpty { path.removeLast() }
    }

    mutating func popToRoot() {
        path = []
        overlay = nil
    }

    mutating func present(_ overlay: Overlay) { self.overlay = overlay }

    mutating func dismiss() { overlay = nil }

    /// The breakdown on top, to change in place.
    mutating func updateBreakdown(_ change: (inout BreakdownState) -> Void) {
        guard case .breakdown(var state)? = path.last else { return }
        change(&state)
        path[path.count - 1] = .breakdown(state)
    }

    var breakdown: BreakdownState? {
        if case .breakdown(let state)? = path.last { return state }
        return nil
    }
}
