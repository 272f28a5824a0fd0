import CribbageCore
import Foundation
import TestSupport
import Testing

/// The game's files and commands under hostile input: numbers past any bound, mutated files,
/// faults after the save, folders that cannot be listed, links, names a terminal would obey.
@Suite("game: hostile input")
struct GameHostileInputTests {
    /// The log's length in `game --json`.
    private func entries(_ game: GameFolder) throws -> Int {
        let object = try game.json()
        return ((object["game"] as? [String: Any])?["log"] as? [Any])?.count ?? -1
    }

    @Test(arguments: [
        BadArguments(["correct", "1", "9223372036854775807"], names: "9223372036854775807"),
        BadArguments(["correct", "-9223372036854775808", "1"], names: "-9223372036854775808"),
        BadArguments(["correct", "1", "-9223372036854775808"], names: "-9223372036854775808"),
        BadArguments(["peg", "1", "9223372036854775807"], names: "9223372036854775807"),
        BadArguments(["peg", "--", "-9223372036854775808", "2"], names: "-9223372036854775808"),
        BadArguments(["hand", "9223372036854775807"], names: "9223372036854775807"),
    ])
    func aNumberPastAnyBoundIsBadInput(bad: BadArguments) throws {
        let game = try GameFolder()
        defer { game.remove() }
        try game.ok("new")
        try game.ok("peg", "1", "2")
        let before = try game.json()
        let result = try game.run(bad.arguments)
        #expect(!result.signalled)
        #expect(result.status == 2)
        try expectOneLineError(result, naming: bad.names)
        #expect(NSDictionary(dictionary: try game.json()) == NSDictionary(dictionary: before))
    }

    @Test func aDealerPastAnyBoundIsBadInput() throws {
        let game = try GameFolder()
        defer { game.remove() }
        let result = try game.run("new", "--dealer=-9223372036854775808")
        #expect(!result.signalled)
        #expect(result.status == 2)
        try expectOneLineError(result, naming: "--dealer -9223372036854775808")
    }

    /// A number out of bounds in an old store's file makes it corrupt: named by the import, kept
    /// byte for byte, and every command still answers.
    @Test(arguments: [
        ("\"points\" : -1,", "\"points\" : -9223372036854775807,"),
        ("\"player\" : 1,", "\"player\" : -9223372036854775808,"),
        ("\"side\" : 1,", "\"side\" : -9223372036854775808,"),
        ("\"firstDealer\" : 1,", "\"firstDealer\" : -9223372036854775808,"),
        ("\"win\" : 1", "\"win\" : 9223372036854775807"),
    ])
    func aNumberOutOfBoundsInTheFileMakesItCorrupt(original: String, replacement: String) throws {
        let game = try GameFolder()
        defer { game.remove() }
        try game.ok("new", "--players", "3", "--names", "Ann,Bob,Cy")
        try game.ok("correct", "1", "5")
        try game.ok("correct", "1", "-1")
        try game.asOldStore()
        let text = try String(contentsOfFile: game.file("game.json"), encoding: .utf8)
        #expect(text.contains(original))
        let bad = Data(text.replacingOccurrences(of: original, with: replacement).utf8)
        try bad.write(to: URL(fileURLWithPath: game.file("game.json")))
        for (index, arguments) in [["--json"], ["--history"], [], ["new", "--abandon"], ["peg", "1", "2"]].enumerated() {
            let result = try game.run(arguments)
            #expect(!result.signalled, "game \(arguments): \(result.stderr)")
            #expect([0, 1, 2].contains(result.status), "game \(arguments): \(result.stderr)")
            // Named once, by the import.
            #expect(result.stderr.contains("\(game.file("game.json")) is corrupt") == (index == 0), "game \(arguments): \(result.stderr)")
        }
        #expect(FileManager.default.contents(atPath: game.file("game.json")) == bad)
    }

