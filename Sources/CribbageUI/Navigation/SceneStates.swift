/// Each scene's own state, kept by its type: a scene declares its accessor on `AppState` in its
/// own folder (`AppState.play` in `Scenes/Play/PlayScene.swift`), so the app's state needs no
/// field per scene. A state equal to the scene's initial one is not kept, so two app states
/// that show the same are equal.
struct SceneStates: Hashable, @unchecked Sendable {
    // Unchecked: the subscripts store only Sendable values.
    private var states: [ObjectIdentifier: AnyHashable] = [:]

    /// The state of a scene that may have none (the breakdown before it opens, the board
    /// without a game).
    subscript<State: Hashable & Sendable>(_ type: State.Type) -> State? {
        get { states[ObjectIdentifier(type)]?.base as? State }
        set { states[ObjectIdentifier(type)] = newValue.map(AnyHashable.init) }
    }

    /// The state of a scene that always has one: `initial` until it changes.
    subscript<State: Hashable & Sendable>(_ type: State.Type, initial initial: State) -> State {
        get { self[type] ?? initial }
        set { self[type] = newValue == initial ? nil : newValue }
    }
}
