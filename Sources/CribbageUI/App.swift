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
        if case .paste(let text) = input { return paste(text) }
        guard let action = action(for: input) else { return .none }
        return send(action)
    }

    /// Applies one action through the reducer.
    @discardableResult
    public mutating func send(_ action: Action) -> Effect {
        Reducer.reduce(&state, action)
    }

    /// The frame for the current state at the current size.
    public func render() -> ScreenBuffer {
        Screen.render(state, glyphs: glyphs)
    }

    /// A paste types its first line into the `:` entry, and a line break applies it; the rest,
    /// and a paste anywhere else, is dropped: no pasted letter runs as a key.
    private mutating func paste(_ text: String) -> Effect {
        guard state.keyScope == .typing else { return .none }
        for character in text {
            if character.isNewline { return send(.entrySubmitted) }
            if character.displayWidth > 0 { send(.entryTyped(character)) }
        }
        return .none
    }

    /// The action an input sends now: a resize, a click on a card, or a key from the key table.
    func action(for input: KeyInput) -> Action? {
        switch input {
        case .resize(let size):
            return .resized(size)
        case .click(let row, let column):
            guard isRoomy, let card = HandSelectionLayout.card(atRow: row, column: column) else { return nil }
            switch state.keyScope {
            case .handSelection, .answering: return .cardToggled(card)
            case .discardPicking: return .dealtCardToggled(card)
            default: return nil
            }
        default:
            if !isRoomy {
                // Only quitting and redrawing make sense on the "too small" screen.
                guard input == .character("q") || input == .control("l") || input == .control("c") else { return nil }
            }
            return KeyTable.action(for: input, in: state)
        }
    }

    private var isRoomy: Bool {
        size.width >= Chrome.minimumSize.width && size.height >= Chrome.minimumSize.height
    }
}

/// What the program must do outside the screen after an input.
public enum Effect: Hashable, Sendable {
    case none
    /// Leave the program, restoring the terminal.
    case quit
    /// Repaint every cell (ctrl-l), not only what changed.
    case redraw
}
