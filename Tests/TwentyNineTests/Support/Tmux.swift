import TestSupport
import Foundation

/// A tmux server of its own for one test: a socket of its own (`-L`), no configuration file,
/// one session with one pane of a set size, so a test never touches anyone's tmux. Keys go in
/// with `send` and `type`; `waitFor` polls what the pane shows. `stop()`, or the value going
/// away, kills the server.
///
///     let tmux = try Tmux("env LANG=C.UTF-8 \(shellQuoted(twentyNineBinary))")
///     defer { tmux.stop() }
///     try tmux.waitFor("Select the cut card")
///     try tmux.send("q")
final class Tmux {
    let socket = "twentynine-test-\(getpid())-\(UUID().uuidString.prefix(8))"

    static var isInstalled: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            .split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/tmux") }
    }

    /// Starts the server with `command` (run by the shell) in a pane of `width` × `height`.
    init(_ command: String, width: Int = 80, height: Int = 24) throws {
        try tmux("new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", "test", command)
        socketPath = try? format("#{socket_path}")
    }

    /// tmux leaves its socket file behind when the server ends.
    private var socketPath: String?

    deinit { stop() }

    /// Keys by tmux name: "q", "Space", "Enter", "Escape", "Up", "C-c", "C-z", "F1".
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "test"] + keys)
    }

    /// Text as typed, character by character, with no key names.
    func type(_ text: String) throws {
        try tmux("send-keys", "-t", "test", "-l", text)
    }

    /// Raw bytes as input to the pane, as a terminal would send them (a mouse report, say).
    func sendBytes(_ bytes: [UInt8]) throws {
        try tmux(["send-keys", "-t", "test", "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// Text pasted as a terminal pastes it: in bracketed-paste markers when the program asked
    /// for them, line feeds sent as carriage returns.
    func paste(_ text: String) throws {
        // From a file: a long text is beyond what one tmux command line takes.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-paste")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try tmux("load-buffer", "-b", "test", file.path)
        try tmux("paste-buffer", "-p", "-b", "test", "-t", "test")
    }

    /// What the pane shows now, one line per row; with `escapes`, with its colours and
    /// attributes as escape sequences.
    func screen(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", "test"] + (escapes ? ["-e"] : []))
    }

    /// A tmux format for the pane, such as `#{alternate_on}` or `#{pane_current_command}`.
    func format(_ format: String) throws -> String {
        try tmux("display-message", "-p", "-t", "test", format)
            .trimmingCharacters(in: .newlines)
    }

    func resize(width: Int, height: Int) throws {
        try tmux("resize-window", "-t", "test", "-x", "\(width)", "-y", "\(height)")
    }

    /// Polls the pane until `text` shows; returns the screen that shows it.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(10)) throws -> String {
        try waitFor("\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// Polls the pane until `ready` holds for what it shows; returns that screen. Throws with
    /// the last screen when `timeout` passes first.
    @discardableResult
    func waitFor(
        _ description: String,
        timeout: Duration = .seconds(10),
        _ ready: (String) throws -> Bool
    ) throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            let shown = try screen()
            if try ready(shown) { return try settled(shown, ready) }
            guard clock.now < deadline else {
                throw TmuxFailure("timed out after \(timeout) waiting for \(description); the pane shows:\n\(shown)")
            }
            Thread.sleep(forTimeInterval: 0.025)
        }
    }

    /// The screen once a capture matches the one before it: a capture can catch a frame half
    /// drawn, and what a test reads beside the awaited text must be the whole frame. A screen
    /// that keeps changing, or stops meeting `ready`, gives the last capture that met it.
    private func settled(_ shown: String, _ ready: (String) throws -> Bool) throws -> String {
        var last = shown
        for _ in 0..<8 {
            Thread.sleep(forTimeInterval: 0.01)
            let again = try screen()
            if again == last { return again }
            guard try ready(again) else { return last }
            last = again
        }
        return last
    }

    /// Kills the server, the session and whatever runs in the pane.
    func stop() {
        guard !stopped else { return }
        stopped = true
        _ = try? tmux("kill-server")
        if let socketPath { unlink(socketPath) }
    }

    private var stopped = false

    @discardableResult
    private func tmux(_ arguments: String...) throws -> String {
        try tmux(arguments)
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let arguments = ["tmux", "-f", "/dev/null", "-L", socket] + arguments
        let environment = ProcessInfo.processInfo.environment
            .filter { $0.key != "TMUX" && $0.key != "TMUX_PANE" }
            .map { "\($0.key)=\($0.value)" }
        let result = try spawnAndWait(arguments, environment: environment)
        guard result.status == 0 else {
            let message = result.error.trimmingCharacters(in: .whitespacesAndNewlines)
            throw TmuxFailure("\(arguments.joined(separator: " ")) failed: \(message)")
        }
        return result.output
    }
}

/// Runs a program found on PATH and waits for it, with what it wrote to standard output and
/// error.
///
/// Not Foundation's Process: under it, the tmux server that the first command forks kept a
/// socket of the test process and the test thread's blocked signals; Process then waited for
/// the server, and the server did not end on kill-server. Here the child gets no descriptors
/// beyond the three, no blocked signals and default signal actions.
private func spawnAndWait(
    _ arguments: [String],
    environment: [String]
) throws -> (status: Int32, output: String, error: String) {
    guard let output = tmpfile(), let error = tmpfile() else { throw TmuxFailure("no temporary file") }
    defer { fclose(output); fclose(error) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, fileno(output), 1)
    posix_spawn_file_actions_adddup2(&actions, fileno(error), 2)
    closeDescriptorsFrom3(&actions)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t(), allSignals = sigset_t()
    sigemptyset(&noSignals)
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw TmuxFailure("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
        guard errno == EINTR else { throw TmuxFailure("waitpid: \(String(cString: strerror(errno)))") }
    }
    return (status, contents(of: output), contents(of: error))
}

/// glibc 2.34 has posix_spawn_file_actions_addclosefrom_np, which Swift's Glibc module does not
/// show; before it, each descriptor open now is closed by name.
private func closeDescriptorsFrom3(_ actions: inout posix_spawn_file_actions_t) {
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
        return
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
        posix_spawn_file_actions_addclose(&actions, descriptor)
    }
}

