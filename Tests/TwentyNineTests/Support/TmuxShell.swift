import TestSupport
import Foundation
import Testing

/// An interactive `sh` in a tmux pane, to run the counter as a job and look at the terminal
/// it leaves behind: the exit status, `stty -a`, and tmux's own view of the modes.
final class TmuxShell {
    /// The prompt as capture-pane shows it, trailing space trimmed.
    static let prompt = "tn$"

    let tmux: Tmux
    private var checks = 0
    /// What the last `run` prints when its command has ended, until `waitForShell` has seen it.
    private var runMarker: String?

    init() throws {
        tmux = try Tmux("env -u ENV -u NO_COLOR LANG=C.UTF-8 LC_ALL=C.UTF-8 PS1='\(Self.prompt) ' sh -i")
        try tmux.waitFor(Self.prompt)
    }

    /// Types the command line and waits until the counter runs in curses mode: the alternate
    /// screen on and the mouse reported.
    func launchCounter(environment: String = "") throws {
        try tmux.type("clear; \(environment) \(shellQuoted(twentyNineBinary))")
        try tmux.send("Enter")
        try tmux.waitFor("the counter in curses mode") { _ in
            try tmux.format("#{pane_current_command} #{alternate_on} #{mouse_any_flag}") == "twentynine 1 1"
        }
    }

    /// Types a command line (`$TN` is the binary) and runs it, waiting for nothing. A marker
    /// printed after it tells `waitForShell` the command has ended (the shell is the pane's
    /// command before it starts, too); the typed line never holds the marker itself, and `$?`
    /// stays the command's own.
    func run(_ commandLine: String) throws {
        checks += 1
        let marker = "RAN-\(checks)"
        runMarker = marker
        try tmux.type("clear; TN=\(shellQuoted(twentyNineBinary)); \(commandLine); s=$?; printf 'RAN-%s\\n' \(checks); (exit $s)")
        try tmux.send("Enter")
    }

    /// Waits until the shell has the terminal again; returns what the pane shows then.
    @discardableResult
    func waitForShell() throws -> String {
        let marker = runMarker
        let screen = try tmux.waitFor("the shell in the foreground") { screen in
            try tmux.format("#{pane_current_command}") == "sh" && marker.map { screen.contains("\n\($0)") } != false
        }
        runMarker = nil
        return screen
    }

    /// The pid of the counter, a child of the shell.
    func counterPID() throws -> pid_t {
        let shell = try tmux.format("#{pane_pid}")
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") where Int32(entry) != nil {
            guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.range(of: ") ", options: .backwards)
            else { continue }
            // After the name in parentheses: the state, then the parent's pid.
            let fields = stat[close.upperBound...].split(separator: " ")
            if fields.count > 1, fields[1] == shell, stat.contains("(twentynine)") { return pid_t(entry)! }
        }
        throw TmuxFailure("no twentynine process under the shell \(shell)")
    }

    /// Waits until the shell has the terminal again, then asks it for `$?` and `stty -a`.
    func checkTerminal() throws -> TerminalCheck {
        try waitForShell()
        checks += 1
        let marker = "EXITED-\(checks)"
        try tmux.type("status=$?; clear; printf '\(marker) %s\\n' \"$status\"; stty -a")
        try tmux.send("Enter")
        let prompt = NSRegularExpression.escapedPattern(for: Self.prompt)
        let pattern = try Regex("\(marker) ([0-9]+)\\n((?s).*)\\n\(prompt)")
        let screen = try tmux.waitFor("\(marker), stty -a and the prompt") { $0.contains(pattern) }
        guard let match = screen.firstMatch(of: pattern) else { throw TmuxFailure("no \(marker)") }
        let status = Int(match.output[1].substring!)!
        let modes = match.output[2].substring!.split(whereSeparator: { $0.isWhitespace || $0 == ";" })
        let flags = try tmux.format(
            "alternate_on=#{alternate_on} cursor_flag=#{cursor_flag} mouse_any_flag=#{mouse_any_flag} "
                + "keypad_flag=#{keypad_flag} keypad_cursor_flag=#{keypad_cursor_flag}")
        return TerminalCheck(status: status, modes: Set(modes.map(String.init)), tmuxFlags: flags)
    }
}

/// The terminal as the shell found it after the counter.
struct TerminalCheck {
    /// `$?` in the shell.
    let status: Int
    /// The words of `stty -a`: `echo`, `-echo`, `icanon`, ….
    let modes: Set<String>
    /// tmux's pane modes, as `name=value` words.
    let tmuxFlags: String

    /// The modes a shell's terminal has and curses mode turns off.
    static let cookedModes = ["echo", "icanon", "isig", "icrnl", "onlcr"]
    static let shellFlags =
        "alternate_on=0 cursor_flag=1 mouse_any_flag=0 keypad_flag=0 keypad_cursor_flag=0"
}

/// Checks that the shell got its terminal back as it was: the cooked modes in `stty -a`, and
/// tmux's view of the pane (main screen, cursor shown, no mouse, no keypad mode).
func expectRestored(_ check: TerminalCheck, sourceLocation: SourceLocation = #_sourceLocation) {
    for mode in TerminalCheck.cookedModes {
        #expect(check.modes.contains(mode), "stty -a lacks \(mode)", sourceLocation: sourceLocation)
        #expect(!check.modes.contains("-\(mode)"), "stty -a shows -\(mode)", sourceLocation: sourceLocation)
    }
    #expect(check.tmuxFlags == TerminalCheck.shellFlags, sourceLocation: sourceLocation)
}