    /// More entries than a game can have, or more bytes than such a log takes: corrupt, refused
    /// before it is replayed (a million entries took 10 s and 0.9 GB).
    @Test func anAbsurdFileIsRefusedUnread() throws {
        let game = try GameFolder()
        defer { game.remove() }
        try game.ok("new")
        try game.asOldStore()
        let path = game.file("game.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var inner = try #require(object["game"] as? [String: Any])
        inner["log"] = (0..<(Game.maximumEntries + 1)).map { index in
            ["round": 1, "player": 1, "side": 1, "points": index % 2 == 0 ? 1 : -1, "for": "correction",
             "totals": [index % 2 == 0 ? 1 : 0, 0]] as [String: Any]
        }
        object["game"] = inner
        let long = try JSONSerialization.data(withJSONObject: object)
        try long.write(to: URL(fileURLWithPath: path))
        let shown = try game.run("--json")
        #expect(shown.stderr.contains("more than \(Game.maximumEntries) log entries"), "\(shown.stderr)")
        #expect(FileManager.default.contents(atPath: path) == long)

        let huge = Data("{\"version\": 1, \"pad\": \"".utf8) + Data(repeating: 0x41, count: 5_000_000) + Data("\"}".utf8)
        try huge.write(to: URL(fileURLWithPath: path))
        for name in try FileManager.default.contentsOfDirectory(atPath: game.path) where name.hasPrefix("twentynine.sqlite") {
            try FileManager.default.removeItem(atPath: game.file(name))
        }
        let large = try game.run("--json")
        #expect(large.stderr.contains("\(path) is corrupt (5000025 bytes; a game file is at most"), "\(large.stderr)")
        #expect(FileManager.default.contents(atPath: path) == huge)
    }

    /// `game peg 1 2 >/dev/full`: the entry is saved, and the command says so, with its own
    /// status; it never invites a retry that pegs twice.
    @Test func savedButNotPrintedIsStatusFour() throws {
        let game = try GameFolder()
        defer { game.remove() }
        try game.ok("new")
        let result = try runShell("XDG_DATA_HOME='\(game.folder.path)' \"$TN\" game peg 1 2 > /dev/full")
        #expect(result.status == 4)
        #expect(result.stderr == "twentynine: saved, but the output could not be written (No space left on device); do not run the command again\n")
        #expect(try entries(game) == 1)
    }

    /// A commit that fails saves nothing, and says so: status 1, never the "saved but not sure" 3.
    @Test func aCommitThatFailsIsNotSaved() throws {
        let game = try GameFolder()
        defer { game.remove() }
        try game.ok("new")
        let result = try runTwentyNine(["game", "peg", "1", "2"], environment: game.scratchEnvironment(fault: "folder-sync"))
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("Round 1: Player 1 pegs 2 in the play."))
        #expect(result.stderr == "twentynine: not saved: cannot save \(game.file("twentynine.sqlite")): Input/output error (a test's fault); nothing was changed\n",
                "\(result.stderr)")
        #expect(try entries(game) == 0)
        #expect(try runTwentyNine(["game", "peg", "1", "2"], environment: game.environment).status == 0)
        #expect(try entries(game) == 1)

