import Foundation
import TestSupport
import Testing

/// A data folder of a test's own: runs `twentynine game …` with `XDG_DATA_HOME` set to it.
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
        try runTwentyNine(["game"] + arguments, environment: environment)
    }

    /// Runs a `game` command that must succeed quietly.
    @discardableResult
    func ok(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try runTwentyNine(["game"] + arguments, environment: environment)
        #expect(result.status == 0, "game \(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr == "", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// `game --json` (or another game command with `--json`), decoded.
    func json(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try runJSON(["game"] + arguments + ["--json"], environment: environment, sourceLocation: sourceLocation).object
    }

    func remove() { folder.remove() }
}
