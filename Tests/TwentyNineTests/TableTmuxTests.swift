import CribbageCore
import GameStore
import Foundation
import TestSupport
import Testing

/// A game against the computer end to end: the real binary in tmux, a whole seeded game by
/// rank keys, every total checked against a game played beside it in the test and every hand
/// against the reference counter; quitting and kill -9 in the middle lose nothing; a card taken
/// back with `u` is taken back with its answer, and the game's record counts it.
@Suite(.serialized, .tags(.tmux), .slow, .enabled(if: Tmux.isInstalled, "needs tmux"))
struct TableTmuxTests {
    static let seed: UInt64 = 121

    static func start(_ folder: GameFolder, arguments: String) throws -> Tmux {
        let tmux = try Tmux("env -u NO_COLOR LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_DATA_HOME=\(shellQuoted(folder.folder.path)) "
                            + "\(shellQuoted(twentyNineBinary)) table \(arguments)")
        try tmux.waitFor("Against the computer")
        return tmux
    }

    /// The key for a rank at the table.
    static func key(_ rank: Rank) -> String { rank == .ten ? "t" : rank.notation.lowercased() }

    /// The keys of the player's next decision: throw the first two, lay the first card that fits.
    static func keys(for table: TableGame) -> [String] {
        switch table.stage {
        case .cutForDeal, .show, .over: return ["Enter"]
        case .discard:
            let six = table.deal!.sixes[0]
            return pickKeys(Array(six.prefix(2)), from: six) + ["Enter"]
        case .play: return [key(table.playable[0].rank)]
        case .claim: return ["Enter"]
        }
    }

    /// The rank keys that pick `thrown` of `six`: a rank key picks the first card of its rank (as
    /// drawn, by suit), pressed again the next, then two of it (the suit by key).
    static func pickKeys(_ thrown: [Card], from six: [Card]) -> [String] {
        var keys: [String] = []
        for rank in Set(thrown.map(\.rank)).sorted() {
            let held = six.filter { $0.rank == rank }.sorted()
            let want = thrown.filter { $0.rank == rank }.sorted()
            var picks: [[Card]] = held.map { [$0] }
            for (index, first) in held.enumerated() { for second in held[(index + 1)...] { picks.append([first, second]) } }
            keys += Array(repeating: key(rank), count: picks.firstIndex(of: want)! + 1)
        }
        return keys
    }

    static func move(for table: TableGame) -> TableGame.Move {
        switch table.stage {
        case .discard: return .discard(seat: 0, Array(table.deal!.sixes[0].prefix(2)))
        case .play: return .lay(seat: 0, table.playable[0])
        default: return .next
        }
    }

    /// Waits until the pane shows both sides' totals as the game beside it has them.
    static func waitForTotals(_ tmux: Tmux, _ table: TableGame) throws {
        let totals = table.game.totals
        try tmux.waitFor("You \(totals[0]), Computer \(totals[1])") { screen in
            let lines = screen.split(separator: "\n").map(String.init)
            // A side's street: its name beside the first row of holes, its score beside the second.
            func total(_ name: String) -> Int? {
                guard let row = lines.lastIndex(where: { $0.hasPrefix(" \(name) ") && $0.contains(try! Regex("[·●○]")) }),
                      lines.indices.contains(row + 1) else { return nil }
                return lines[row + 1].split(separator: " ").first.flatMap { Int($0) }
            }
            return total("You") == totals[0] && total("Computer") == totals[1]
        }
    }

