import Canvas

/// The interactive counter without a terminal: feed it input, draw what it renders.
///
///     var app = App(size: Size(width: 80, height: 24), glyphs: .unicode)
///     _ = app.handle(.character(" "))
///     let frame = app.render()
public struct App: Sendable {
    public private(set) var state: AppState
    public let glyphs: Glyphs

    public var size: Size { state.screenSize }

    public init(size: Size, glyphs: Glyphs) {
        self.state = AppState(screenSize: size)
        self.glyphs = glyphs
        _ = Standings.hand
        _ = Standings.crib
    }

    /// Applies one input; returns what the program must do beyond redrawing the screen.
    public mutating func handle(_ input: KeyInput) -> Effect {
        guard let action = action(for: input) else { return .none }
        return send(action)
    }

    /// Applies one action through the reducer, then clamps scrolling to the layout.
    @discardableResult
    public mutating func send(_ action: Action) -> Effect {
        let effect = AppReducer.reduce(&state, action)
        Screen.clampScrolling(&state, glyphs: glyphs)
        return effect
    }

    /// The frame for the current state at the current size.
    public func render() -> ScreenBuffer {
        Screen.render(state, glyphs: glyphs)
    }

    /// The action an input sends now: a resize, a click on a card, or a key from the key map.
    func action(for input: KeyInput) -> Action? {
        switch input {
        case .resize(let size):
            return .resized(size)
        case .click(let row, let column):
            guard Screen.isRoomy(size), state.navigation.overlay == nil, state.entry == nil,
                  let card = CardGrid.card(atRow: row, column: column) else { return nil }
            switch state.keyChain.first {
            case .handSelection, .answering: return .handSelection(.cardToggled(card))
            case .discardDealing: return .discardAdvisor(.cardToggled(card))
            default: return nil
            }
        default:
            if !Screen.isRoomy(size) {
                // Only quitting and redrawing make sense on the "too small" screen.
                guard input == .character("q") || input == .control("l") || input == .control("c") else { return nil }
            }
            return KeyMap.action(for: input, in: state)
        }
    }
}
