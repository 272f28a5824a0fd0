/// A terminal in memory for the main loop's tests: inputs come from a script, frames are kept.
/// A script step can also change the size (as a resize would) before its input is read, wait for
/// work off the key path to wake the loop, or run code between two reads (a test's work waits on
/// a gate that the script opens).
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
        /// The loop reads `.wake` once work off the key path has rung `wakePipe` (at once if it
        /// has rung already). A ring that does not come within `wakeTimeout` ends the input, so
        /// a test waiting in vain fails rather than hangs.
        case wake
        /// Runs between two reads, as another thread would: a test opens a gate its work waits on.
        case meanwhile(@Sendable () -> Void)
    }

    /// How long a `.wake` step waits for the ring.
    public static let wakeTimeout: Int32 = 10_000

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
    /// Rung by work finished off the key path; none when the backend is made without one.
    public let wakePipe: WakePipe?

    /// `wakes: false` makes a backend with no `WakePipe`, as a terminal that could not open
    /// one: the work off the key path then runs in the key press.
    public init(size: Size, glyphs: Glyphs = .unicode, wakes: Bool = true, script: [Step]) {
        self.size = size
        self.glyphs = glyphs
        self.wakePipe = wakes ? WakePipe() : nil
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
            case .wake:
                guard wakePipe?.wait(milliseconds: Self.wakeTimeout) == true else {
                    script = []
                    return nil
                }
                inputsRead.append(.wake)
                return .wake
            case .meanwhile(let body):
                body()
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
