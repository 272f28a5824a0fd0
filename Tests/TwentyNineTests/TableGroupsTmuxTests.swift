import CribbageCore
import Foundation
import TestSupport
import Testing

/// Three at the table end to end: the real binary in tmux, `table --players 3`, two deals by rank
/// keys beside a game played in the test, every total on the pegboard as the game has it and
/// every hand and crib against the reference counter; a quit in the middle resumes the same deal.
@Suite(.serialized, .tags(.tmux), .slow, .enabled(if: Tmux.isInstalled, "needs tmux"))
struct TableGroupsTmuxTests {
    static let seed: UInt64 = 33

    /// The keys of your next decision: throw your first card, lay the first that fits.
    static func keys(for table: TableGame) -> [String] {
        switch table.stage {
        case .cutForDeal, .show, .over, .claim: return ["Enter"]
        case .discard: return [TableTmuxTests.key(table.deal!.sixes[0][0].rank), "Enter"]
        case .play: return [TableTmuxTests.key(table.playable[0].rank)]
        }
    }

    static func move(for table: TableGame) -> TableGame.Move {
        switch table.stage {
        case .discard: return .discard(seat: 0, [table.deal!.sixes[0][0]])
        case .play: return .lay(seat: 0, table.playable[0])
        default: return .next
        }
    }

    /// The streets' names: a player each with three, a side each with teams.
    static func streets(_ table: TableGame) -> [String] {
        table.setup.seating == .twoTeams ? ["Yours", "Theirs"] : ["You", "Left", "Right"]
    }

    /// Waits until each street shows its score as the game has it.
    static func waitForTotals(_ tmux: Tmux, _ table: TableGame) throws {
        let totals = table.game.totals, names = streets(table)
        let described = zip(names, totals).map { "\($0) \($1)" }.joined(separator: ", ")
        try tmux.waitFor(described) { screen in
            let lines = screen.split(separator: "\n").map(String.init)
            func total(_ name: String) -> Int? {
                guard let row = lines.lastIndex(where: { $0.hasPrefix(" \(name) ") && $0.contains(try! Regex("[·●○]")) }),
                      lines.indices.contains(row + 1) else { return nil }
                return lines[row + 1].split(separator: " ").first.flatMap { Int($0) }
            }
            return zip(names, totals).allSatisfy { total($0) == $1 }
        }
    }

    /// Checks every hand and crib counted so far in the deal against the reference counter.
    static func checkCounts(_ table: TableGame) -> Int {
        var counted = 0
        for event in table.events {
            guard case .counted(let count, let hand, let points, _) = event else { continue }
            #expect(points == referenceCount(hand.cards, cut: hand.cut, crib: count.rules == Rules.crib))
            counted += 1
        }
        return counted
    }

    /// A whole game of three, and one of two teams, to its end through the real binary: every
    /// total on the pegboard as the game played in the test has it after every key, every hand
    /// and crib against the reference counter, and the game over on the screen with its winner.
    @Test(arguments: [(Game.Seating.threePlayers, "3"), (.twoTeams, "4")])
    func aWholeGameToItsEnd(seating: Game.Seating, players: String) throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let tmux = try Tmux("env -u NO_COLOR LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_DATA_HOME=\(shellQuoted(folder.folder.path)) "
                            + "\(shellQuoted(twentyNineBinary)) table --players \(players) --seed \(Self.seed) --level beginner")
        defer { tmux.stop() }
        try tmux.waitFor("\(players) players")
        var table = TableGame(setup: .init(seed: Self.seed, level: .beginner, seating: seating))
        var counted = 0
        for _ in 0..<3000 {
            if case .over = table.stage { break }
            let deal = table.deal?.number
            for key in Self.keys(for: table) { try tmux.send(key) }
            try table.apply(Self.move(for: table))
            try Self.waitForTotals(tmux, table)
            if table.deal?.number != deal || table.stage == .show { counted += Self.checkCounts(table) }
        }
        counted += Self.checkCounts(table)
        guard case .over = table.stage else {
            Issue.record("the game did not end within 3,000 moves")
            return
        }
        #expect(table.game.totals.max()! >= 121 && counted >= 12, "\(table.game.totals), \(counted) counts")
        #expect(table.standing.winners.count == 1)
    }

    @Test func twoDealsOfThreeWithAQuitOnTheWay() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        func start(_ arguments: String) throws -> Tmux {
            let tmux = try Tmux("env -u NO_COLOR LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_DATA_HOME=\(shellQuoted(folder.folder.path)) "
                                + "\(shellQuoted(twentyNineBinary)) table \(arguments)")
            try tmux.waitFor("Against the computer")
            return tmux
        }
        var tmux = try start("--players 3 --seed \(Self.seed) --level beginner")
        defer { tmux.stop() }
        var table = TableGame(setup: .init(seed: Self.seed, level: .beginner, seating: .threePlayers))
        try tmux.waitFor("3 players")
        var counted = 0, quit = false
        for _ in 0..<200 {
            if (table.deal?.number ?? 0) > 2 { break }
            if case .over = table.stage { break }
            if table.deal?.number == 2, table.stage == .play, !quit {
                quit = true
                try tmux.send("Q")
                let deadline = ContinuousClock.now + .seconds(10)
                while (try? tmux.screen()) != nil, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.025) }
                tmux.stop()
                tmux = try start("")
                try Self.waitForTotals(tmux, table)
                try tmux.waitFor("Right")
            }
            for key in Self.keys(for: table) { try tmux.send(key) }
            try table.apply(Self.move(for: table))
            try Self.waitForTotals(tmux, table)
            if table.stage == .play, table.deal?.turn == 0 { try tmux.waitFor("to lay") }
            counted += Self.checkCounts(table)
        }
        #expect(quit && counted >= 8)
        let saved = try JSONSerialization.jsonObject(with: try #require(folder.kept("table"))) as? [String: Any]
        #expect(saved?["version"] as? Int == 5 && (saved?["table"] as? [String: Any])?["players"] as? Int == 3)
    }
}
