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
