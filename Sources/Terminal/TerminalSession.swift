import CNCurses
import Canvas

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal in curses mode for the length of one closure: set up on the way in, restored on
/// every way out. A return or a throw restores it here. ctrl-c, SIGTERM, SIGHUP, SIGUSR1,
/// SIGUSR2, SIGALRM and SIGPIPE end `read()`, so the closure returns, the terminal is restored
/// and the process then dies by that signal (exit status 128 + N). ctrl-z is `.suspend` for the
/// loop to act on. SIGQUIT and the crash signals restore the terminal from the signal handler
/// (async-signal-safe, on a stack of its own) and die by the same signal.
///
///     try TerminalSession.run(noColor: false) { terminal in MainLoop.run(on: terminal) }
public struct TerminalSession: TerminalBackend {
    /// Unicode suits and lines when the locale is UTF-8, ASCII otherwise.
    public let glyphs: Glyphs
    let colors: Bool
    let input: InputReader
    /// Rung by work finished off the key path; `read()` waits on it beside the keys and signals.
    public let wakePipe: WakePipe?

    private init(glyphs: Glyphs, colors: Bool, input: InputReader, wakePipe: WakePipe?) {
        self.glyphs = glyphs
        self.colors = colors
        self.input = input
        self.wakePipe = wakePipe
    }

    /// Sets the terminal up, runs `body`, and restores the terminal however `body` ends; then,
    /// if a signal ended the input, dies by that signal.
    public static func run<Result>(
        noColor: Bool,
        _ body: (TerminalSession) throws -> Result
    ) throws -> Result {
        var endingSignal: Int32 = 0
        let result = try session(noColor: noColor) { terminal in
            defer { endingSignal = terminal.input.endingSignal }
            return try body(terminal)
        }
        if endingSignal != 0 { cncurses_die_by(endingSignal) }
        return result
    }

    private static func session<Result>(
        noColor: Bool,
        _ body: (TerminalSession) throws -> Result
    ) throws -> Result {
        setlocale(LC_ALL, "")
        let utf8 = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"

        cncurses_save_tty()
        let signals = cncurses_install_signal_handlers()
        defer { cncurses_remove_signal_handlers() }
        guard let screen = startCurses() else {
            throw TerminalError.unusable(terminalType: environment("TERM") ?? "")
        }
        guard cncurses_has_cursor_addressing() != 0 else {
            endwin()
            delscreen(screen)
            throw TerminalError.noCursorMovement(terminalType: environment("TERM") ?? "")
        }
        cncurses_prepare_reset()
        cncurses_hold_stderr()
        defer {
            cncurses_modes_off()
            endwin()
            delscreen(screen)
            cncurses_release_stderr()
        }

        configureModes()
        let colors = !noColor && (environment("NO_COLOR") ?? "").isEmpty && has_colors()
        if colors { startColors() }
        let wakePipe = WakePipe()
        let input = InputReader(signals: signals, wake: wakePipe?.readEnd ?? -1, utf8: utf8,
                                fault: environment("TWENTYNINE_TEST_FAULT"))
        return try body(TerminalSession(glyphs: utf8 ? .unicode : .ascii, colors: colors, input: input,
                                        wakePipe: wakePipe))
    }

    /// `newterm` at the tty's real size, at most `Size.largestDrawn`: LINES and COLUMNS from the
    /// environment are used only when the tty cannot tell, and are put back afterwards.
    private static func startCurses() -> OpaquePointer? {
        var rows: Int32 = 0, columns: Int32 = 0
        guard cncurses_window_size(&rows, &columns) != 0 else { return cncurses_newterm() }
        let size = Size(width: Int(columns), height: Int(rows)).clampedForDrawing
        let saved = ["LINES", "COLUMNS"].map { ($0, environment($0)) }
        setenv("LINES", String(size.height), 1)
        setenv("COLUMNS", String(size.width), 1)
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        return cncurses_newterm()
    }

    /// The size curses draws at: the terminal's, at most `Size.largestDrawn`.
    public var size: Size {
        let window = cncurses_stdscr()
        return Size(width: Int(cncurses_getmaxx(window)), height: Int(cncurses_getmaxy(window)))
    }

    /// Makes the next `draw` repaint every cell, not only those that changed.
    public func repaintAll() {
        clearok(cncurses_curscr(), true)
    }

    /// ctrl-z: the terminal as the shell had it, the process stopped; on `fg`, curses mode,
    /// keypad, mouse and bracketed paste back before the next read, at the size the terminal
    /// has now.
    public func suspend() {
        cncurses_modes_off()
        endwin()
        cncurses_stop_self()
        refresh()
        cncurses_modes_on()
        Self.followTerminalSize()
    }

    /// Resizes curses to the tty's size now (at most `Size.largestDrawn`); true when it changed.
    @discardableResult
    static func followTerminalSize() -> Bool {
        var rows: Int32 = 0, columns: Int32 = 0
        guard cncurses_window_size(&rows, &columns) != 0 else { return false }
        let size = Size(width: Int(columns), height: Int(rows)).clampedForDrawing
        let window = cncurses_stdscr()
        guard size.width != Int(cncurses_getmaxx(window)) || size.height != Int(cncurses_getmaxy(window)) else {
            return false
        }
        resizeterm(Int32(size.height), Int32(size.width))
        return true
    }

    private static func configureModes() {
        // cbreak, not raw: ctrl-c, ctrl-z and ctrl-\ stay signals.
        cbreak()
        noecho()
        nonl()
        // Input is read and decoded here, not by curses; a refresh never stops for typeahead.
        typeahead(-1)
        curs_set(0)
        leaveok(cncurses_stdscr(), true)
        refresh()
        cncurses_modes_on()
    }

    private static func startColors() {
        start_color()
        let background = Int16(use_default_colors() == OK ? -1 : Int32(COLOR_BLACK))
        for color in Style.Color.allDrawn {
            init_pair(color.pair, color.curses, background)
        }
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// Why the interactive counter could not start curses.
public enum TerminalError: Error, CustomStringConvertible {
    case unusable(terminalType: String)
    case noCursorMovement(terminalType: String)

    public var description: String {
        switch self {
        case .unusable(let type):
            let name = type.isEmpty ? "TERM is not set" : "TERM=\(type)"
            return "cannot use this terminal (\(name)); set TERM to a known type such as xterm-256color"
        case .noCursorMovement(let type):
            return "the counter needs a terminal with cursor movement, and TERM=\(type) has none; "
                + "set TERM to a type such as xterm-256color, or use `twentynine score`"
        }
    }
}

extension Style.Color {
    /// The colours that get a curses colour pair; `.normal` draws with the default pair 0.
    static let allDrawn: [Style.Color] = [.red, .green, .yellow, .blue, .cyan]

    var pair: Int16 {
        switch self {
        case .normal: 0
        case .red: 1
        case .green: 2
        case .yellow: 3
        case .blue: 4
        case .cyan: 5
        }
    }

    var curses: Int16 {
        switch self {
        case .normal: -1
        case .red: Int16(COLOR_RED)
        case .green: Int16(COLOR_GREEN)
        case .yellow: Int16(COLOR_YELLOW)
        case .blue: Int16(COLOR_BLUE)
        case .cyan: Int16(COLOR_CYAN)
        }
    }
}
