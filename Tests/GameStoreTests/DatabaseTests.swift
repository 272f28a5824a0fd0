import CribbageCore
import Foundation
@testable import GameStore
import TestSupport
import Testing

/// A kept document's bytes as the database holds them (`kept`), read as a test reads a file.
func keptBytes(_ store: GameStore, _ name: String) throws -> Data? {
    try store.withConnection(holdsLock: false) { connection, _ in try connection.kept(name) }
}

/// Writes a kept document's bytes as they are, as a test writes a file.
func setKept(_ store: GameStore, _ name: String, _ data: Data) throws {
    _ = try store.withConnection(holdsLock: false) { _, _ in }
    let db = try SQLiteConnection(path: store.folder + "/twentynine.sqlite", readOnly: false, busyTimeout: 10)
    defer { db.close() }
    try db.execute("INSERT INTO kept (name, body) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET body = excluded.body",
                   [name, data])
}

/// Every file under a folder with its bytes and its modification time: what "left exactly as it
/// was" compares.
func snapshot(_ folder: String) throws -> [String: (Data, Date)] {
    var files: [String: (Data, Date)] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let name = enumerator?.nextObject() as? String {
        let path = (folder as NSString).appendingPathComponent(name)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        files[name] = (try Data(contentsOf: URL(fileURLWithPath: path)), attributes[.modificationDate] as! Date)
    }
    return files
}

func sameFiles(_ one: [String: (Data, Date)], _ other: [String: (Data, Date)]) -> Bool {
    one.count == other.count && one.allSatisfy { name, value in other[name].map { $0.0 == value.0 && $0.1 == value.1 } ?? false }
}

/// A game of `pegs` entries (a point each, in turn), then Ann one point from winning: its record
/// takes some kilobytes, more than a page of the database.
func longGameNearlyOver(pegs: Int = 120) throws -> SavedGame {
    var game = try Game(names: ["Ann", "Bob"])
    for index in 0..<pegs { try game.peg(player: index % 2, points: 1) }
    try game.correct(player: 0, points: 120 - game.totals[0])
    return SavedGame(game: game)
}

