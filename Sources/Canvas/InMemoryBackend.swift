/// A terminal in memory for the main loop's tests: inputs come from a script, frames are kept.
/// A script step can also change the size (as a resize would) before its input is read.
///
///     let backend = InMemoryBackend(size: Size(width: 80, height: 24), script: [.key(.character("q"))])
///     MainLoop.run(on: backend)
///     backend.frames.last?.text
public final class InMemoryBackend: TerminalBackend {
    /// One thing that happens while the loop runs.
    public enum Step: Sendable {
        /// The loop reads this input.
        case key(KeyInput)
        /// The terminal becomes this size; the loop reads `.resize` with it.
        case resize(Size)
        /// The terminal becomes this size with no `.resize` read: right after a `.suspend` step,
        /// it happens while the program is suspended, and the loop must find out on its own.
        case silentResize(Size)
    }

    public private(set) var size: Size
    public let glyphs: Glyphs
    /// Every frame drawn, in order.
    public private(set) var frames: [ScreenBuffer] = []
    /// How many times the loop asked for a full repaint, and to suspend.
    public private(set) var repaints = 0
    public private(set) var suspensions = 0
    /// The inputs the loop read, in order.
    public private(set) var inputsRead: [KeyInput] = []
    private var script: [Step]

    public init(size: Size, glyphs: Glyphs = .unicode, script: [Step]) {
        self.size = size
        self.glyphs = glyphs
        self.script = script.reversed()
    }

    /// The steps not yet reached (none once the loop has read them all).
    public var remainingSteps: Int { script.count }

    public func read() -> KeyInput? {
        while let step = script.popLast() {
            switch step {
            case .key(let input):
                inputsRead.append(input)
                return input
            case .resize(let newSize):
                size = newSize
                inputsRead.append(.resize(newSize))
                return .resize(newSize)
            case .silentResize(let newSize):
                size = newSize
            }
        }
        return nil
    }

    public func draw(_ frame: ScreenBuffer) { frames.append(frame) }

    public func repaintAll() { repaints += 1 }

    public func suspend() {
        suspensions += 1
        if case .silentResize(let newSize) = script.last {
            script.removeLast()
            size = newSize
        }
    }
}
