/// Each scene's own state, kept by its type: a scene declares its accessor on `AppState` in its
/// own folder (`AppState.play` in `Scenes/Play/PlayScene.swift`), so the app's state needs no
/// field per scene. A state equal to the scene's initial one is not kept, so two app states
/// that show the same are equal. A change is made in place: the state is taken out of its box
/// while it changes, so its arrays are not copied.
struct SceneStates: Hashable, @unchecked Sendable {
    // Unchecked: the subscripts store only Sendable values.
    private var states: [ObjectIdentifier: AnyHashable] = [:]

    /// The state of a scene that may have none (the breakdown before it opens, the board
    /// without a game).
    subscript<State: Hashable & Sendable>(_ type: State.Type) -> State? {
        get { states[ObjectIdentifier(type)]?.base as? State }
        _modify {
            let key = ObjectIdentifier(type)
            var state = states.removeValue(forKey: key)?.base as? State
            defer { if let state { states[key] = AnyHashable(state) } }
            yield &state
        }
    }

    /// The state of a scene that always has one: `initial` until it changes.
    subscript<State: Hashable & Sendable>(_ type: State.Type, initial initial: State) -> State {
        get { self[type] ?? initial }
        _modify {
            let key = ObjectIdentifier(type)
            var state = states.removeValue(forKey: key)?.base as? State ?? initial
            defer { if state != initial { states[key] = AnyHashable(state) } }
            yield &state
        }
    }
}
