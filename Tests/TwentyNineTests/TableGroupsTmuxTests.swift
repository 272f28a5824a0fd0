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

    /// Waits until each player's street shows its score as the game has it.
    static func waitForTotals(_ tmux: Tmux, _ table: TableGame) throws {
        let totals = table.game.totals
        try tmux.waitFor("You \(totals[0]), Left \(totals[1]), Right \(totals[2])") { screen in
            let lines = screen.split(separator: "\n").map(String.init)
            func total(_ name: String) -> Int? {
                guard let row = lines.lastIndex(where: { $0.hasPrefix(" \(name) ") && $0.contains(try! Regex("[·●○]")) }),
                      lines.indices.contains(row + 1) else { return nil }
                return lines[row + 1].split(separator: " ").first.flatMap { Int($0) }
            }
            return total("You") == totals[0] && total("Left") == totals[1] && total("Right") == totals[2]
        }
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
            for event in table.events {
                guard case .counted(let count, let hand, let points, _) = event else { continue }
                #expect(points == referenceCount(hand.cards, cut: hand.cut, crib: count.rules == Rules.crib))
                counted += 1
            }
        }
        #expect(quit && counted >= 8)
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path)
            .appendingPathComponent("table.json"))) as? [String: Any]
        #expect(saved?["version"] as? Int == 5 && (saved?["table"] as? [String: Any])?["players"] as? Int == 3)
    }
}