private func contents(of file: UnsafeMutablePointer<FILE>) -> String {
    rewind(file)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes += chunk[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// A tmux command that failed, or a wait that timed out, with what the pane showed.
struct TmuxFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `text` as one word for the shell.
func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

extension Tmux {
    /// The counter alone in an 80x24 pane, in a UTF-8 locale (or `locale`), once its first screen
    /// is up.
    static func counter(locale: String = "C.UTF-8", environment: String = "", arguments: String = "") throws -> Tmux {
        let tmux = try Tmux(
            "env -u NO_COLOR LANG=\(locale) LC_ALL=\(locale) \(environment) \(shellQuoted(twentyNineBinary)) \(arguments)")
        try tmux.waitFor("Select the cut card")
        return tmux
    }

    /// Types cards on the `:` line and applies them.
    func enterCards(_ cards: String) throws {
        try send(":")
        try type(cards)
        try send("Enter")
    }
}

/// Where `text` first shows on a captured screen: its row and column, from 0.
func position(of text: String, in screen: String) -> (row: Int, column: Int)? {
    for (row, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if let range = line.range(of: text) {
            return (row, line.distance(from: line.startIndex, to: range.lowerBound))
        }
    }
    return nil
}

extension Tmux {
    /// A left click where `text` first shows, as an X10 mouse report (press, then release), as
    /// the terminfo's kmous (`\E[M`) expects: button, column, row, each plus 32, from 1.
    func click(_ text: String) throws {
        guard let (row, column) = position(of: text, in: try screen()) else {
            throw TmuxFailure("nothing to click: \(text) is not on the screen")
        }
        try sendBytes([0x1B, 0x5B, 0x4D, 32 + 0, UInt8(33 + column), UInt8(33 + row)])
        try sendBytes([0x1B, 0x5B, 0x4D, 32 + 3, UInt8(33 + column), UInt8(33 + row)])
    }
}
