import Foundation

/// The built `twentynine` executable: `$TWENTYNINE_BIN` when set (the Makefile sets it), or the
/// one beside the test bundle in the same build folder.
public let twentyNineBinary: String = {
    if let path = ProcessInfo.processInfo.environment["TWENTYNINE_BIN"], !path.isEmpty { return path }
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = testBinary.deletingLastPathComponent()
    // The test bundle may sit inside an .xctest folder; the products folder is above it.
    while folder.path != "/" {
        let candidate = folder.appendingPathComponent("twentynine").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        folder = folder.deletingLastPathComponent()
    }
    return "twentynine"
}()

/// What a finished run of the binary printed and returned.
public struct RunResult: Sendable {
    /// The exit status, or the signal's number when `signalled`.
    public let status: Int32
    public let stdout: String
    public let stderr: String
    /// Whether a signal ended the program (a crash among them).
    public var signalled = false

    public init(status: Int32, stdout: String, stderr: String, signalled: Bool = false) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.signalled = signalled
    }
}

/// Runs `twentynine` with arguments and an empty standard input, and waits for it; `launcher`
/// is a command to run it under (`["/usr/bin/setpriv", "--reuid=65534", …]`).
public func runTwentyNine(_ arguments: [String], environment: [String: String] = [:],
                          launcher: [String] = []) throws -> RunResult {
    let command = launcher + [twentyNineBinary] + arguments
    return try runProgram(command[0], Array(command.dropFirst()), environment: environment)
}

/// Runs a `sh -c` script, with `$TN` set to the binary's path: for redirections and pipes.
///
///     try runShell("\"$TN\" stats > /dev/full")
public func runShell(_ script: String) throws -> RunResult {
    try runProgram("/bin/sh", ["-c", script], environment: ["TN": twentyNineBinary])
}

/// Runs a program with arguments and an empty standard input, and waits for it.
public func runProgram(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes before waiting, so a large output cannot fill a pipe and block the child.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus,
        stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self),
        signalled: process.terminationReason == .uncaughtSignal
    )
}
