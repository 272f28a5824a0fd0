import Foundation
@testable import GameStore
import TestSupport
import Testing

/// A data folder of a test's own: runs `twentynine game …` in process with `XDG_DATA_HOME` set
/// to it (`runBinary` for what only a process shows: exit statuses as the shell sees them,
/// output to a full device, signals).
struct GameFolder {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    var environment: [String: String] { ["XDG_DATA_HOME": folder.path] }

    /// The environment with this folder named as a test's scratch folder, where the test hooks
    /// work (`game churn`; `TWENTYNINE_TEST_STORE_FAULT`, here `fault`).
    func scratchEnvironment(fault: String? = nil) -> [String: String] {
        var environment = environment
        environment["TWENTYNINE_TEST_SCRATCH"] = folder.path
        environment["TWENTYNINE_TEST_STORE_FAULT"] = fault
        return environment
    }

    /// The data folder: `<XDG_DATA_HOME>/twentynine`.
    var path: String { folder.file("twentynine") }

    /// Where the game's files are: `<XDG_DATA_HOME>/twentynine/<name>`.
    func file(_ name: String) -> String { folder.file("twentynine/\(name)") }

    /// Runs `twentynine game` with the arguments.
    func run(_ arguments: String...) throws -> RunResult {
        try run(arguments)
    }

    func run(_ arguments: [String]) throws -> RunResult {
        runInProcess(["game"] + arguments, environment: environment)
    }

    /// Runs the real binary's `twentynine game` with the arguments.
    func runBinary(_ arguments: [String], environment: [String: String]? = nil) throws -> RunResult {
        try runTwentyNine(["game"] + arguments, environment: environment ?? self.environment)
    }

    /// Runs a `game` command that must succeed quietly.
    @discardableResult
    func ok(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try ok(arguments, sourceLocation: sourceLocation)
    }

    @discardableResult
    func ok(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(arguments)
        #expect(result.status == 0, "game \(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr == "", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// `game --json` (or another game command with `--json`), decoded.
    func json(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let result = try run(arguments + ["--json"])
        #expect(result.status == 0, sourceLocation: sourceLocation)
        #expect(result.stderr == "", sourceLocation: sourceLocation)
        return try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            sourceLocation: sourceLocation)
    }

    /// The data folder as the store before the database left it: everything the database keeps
    /// written as the old files (`game --export`), and the database removed, so that the next
    /// command imports them (a test of what a file holds writes that file, then runs a command).
    func asOldStore(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let exported = folder.file("exported")
        let result = try run("--export", exported)
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        for name in try FileManager.default.contentsOfDirectory(atPath: path) where name.hasPrefix("twentynine.sqlite") {
            try FileManager.default.removeItem(atPath: file(name))
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: exported) {
            try FileManager.default.moveItem(atPath: "\(exported)/\(name)", toPath: file(name))
        }
        try FileManager.default.removeItem(atPath: exported)
    }

    /// A kept document's bytes as the database holds them (`game`, `table`, …): what its file held.
    func kept(_ name: String) -> Data? {
        (try? GameStore(folder: path).withConnection(holdsLock: false) { connection, _ in try connection.kept(name) }) ?? nil
    }

    /// A finished game's record as the database holds it: what `records/<id>.json` held.
    func record(_ id: String) -> String? {
        (try? GameStore(folder: path).withSession { session in
            try? HistoryRows.record(id, session.connection).get().encoded
        }).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) }
    }

    func remove() { folder.remove() }
}