        // The hook is a test's only: without a scratch folder holding the data, it is ignored.
        var user = game.environment
        user["TWENTYNINE_TEST_STORE_FAULT"] = "folder-sync"
        #expect(try runTwentyNine(["game", "peg", "1", "2"], environment: user).status == 0)
        #expect(try entries(game) == 2)
    }

    /// A full disk at a game's end (the database may not grow: `SQLITE_FULL`): the entry is
    /// refused and said, status 1, nothing half-written; with room again it is kept whole.
    @Test func aFullDiskAtAGamesEndIsRefusedAndSaid() throws {
        let game = try GameFolder()
        defer { game.remove() }
        try game.ok("new", "--names", "Ann,Bob")
        // A long log, so that the game's end needs pages the database does not have.
        for index in 0..<120 { try game.ok("peg", String(index % 2 + 1), "1") }
        try game.ok("correct", "1", "60")
        let result = try runTwentyNine(["game", "correct", "1", "1"], environment: game.scratchEnvironment(fault: "full"))
        #expect(result.status == 1)
        #expect(result.stderr == "twentynine: not saved: cannot save \(game.file("twentynine.sqlite")): the disk is full; nothing was changed\n",
                "\(result.stderr)")
        #expect(try entries(game) == 121)
        #expect(!(try game.ok("--history")).contains("Ann won"))
        try game.ok("correct", "1", "1")
        #expect(try entries(game) == 122)
        #expect(try game.ok("--history").contains("Ann v Bob  Ann won 121 to 60, by 61"))
    }

    /// A game's end whose history cannot be written is not saved at all (status 1): never a
    /// finished game the history lacks.
    @Test func aHistoryNotWrittenIsNotSaved() throws {
        let game = try GameFolder()
        defer { game.remove() }
        try game.ok("new", "--to", "61", "--names", "Ann,Bob")
        try game.ok("correct", "1", "60")
        let result = try runTwentyNine(["game", "correct", "1", "1"], environment: game.scratchEnvironment(fault: "history-write"))
        #expect(result.status == 1)
        #expect(result.stderr.contains("not saved: cannot save \(game.file("twentynine.sqlite")) (the history)"), "\(result.stderr)")
        #expect(!(try game.ok("--history")).contains("Ann won"))
        try game.ok("correct", "1", "1")
        #expect(try game.ok("--history").contains("Ann v Bob  Ann won 61 to 0, by 61"))
    }

    /// A data folder that cannot be listed when its old files are to be imported might hold a
    /// game: nothing is written, and every command says so in one line.
    @Test func aFolderThatCannotBeListedIsAnError() throws {
        let game = try GameFolder()
        defer { game.remove() }
        try game.ok("new")
        try game.ok("peg", "1", "2")
        try game.asOldStore()
        let before = FileManager.default.contents(atPath: game.file("game.json"))
        // Writable, not readable: its owner can add files but not list them.
        if geteuid() == 0 { try chownToNobody(game.path) }
        #expect(chmod(game.path, 0o300) == 0)
        defer { chmod(game.path, 0o700) }
        for arguments in [["game", "new"], ["game", "--json"], ["game", "new", "--abandon"], ["game", "peg", "1", "2"]] {
            let result = try runUnprivileged(arguments, environment: game.environment)
            #expect(result.status == 1, "\(arguments): \(result.stdout)")
            try expectOneLineError(result, naming: "cannot read the folder \(game.path): Permission denied")
        }
        chmod(game.path, 0o700)
        #expect(FileManager.default.contents(atPath: game.file("game.json")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: game.path).filter { !$0.hasPrefix("twentynine.sqlite") } == ["game.json"])
    }

    /// The test hook that saves over and over never runs on a player's data.
    @Test func churnIsNotReachableOutsideATestsScratchFolder() throws {
        let game = try GameFolder()
        defer { game.remove() }
        try game.ok("new", "--names", "Ann,Bob")
        try game.ok("peg", "1", "2")
        let before = try game.json()
        let result = try game.run("churn", "--steps", "3")
        #expect(result.status == 2)
        try expectOneLineError(result, naming: "churn")
        #expect(NSDictionary(dictionary: try game.json()) == NSDictionary(dictionary: before))

        // Nor through a spelling of the player's folder that starts with the scratch folder's
        // name: `<scratch>/..`, or a link in the scratch folder to the player's data.
        let scratch = game.folder.path + "/scratch"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch + "/link", withDestinationPath: game.folder.path)
        for data in [scratch + "/..", scratch + "/link"] {
            var environment = game.environment
            environment["XDG_DATA_HOME"] = data
            environment["TWENTYNINE_TEST_SCRATCH"] = scratch
            let spelled = try runTwentyNine(["game", "churn", "--steps", "3"], environment: environment)
            #expect(spelled.status == 2, "\(data)")
            try expectOneLineError(spelled, naming: "churn")
            #expect(NSDictionary(dictionary: try game.json()) == NSDictionary(dictionary: before), "\(data)")
        }

        // In a scratch folder, a negative number of steps is bad input, not a crash.
        let negative = try runTwentyNine(["game", "churn", "--steps=-1"], environment: game.scratchEnvironment())
        #expect(negative.status == 2)
        try expectOneLineError(negative, naming: "--steps -1")
    }

    /// A private database whatever the umask, and an existing folder and database tightened when opened.
    @Test func filesAreOwnerOnly() throws {
        let game = try GameFolder()
        defer { game.remove() }
        let run = "umask 000; XDG_DATA_HOME='\(game.folder.path)' \"$TN\" game"
        #expect(try runShell("\(run) new > /dev/null").status == 0)
        func mode(_ path: String) throws -> Int {
            try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
        }
        #expect(try mode(game.path) == 0o700)
        #expect(try mode(game.file("twentynine.sqlite")) == 0o600)

        chmod(game.path, 0o755)
        chmod(game.file("twentynine.sqlite"), 0o644)
        #expect(try runShell("\(run) peg 1 2 > /dev/null").status == 0)
        #expect(try mode(game.path) == 0o700)
        #expect(try mode(game.file("twentynine.sqlite")) == 0o600)
    }

    /// A twentynine.sqlite that is a link (a synced folder) stays a link, and the database it
    /// names is used; a dangling link gets its database where it points.
    @Test func aLinkedDatabaseIsUsedThrough() throws {
        let game = try GameFolder()
        defer { game.remove() }
        let synced = game.folder.file("synced")
        try FileManager.default.createDirectory(atPath: synced, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: game.path, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: game.file("twentynine.sqlite"), withDestinationPath: "../synced/twentynine.sqlite")
        // Dangling: the database goes where the link points.
        try game.ok("new", "--names", "Ann,Bob")
        #expect(FileManager.default.fileExists(atPath: "\(synced)/twentynine.sqlite"))
        // Then through the link to the database that is there.
        try game.ok("peg", "2", "2")
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: game.file("twentynine.sqlite"))
        #expect(link == "../synced/twentynine.sqlite")
        #expect(try entries(game) == 1)
    }

    /// Names a terminal would act on are refused when given, and make a file that holds them
    /// corrupt; the message shows them escaped.
    @Test(arguments: [
        ("A\u{1B}]0;owned\u{07}B,Bob", "A\\u{1B}]0;owned\\u{7}B"),
        ("A\u{1B}[2JB,Bob", "A\\u{1B}[2JB"),
        ("Ann\u{202E}nnA,Bob", "Ann\\u{202E}nnA"),
        ("Ann\u{9B}31m,Bob", "Ann\\u{9B}31m"),
        ("An\u{08}n,Bob", "An\\u{8}n"),
        ("Ann\nRound 9: forged,Bob", "Ann\\u{A}Round 9: forged"),
        (String(repeating: "x", count: 33) + ",Bob", String(repeating: "x", count: 33)),
    ])
    func aNameATerminalWouldObeyIsRefused(names: String, shown: String) throws {
        let game = try GameFolder()
        defer { game.remove() }
        let result = try game.run("new", "--names", names)
        #expect(result.status == 2)
        try expectOneLineError(result, naming: shown)
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(!FileManager.default.fileExists(atPath: game.file("game.json")))

        // Written into an old store's file by hand: the file is corrupt, and its name is not printed raw.
        try game.ok("new", "--names", "Ann,Bob")
        try game.asOldStore()
        let path = game.file("game.json")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let name = String(names.split(separator: ",").first!)
        let escaped = String(decoding: try JSONSerialization.data(withJSONObject: [name], options: [.fragmentsAllowed]), as: UTF8.self)
        let bad = text.replacingOccurrences(of: "\"Ann\"", with: String(escaped.dropFirst().dropLast()))
        try Data(bad.utf8).write(to: URL(fileURLWithPath: path))
        for (index, arguments) in [[], ["--history"]].enumerated() {
            let shownAgain = try game.run(arguments)
            #expect(shownAgain.stderr.contains("\(path) is corrupt") == (index == 0), "\(shownAgain.stderr)")
            #expect(!(shownAgain.stdout + shownAgain.stderr).contains("\u{1B}"))
            #expect(!(shownAgain.stdout + shownAgain.stderr).contains("\u{202E}"))
        }
        #expect(FileManager.default.contents(atPath: path) == Data(bad.utf8))
    }

    /// Help and the version are output: when they cannot be written, that is an error; an empty
    /// value after `=` is bad input.
    @Test func helpAndVersionToAFullDiskFail() throws {
        for command in ["\"$TN\" --help > /dev/full", "\"$TN\" --version > /dev/full", "\"$TN\" --help >&-",
                        "\"$TN\" game --help > /dev/full", "\"$TN\" help score > /dev/full"] {
            let result = try runShell(command)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr.hasPrefix("twentynine: cannot write the output: "), "\(command): \(result.stderr)")
        }
        for arguments in [["score", "5h", "5c", "5s", "jd", "--cut", "5d", "--json="],
                          ["score", "5h", "5c", "5s", "jd", "--cut", "5d", "--crib="], ["score", "--cut=", "5d"]] {
            let result = try runTwentyNine(arguments)
            #expect(result.status == 2)
            try expectOneLineError(result, naming: "'\(arguments.first { $0.hasSuffix("=") }!)'")
        }
    }
}

