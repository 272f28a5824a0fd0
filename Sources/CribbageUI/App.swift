/// The interactive counter without a terminal: feed it input, draw what it renders.
///
///     var app = App(size: Size(width: 80, height: 24), glyphs: .unicode)
///     _ = app.handle(.character(" "))
///     let frame = app.render()
public struct App: Sendable {
    public private(set) var state: AppState
    public private(set) var size: Size
    public let glyphs: Glyphs

    public init(size: Size, glyphs: Glyphs) {
        self.state = AppState()
        self.size = size
        self.glyphs = glyphs
    }

    /// Applies one input; returns what the program must do beyond redrawing the screen.
    public mutating func handle(_ input: KeyInput) -> Effect {
        if case .resize(let newSize) = input {
            size = newSize
            return .none
        }
        return .none
    }

    /// The frame for the current state at the current size.
    public func render() -> ScreenBuffer {
        ScreenBuffer(size: size)
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
