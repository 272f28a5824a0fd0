import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A match against the computer as it is kept (the database's `table`, once `table.json`): the format version, an id,
/// when the match and its current game began, the table (set-up, finished games, the deal's
/// deck and the current game's moves), and the games this file owes the history.
public struct SavedTable: Codable, Hashable, Sendable, KeptDocument {
    /// 2 adds the games owed to the history (`unrecorded`); 3, the take-backs and the tutor
    /// (`takeBack`, `takeBacks`, `tutor` in `table`); 4, the pace (`pace`); 5, three players or
    /// two teams (`players`); each written only by a match that has them, so an older program
    /// refuses it rather than losing them; a file of version 1 to 4 reads as ever.
    public static let version = 5
    /// `TableGame.maximumMoves` moves take well under 1 MB, and so do the two games a file may
    /// owe the history.
    public static let sizeLimit = 1_000_000

    public var version = SavedTable.version
    public var id: String
    public var started: Date
    /// When the current game of the match began.
    public var gameStarted: Date
    public var table: TableGame
    /// Games this file replaced (a game abandoned by `table --new`, or a finished one the
    /// history could not take at the time) that the history does not hold yet.
    public var unrecorded: [HistoryEntry] = []

    public init(id: String = UUID().uuidString, started: Date = Date(), table: TableGame) {
        self.id = id
        self.started = started.wholeSeconds
        self.gameStarted = started.wholeSeconds
        self.table = table
    }

    public var problem: String? {
        guard id.count <= 100 else { return "an id of \(id.count) characters" }
        return HistoryEntry.problem(unrecorded)
    }

    /// The id the history keeps the match's current game under.
    public var gameID: String { "\(id)-\(table.gameNumber)" }

    public var historyID: String { gameID }
    public var historyStarted: Date { gameStarted }

    /// Whether the current game is over.
    public var isOver: Bool {
        if case .over = table.stage { return true }
        return false
    }

    /// What the history keeps of the current game: its summary, with the computer's level, and
    /// the match as saved now, which replays it.
    public func entry(finished: Date) -> HistoryEntry {
        var summary = FinishedGame(SavedGame(id: gameID, started: gameStarted, game: table.game), finished: finished)
        summary.level = .known(table.setup.level)
        var record = self
        record.unrecorded = []
        return HistoryEntry(summary: summary, record: .table(record))
    }

    private enum CodingKeys: String, CodingKey { case version, id, started, gameStarted, table, unrecorded }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        id = try container.decode(String.self, forKey: .id)
        started = try container.decode(Date.self, forKey: .started)
        gameStarted = try container.decode(Date.self, forKey: .gameStarted)
        table = try container.decode(TableGame.self, forKey: .table)
        unrecorded = try container.decodeIfPresent([HistoryEntry].self, forKey: .unrecorded) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let version = table.setup.seating != .twoPlayers ? 5
            : table.pace != .off ? 4 : table.takeBacks > 0 || !table.setup.takeBacks || table.tutor ? 3 : 2
        try container.encode(version, forKey: .version)
        try container.encode(id, forKey: .id)
        try container.encode(started, forKey: .started)
        try container.encode(gameStarted, forKey: .gameStarted)
        try container.encode(table, forKey: .table)
        if !unrecorded.isEmpty { try container.encode(unrecorded, forKey: .unrecorded) }
    }
}

extension GameStore {
    /// Reads the match against the computer holding the database's write lock until `body`
    /// returns, as `withSession` does for the board's game.
    public func withTableSession<T>(_ body: (inout TableSession) throws -> T) throws -> T {
        try withConnection(holdsLock: true) { connection, problems in
            var session = try TableSession(store: self, connection: connection, name: "table", problems: problems)
            return try body(&session)
        }
    }
}
