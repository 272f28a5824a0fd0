import CribbageCore
import Foundation
import GameStore
import TestSupport
import Testing

@Suite("game: scoring a game to the end")
struct GameCommandTests {
    @Test func aShortGameToTheEnd() throws {
        let game = try GameFolder()
        defer { game.remove() }
        let started = try game.ok("new", "--to", "61", "--names", "Ann,Bob")
        #expect(started.hasPrefix("New game: to 61: Ann v Bob, Ann deals first.\n"))

        // Round 1, Ann deals: a jack cut, the play, Bob's hand, Ann's hand, Ann's crib.
        try game.ok("heels")
        try game.ok("peg", "2", "2", "--reason", "fifteen")
        try game.ok("peg", "1", "1", "--reason", "go")
        #expect(try game.ok("hand", "12").contains("Round 1: Bob's hand counts 12. Ann 3, Bob 14."))
        try game.ok("hand", "8")
        try game.ok("crib", "4")
        // Round 2, Bob deals: Ann counts first.
        let counted = try game.ok("hand", "4C", "4D", "5S", "6H", "--cut", "6C")
        #expect(counted.contains("Round 2: Ann's hand 4C 4D 5S 6H, cut 6C, counts 24 (fifteens 8, pairs 4, runs 12). Ann 39, Bob 14."))
        try game.ok("hand", "20")
        try game.ok("crib", "12")
        // Round 3, Ann deals: Bob goes out on his hand, before Ann's bigger one.
        let last = try game.ok("hand", "16")
        #expect(last.contains("Bob won 61 to 39, by 22, and skunked Ann: 2 match points."))

        let refused = try game.run("hand", "28")
        try expectOneLineError(refused, naming: "hand 28")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("the game is over (Bob won)"))

        let object = try game.json()
        #expect(object["file"] as? String == game.file("twentynine.sqlite"))
        #expect(object["saved"] as? Bool == true)
        #expect(object["version"] as? Int == 3)
        let status = try #require(object["status"] as? [String: Any])
        #expect(status["phase"] as? String == "over")
        #expect(status["round"] as? Int == 3)
        let result = try #require(status["result"] as? [String: Any])
        #expect(result["name"] as? String == "Bob")
        #expect(result["margin"] as? Int == 22)
        #expect(result["matchPoints"] as? Int == 2)
        let losers = try #require(result["losers"] as? [[String: Any]])
        #expect(losers.first?["skunk"] as? String == "skunk")
        let saved = try #require(object["game"] as? [String: Any])
        let log = try #require(saved["log"] as? [[String: Any]])
        #expect(log.map { $0["for"] as? String } == ["heels", "play", "play", "hand", "hand", "crib", "hand", "hand", "crib", "hand"])
        #expect(log.map { $0["player"] as? Int } == [1, 2, 1, 2, 1, 1, 1, 2, 2, 2])
        #expect(log.last?["totals"] as? [Int] == [39, 62])
        #expect(log[6]["cards"] as? [String] == ["4C", "4D", "5S", "6H"])

