/// Where the interactive counter's main loop reads input and shows frames: the real terminal,
/// or `InMemoryBackend` in the tests.
///
///     while let input = backend.read() { …; backend.draw(frame) }
public protocol TerminalBackend {
    /// The size to draw at now (`Size.clampedForDrawing` of the terminal's).
    var size: Size { get }
    var glyphs: Glyphs { get }
    /// The next input; nil when the program must end (the input closed, the terminal hung up,
    /// or a signal asked it to stop). `.wake` when `wakePipe` rang while it waited.
    func read() -> KeyInput?
    /// What work off the key path rings when it finishes, to wake a `read` that waits; nil when
    /// the backend has none (the work then runs in the key press that asked for it).
    var wakePipe: WakePipe? { get }
    func draw(_ frame: ScreenBuffer)
    /// Makes the next `draw` repaint every cell, not only those that changed.
    func repaintAll()
    /// Hands the terminal back to the shell until the program is continued (ctrl-z, then fg).
    func suspend()
}

extension Size {
    /// The most the counter draws, however large the terminal: a frame and a key stay cheap.
    public static let largestDrawn = Size(width: 400, height: 200)

    /// This size, at most `largestDrawn` each way.
    public var clampedForDrawing: Size {
        Size(width: min(width, Self.largestDrawn.width), height: min(height, Self.largestDrawn.height))
    }
}
