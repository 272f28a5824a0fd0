/// Where the player is: Hand Selection at the root, the scenes pushed over it, and at most one
/// overlay over them all. Push, pop, pop-to-root, present and dismiss are the moves, and a scene
/// under the top is taken out when what it showed is gone.
struct Navigation: Hashable, Sendable {
    private(set) var path: [Scene] = []
    private(set) var overlay: Scene?

    /// The scenes from the root to the one on top, without the overlay.
    var stack: [Scene] { [.root] + path }

    /// The scene the player sees under any overlay.
    var top: Scene { path.last ?? .root }

    /// The scene keys and actions go to: the overlay when one is shown, else the top.
    var active: Scene { overlay ?? top }

    /// Pushes a scene, unless it is already on top or is the root.
    mutating func push(_ scene: Scene) {
        guard scene != top, scene != .root else { return }
        path.append(scene)
    }

    mutating func pop() {
        if !path.isEmpty { path.removeLast() }
    }

    /// Takes `scene` out from under the others (the root stays).
    mutating func remove(_ scene: Scene) {
        path.removeAll { $0 == scene }
    }

    mutating func popToRoot() {
        path = []
        overlay = nil
    }

    mutating func present(_ overlay: Scene) { self.overlay = overlay }

    mutating func dismiss() { overlay = nil }
}