/// Seeded mutations of a real game file and history, each through a game command as the binary:
/// never a crash (a signal), only statuses 0, 1 and 2, and a file reported unusable is kept byte
/// for byte.
@Suite("game: mutated files")
struct GameMutatedFileTests {
    static let commands: [[String]] = [
        [], ["--json"], ["--history"], ["--history", "--json"], ["new", "--abandon"], ["peg", "1", "2"],
        ["undo"], ["correct", "2", "-1"], ["hand", "4"], ["crib", "4"], ["heels"],
    ]
    static let numbers = ["9223372036854775807", "-9223372036854775808", "9223372036854775808", "-1", "0", "1e308",
                          "99999999999999999999999999", "4", "-2", "122", "1.5", "2001", "true", "null"]
    static let strings = ["\\u001b]0;x\\u0007", "A\\nB", "\\u202e", String(repeating: "x", count: 200), "", "\\ud800",
                          "9999-99-99T99:99:99Z", "twoTeams", "crib", "correction", "5H"]

    /// A game to 61 finished into the history, and a game under way with counted hands.
    static let base: (game: Data, history: Data) = {
        let folder = try! GameFolder()
        defer { folder.remove() }
        for arguments in [["new", "--to", "61", "--names", "Ann,Bob"], ["correct", "1", "60"], ["correct", "2", "3"],
                          ["correct", "1", "1"], ["new", "--players", "4", "--names", "Ann,Bob,Cy,Di"],
                          ["peg", "2", "2", "--reason", "fifteen"], ["peg", "3", "1", "--reason", "go"],
                          ["hand", "4C", "4D", "5S", "6H", "--cut", "6C"], ["hand", "8"], ["correct", "1", "-1"]] {
            _ = try! folder.run(arguments)
        }
        try! folder.asOldStore()
        return (FileManager.default.contents(atPath: folder.file("game.json"))!,
                FileManager.default.contents(atPath: folder.file("history.json"))!)
    }()