@Suite("GameStore: the database")
struct DatabaseTests {
    @Test("one database, 0600 in a 0700 folder, in WAL mode, migrated; nothing else is written")
    func oneDatabase() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.file("twentynine"))
        try store.withSession { session in
            #expect(session.gamePath == folder.file("twentynine/twentynine.sqlite"))
            session.saved = try nearlyOverGame()
            try session.save()
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("twentynine")).filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        #expect(names == ["twentynine.sqlite"])
        let mode = try FileManager.default.attributesOfItem(atPath: folder.file("twentynine/twentynine.sqlite"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder.file("twentynine"))[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        let db = try SQLiteConnection(path: folder.file("twentynine/twentynine.sqlite"), readOnly: true, busyTimeout: 10)
        defer { db.close() }
        let (journal, version) = (try db.one(String.self, "PRAGMA journal_mode"), try db.userVersion())
        #expect(journal == "wal" && version == StoreDatabase.migrations.latest && version >= 1)
    }

    @Test("fault 6: a move is one row written, reading nothing of the history or the reviews; a game's end one transaction: the game, its summary and its record")
    func aGamesEndIsOneTransaction() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.file("twentynine"))
        var saved = try nearlyOverGame()
        try store.withSession { session in
            session.saved = saved
            try session.save()
        }
        // Fault 6: a move reads nothing of the history or the reviews, at any size.
        try store.withSession { session in
            var statements: [String] = []
            session.connection.db.tracer = { statements.append($0) }
            try saved.game.peg(player: 1, points: 2)
            session.saved = saved
            try session.save()
            session.connection.db.tracer = nil
            #expect(!statements.isEmpty)
            #expect(statements.allSatisfy { !$0.contains("game (") && !$0.contains("FROM game") && !$0.contains("review") }, "\(statements)")
        }
        try saved.game.peg(player: 0, points: 1)
        try store.withSession { session in
            session.saved = saved
            try session.save()
        }
        try store.withSession { session in
            #expect(session.saved?.isOver == true)
            #expect(session.history().games.map(\.id) == [saved.id])
            guard case .success(.board(let record)) = session.record(saved.id) else { Issue.record("no record"); return }
            #expect(record.game == saved.game)
        }
    }

    @Test("a full disk at a game's end: the move refused and said, nothing half-written")
    func aFullDiskAtAGamesEnd() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var store = GameStore(folder: folder.file("twentynine"))
        var saved = try longGameNearlyOver()
        try store.withSession { session in
            session.saved = saved
            try session.save()
        }
        let before = try keptBytes(store, "game")
        try saved.game.peg(player: 0, points: 1)
        store.fault = .full
        try store.withSession { session in
            session.saved = saved
            #expect(throws: StoreError.cannotWrite(path: session.path, reason: "the disk is full")) { try session.save() }
        }
        store.fault = nil
        #expect(try keptBytes(store, "game") == before)
        try store.withSession { session in
            #expect(session.saved?.isOver == false)
            #expect(session.history().games.isEmpty)
            if case .success = session.record(saved.id) { Issue.record("a record without its game") }
            // Room again: the same move is kept whole.
            session.saved = saved
            try session.save()
        }
        try store.withSession { session in
            #expect(session.saved?.isOver == true && session.history().games.count == 1)
        }
    }

    @Test("a move, killed at every step: the game before the move or after it")
    func aMoveKilledAtEveryStep() throws {
        var before: SavedGame?, after: SavedGame?
        let steps = try killedAtEveryStep(prepare: { store in
            try store.withSession { session in
                var saved = try longGameNearlyOver(pegs: 10)
                saved.game = try Game(names: ["Ann", "Bob"])
                try saved.game.peg(player: 0, points: 2)
                session.saved = saved
                try session.save()
                before = saved
            }
        }, operation: { store in
            try store.withSession { session in
                var saved = session.saved!
                try saved.game.peg(player: 1, points: 3)
                after = saved
                session.saved = saved
                try session.save()
            }
        }, check: { store, step in
            let now = try store.withSession { $0.saved }
            #expect(now == before || now == after, "step \(step)")
        })
        #expect(steps >= 2)
    }

    @Test("a database from a newer TwentyNine is refused in one line and never touched")
    func aNewerDatabaseIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.file("twentynine"))
        try store.withSession { session in
            session.saved = try nearlyOverGame()
            try session.save()
        }
        let path = folder.file("twentynine/twentynine.sqlite")
        let db = try SQLiteConnection(path: path, readOnly: false, busyTimeout: 10)
        try db.execute("PRAGMA user_version = 99")
        db.close()
        let files = try snapshot(folder.file("twentynine"))
        do {
            try store.withSession { _ in Issue.record("a newer database opened") }
        } catch let error as StoreError {
            #expect("\(error)" == "\(path) is from a newer TwentyNine (its schema version 99 is unknown to this one, which knows up to \(StoreDatabase.migrations.latest)); it is kept as it is")
            #expect(!"\(error)".contains("\n"))
        }
        #expect(sameFiles(try snapshot(folder.file("twentynine")), files))
    }

    @Test("a corrupt database is never written: it is named, kept byte for byte, and play goes on in the next name")
    func aCorruptDatabaseIsKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("twentynine"), withIntermediateDirectories: true)
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: folder.file("twentynine/twentynine.sqlite")))
        let store = GameStore(folder: folder.file("twentynine"))
        try store.withSession { session in
            #expect(session.problems.count == 1)
            #expect(session.problems.first?.contains("twentynine.sqlite is not a database TwentyNine can read") == true)
            #expect(session.problems.first?.hasSuffix("using \(folder.file("twentynine/twentynine-2.sqlite")) instead") == true)
            #expect(session.path == folder.file("twentynine/twentynine-2.sqlite"))
            session.saved = try nearlyOverGame()
            try session.save()
        }
        #expect(FileManager.default.contents(atPath: folder.file("twentynine/twentynine.sqlite")) == garbage)
        #expect(try store.withSession { $0.saved } != nil)
    }

    @Test("a read-only database (its owner's word, root or not): read as it is, every save refused and said, nothing changed")
    func aReadOnlyDatabase() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.file("twentynine"))
        let saved = try nearlyOverGame()
        try store.withSession { session in
            session.saved = saved
            try session.save()
        }
        let path = folder.file("twentynine/twentynine.sqlite")
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: path)
        let bytes = FileManager.default.contents(atPath: path)
        try store.withSession { session in
            #expect(session.saved == saved)
            var next = saved
            try next.game.peg(player: 1, points: 2)
            session.saved = next
            #expect(throws: StoreError.self) { try session.save() }
            do { try session.save() } catch let error as StoreError { #expect(error.reason.contains("read-only") && !error.isSaved) }
        }
        try store.withDrills { session in
            #expect(throws: StoreError.self) { try session.enrol(DrillStoreTests.drills()) }
        }
        #expect(FileManager.default.contents(atPath: path) == bytes)
        #expect(try store.withSession { $0.saved } == saved)
    }

    @Test("fault 2: a game's end whose history cannot be written is refused whole: no summary without its record, no record lost")
    func fault2AGamesEndIsWholeOrNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var store = GameStore(folder: folder.file("twentynine"))
        var saved = try nearlyOverGame()
        try store.withSession { session in
            session.saved = saved
            try session.save()
        }
        try saved.game.peg(player: 0, points: 1)
        store.fault = .historyWrite
        try store.withSession { session in
            session.saved = saved
            do {
                try session.save()
                Issue.record("saved without its history")
            } catch let error as StoreError { #expect(!error.isSaved) }
        }
        store.fault = nil
        try store.withSession { session in
            #expect(session.saved?.isOver == false)
            #expect(session.history().games.isEmpty)
            session.saved = saved
            try session.save()
        }
        try store.withSession { session in
            #expect(session.history().games.map(\.id) == [saved.id])
            guard case .success(.board(let record)) = session.record(saved.id) else { Issue.record("no record"); return }
            #expect(record.game == saved.game)
        }
    }

    @Test("fault 3: the table's last move with a history that cannot be written is refused, said, and the match stays before it")
    func fault3ATableThatCannotRecordIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var store = GameStore(folder: folder.file("twentynine"))
        let (before, after) = try tableAtItsEnd(seed: 5)
        try store.withTableSession { session in
            session.saved = SavedTable(table: before)
            try session.save()
        }
        let saved = try store.withTableSession { $0.saved! }
        store.fault = .historyWrite
        try store.withTableSession { session in
            session.saved?.table = after
            #expect(throws: StoreError.self) { try session.save() }
        }
        store.fault = nil
        try store.withTableSession { session in
            #expect(session.saved == saved)
            #expect(session.history().games.isEmpty)
        }
    }

    @Test("fault 5: the drills hold no lock while their body runs (what it prints): the board saves meanwhile")
    func fault5DrillsHoldNoLock() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.file("twentynine"))
        let drills = DrillStoreTests.drills(count: 2)
        try store.withDrills { session in
            try session.enrol(drills)
            // Another program (another connection) writes while this session is open.
            try store.withSession { other in
                other.saved = try nearlyOverGame()
                try other.save()
            }
            try DrillStoreTests.answer(&session, drills[0], best: true, at: 100)
        }
        #expect(try store.withSession { $0.saved } != nil)
        try store.withDrills { session in #expect(session.schedule.log.count == 1 && session.ratings.applied == 1) }
    }

    @Test("two answers from two sessions open at once: both are kept, numbered in turn, the ratings take in both")
    func twoDrillSessionsAtOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.file("twentynine"))
        let drills = DrillStoreTests.drills(count: 2)
        try store.withDrills { session in _ = try session.enrol(drills) }
        try store.withDrills { first in
            try store.withDrills { second in try DrillStoreTests.answer(&second, drills[1], best: false, at: 200) }
            try DrillStoreTests.answer(&first, drills[0], best: true, at: 300)
        }
        try store.withDrills { session in
            #expect(session.schedule.log.map(\.number) == [1, 2])
            #expect(session.ratings.applied == 2)
        }
    }

    @Test("a drill answer, killed at every step: the answer, the schedule and the ratings whole, or none of them")
    func aDrillAnswerKilledAtEveryStep() throws {
        let drills = DrillStoreTests.drills(count: 2)
        var whole: (DrillSchedule, DrillRatings)?
        let steps = try killedAtEveryStep(prepare: { store in
            try store.withDrills { session in
                try session.enrol(drills)
                try DrillStoreTests.answer(&session, drills[0], best: true, at: 100)
            }
        }, operation: { store in
            try store.withDrills { session in try DrillStoreTests.answer(&session, drills[1], best: false, at: 200) }
        }, check: { store, step in
            try store.withDrills { session in
                #expect(session.schedule.log.count == 1 || session.schedule.log.count == 2, "step \(step)")
                #expect(session.ratings.applied == session.schedule.log.count, "step \(step)")
                if session.schedule.log.count == 2 {
                    if let whole { #expect(whole == (session.schedule, session.ratings), "step \(step)") } else {
                        whole = (session.schedule, session.ratings)
                    }
                }
            }
        })
        #expect(steps >= 3)
    }

    @Test("a row that cannot be read is named (not the last setup, not the game's age), left out, and set aside when replaced")
    func fault9AnUnreadableRowIsNamed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.file("twentynine"))
        for seed in 0..<3 as Range<UInt64> {
            try store.withSession { session in
                var game = try nearlyOverGame()
                game.id = "game-\(seed)"
                try game.game.peg(player: 0, points: 1)
                session.saved = game
                try session.save()
            }
        }
        let db = try SQLiteConnection(path: folder.file("twentynine/twentynine.sqlite"), readOnly: false, busyTimeout: 10)
        try db.begin(immediate: true)
        try db.execute("UPDATE game SET summary = ? WHERE id = 'game-1'", [Data("{\"id\":".utf8)])
        try db.execute("UPDATE kept SET body = ? WHERE name = 'game'", [Data("[[[".utf8)])
        try db.commit()
        db.close()
        try store.withSession { session in
            #expect(session.saved == nil)
            #expect(session.problems.contains { $0.contains("twentynine.sqlite (game) is corrupt") })
            #expect(session.history().games.map(\.id) == ["game-0", "game-2"])
            #expect(session.problems.contains { $0.contains("(the history's game game-1) is corrupt") && $0.hasSuffix("it is not listed") },
                    "\(session.problems)")
            session.saved = try nearlyOverGame()
            try session.save()
        }
        let db2 = try SQLiteConnection(path: folder.file("twentynine/twentynine.sqlite"), readOnly: true, busyTimeout: 10)
        defer { db2.close() }
        let aside = try db2.one(Data.self, "SELECT body FROM setAside WHERE name = 'game'")
        #expect(aside == Data("[[[".utf8))
    }
}
