import CribbageCore
import Foundation
@testable import GameStore
import TestSupport
import Testing
@testable import TwentyNineCommands

/// Runs the binary under `timeout`: a command that hangs ends with status 124.
private func runWithin(_ seconds: Int, _ arguments: [String], environment: [String: String]) throws -> RunResult {
    try runProgram("/usr/bin/timeout", ["-s", "KILL", String(seconds), twentyNineBinary] + arguments, environment: environment)
}

/// Runs `body` on a thread of its own and waits for it at most `seconds`: nil when it did not
/// end (a hang), its value otherwise.
private final class Box<T>: @unchecked Sendable { var value: T? }

private func within<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
    let box = Box<T>(), done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        box.value = body()
        done.signal()
    }
    return done.wait(timeout: .now() + seconds) == .success ? box.value : nil
}

/// The table's keeper in this process, on a game folder.
private func keeper(_ folder: GameFolder) -> StoreKeeper {
    StoreKeeper(environment: folder.environment)
}

private func mode(_ path: String) throws -> Int {
    try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
}

/// No file name, kind or mode in the data folder crashes, hangs or is written over (issue 30,
/// items 10, 13, 15 and 17).
@Suite("game: the data folder's names, kinds and modes")
struct StoreFileKindsTests {
    static let gameCommands: [[String]] = [["new"], ["--json"], ["new", "--abandon"], ["--history"], ["--stats"], ["peg", "1", "2"]]

    /// Item 10: a file named with a number past any Int beside an unusable one is not of the
    /// series: no overflow, no crash, in every command and the table.
    @Test(arguments: ["game", "history", "table"])
    func aNumberPastAnyIntInAFileName(stem: String) throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        for name in ["\(stem).json", "\(stem)-9223372036854775807.json", "\(stem)-99999999999999999999.json"] {
            try Data("not json".utf8).write(to: URL(fileURLWithPath: folder.file(name)))
        }
        try FileManager.default.createDirectory(atPath: folder.file("history"), withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: folder.file("history/9223372036854775807.json")))
        for arguments in Self.gameCommands {
            let result = try runWithin(20, ["game"] + arguments, environment: folder.environment)
            #expect(!result.signalled, "game \(arguments): signal \(result.status): \(result.stderr)")
            #expect([0, 1, 2].contains(result.status), "game \(arguments): \(result.status) \(result.stderr)")
        }
        let opened = within(20) { keeper(folder).loadTable(starting: .init(seed: 1), fresh: false) }
        guard case .table? = opened else {
            Issue.record("the table did not open: \(String(describing: opened))")
            return
        }
        for name in ["\(stem)-9223372036854775807.json", "\(stem)-99999999999999999999.json", "\(stem).json"] {
            #expect(FileManager.default.contents(atPath: folder.file(name)) == Data("not json".utf8), "\(name)")
        }
    }

    /// Item 15: a FIFO (or a folder, a socket) named game.json, history.json or table.json never
    /// hangs the import, nor a command: only regular files are opened, and the FIFO is kept.
    @Test(arguments: ["game.json", "history.json", "table.json"])
    func aFIFONeverHangsACommand(name: String) throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        try folder.ok("new", "--to", "61")
        try folder.ok("correct", "1", "60")
        try folder.asOldStore()
        unlink(folder.file(name))
        #expect(mkfifo(folder.file(name), 0o600) == 0)
        var stderr = ""
        for arguments in Self.gameCommands + [["correct", "1", "1"], ["undo"]] {
            let result = try runWithin(10, ["game"] + arguments, environment: folder.environment)
            #expect(result.status != 124 && !result.signalled, "game \(arguments) hung: \(result.stderr)")
            #expect([0, 1, 2, 3].contains(result.status), "game \(arguments): \(result.status) \(result.stderr)")
            stderr += result.stderr
        }
        do {
            #expect(stderr.contains("\(folder.file(name)) cannot be read (a FIFO, not a regular file)"), "\(stderr)")
        }
        let opened = within(10) { keeper(folder).loadTable(starting: .init(seed: 1), fresh: false) }
        guard case .table? = opened else {
            Issue.record("the table did not open: \(String(describing: opened))")
            return
        }
        var info = stat()
        #expect(lstat(folder.file(name), &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")
    }

    /// Item 17: a database its owner made read-only is only read, never written (root
    /// included): the game's save and the match's are refused and said.
    @Test func aReadOnlyDatabaseIsRefusedNotWritten() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        try folder.ok("new", "--to", "61", "--names", "Ann,Bob")
        try folder.ok("correct", "1", "60")
        let table = keeper(folder)
        guard case .table(let match, _) = table.loadTable(starting: .init(seed: 3), fresh: false) else {
            Issue.record("no table")
            return
        }
        let database = folder.file("twentynine.sqlite")
        chmod(database, 0o444)
        let before = FileManager.default.contents(atPath: database)
        let refused = try folder.run("peg", "1", "2")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("not saved: cannot save \(database): the database is read-only"), "\(refused.stderr)")
        #expect(try folder.run("--json").status == 0)
        var moved = match
        try moved.apply(.next)
        guard case .store(let reason)? = table.saveTable(moved) else {
            Issue.record("saved into a read-only database")
            return
        }
        #expect(reason.contains("the database is read-only"), "\(reason)")
        #expect(FileManager.default.contents(atPath: database) == before)
        #expect(try mode(database) == 0o444)
        chmod(database, 0o600)
        try folder.ok("peg", "1", "2")
    }

    /// Item 13: `game --history | less` does not hold the folder's lock while the pager reads:
    /// the output is written once the lock is released, so another command goes on.
    @Test func aReaderThatDoesNotReadHoldsUpNoOtherCommand() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        // 3,000 games: far more output than a pipe holds.
        var games: [String] = []
        for index in 0..<3_000 {
            games.append(#"{"id":"g\#(index)","started":"2026-11-20T10:00:00Z","finished":"2026-11-20T11:00:00Z","seating":"twoPlayers","target":121,"sides":["Ann","Bob"],"totals":[121,80],"rounds":9,"winner":"Ann","margin":41,"matchPoints":2,"losers":[{"name":"Bob","total":80,"skunk":"skunk","matchPoints":2}]}"#)
        }
        try Data(#"{"version":1,"games":[\#(games.joined(separator: ","))]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder.file("history.json")))
        #expect(try folder.run("new").status == 0)

        let lister = Process()
        lister.executableURL = URL(fileURLWithPath: twentyNineBinary)
        lister.arguments = ["game", "--history"]
        lister.environment = ProcessInfo.processInfo.environment.merging(folder.environment) { $1 }
        let pipe = Pipe()
        lister.standardOutput = pipe
        lister.standardError = FileHandle.nullDevice
        try lister.run()
        // The first line is out: the history is read and the listing is being written, into a
        // pipe nobody reads past this.
        #expect(pipe.fileHandleForReading.readData(ofLength: 1).count == 1)
        let peg = try runWithin(10, ["game", "peg", "1", "2"], environment: folder.environment)
        #expect(peg.status == 0, "the peg waited on the lister: \(peg.status) \(peg.stderr)")
        let rest = pipe.fileHandleForReading.readDataToEndOfFile()
        lister.waitUntilExit()
        #expect(lister.terminationStatus == 0)
        #expect(String(decoding: rest, as: UTF8.self).split(separator: "\n").count == 3_000)
    }
}
