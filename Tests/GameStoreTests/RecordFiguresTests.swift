import CribbageCore
import Foundation
@testable import GameStore
import TestSupport
import Testing

/// The figures the Records screen sums, kept beside each game (migration 2): the same as
/// `game --stats` works out from every summary, whether the games came in with the figures or
/// through the migration of a database made before them.
@Suite("GameStore: the records' figures")
struct RecordFiguresTests {
    /// Your statistics over two-player games against the computer, worked out from the summaries as
    /// `game --stats` works them out (`History.statistics`).
    static func yours(_ games: [FinishedGame]) -> PlayerStatistics {
        History(games: games.filter { $0.level != nil && $0.seating == .twoPlayers }).statistics.first { $0.name == "You" }
            ?? PlayerStatistics(name: "You")
    }

    /// Wins and losses by level over the same games, from the summaries.
    static func levels(_ games: [FinishedGame]) -> [String: [Int]] {
        var levels: [String: [Int]] = [:]
        for game in games where game.level != nil && game.seating == .twoPlayers && !game.isAbandoned {
            levels[game.level!.raw, default: [0, 0]][game.winner == "You" ? 0 : 1] += 1
        }
        return levels
    }

    static func levels(_ figures: RecordFigures) -> [String: [Int]] {
        Dictionary(uniqueKeysWithValues: figures.levels.map { ($0.level.raw, [$0.won, $0.lost]) })
    }

    /// Finished games at three levels, one abandoned mid-game, a board game between two people,
    /// and one a newer version's level.
    static func entries() -> [HistoryEntry] {
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        var entries: [HistoryEntry] = []
        for number in 0..<9 {
            let level: ComputerLevel = [.novice, .beginner, .beginner][number % 3]
            let table = SavedTable(id: "m\(number)", started: start, table: FinishedTableGames.game(number, level: level,
                                                                                                    you: number % 2 == 0 ? .novice : .beginner))
            entries.append(table.entry(finished: start.addingTimeInterval(Double(number * 100))))
        }
        var abandoned = TableGame(setup: .init(seed: 9, level: .novice), limit: FinishedTableGames.limit)
        try! abandoned.apply(.next)
        entries.append(SavedTable(id: "a", started: start, table: abandoned).entry(finished: start.addingTimeInterval(1_000)))
        var board = try! Game(names: ["Ann", "You"])
        try! board.correct(player: 1, points: 121)
        entries.append(SavedGame(id: "b", started: start, game: board).entry(finished: start.addingTimeInterval(1_100)))
        var newer = SavedTable(id: "n", started: start, table: FinishedTableGames.game(20)).entry(finished: start.addingTimeInterval(1_200))
        newer.summary.level = .unknown("grandmaster")
        entries.append(newer)
        return entries
    }

    @Test("the figures summed from the columns are what the summaries add up to, game by game as they come in, and once a game is taken back")
    func theFiguresAgreeWithTheSummaries() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.file("twentynine"))
        for entry in Self.entries() {
            try store.withConnection(holdsLock: true) { connection, _ in
                try connection.transaction { connection in try HistoryRows.insert(entry, connection) }
            }
        }
        try store.withSession { session in
            let games = session.history().games
            #expect(games.count == 12)
            let figures = session.recordFigures()
            #expect(figures.unreadable == 0)
            #expect(figures.statistics == Self.yours(games))
            #expect(figures.statistics.games == 10 && figures.statistics.abandoned == 1)
            #expect(Self.levels(figures) == Self.levels(games))
            #expect(Set(Self.levels(figures).keys) == ["novice", "beginner", "grandmaster"])
        }
        // A game taken out of the history takes its figures with it.
        try store.withConnection(holdsLock: true) { connection, _ in
            try connection.transaction { connection in try HistoryRows.remove("m0-1", connection) }
        }
        try store.withSession { session in
            let games = session.history().games
            #expect(games.count == 11)
            #expect(session.recordFigures().statistics == Self.yours(games))
        }
    }

    @Test("a database of before the figures is migrated once: every game's figures filled from its summary, one that cannot be read counted")
    func theMigrationFillsTheFigures() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("twentynine"), withIntermediateDirectories: true)
        let path = folder.file("twentynine/twentynine.sqlite")
        let db = try SQLiteConnection(path: path, readOnly: false, busyTimeout: 10)
        try db.execute("PRAGMA journal_mode = WAL")
        var first = SQLiteMigrations()
        first.add(1, StoreDatabase.migrations.steps[0].body)
        try first.migrate(db) { _ in StoreError.noDataFolder }
        #expect(try db.userVersion() == 1)
        let entries = Self.entries()
        for entry in entries {
            let record = try GameStore.readBack(RecordFile(id: entry.summary.id, record: entry.record), path: path).data
            try db.execute("INSERT INTO game (id, kind, finished, summary, record) VALUES (?, ?, ?, ?, ?)",
                           [entry.summary.id, entry.summary.level == nil ? "board" : "table",
                            Int(entry.summary.finished.timeIntervalSince1970), try HistoryRows.bytes(entry.summary), record])
        }
        try db.execute("INSERT INTO game (id, kind, finished, summary) VALUES ('broken', 'table', 0, ?)", [Data("{".utf8)])
        try db.execute("INSERT INTO importDone (at) VALUES (0)")
        db.close()

        let store = GameStore(folder: folder.file("twentynine"))
        try store.withSession { session in
            let figures = session.recordFigures()
            #expect(figures.unreadable == 1)
            #expect(session.problems.contains { $0.contains("the history's game broken") }, "\(session.problems)")
            let games = entries.map(\.summary)
            #expect(figures.statistics == Self.yours(games))
            #expect(Self.levels(figures) == Self.levels(games))
        }
        let check = try SQLiteConnection(path: path, readOnly: true, busyTimeout: 10)
        defer { check.close() }
        #expect(try check.userVersion() == StoreDatabase.migrations.latest)
        #expect(try check.one(Int.self, "SELECT count(*) FROM figures") == entries.count)
    }
}
