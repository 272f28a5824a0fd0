import CribbageCore
import Foundation
@testable import GameStore
import TestSupport
import Testing

/// A game with a few entries: heels, a peg, the pone's hand (28, with the jack cut).
private func sampleGame() throws -> Game {
    var game = try Game(dealer: 0, names: ["Ann", "Bob"])
    try game.heels()
    try game.peg(player: 1, points: 2, reasons: [.fifteen])
    try game.count(try Hand(parsing: ["5H", "5C", "5S", "5D"], cut: "JH"))
    return game
}

private func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

@Suite("GameStore: where and how the game is saved")
struct GameStoreTests {
    @Test func theFolderFollowsXDG() throws {
        #expect(try GameStore(environment: ["XDG_DATA_HOME": "/data", "HOME": "/users/ann"]).folder == "/data/twentynine")
        #expect(try GameStore(environment: ["HOME": "/users/ann"]).folder == "/users/ann/.local/share/twentynine")
        // A relative or empty XDG_DATA_HOME is ignored, as the XDG spec says.
        #expect(try GameStore(environment: ["XDG_DATA_HOME": "data", "HOME": "/h"]).folder == "/h/.local/share/twentynine")
        #expect(try GameStore(environment: ["XDG_DATA_HOME": "", "HOME": "/h"]).folder == "/h/.local/share/twentynine")
        #expect(throws: StoreError.noDataFolder) { try GameStore(environment: [:]) }
    }

    @Test func aSavedGameReadsBackTheSame() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.file("twentynine"))
        let saved = SavedGame(game: try sampleGame())
        try store.withSession { session in
            #expect(session.saved == nil)
            #expect(session.gamePath == folder.file("twentynine/twentynine.sqlite"))
            session.saved = saved
            try session.save()
        }
        let reread = try store.withSession { $0.saved }
        #expect(reread?.game == saved.game)
        #expect(reread?.id == saved.id)
        #expect(abs((reread?.started.timeIntervalSince(saved.started)) ?? 99) < 1)
        let text = String(decoding: try keptBytes(store, "game") ?? Data(), as: UTF8.self)
        #expect(text.contains("\"version\" : 3"))
        // Nothing is left beside it.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("twentynine")).sorted()
        #expect(names == ["twentynine.sqlite"])
    }

    /// A corrupt file, or one from a newer version, is named by the import, kept byte for byte,
    /// and the next game goes into the database.
    @Test(arguments: [
        ("{\"version\": 1, \"game\": {\"seat", "is corrupt"),
        ("not json at all", "is corrupt (not JSON with a version number)"),
        ("{\"version\": 4, \"game\": {}}", "is from a newer TwentyNine (format version 4; this one reads 3)"),
    ])
    func anUnusableFileIsKeptAndANewGameGoesBesideIt(contents: String, problem: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.path)
        let bad = folder.file("game.json")
        try Data(contents.utf8).write(to: URL(fileURLWithPath: bad))

        try store.withSession { session in
            #expect(session.saved == nil)
            #expect(session.problems.count == 2)
            #expect(session.problems.first?.hasPrefix("\(bad) \(problem)") == true, "\(session.problems)")
            #expect(session.problems.first?.hasSuffix("it is kept as it is; not imported") == true)
            session.saved = SavedGame(game: try sampleGame())
            try session.save()
        }
        #expect(bytes(bad) == Data(contents.utf8))
        let (again, problems) = try store.withSession { ($0.saved, $0.problems) }
        #expect(again?.game == (try sampleGame()))
        #expect(problems.isEmpty, "the import is said once")
        #expect(bytes(bad) == Data(contents.utf8))
    }

    /// A file that cannot be read says why in the system's words, and is skipped as a corrupt one is.
    @Test func anUnreadableFileSaysWhy() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("game.json"), withIntermediateDirectories: false)
        let (saved, problems) = try GameStore(folder: folder.path).withSession { ($0.saved, $0.problems) }
        #expect(saved == nil)
        let problem = "\(folder.file("game.json")) cannot be read (a folder, not a regular file); it is kept as it is"
        #expect(problems == ["\(problem); not imported",
                             "the files of \(folder.path) are imported into twentynine.sqlite: nothing could be read; every file is kept as it was"])
    }

    /// Paths split as `dirname` and `basename` do, without Foundation's NSString.
    @Test(arguments: [
        ("/a/b/c.json", "/a/b", "c.json"), ("/a", "/", "a"), ("a", "", "a"), ("/", "/", "/"), ("", "", ""),
        ("/a/b/", "/a", "b"), ("/a//b", "/a", "b"), ("//a", "/", "a"), ("./a", ".", "a"),
    ])
    func aPathSplitsIntoItsFolderAndName(path: String, parent: String, last: String) {
        #expect(path.splitLastPathComponent == (parent, last))
    }

    @Test func aLogThatDoesNotAddUpIsCorrupt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("game.json")
        try GameStore.create(SavedGame(game: try sampleGame()), at: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let tampered = text.replacingOccurrences(of: "\"points\" : 28", with: "\"points\" : 24")
        #expect(tampered != text)
        try tampered.write(toFile: path, atomically: false, encoding: .utf8)
        let (saved, problems) = try GameStore(folder: folder.path).withSession { ($0.saved, $0.problems) }
        #expect(saved == nil)
        #expect(problems.first?.contains("does not add up") == true, "\(problems)")
    }

    @Test func aFolderThatCannotBeWrittenFailsTheSaveNotTheGame() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A regular file where the data folder's parent should be: no one can write below it.
        try Data().write(to: URL(fileURLWithPath: folder.file("blocked")))
        let store = GameStore(folder: folder.file("blocked/twentynine"))
        do {
            try store.withSession { _ in Issue.record("opened below a regular file") }
        } catch StoreError.cannotWrite(let path, let reason) {
            #expect(path.hasPrefix(folder.file("blocked")))
            #expect(reason == "Not a directory")
        }
    }

    /// Permission bits do not bind root, so root skips it; the end-to-end test covers root by
    /// running as nobody.
    @Test(.enabled(if: geteuid() != 0, "permission bits do not bind root"))
    func aReadOnlyFolderFailsTheSaveAndKeepsTheOldFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.path)
        let before = SavedGame(game: try Game())
        try store.withSession { session in
            session.saved = before
            try session.save()
        }
        chmod(folder.path, 0o555)
        #expect(throws: StoreError.self) {
            try store.withSession { session in
                session.saved?.game = try sampleGame()
                try session.save()
            }
        }
        chmod(folder.path, 0o755)
        #expect(try store.withSession { $0.saved } == before)
    }
}

