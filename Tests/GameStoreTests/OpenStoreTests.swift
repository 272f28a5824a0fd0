import CribbageCore
import Foundation
@testable import GameStore
import TestSupport
import Testing

/// The database held open across a player's sessions (`OpenStore`, the table's and the board's
/// keeper, a player of the server): what a session on a database opened for it guarantees holds.
@Suite("GameStore: the database held open")
struct OpenStoreTests {
    /// A match one move from its first game's end, and that game over.
    static let tableAtItsEnd: (TableGame, TableGame) = {
        var table = TableGame(setup: .init(seed: 303, level: .beginner), limit: FinishedTableGames.limit)
        let player = ComputerPlayer(level: .beginner, limit: FinishedTableGames.limit)
        while true {
            var next = table
            try! next.apply(next.match.move(of: TableGame.player, by: player) ?? .next)
            if case .over = next.stage { return (table, next) }
            table = next
        }
    }()

    @Test("between two saves no lock is held: another program takes the write lock at once")
    func noLockBetweenSaves() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = OpenStore(GameStore(folder: folder.file("twentynine")))
        defer { store.close() }
        var saved = try nearlyOverGame()
        try store.withSession { session in
            session.saved = saved
            try session.save()
        }
        // Another program, waiting for nobody (no busy timeout), writes.
        let other = try SQLiteConnection(path: folder.file("twentynine/twentynine.sqlite"), readOnly: false, busyTimeout: 0)
        try other.begin(immediate: true)
        try other.rollback()
        other.close()
        try saved.game.peg(player: 1, points: 1)
        try store.withSession { session in
            #expect(session.saved?.game.log.count == saved.game.log.count - 1)
            session.saved = saved
            try session.save()
        }
        #expect(try GameStore(folder: folder.file("twentynine")).withSession { $0.saved } == saved)
    }

    @Test("a database removed while held open: the next save makes a new one where it was, not in the file gone")
    func aDatabaseRemovedWhileHeld() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = OpenStore(GameStore(folder: folder.file("twentynine")))
        defer { store.close() }
        try store.withSession { session in
            session.saved = try nearlyOverGame()
            try session.save()
        }
        try FileManager.default.removeItem(atPath: folder.file("twentynine"))
        let next = try nearlyOverGame()
        try store.withSession { session in
            #expect(session.saved == nil)
            session.saved = next
            try session.save()
        }
        #expect(try GameStore(folder: folder.file("twentynine")).withSession { $0.saved } == next)
    }

    @Test("a database made read-only, or migrated by a newer TwentyNine, while held open: the save is refused and said, nothing written")
    func aDatabaseChangedUnderIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("twentynine/twentynine.sqlite")
        let store = OpenStore(GameStore(folder: folder.file("twentynine")))
        defer { store.close() }
        var saved = try nearlyOverGame()
        try store.withSession { session in
            session.saved = saved
            try session.save()
        }
        chmod(path, 0o400)
        try saved.game.peg(player: 1, points: 1)
        #expect {
            try store.withSession { session in
                session.saved = saved
                try session.save()
            }
        } throws: { "\($0)".contains("read-only") }
        chmod(path, 0o600)
        try store.withSession { session in
            session.saved = saved
            try session.save()
        }
        let kept = saved
        let db = try SQLiteConnection(path: path, readOnly: false, busyTimeout: 10)
        try db.execute("PRAGMA user_version = \(StoreDatabase.migrations.latest + 1)")
        db.close()
        try saved.game.peg(player: 1, points: 1)
        #expect {
            try store.withSession { session in
                session.saved = saved
                try session.save()
            }
        } throws: { "\($0)".contains("is from a newer TwentyNine") }
        let check = try SQLiteConnection(path: path, readOnly: true, busyTimeout: 10)
        defer { check.close() }
        #expect(try check.one(Data.self, "SELECT body FROM kept WHERE name = 'game'") == kept.encoded)
    }

    @Test("the table's game's end on the held database, killed at every step: the history holds the game, its record and its figures exactly when the match is over")
    func aTablesEndKilledAtEveryStep() throws {
        let (before, after) = Self.tableAtItsEnd
        let steps = try killedAtEveryStep(prepare: { store in
            let open = OpenStore(store)
            try open.withTableSession { session in
                session.saved = SavedTable(id: "m", table: before)
                try session.save()
            }
        }, operation: { store in
            let open = OpenStore(store)
            // A key first, as the table saves keys before the last.
            try open.withTableSession { session in
                session.saved?.table = before
                try session.save()
            }
            try open.withTableSession { session in
                session.saved?.table = after
                try session.save()
            }
        }, check: { store, step in
            let over = try store.withTableSession { $0.saved?.isOver }
            try store.withSession { session in
                let games = session.history().games
                #expect(games.count == (over == true ? 1 : 0), "step \(step)")
                let figures = session.recordFigures()
                #expect(figures.levels.reduce(0) { $0 + $1.won + $1.lost } == games.count, "step \(step)")
                #expect(figures.statistics == RecordFiguresTests.yours(games), "step \(step)")
                if over == true, case .success(.table(let record)) = session.record(games[0].id) {
                    #expect(record.table.moves == after.moves, "step \(step)")
                } else if over == true {
                    Issue.record("step \(step): no record")
                }
            }
        })
        #expect(steps >= 4, "the game's end takes \(steps) steps")
    }
}
