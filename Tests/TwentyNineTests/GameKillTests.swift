import Foundation
import TestSupport
import Testing

/// strace with fault injection (`-e inject=…:signal=SIGKILL`), where the machine lets it trace.
enum Strace {
    static let path = "/usr/bin/strace"

    static let works: Bool = {
        guard FileManager.default.isExecutableFile(atPath: path) else { return false }
        let probe = try? runProgram(path, ["-qq", "-o", "/dev/null", "-e", "inject=getpid:retval=1", "/bin/true"])
        return probe?.status == 0
    }()

    /// Each syscall `twentynine` makes from opening the database to its exit, as its name
    /// and how many calls of that name the run had made by then (from 1): strace's way to name a
    /// call to inject into.
    static func callsAfterTheLock(_ arguments: [String], environment: [String: String]) throws -> [(name: String, count: Int)] {
        let trace = try TemporaryFolder()
        defer { trace.remove() }
        let log = trace.file("trace")
        let run = try runProgram(path, ["-qq", "-o", log, twentyNineBinary] + arguments, environment: environment)
        #expect(run.status == 0, "the traced run: \(run.stderr)")
        var counts: [String: Int] = [:]
        var calls: [(name: String, count: Int)] = []
        var locked = false
        for line in try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n") {
            guard let open = line.firstIndex(of: "("), !line.hasPrefix("+++"), !line.hasPrefix("---") else { continue }
            let name = String(line[..<open])
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
            counts[name, default: 0] += 1
            if !locked, name == "openat", line.contains("/twentynine.sqlite\"") { locked = true }
            if locked, name != "exit_group" { calls.append((name, counts[name]!)) }
        }
        return calls
    }

    /// Runs `twentynine` killed (SIGKILL) as it enters the `count`-th call of `name`.
    static func killed(_ arguments: [String], at call: (name: String, count: Int), environment: [String: String]) throws -> RunResult {
        try runProgram(path, ["-qq", "-o", "/dev/null", "-e", "inject=\(call.name):signal=SIGKILL:when=\(call.count)",
                              twentyNineBinary] + arguments, environment: environment)
    }
}

/// kill -9 at every syscall of a game's last save and of `game new --abandon`, on the real binary
/// (issue 30, item 9; issue 46): the game and the history agree after the next command, with exactly
/// one entry for the game, or none when the kill came before the transaction was committed.
@Suite("game: killed at every syscall of a save", .serialized, .enabled(if: Strace.works, "strace cannot trace here"))
struct GameKillTests {
    /// The game file and the history's games as the next command leaves them.
    private func onDisk(_ folder: GameFolder) throws -> (game: [String: Any], games: [[String: Any]]) {
        let listed = try runTwentyNine(["game", "--history", "--json"], environment: folder.environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        let history = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let shown = try runTwentyNine(["game", "--json"], environment: folder.environment)
        #expect(shown.status == 0, "\(shown.stderr)")
        let game = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        return (game, history["games"] as? [[String: Any]] ?? [])
    }

    /// Prepares a folder with the binary under test.
    private func prepare(_ folder: GameFolder, _ commands: [[String]]) throws {
        for arguments in commands {
            let run = try folder.runBinary(arguments)
            #expect(run.status == 0, "game \(arguments): \(run.stderr)")
        }
    }

    /// A folder like `template`, for one run.
    private func copy(of template: GameFolder) throws -> GameFolder {
        let folder = try GameFolder()
        try FileManager.default.removeItem(atPath: folder.folder.path)
        try FileManager.default.copyItem(atPath: template.folder.path, toPath: folder.folder.path)
        return folder
    }

    /// Runs `arguments` on a copy of `template` killed at each syscall after the lock in turn,
    /// then `check` on that copy.
    private func killAtEveryCall(_ arguments: [String], template: GameFolder, check: (GameFolder, String) throws -> Void) throws {
        let probe = try copy(of: template)
        let calls = try Strace.callsAfterTheLock(arguments, environment: probe.environment)
        probe.remove()
        #expect(calls.count > 40, "\(calls.count) calls after the lock")
        for call in calls {
            let folder = try copy(of: template)
            defer { folder.remove() }
            _ = try Strace.killed(arguments, at: call, environment: folder.environment)
            try check(folder, "killed at \(call.name) #\(call.count)")
        }
    }

    @Test func theLastEntryOfAGame() throws {
        let template = try GameFolder()
        defer { template.remove() }
        try prepare(template, [["new", "--to", "61", "--names", "Ann,Bob"], ["correct", "1", "60"]])
        try killAtEveryCall(["game", "correct", "1", "1"], template: template) { folder, moment in
            let (game, games) = try onDisk(folder)
            let log = (game["game"] as? [String: Any])?["log"] as? [Any] ?? []
            if log.count == 2 {
                #expect(games.count == 1, "\(moment): \(games.count) entries for a finished game")
                #expect(games.first?["winner"] as? String == "Ann" && games.first?["id"] as? String == game["id"] as? String, "\(moment)")
            } else {
                #expect(log.count == 1 && games.isEmpty, "\(moment): \(log.count) entries, \(games.count) in the history")
            }
        }
    }

    @Test func aNewGameOverAnUnfinishedOne() throws {
        let template = try GameFolder()
        defer { template.remove() }
        try prepare(template, [["new", "--names", "Ann,Bob"], ["correct", "1", "30"]])
        let old = try template.json()["id"] as? String
        try killAtEveryCall(["game", "new", "--abandon", "--names", "Cy,Di"], template: template) { folder, moment in
            let (game, games) = try onDisk(folder)
            if game["id"] as? String == old {
                #expect(games.isEmpty, "\(moment): the old game is playable and in the history")
            } else {
                #expect(games.map { $0["id"] as? String } == [old], "\(moment): \(games.count) entries")
                #expect(games.first?["winner"] == nil && games.first?["totals"] as? [Int] == [30, 0], "\(moment)")
            }
        }
    }
}