@Suite("GameStore: the history")
struct GameHistoryTests {
    /// A game one point from the end: a correction to 120 for Ann.
    private func nearlyOver() throws -> SavedGame {
        var game = try Game(names: ["Ann", "Bob"])
        try game.correct(player: 1, points: 80)
        try game.correct(player: 0, points: 120)
        return SavedGame(game: game)
    }

    @Test func aFinishedGameGoesIntoTheHistoryAndAnUndoneFinishComesOut() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.path)
        var saved = try nearlyOver()
        try store.withSession { session in
            session.saved = saved
            try session.save()
            #expect(session.history().games.isEmpty)
            try saved.game.peg(player: 0, points: 1, reasons: [.lastCard])
            session.saved = saved
            try session.save()
        }
        let history = try store.withSession { $0.history() }
        let finished = try #require(history.games.first)
        #expect(history.games.count == 1)
        #expect(finished.id == saved.id)
        #expect(finished.winner == "Ann")
        #expect(finished.sides == ["Ann", "Bob"])
        #expect(finished.totals == [121, 80])
        #expect(finished.margin == 41)
        #expect(finished.losers.map(\.skunk) == [.skunk])
        #expect(finished.matchPoints == 2)

        try store.withSession { session in
            session.saved?.game.undo()
            try session.save()
            #expect(session.history().games.isEmpty)
        }
        #expect(try store.withSession { $0.history().games.isEmpty })
    }

    @Test func aFinishWrittenWithoutItsHistoryIsAddedOnTheNextOpen() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var saved = try nearlyOver()
        try saved.game.peg(player: 0, points: 1)
        // As if the old store died between writing game.json and history.json: the import puts it in.
        try GameStore.create(saved, at: folder.file("game.json"))
        let history = try GameStore(folder: folder.path).withSession { $0.history() }
        #expect(history.games.map(\.id) == [saved.id])
        #expect(history.games.first?.winner == "Ann")
    }

    @Test func anAbandonedGameIsKeptUnfinished() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.path)
        try store.withSession { session in
            session.saved = try nearlyOver()
            try session.save()
            session.abandon()
            #expect(session.saved == nil)
            // Into the history with the next game's save, not before.
            #expect(session.history().games.isEmpty)
            session.saved = SavedGame(game: try Game())
            try session.save()
        }
        let history = try store.withSession { $0.history() }
        #expect(history.games.count == 1)
        #expect(history.games.first?.isAbandoned == true)
        #expect(history.games.first?.totals == [120, 80])
    }
}