    static func mutate(_ data: Data, _ random: inout SplitMix64) -> Data {
        var bytes = [UInt8](data)
        for _ in 0..<(1 + random.below(3)) {
            let at = random.below(bytes.count)
            switch random.below(6) {
            case 0, 1:
                // A number replaced by one past its bounds, or of the wrong kind.
                let digits = bytes.indices.filter { (bytes[$0] == 0x2D || (0x30...0x39).contains(bytes[$0])) && ($0 == 0 || !(0x30...0x39).contains(bytes[$0 - 1]) && bytes[$0 - 1] != 0x2D) }
                guard !digits.isEmpty else { continue }
                let start = digits[random.below(digits.count)]
                var end = start + 1
                while end < bytes.count, (0x30...0x39).contains(bytes[end]) { end += 1 }
                bytes.replaceSubrange(start..<end, with: Array(numbers[random.below(numbers.count)].utf8))
            case 2:
                // A string's contents replaced.
                let quotes = bytes.indices.filter { bytes[$0] == 0x22 }
                guard quotes.count >= 2 else { continue }
                let pair = random.below(quotes.count / 2) * 2
                bytes.replaceSubrange((quotes[pair] + 1)..<quotes[pair + 1], with: Array(strings[random.below(strings.count)].utf8))
            case 3:
                bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(40)))
            case 4:
                let end = min(bytes.count, at + 1 + random.below(200))
                bytes.insert(contentsOf: bytes[at..<end], at: at)
            default:
                bytes.insert(UInt8(random.below(256)), at: at)
            }
            if bytes.isEmpty { bytes = [0x7B] }
        }
        return Data(bytes)
    }

    @Test(arguments: 0..<48 as Range<UInt64>)
    func aMutatedFileNeverCrashesACommand(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &* 7919 &+ 29)
        let game = try GameFolder()
        defer { game.remove() }
        try FileManager.default.createDirectory(atPath: game.path, withIntermediateDirectories: true)
        let mutatesHistory = random.below(3) == 0
        let gameBytes = mutatesHistory ? Self.base.game : Self.mutate(Self.base.game, &random)
        let historyBytes = mutatesHistory ? Self.mutate(Self.base.history, &random) : Self.base.history
        try gameBytes.write(to: URL(fileURLWithPath: game.file("game.json")))
        try historyBytes.write(to: URL(fileURLWithPath: game.file("history.json")))
        for arguments in [Self.commands[random.below(Self.commands.count)], Self.commands[random.below(Self.commands.count)]] {
            let result = try game.run(arguments)
            #expect(!result.signalled, "seed \(seed): game \(arguments) died by signal \(result.status): \(result.stderr)")
            #expect([0, 1, 2].contains(result.status), "seed \(seed): game \(arguments): \(result.status) \(result.stderr)")
            #expect(!(result.stdout + result.stderr).contains("\u{1B}"), "seed \(seed): an escape printed raw")
            for (name, bytes) in [("game.json", gameBytes), ("history.json", historyBytes)]
            where result.stderr.contains("\(game.file(name)) is corrupt") || result.stderr.contains("\(game.file(name)) is from a newer") {
                #expect(FileManager.default.contents(atPath: game.file(name)) == bytes, "seed \(seed): \(name) changed")
            }
        }
    }
}
