import Benchmark
import Foundation

/// Runs the release binary once with `environment` added to the process's, timing start to exit.
public func runCommand(_ arguments: [String], environment: [String: String] = [:], _ benchmark: Benchmark) throws {
    guard FileManager.default.isExecutableFile(atPath: twentyNineBinary) else {
        benchmark.error("no binary at \(twentyNineBinary): run `swift build -c release` in the repo first")
        return
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: twentyNineBinary)
    process.arguments = arguments
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    benchmark.startMeasurement()
    try process.run()
    process.waitUntilExit()
    benchmark.stopMeasurement()
    if process.terminationStatus != 0 { benchmark.error("twentynine \(arguments[0]) exited \(process.terminationStatus)") }
}

/// The release build of the command: `$TWENTYNINE_BIN`, or `.build/release/twentynine` in the repo.
public let twentyNineBinary: String = {
    if let path = ProcessInfo.processInfo.environment["TWENTYNINE_BIN"], !path.isEmpty { return path }
    // This file is Benchmarks/Benchmarks/BenchmarkSupport/Commands.swift in the repo.
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/release/twentynine").path
}()

/// The binary on a pseudo-terminal of its own, made by util-linux `script`, which passes on
/// everything the program writes.
public final class PseudoTerminalProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var written: [UInt8] = []

    /// `path` run with `arguments` on a terminal of `width` by `height`, `environment` added.
    public init(_ path: String, arguments: [String] = [], width: Int, height: Int, environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        let command = ([path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        process.arguments = ["--quiet", "--return", "--command", command, "/dev/null"]
        process.environment = [
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
            "COLUMNS": String(width), "LINES": String(height),
        ].merging(environment) { $1 }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
    }

    public func spawn() throws {
        try process.run()
    }

    /// Types `text` on the terminal.
    public func send(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Forgets what was written so far: the next wait looks at what comes after.
    public func forget() { written = [] }

    /// Reads what the program writes until `text` shows up in it, or the time runs out.
    public func waitForOutput(containing text: String, seconds: Double) -> Bool {
        let wanted = Array(text.utf8)
        let deadline = Date().addingTimeInterval(seconds)
        let descriptor = output.fileHandleForReading.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 65_536)
        // Where the last search stopped: each byte is looked at a bounded number of times.
        var searched = 0
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return false }
            written += buffer[0..<count]
            if written.count >= wanted.count {
                let from = min(searched, written.count - wanted.count)
                if (from...(written.count - wanted.count)).contains(where: { written[$0..<($0 + wanted.count)].elementsEqual(wanted) }) {
                    return true
                }
                searched = written.count - wanted.count + 1
            }
        }
        return false
    }

    /// Sends `q` (again each second, from a screen it only leaves) and waits for the program to leave.
    public func quit() {
        for _ in 0..<5 where process.isRunning {
            input.fileHandleForWriting.write(Data("q".utf8))
            let deadline = Date().addingTimeInterval(1)
            while process.isRunning, Date() < deadline {
                var poller = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, 50) > 0 { _ = read(output.fileHandleForReading.fileDescriptor, &scratch, scratch.count) }
            }
        }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    private var scratch = [UInt8](repeating: 0, count: 4096)
}