        // The history: one game, its date, players, result and skunk.
        let history = try runJSON(["game", "--history", "--json"], environment: game.environment).object
        let games = try #require(history["games"] as? [[String: Any]])
        #expect(games.count == 1)
        #expect(games.first?["winner"] as? String == "Bob")
        #expect(games.first?["sides"] as? [String] == ["Ann", "Bob"])
        #expect(games.first?["target"] as? Int == 61)
        let finished = try #require(games.first?["finished"] as? String)
        let text = try game.ok("--history")
        // The minute it finished, in UTC, as `2026-11-21 23:05` (the JSON's `2026-11-21T23:05:42Z`).
        #expect(text.hasPrefix(finished.prefix(16).replacingOccurrences(of: "T", with: " ") + "  "), "\(text) \(finished)")
        #expect(text.hasSuffix("Ann v Bob  Bob won 61 to 39, by 22, and skunked Ann, in a game to 61: 2 match points\n"))
    }

    @Test func statsAddUpEachPlayersGamesSkunksAndPointsByKind() throws {
        let game = try GameFolder()
        defer { game.remove() }
        #expect(try game.ok("--stats").hasPrefix("No finished games yet ("))
        // The short game above: Bob wins 62 to 39 in three rounds and skunks Ann.
        try game.ok("new", "--to", "61", "--names", "Ann,Bob")
        for step in [["heels"], ["peg", "2", "2"], ["peg", "1", "1"], ["hand", "12"], ["hand", "8"], ["crib", "4"],
                     ["hand", "24"], ["hand", "20"], ["crib", "12"], ["hand", "16"]] {
            try game.ok(step)
        }
        // Then a game Ann and Cy abandon after Ann pegs 3: it counts in the averages only.
        try game.ok("new", "--names", "Ann,Cy")
        try game.ok("peg", "1", "3")
        try game.ok("new", "--abandon")

        #expect(try game.ok("--stats") == """
            Player  Games  Won  Skunks given  taken  Pegged a round  Hand  Crib
            -------------------------------------------------------------------
            Ann         1    0             0      1             1.0  16.0   4.0
            Bob         1    1             1      0             0.7  16.0  12.0
            Cy          0    0             0      0             0.0     -     -
            Skunks include double skunks. Averages: the play's points a round, a hand's and a crib's count.
            Abandoned games count in the averages, not in games and wins.

            """)
        let players = try #require(try game.json("--stats")["players"] as? [[String: Any]])
        #expect(players.map { $0["name"] as? String } == ["Ann", "Bob", "Cy"])
        #expect(players.map { $0["abandoned"] as? Int } == [1, 0, 1])
        #expect(players.map { $0["rounds"] as? Int } == [4, 3, 1])
        #expect(players.map { $0["hands"] as? Int } == [2, 3, 0])
        #expect(players.map { $0["skunksGiven"] as? Int } == [0, 1, 0])
        #expect(players.map { $0["skunksTaken"] as? Int } == [1, 0, 0])
        #expect(players.map { $0["doubleSkunksTaken"] as? Int } == [0, 0, 0])
        #expect(players[2]["handAverage"] is NSNull)
        #expect(players[1]["cribAverage"] as? Double == 12)

        let both = try game.run("--stats", "--history")
        try expectOneLineError(both, naming: "--history")
        #expect(both.status == 2)
    }

    @Test("--reason may be given once per reason: the one option a command takes twice")
    func reasonsRepeat() throws {
        let game = try GameFolder()
        defer { game.remove() }
        try game.ok("new")
        let pegged = try game.run("peg", "2", "3", "--reason", "pair", "--reason", "go")
        #expect(pegged.status == 0, "\(pegged.stderr)")
        let log = try #require((try game.json()["game"] as? [String: Any])?["log"] as? [[String: Any]])
        #expect(log.last?["reasons"] as? [String] == ["pair", "go"])
        #expect(log.last?["points"] as? Int == 3)
    }

    @Test func aCardOfTheRoundIsInOneHandOnly() throws {
        let game = try GameFolder()
        defer { game.remove() }
        try game.ok("new", "--names", "Ann,Bob")
        try game.ok("hand", "2C", "4D", "6S", "9D", "--cut", "KS")
        let refused = try game.run("hand", "4D", "5H", "6H", "7H", "--cut", "KS")
        try expectOneLineError(refused, naming: "hand 4D 5H 6H 7H")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("4D cannot be in both Bob's hand and Ann's hand"))
        #expect(try game.json()["game"].flatMap { ($0 as? [String: Any])?["log"] as? [Any] }?.count == 1)
    }

    @Test func undoTakesBackTheLastEntryEvenTheWin() throws {
        let game = try GameFolder()
        defer { game.remove() }
        try game.ok("new")
        try game.ok("correct", "1", "120")
        try game.ok("peg", "1", "1", "--reason", "last")
        #expect(try game.json()["status"].flatMap { ($0 as? [String: Any])?["phase"] as? String } == "over")
        let historyLength = { try (runJSON(["game", "--history", "--json"], environment: game.environment).object["games"] as? [Any])?.count }
        #expect(try historyLength() == 1)

        let undone = try game.ok("undo")
        #expect(undone.hasPrefix("Took back: Round 1: Player 1 pegs 1 in the play (last card). Player 1 121, Player 2 0.\n"))
        #expect(try historyLength() == 0)
        try game.ok("undo")
        let empty = try game.run("undo")
        try expectOneLineError(empty, naming: "nothing to undo")
        #expect(empty.status == 1)
    }

    /// Issue 30, item 14: `game undo` keeps the board's play in progress while its round is the
    /// game's: its cards stay laid, each step linked to its peg while that peg is in the log, so
    /// the board reopened never lays and scores them a second time.
    @Test func undoKeepsTheBoardsPlayInProgress() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        try folder.ok("new", "--names", "Ann,Bob")
        var game = try Game(names: ["Ann", "Bob"])
        try game.peg(player: 0, points: 2, reasons: [.fifteen])
        game.roundPlay = Game.RoundPlay(round: 1, tokens: [.card(try Card(parsing: "5H")), .card(try Card(parsing: "10C"))],
                                        entries: [1: 0])
        try GameStore(folder: folder.path).withSession { session in
            session.saved = SavedGame(id: "play", game: game)
            try session.save()
        }
        try folder.ok("correct", "2", "1")
        try folder.ok("undo")
        func kept() throws -> [String: Any]? {
            let rounds = try folder.json()["game"].flatMap { ($0 as? [String: Any])?["rounds"] as? [[String: Any]] }
            return rounds?.first?["play"] as? [String: Any]
        }
        #expect(try kept()?["tokens"] as? [String] == ["5H", "10C"])
        #expect(try kept()?["entries"] as? [[Int]] == [[1, 0]])
        // Undoing the fifteen itself: the cards stay laid, the step no longer linked.
        try folder.ok("undo")
        #expect(try kept()?["tokens"] as? [String] == ["5H", "10C"])
        #expect(try kept()?["entries"] as? [[Int]] == [])
    }

    @Test func threePlayersAndTeamsAreNumberedToTheLeft() throws {
        let game = try GameFolder()
        defer { game.remove() }
        try game.ok("new", "--players", "4", "--dealer", "4")
        let status = try #require(try game.json("hand", "8")["status"] as? [String: Any])
        let sides = try #require(status["sides"] as? [[String: Any]])
        #expect(sides.map { $0["players"] as? [Int] } == [[1, 3], [2, 4]])
        #expect(sides.map { $0["total"] as? Int } == [8, 0])
        #expect(status["dealer"] as? Int == 4)
        let next = try #require(status["next"] as? [String: Any])
        #expect(next["player"] as? Int == 2)

        let text = try game.ok()
        #expect(text.contains("  1&3  Player 1 & Player 3    8  (back peg 0)"))
        #expect(text.contains("Next: Player 2's hand"))
    }
}

@Suite("game: refusals")
struct GameRefusalTests {
    static let badArguments: [BadArguments] = [
        BadArguments(["peg", "3", "2"], names: "no player 3"),
        BadArguments(["peg", "1", "x"], names: "'x'"),
        BadArguments(["peg", "1", "2", "--reason", "fiftteen"], names: "'fiftteen'"),
        BadArguments(["peg", "1", "3", "--reason", "fifteen"], names: "peg 1 3: 3 points, but the reasons add up to 2"),
        BadArguments(["peg", "1", "2", "--bogus"], names: "--bogus"),
        BadArguments(["new", "--players", "5"], names: "--players 5"),
        BadArguments(["new", "--to", "100"], names: "--to 100"),
        BadArguments(["new", "--names", "Ann"], names: "--names 'Ann'"),
        BadArguments(["new", "--dealer", "3"], names: "--dealer 3"),
        BadArguments(["hand", "19"], names: "hand 19: no hand counts 19"),
        BadArguments(["hand", "many"], names: "'many'"),
        BadArguments(["hand"], names: "hand: give the hand's points, or its four cards and --cut"),
        BadArguments(["hand", "5H", "5C", "5X", "JD", "--cut", "5D"], names: "'5X'"),
        BadArguments(["crib", "4"], names: "crib 4: the crib is counted last: next is Player 2's hand"),
        BadArguments(["correct", "1"], names: "correct takes a player and points"),
        BadArguments(["correct", "1", "-5"], names: "correct 1 -5: a correction cannot take a score below 0"),
        BadArguments(["heels", "extra"], names: "extra"),
    ]

    @Test(arguments: badArguments)
    func badInputIsOneLineAndStatus2(_ bad: BadArguments) throws {
        let game = try GameFolder()
        defer { game.remove() }
        try game.ok("new")
        let before = FileManager.default.contents(atPath: game.file("game.json"))
        let result = try game.run(bad.arguments)
        try expectOneLineError(result, naming: bad.names)
        #expect(result.status == 2)
        #expect(FileManager.default.contents(atPath: game.file("game.json")) == before)
    }

    @Test func scoringWithoutAGameSaysHowToStartOne() throws {
        let game = try GameFolder()
        defer { game.remove() }
        #expect(try game.ok().hasPrefix("No game in progress. Start one: twentynine game new"))
        let result = try game.run("peg", "1", "2")
        try expectOneLineError(result, naming: "twentynine game new")
        #expect(result.status == 1)
        #expect(try game.json()["game"] is NSNull)
    }

    @Test func aNewGameDoesNotReplaceAnUnfinishedOne() throws {
        let game = try GameFolder()
        defer { game.remove() }
        try game.ok("new")
        try game.ok("peg", "2", "2")
        let refused = try game.run("new")
        try expectOneLineError(refused, naming: "--abandon")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("a game is in progress in \(game.file("twentynine.sqlite")) (round 1, Player 1 0, Player 2 2)"))

        try game.ok("new", "--abandon", "--players", "3")
        let history = try runJSON(["game", "--history", "--json"], environment: game.environment).object
        let games = try #require(history["games"] as? [[String: Any]])
        #expect(games.count == 1)
        #expect(games.first?["winner"] == nil)
        #expect(games.first?["totals"] as? [Int] == [0, 2])
        #expect(try game.ok("--history").contains("Player 1 v Player 2  abandoned in round 1 at 0–2"))
        #expect(try game.ok().contains("  3  Player 3    0"))
    }
}

@Suite("game: files that cannot be used", .serialized)
struct GameFileTests {
    /// A corrupt file and one from a newer version: named on standard error by the import, once,
    /// never written, and a new game goes into the database.
    @Test(arguments: [
        ("{\"version\":1,\"game\":", "is corrupt"),
        ("{\"version\":7,\"game\":{}}", "is from a newer TwentyNine (format version 7; this one reads 3)"),
    ])
    func anUnusableGameFileIsKept(contents: String, problem: String) throws {
        let game = try GameFolder()
        defer { game.remove() }
        try FileManager.default.createDirectory(atPath: game.path, withIntermediateDirectories: true)
        let bad = game.file("game.json")
        try Data(contents.utf8).write(to: URL(fileURLWithPath: bad))

        let shown = try game.run()
        #expect(shown.status == 0)
        #expect(shown.stdout.hasPrefix("No game in progress."))
        let warning = "twentynine: \(bad) \(problem)"
        #expect(shown.stderr.hasPrefix(warning), "\(shown.stderr)")
        let lines = shown.stderr.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasSuffix("; it is kept as it is; not imported"), "\(shown.stderr)")
        #expect(lines.last?.hasSuffix("nothing could be read; every file is kept as it was") == true)

        let started = try game.run("new")
        #expect(started.status == 0)
        #expect(started.stderr == "")
        let scored = try game.run("peg", "1", "2")
        #expect(scored.status == 0)
        #expect(FileManager.default.contents(atPath: bad) == Data(contents.utf8))
        let object = try JSONSerialization.jsonObject(with: Data(try game.run("--json").stdout.utf8)) as? [String: Any]
        #expect(object?["file"] as? String == game.file("twentynine.sqlite"))
    }

    @Test func aReadOnlyFolderSaysTheEntryIsNotSaved() throws {
        let game = try GameFolder()
        defer { game.remove() }
        try game.ok("new")
        try game.ok("peg", "1", "2")
        let before = FileManager.default.contents(atPath: game.file("twentynine.sqlite"))
        // The database is private (0600): nobody reads it as the owner would.
        if geteuid() == 0 { try chownToNobody(game.path) }
        #expect(chmod(game.path, 0o555) == 0)

        // Permission bits do not bind root: run as nobody then (setpriv, from util-linux). The
        // database cannot take its write-ahead log there: the command says so, nothing changed.
        for arguments in [["game", "peg", "2", "3"], ["game", "peg", "2", "3", "--json"]] {
            let result = try runUnprivileged(arguments, environment: game.environment)
            #expect(result.status == 1)
            #expect(result.stdout == "")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stderr)")
            #expect(lines.first?.hasPrefix("twentynine: cannot save \(game.file("twentynine.sqlite"))") == true, "\(result.stderr)")
            #expect(lines.first?.hasSuffix("; nothing was changed") == true)
        }
        #expect(FileManager.default.contents(atPath: game.file("twentynine.sqlite")) == before)
    }

}

/// Runs the binary as `nobody` when the tests run as root, so that permissions apply.
func runUnprivileged(_ arguments: [String], environment: [String: String]) throws -> RunResult {
    let nobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    return try runTwentyNine(arguments, environment: environment, launcher: geteuid() == 0 ? nobody : [])
}

/// Gives a folder and what is in it to `nobody`, for a test that runs the binary as nobody.
func chownToNobody(_ folder: String) throws {
    chown(folder, 65534, 65534)
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
        chown("\(folder)/\(name)", 65534, 65534)
    }
}
