import CribbageCore
import Foundation
import Synchronization
@testable import GameStore
import TestSupport
import Testing

/// A copy of a fixture data folder, to import (the fixture itself is never opened as a store).
func copyFixture(_ name: String, to folder: TemporaryFolder) throws -> String {
    let destination = folder.file("twentynine")
    try FileManager.default.copyItem(atPath: Repository.fixture(name).path, toPath: destination)
    return destination
}

/// What the old store's files hold, read straight from them through the old readers.
struct OldFiles {
    let game: SavedGame?
    let table: SavedTable?
    let history: [FinishedGame]
    let records: [String: RecordFile]
    let reviews: [SavedReview]
    let drills: DrillBank?
    let schedule: SavedDrillSchedule?
    let ratings: SavedDrillRatings?
    let setup: SavedDrillSetup?

    init(_ folder: String) {
        func read<Document: VersionedDocument>(_ name: String, _ type: Document.Type) -> Document? {
            try? Series<Document>.read("\(folder)/\(name)").get()
        }
        game = read("game.json", SavedGame.self)
        table = read("table.json", SavedTable.self)
        var games = ((try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/history")) ?? []).sorted()
            .compactMap { read("history/\($0)", HistoryPart.self) }.flatMap(\.games)
        games += read("history.json", HistoryPart.self)?.games ?? []
        history = games
        records = Dictionary(uniqueKeysWithValues: games.compactMap { game in read("records/\(game.id).json", RecordFile.self).map { (game.id, $0) } })
        reviews = ((try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/reviews")) ?? []).sorted()
            .compactMap { read("reviews/\($0)", ReviewFile.self)?.review }
        drills = read("drills.json", DrillBank.self)
        schedule = read("drill-schedule.json", SavedDrillSchedule.self)
        ratings = read("drill-ratings.json", SavedDrillRatings.self)
        setup = read("drill-setup.json", SavedDrillSetup.self)
    }
}

@Suite("GameStore: the old files imported, and exported again")
struct ImportTests {
    /// The fixture's data folder, made by TwentyNine 1.0.0 (`Tests/Fixtures/store-1.0.0`: two
    /// finished games and an abandoned one with their records, a game under way, drills answered),
    /// with a match against the computer and a review written by the old store's own encoders.
    static func oldFolder(_ folder: TemporaryFolder) throws -> String {
        let path = try copyFixture("store-1.0.0/twentynine", to: folder)
        let (_, after) = try tableAtItsEnd(seed: 9)
        var table = SavedTable(table: after)
        var finished = table.entry(finished: Date(timeIntervalSince1970: 1_900_000_000))
        finished.summary.id = "\(table.id)-0"
        table.unrecorded = [finished]
        try table.encoded.write(to: URL(fileURLWithPath: "\(path)/table.json"))
        try FileManager.default.createDirectory(atPath: "\(path)/reviews", withIntermediateDirectories: true)
        let review = SavedReview(id: table.gameID, finished: Date(timeIntervalSince1970: 1_900_000_100), level: .known(.beginner),
                                 summary: FinishedTableGames.reviewed(1)[0].summary)
        try ReviewFile(review).encoded.write(to: URL(fileURLWithPath: "\(path)/reviews/\(table.gameID).json"))
        try SavedDrillSetup(setup: DrillSetup(theme: .pegOut, difficulty: .easier, count: 17)).encoded
            .write(to: URL(fileURLWithPath: "\(path)/drill-setup.json"))
        return path
    }

    @Test("a data folder made by TwentyNine 1.0.0, imported on the first open: every value reads back equal, every file left exactly as it was, the import said once")
    func aFolderOfTheOldStoreImports() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try Self.oldFolder(folder)
        let old = OldFiles(path)
        #expect(old.game != nil && old.table != nil && old.history.count == 3 && old.records.count == 3 && old.reviews.count == 1)
        #expect(old.drills != nil && old.schedule != nil && old.ratings != nil && old.setup != nil)
        let files = try snapshot(path)
        let store = GameStore(folder: path)

        let (game, history, records, problems) = try store.withSession { session in
            (session.saved, session.history().games, session.history().games.map { session.record($0.id) }, session.problems)
        }
        #expect(game == old.game)
        // The history's games, then the one table.json owed it, then its finished game.
        #expect(Array(history.prefix(3)) == old.history)
        #expect(history.count == 5 && history[3].id == old.table!.unrecorded[0].summary.id && history[4].id == old.table!.gameID)
        for (summary, record) in zip(history, records) {
            if let file = old.records[summary.id] { #expect(try record.get() == file.record, "\(summary.id)") }
        }
        #expect(problems == ["the files of \(path) are imported into twentynine.sqlite: the board's game, the match against the computer, "
            + "5 finished games (5 with their records), 1 review, \(old.drills!.drills.count) drills, the drills' schedule, the drills' ratings, "
            + "the drills' last setup; every file is kept as it was"])
        let table = try store.withTableSession { session in
            #expect(session.problems.isEmpty, "the import is said once")
            return session.saved
        }
        var expected = old.table!
        expected.unrecorded = []
        #expect(table == expected)
        try store.withSession { session in
            #expect(session.keptReview(old.reviews[0].id) == old.reviews[0])
            #expect(session.reviews(of: session.history().games).reviews == old.reviews)
        }
        try store.withDrills { session in
            #expect(session.bank == old.drills!.drills)
            #expect(session.schedule == old.schedule!.schedule)
            #expect(session.ratings == old.ratings!.ratings)
            let setup = try session.rememberedSetup()
            #expect(setup == old.setup!.setup)
        }
        #expect(sameFiles(try snapshot(path).filter { !$0.key.hasPrefix("twentynine.sqlite") }, files))
    }

    @Test("exported, the database writes the old store's files, which read back (and import) as the same values; nothing is written over")
    func anExportRoundTrips() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try Self.oldFolder(folder)
        let store = GameStore(folder: path)
        // Past a part of 200 games: sealed parts and the part games are added to.
        for index in 0..<205 {
            try store.withSession { session in
                var game = try nearlyOverGame()
                game.id = "more-\(index)"
                try game.game.peg(player: 0, points: 1)
                session.saved = game
                try session.save()
            }
        }
        let exported = folder.file("exported")
        let lines = try store.export(to: exported)
        #expect(lines.contains { $0.hasSuffix("history.json: 210 games, 210 records in \(exported)/records") }, "\(lines)")
        #expect(FileManager.default.fileExists(atPath: "\(exported)/history/1.json"))
        let (game, history) = try store.withSession { ($0.saved, $0.history().games) }
        let back = OldFiles(exported)
        #expect(back.game == game && back.history == history && back.records.count == 210)
        // Imported into another data folder: the same.
        let again = GameStore(folder: exported)
        let (game2, history2) = try again.withSession { ($0.saved, $0.history().games) }
        #expect(game2 == game && history2 == history)
        try again.withDrills { session in
            try store.withDrills { original in
                #expect(session.bank == original.bank && session.schedule == original.schedule && session.ratings == original.ratings)
            }
        }
        // Never over a file already there.
        #expect(throws: StoreError.self) { try store.export(to: exported) }
    }

    @Test("four programs opening the old folder at once: one imports, once; every one reads it all")
    func opensAtOnceImportOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try Self.oldFolder(folder)
        let results = Mutex<[Result<(Int, Int), any Error>]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let result = Result { () throws -> (Int, Int) in
                try GameStore(folder: path).withSession { ($0.history().games.count, $0.problems.count) }
            }
            results.withLock { $0.append(result) }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 4)
        #expect(all.allSatisfy { (try? $0.get().0) == 5 }, "\(all)")
        #expect(all.compactMap { try? $0.get().1 }.reduce(0, +) == 1, "the import said once")
    }

    @Test("fault 7: game.json to game-9999.json all unusable: named in a few lines, never written over, and play goes on")
    func fault7AWholeSeriesUnusable() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("twentynine")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let bad = Data("not json".utf8)
        for number in 1...9_999 {
            try bad.write(to: URL(fileURLWithPath: "\(path)/game\(number == 1 ? "" : "-\(number)").json"))
        }
        let store = GameStore(folder: path)
        let problems = try store.withSession { session in
            session.saved = try nearlyOverGame()
            try session.save()
            return session.problems
        }
        #expect(problems.count <= StoreImport.namedLimit + 2, "\(problems.count) lines")
        #expect(problems.contains { $0.hasPrefix("and ") && $0.contains("more files") })
        #expect(FileManager.default.contents(atPath: "\(path)/game.json") == bad)
        #expect(FileManager.default.contents(atPath: "\(path)/game-9999.json") == bad)
        #expect(try store.withSession { $0.saved } != nil)
    }

    @Test("fault 8: an unreadable drill-schedule.json costs nothing of the ratings: the next answer takes them on")
    func fault8AnUnreadableScheduleKeepsTheRatings() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try copyFixture("store-1.0.0/twentynine", to: folder)
        let old = OldFiles(path)
        let ratings = try #require(old.ratings?.ratings)
        #expect(ratings.applied > 0)
        try Data("{\"version\":1,\"schedule\":".utf8).write(to: URL(fileURLWithPath: "\(path)/drill-schedule.json"))
        let store = GameStore(folder: path)
        try store.withDrills { session in
            #expect(session.problems.contains { $0.contains("drill-schedule.json is corrupt") })
            #expect(session.ratings.player == ratings.player && session.ratings.trend == ratings.trend)
            try DrillStoreTests.answer(&session, session.bank[0], best: true, at: 2_000_000_000)
        }
        try store.withDrills { session in
            #expect(session.schedule.log.count == 1)
            #expect(session.ratings.trend == ratings.trend + [session.ratings.player.rating])
            #expect(session.ratings.drills.count >= ratings.drills.count)
        }
    }
}
