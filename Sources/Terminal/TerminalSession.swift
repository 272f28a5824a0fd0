import CNCurses
import Canvas

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal in curses mode for the length of one closure: set up on the way in, restored on
/// every way out. A return or a throw restores it here; SIGINT and SIGTERM are ncurses' (endwin,
/// then exit); ctrl-z suspends and resumes with the screen kept; a crash signal restores it
/// before the process ends.
///
///     try TerminalSession.run(noColor: false) { terminal in
///         terminal.draw(frame)
///         while let input = terminal.read() { … }
///     }
public struct TerminalSession {
    /// Unicode suits and lines when the locale is UTF-8, ASCII otherwise.
    public let glyphs: Glyphs
    let colors: Bool

    private init(glyphs: Glyphs, colors: Bool) {
        self.glyphs = glyphs
        self.colors = colors
    }

    /// Sets the terminal up, runs `body`, and restores the terminal however `body` ends.
    public static func run<Result>(
        noColor: Bool,
        _ body: (TerminalSession) throws -> Result
    ) throws -> Result {
        setlocale(LC_ALL, "")
        let glyphs: Glyphs = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8" ? .unicode : .ascii

        cncurses_install_crash_handler()
        defer { cncurses_remove_crash_handler() }
        guard let screen = cncurses_newterm() else {
            throw TerminalError.unusable(terminalType: environment("TERM") ?? "")
        }
        cncurses_hold_stderr()
        defer {
            endwin()
            delscreen(screen)
            cncurses_release_stderr()
        }

        configureModes()
        let colors = !noColor && (environment("NO_COLOR") ?? "").isEmpty && has_colors()
        if colors { startColors() }
        return try body(TerminalSession(glyphs: glyphs, colors: colors))
    }

    /// The size of the terminal now.
    public var size: Size {
        let window = cncurses_stdscr()
        return Size(width: Int(cncurses_getmaxx(window)), height: Int(cncurses_getmaxy(window)))
    }

    /// Makes the next `draw` repaint every cell, not only those that changed.
    public func repaintAll() {
        clearok(cncurses_curscr(), true)
    }

    private static func configureModes() {
        let window = cncurses_stdscr()
        // cbreak, not raw: ctrl-c, ctrl-z and ctrl-\ stay signals.
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        set_escdelay(25)
        curs_set(0)
        leaveok(window, true)
        mousemask(cncurses_button1_pressed() | cncurses_button1_clicked(), nil)
        mouseinterval(0)
    }

    private static func startColors() {
        start_color()
        let background = Int16(use_default_colors() == OK ? -1 : Int32(COLOR_BLACK))
        for color in Style.Color.allDrawn {
            init_pair(color.pair, color.curses, background)
        }
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// Why the interactive counter could not start curses.
public enum TerminalError: Error, CustomStringConvertible {
    case unusable(terminalType: String)

    public var description: String {
        switch self {
        case .unusable(let type):
            let name = type.isEmpty ? "TERM is not set" : "TERM=\(type)"
            return "cannot use this terminal (\(name)); set TERM to a known type such as xterm-256color"
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
