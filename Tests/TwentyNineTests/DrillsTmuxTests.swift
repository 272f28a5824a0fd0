import CribbageCore
import Foundation
import GameStore
import TestSupport
import Testing
@testable import TwentyNineCommands

/// The drills scene end to end: the real binary in tmux, D from the counter, a drill answered by
/// keys, and the answer in the drills' files; kill -9 after it loses nothing; D at the table and back.
@Suite(.serialized, .tags(.tmux), .slow, .enabled(if: Tmux.isInstalled, "needs tmux"))
struct DrillsTmuxTests {
    /// The rank keys of the tokens on the line after `prefix`: "10♣" is t, "Q♥" q.
    static func rankKeys(after prefix: String, in screen: String) -> [String] {
        guard let line = screen.split(separator: "\n").first(where: { $0.contains(prefix) }),
              let range = line.range(of: prefix) else { return [] }
        let rest = line[range.upperBound...].prefix { $0 != ";" }
        return rest.split(separator: " ").compactMap { token in
            token.hasPrefix("10") ? "t" : token.first.map { String($0).lowercased() }
        }
    }

    @Test("D opens a session from the store; a drill answered by keys is graded, shown and saved in the database; kill -9 keeps it")
    func answerOne() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let tmux = try Tmux.counter(environment: "XDG_DATA_HOME=\(shellQuoted(folder.folder.path))")
        defer { tmux.stop() }
        try tmux.send("D")
        try tmux.waitFor("> Theme      all themes")
        try tmux.send("Enter")
        let screen = try tmux.waitFor("Drill 1 of 10")
        if screen.contains("Dealt ") {
            let ranks = Self.rankKeys(after: "Dealt ", in: screen)
            let second = ranks.dropFirst().first { $0 != ranks[0] } ?? ranks[1]
            try tmux.send(ranks[0], second, "Enter")
        } else if screen.contains("You hold ") {
            for key in Self.rankKeys(after: "You hold ", in: screen) { try tmux.send(key) }
        } else {
            try tmux.send("0", "Enter")
        }
        try tmux.waitFor("a verdict") { $0.contains("Correct: ") || $0.contains("Not correct: ") }
        try tmux.waitFor("options, best first")
        // The answer is saved when shown: kill -9 now, and the files hold it.
        let pid = try #require(Int32(try tmux.format("#{pane_pid}")))
        #expect(kill(pid, SIGKILL) == 0)
        let log = try GameStore(folder: folder.path).withDrills { $0.schedule.log }
        #expect(log.count == 1 && log[0].firstTry)
    }

    @Test("D at the table opens the drills over the game; esc comes back to the table as it was, its file untouched")
    func fromTheTable() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let tmux = try TableTmuxTests.start(folder, arguments: "--seed \(TableTmuxTests.seed)")
        defer { tmux.stop() }
        var table = TableGame(setup: .init(seed: TableTmuxTests.seed))
        while table.stage != .discard {
            try tmux.send("Enter")
            try table.apply(TableTmuxTests.move(for: table))
        }
        // One card picked to throw, not yet thrown: only the screen holds it.
        try tmux.send(TableTmuxTests.key(table.deal!.sixes[0][0].rank))
        // The pegboard's chance, worked out off the key path, shown too.
        let before = try tmux.waitFor("(1 of 2 picked) and the chance") { $0.contains("(1 of 2 picked)") && $0.contains("%") }
        let file = folder.kept("table")
        try tmux.send("D")
        try tmux.waitFor("> Theme      all themes")
        try tmux.send("Enter")
        try tmux.waitFor("Drill 1 of 10")
        try tmux.send("Escape")
        let after = try tmux.waitFor("the table again") {
            $0.contains("Against the computer") && !$0.contains("Drill 1 of 10") && $0.contains("%")
        }
        let rows = { (screen: String) in screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast(3) }
        #expect(rows(after) == rows(before), "\(before)\n---\n\(after)")
        #expect(file != nil && folder.kept("table") == file)
    }

    /// Answers the drill on screen by keys: two of the six to throw, a card to lay, or a count.
    static func answer(_ screen: String, _ tmux: Tmux) throws {
        if screen.contains("Dealt ") {
            let ranks = Self.rankKeys(after: "Dealt ", in: screen)
            let second = ranks.dropFirst().first { $0 != ranks[0] } ?? ranks[1]
            try tmux.send(ranks[0], second, "Enter")
        } else if screen.contains("You hold ") {
            for key in Self.rankKeys(after: "You hold ", in: screen) { try tmux.send(key) }
        } else {
            try tmux.send("0", "Enter")
        }
    }

    @Test("learn from your mistakes: L in the review of a finished seeded game asks your first mistake again, its answer hidden till given, and saves the answer to the drills")
    func learnFromTheReview() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        // A game to 61 finished at the table, your seat played by the novice (the hand alone: mistakes).
        let keeper = StoreKeeper(environment: folder.environment)
        let setup = TableGame.Setup(seed: 301, level: .beginner, target: .short)
        guard case .table = keeper.loadTable(starting: setup, fresh: true) else {
            Issue.record("no table")
            return
        }
        var table = TableGame(setup: setup, limit: FinishedTableGames.limit)
        let novice = ComputerPlayer(level: .novice, limit: FinishedTableGames.limit)
        while true {
            if case .over = table.stage { break }
            try table.apply(table.match.move(of: TableGame.player, by: novice) ?? .next)
        }
        #expect(keeper.saveTable(table) == nil)
        let tmux = try Tmux.counter(environment: "XDG_DATA_HOME=\(shellQuoted(folder.folder.path))")
        defer { tmux.stop() }
        try tmux.send("V")
        try tmux.waitFor("the review's figures", timeout: .seconds(120)) { $0.contains("Computer: error rate") && !$0.contains("so far") }
        try tmux.send("L")
        let screen = try tmux.waitFor("Your mistake 1 of ")
        // Asked before its answer is shown: no verdict, no best, no why yet.
        #expect(!screen.contains("Correct: ") && !screen.contains("Best: ") && !screen.contains("Why: "), "\(screen)")
        try Self.answer(screen, tmux)
        try tmux.waitFor("a verdict") { $0.contains("Correct: ") || $0.contains("Not correct: ") }
        try tmux.waitFor("Why: ")
        // The answer is in the drills: the mistake enrolled, its answer logged.
        let deadline = ContinuousClock.now + .seconds(10)
        var log = 0
        while log == 0, ContinuousClock.now < deadline {
            log = (try? GameStore(folder: folder.path).withDrills { $0.schedule.log.count }) ?? 0
            if log == 0 { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(log == 1)
    }
}