    @Test func aWholeSeededGameAgainstTheExpertWithAQuitAndAKillOnTheWay() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        var tmux = try Self.start(folder, arguments: "--seed \(Self.seed) --level expert")
        defer { tmux.stop() }
        var table = TableGame(setup: .init(seed: Self.seed, level: .expert))
        var handsChecked = 0, keys = 0, mostKeys = 0, keysThisHand = 0
        var quit = false, killed = false, tookBack = false
        for _ in 0..<600 {
            if case .over = table.stage { break }
            let deal = table.deal?.number ?? 0
            // Quit in the middle of the second deal's play, and kill -9 in the fourth's.
            if deal == 2, !quit, table.stage == .play {
                quit = true
                try tmux.send("Q")
                // Quitting ends the pane, and the session with it.
                let deadline = ContinuousClock.now + .seconds(10)
                while (try? tmux.screen()) != nil, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.025) }
                #expect((try? tmux.screen()) == nil, "Q quits")
                tmux.stop()
                tmux = try Self.start(folder, arguments: "")
                try Self.waitForTotals(tmux, table)
            }
            if deal == 4, !killed, table.stage == .play {
                killed = true
                let pid = try #require(Int32(try tmux.format("#{pane_pid}")))
                #expect(kill(pid, SIGKILL) == 0)
                tmux.stop()
                tmux = try Self.start(folder, arguments: "")
                try Self.waitForTotals(tmux, table)
            }
            // Take back a card in the third deal's play: the computer's answer goes with it, and the
            // same card again makes the same game.
            if deal == 3, !tookBack, table.stage == .play, table.canTakeBack {
                tookBack = true
                try tmux.send("u")
                let undone = table.takeBack()
                #expect(undone)
                try tmux.waitFor("Taken back: your last move and the computer's answer (1 take-back")
                try Self.waitForTotals(tmux, table)
                // The card laid again is no key of the hand's count.
                keysThisHand -= 1
            }
            let sent = Self.keys(for: table)
            for key in sent { try tmux.send(key) }
            keys += sent.count
            keysThisHand += sent.count
            try table.apply(Self.move(for: table))
            try Self.waitForTotals(tmux, table)
            for event in table.events {
                guard case .counted(let count, let hand, let points, _) = event else { continue }
                #expect(points == referenceCount(hand.cards, cut: hand.cut, crib: count.rules == Rules.crib))
                handsChecked += 1
            }
            if table.deal?.number != deal {
                mostKeys = max(mostKeys, keysThisHand)
                keysThisHand = 0
            }
        }
        guard case .over(let result) = table.stage else { Issue.record("the game did not end"); return }
        try tmux.waitFor(table.game.resultLine(result))
        #expect(handsChecked >= 15)
        #expect(mostKeys <= 10, "\(mostKeys) keys in a hand")
        let history = try folder.ok("--history")
        #expect(history.contains("(against the computer, expert)"))
        // The game's record says it had a take-back.
        #expect(tookBack)
        let games = try #require(try folder.json("--history")["games"] as? [[String: Any]])
        let id = try #require(games.first?["id"] as? String)
        let record = try #require(folder.record(id))
        #expect(record.contains("\"takeBacks\" : 1"), "\(record.prefix(400))")
        print("A whole game against the expert: \(keys) keys, at most \(mostKeys) a hand, \(handsChecked) counts checked")

        // The review of the game just finished: V opens it at once, it fills in off the key path
        // (each side's error rate "so far" until every decision is in), and n steps to a mistake.
        try tmux.send("V")
        try tmux.waitFor("Game review")
        try tmux.waitFor("the review's figures", timeout: .seconds(90)) { $0.contains("Computer: error rate") && !$0.contains("so far") }
        try tmux.send("n")
        try tmux.waitFor("a mistake shown") { screen in
            screen.split(separator: "\n").contains { $0.contains("Chose ") && ($0.contains("mistake, ") || $0.contains("blunder, ") || $0.contains("missed win, ")) }
        }
        try tmux.send("Enter")
        try tmux.waitFor("options, best first")
        // d: the result's parts, four bars and the luck-adjusted result; a step shows the decision again.
        try tmux.send("d")
        try tmux.waitFor("the result's parts") { $0.contains(" points of win chance,") && $0.contains("Hidden cards ")
            && $0.contains("The luck taken out, your play was worth ") }
        try tmux.send("Right")
        try tmux.waitFor("a decision again") { !$0.contains("The luck taken out") && $0.contains("Chose ") }
        try tmux.send("Escape")
        try tmux.waitFor(table.game.resultLine(result))
    }

    /// Two tables on one folder (issue 30, item 16): the second's move is taken back and its
    /// notice says so whole, in the table's words, naming the file and the keys to reopen (R)
    /// and to quit (Q); R opens the match as the first table left it, and play goes on there.
    @Test func twoTablesOnOneFolder() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let first = try Self.start(folder, arguments: "--seed \(Self.seed)")
        defer { first.stop() }
        let second = try Self.start(folder, arguments: "")
        defer { second.stop() }
        try first.send("Enter")
        try first.waitFor("Throw two")
        try second.send("Enter")
        let notice = "Another table holds this match: twentynine.sqlite changed since this table read it; that move is not kept."
        let screen = try second.waitFor("R reopens the match from the file; Q quits.")
        #expect(screen.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(notice), "\(screen)")
        #expect(!screen.contains("Throw two"), "the second table dealt where nothing keeps it")
        #expect(!screen.contains("board") && !screen.contains(folder.path))
        #expect(screen.contains("R reopen"))
        try second.send("R")
        try second.waitFor("Throw two")
        var table = TableGame(setup: .init(seed: Self.seed, level: .expert))
        try table.apply(.next)
        let dealt = table
        for key in Self.keys(for: table) { try second.send(key) }
        try table.apply(Self.move(for: table))
        try Self.waitForTotals(second, table)
        // The screen can show the move a moment before its save lands: the database is polled.
        func savedMoves() -> Int? {
            let data = folder.kept("table")
            let saved = data.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
            return ((saved?["table"] as? [String: Any])?["moves"] as? [String])?.count
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while savedMoves() != table.moves.count && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.025) }
        #expect(savedMoves() == table.moves.count)
        // Now the first table is the one behind: its quit confirmation names Q, its quit key.
        for key in Self.keys(for: dealt) { try first.send(key) }
        try first.waitFor("Another table holds this match")
        try first.send("Q")
        try first.waitFor("Q again quits without it")
    }

    /// The pace (issue 33): p cycles it, it is saved with the match; at 800 ms the computer's throw
    /// shows after the deal, not with it, and reopening keeps the pace.
    @Test func thePaceOfTheComputersCards() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        var tmux = try Self.start(folder, arguments: "--seed \(Self.seed) --level beginner")
        defer { tmux.stop() }
        try tmux.send("p")
        try tmux.waitFor("(300 ms a card)")
        try tmux.send("p")
        try tmux.waitFor("one by one, 800 ms apart")
        try tmux.send("Enter")
        // The deal is drawn before the computer's throw, which comes 800 ms later.
        let dealt = try tmux.waitFor("Throw two")
        #expect(!dealt.contains("The computer throws two"), "\(dealt)")
        try tmux.waitFor("The computer throws two")
        let saved = try JSONSerialization.jsonObject(with: try #require(folder.kept("table"))) as? [String: Any]
        #expect((saved?["table"] as? [String: Any])?["pace"] as? Int == 800 && saved?["version"] as? Int == 4)
        try tmux.send("Q")
        let deadline = ContinuousClock.now + .seconds(10)
        while (try? tmux.screen()) != nil, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.025) }
        tmux.stop()
        tmux = try Self.start(folder, arguments: "")
        try tmux.waitFor("(800 ms a card)")
    }

    @Test func withoutATerminalItSaysWhatItNeeds() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let result = runInProcess(["table"], environment: folder.environment)
        #expect(result.status == 1)
        #expect(result.stderr == "twentynine: a game against the computer needs a terminal (standard input and output)\n")
    }

    @Test func badOptionsGetOneLine() throws {
        for (arguments, token) in [(["--level", "grandmaster"], "grandmaster"), (["--to", "91"], "91"),
                                   (["--seed", "x"], "x"), (["--seed", "-1"], "-1"), (["--hints", "maybe"], "maybe"),
                                   (["--muggins", "maybe"], "maybe")] {
            let result = runInProcess(["table"] + arguments)
            try expectOneLineError(result, naming: token)
        }
    }
}

/// `game --history` and `--stats` for games against the computer, in process.
@Suite("Against the computer in the history")
struct TableHistoryTests {
    @Test func statsCountWinsAgainstEachLevel() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        // A whole game against the beginner by the binary's own store: a history line with the level.
        var table = TableGame(setup: .init(seed: 11, level: .beginner))
        let player = ComputerPlayer(level: .beginner)
        while true {
            if case .over = table.stage { break }
            switch table.stage {
            case .discard:
                try table.apply(.discard(seat: 0, player.keep(table.deal!.sixes[0], dealer: table.deal!.dealer == 0).thrown))
            case .play: try table.apply(.lay(seat: 0, table.playable[0]))
            default: try table.apply(.next)
            }
        }
        let store = try GameStore(environment: folder.environment)
        try store.withTableSession { session in
            session.saved = SavedTable(table: table)
            try session.save()
        }
        guard case .over(let result) = table.stage else {
            Issue.record("found nothing to check: the game did not end")
            return
        }
        let won = result.winner == 0 ? 1 : 0
        #expect(try folder.ok("--history").contains("(against the computer, beginner)"))
        #expect(try folder.ok("--stats").contains("Against the computer: beginner \(won) won of 1."))
    }
}