/// A save whose commit or history fails saves nothing, and says so: nothing is ever half saved.
@Suite("GameStore: failures at the save")
struct GameStoreAfterTheSaveTests {
    @Test func aCommitThatFailsSavesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var store = GameStore(folder: folder.path)
        _ = try store.withSession { _ in }
        store.fault = .folderSync
        try store.withSession { session in
            session.saved = SavedGame(game: try sampleGame())
            do {
                try session.save()
                Issue.record("the commit's failure was not reported")
            } catch let error as StoreError {
                #expect(!error.isSaved)
                #expect(error == .cannotWrite(path: folder.file("twentynine.sqlite"), reason: "Input/output error (a test's fault)"))
            }
        }
        #expect(try GameStore(folder: folder.path).withSession { $0.saved } == nil)
    }

    @Test func aHistoryNotWrittenSavesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var store = GameStore(folder: folder.path)
        store.fault = .historyWrite
        var game = try Game(target: .short, names: ["Ann", "Bob"])
        try game.correct(player: 0, points: 61)
        try store.withSession { session in
            session.saved = SavedGame(game: game)
            do {
                try session.save()
                Issue.record("saved without its history")
            } catch let error as StoreError { #expect(!error.isSaved) }
        }
        let (saved, history) = try GameStore(folder: folder.path).withSession { ($0.saved, $0.history()) }
        #expect(saved == nil && history.games.isEmpty)
    }

    /// A listing that fails for any reason but a missing folder is an error, never "no game".
    @Test func aFolderThatCannotBeListedThrows() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(try AtomicFile.names(in: folder.file("absent")) == [])
        // A link to itself: opendir fails with ELOOP, for root too.
        let loop = folder.file("loop")
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        #expect(throws: StoreError.cannotWrite(path: loop + "/twentynine.sqlite", reason: "Too many levels of symbolic links")) {
            try GameStore(folder: loop).withSession { _ in }
        }
    }
}

@Suite("History: each player's record")
struct PlayerStatisticsTests {
    static let started = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aTeamsWinIsBothPartnersAndEachPlayerKeepsTheirOwnPoints() throws {
        var game = try Game(seating: .twoTeams, target: .short, dealer: 0, names: ["Ann", "Bob", "Cy", "Di"])
        try game.heels()
        try game.peg(player: 1, points: 2, reasons: [.fifteen])
        try game.peg(player: 2, points: 6, reasons: [.pairRoyal])
        for points in [29, 28, 24, 20, 10] { _ = try game.count(points: points) }
        #expect(game.tallies.map(\.total) == [32, 31, 34, 24])
        #expect(game.tallies[0].heels == 2 && game.tallies[0].cribs == 10 && game.tallies[0].cribsCounted == 1)
        #expect(game.result?.winner == 0)
        let finished = FinishedGame(SavedGame(started: Self.started, game: game), finished: Self.started + 3_600)
        #expect(finished.players?.map(\.side) == [1, 2, 1, 2])
        let statistics = History(games: [finished]).statistics
        #expect(statistics.map(\.name) == ["Ann", "Bob", "Cy", "Di"])
        #expect(statistics.map(\.wins) == [1, 0, 1, 0])
        #expect(statistics.map(\.skunksGiven) == [0, 0, 0, 0])
        #expect(statistics.map(\.tally.pegged) == [0, 2, 6, 0])
        #expect(statistics.map(\.handAverage) == [20, 29, 28, 24])
        #expect(statistics[0].cribAverage == 10 && statistics[1].cribAverage == nil)
    }

    @Test func aHistoryWrittenBeforePlayerRecordsStillCountsWinsAndSkunks() throws {
        let old = #"""
            {"version": 1, "games": [{"id": "g", "started": "2026-11-20T10:00:00Z", "finished": "2026-11-20T11:00:00Z",
             "seating": "twoPlayers", "target": 121, "sides": ["Ann", "Bob"], "totals": [121, 80], "rounds": 9,
             "winner": "Ann", "margin": 41, "matchPoints": 2,
             "losers": [{"name": "Bob", "total": 80, "skunk": "skunk", "matchPoints": 2}]}]}
            """#
        let part = try JSONDecoder.store.decode(HistoryPart.self, from: Data(old.utf8))
        #expect(part.problem == nil)
        let statistics = History(games: part.games).statistics
        #expect(statistics.map(\.wins) == [1, 0])
        #expect(statistics.map(\.skunksGiven) == [1, 0])
        #expect(statistics.map(\.skunksTaken) == [0, 1])
        #expect(statistics.map(\.rounds) == [0, 0])
        #expect(statistics[0].peggedPerRound == nil)
    }

    @Test func aPlayerRecordOutOfBoundsMakesTheHistoryCorrupt() throws {
        var finished = FinishedGame(SavedGame(started: Self.started, game: try sampleGame()), finished: Self.started + 3_600)
        #expect(History(games: [finished]).problem == nil)
        finished.players?[0].tally.hands = 5_000
        #expect(History(games: [finished]).problem != nil)
        finished.players = [finished.players![1]]
        #expect(History(games: [finished]).problem != nil)
    }
}
