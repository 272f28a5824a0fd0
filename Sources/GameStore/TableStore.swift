import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A match against the computer as it is saved in `table.json`: the format version, an id,
/// when the match and its current game began, and the table (set-up, finished games, the
/// deal's deck and the current game's moves).
public struct SavedTable: Codable, Hashable, Sendable, VersionedDocument {
    public static let version = 1
    /// `TableGame.maximumMoves` moves take well under 1 MB.
    static let sizeLimit = 1_000_000

    public var version = SavedTable.version
    public var id: String
    public var started: Date
    /// When the current game of the match began.
    public var gameStarted: Date
    public var table: TableGame

    public init(id: String = UUID().uuidString, started: Date = Date(), table: TableGame) {
        self.id = id
        self.started = started
        self.gameStarted = started
        self.table = table
    }

    var problem: String? { id.count <= 100 ? nil : "an id of \(id.count) characters" }

    /// The id the history keeps the match's current game under.
    var gameID: String { "\(id)-\(table.gameNumber)" }
}

extension GameStore {
    /// Reads the match against the computer and the history under the folder's lock, as
    /// `withSession` does for the board's game.
    public func withTableSession<T>(_ body: (inout TableSession) throws -> T) throws -> T {
        try AtomicFile.withLock(in: folder) {
            let names = try AtomicFile.names(in: folder)
            let tables = Series<SavedTable>(folder: folder, stem: "table").scan(names)
            let history = Series<History>(folder: folder, stem: "history").scan(names)
            var session = TableSession(store: self, tablePath: tables.path, saved: tables.document,
                                       historyPath: history.path, history: history.document ?? History(),
                                       problems: tables.unusable.map { "\($0); using \(tables.path) instead" }
                                           + history.unusable.map { "\($0); using \(history.path) instead" })
            return try body(&session)
        }
    }
}

/// The match against the computer and the history, read from the store.
public struct TableSession: Sendable {
    public let store: GameStore
    public let tablePath: String
    public var saved: SavedTable?
    public let historyPath: String
    public private(set) var history: History
    /// Files kept but not used, each as a one-line message naming the file used instead.
    public let problems: [String]

    /// Saves the match, then puts a game it finished into the history (once). Throws
    /// `.cannotWrite` when the match was not saved; once it is, what went wrong after is thrown
    /// when the rest is done (`isSaved`).
    public mutating func save(now: Date = Date()) throws(StoreError) {
        guard let saved else { return }
        var warning: StoreError?
        do { try GameStore.write(document: saved, to: tablePath, fault: store.fault) } catch {
            guard error.isSaved else { throw error }
            warning = error
        }
        guard case .over = saved.table.stage, !history.games.contains(where: { $0.id == saved.gameID }) else {
            if let warning { throw warning }
            return
        }
        var updated = history
        var finished = FinishedGame(SavedGame(id: saved.gameID, started: saved.gameStarted, game: saved.table.game), finished: now)
        finished.level = saved.table.setup.level
        updated.games.append(finished)
        do throws(StoreError) {
            try GameStore.write(document: updated, to: historyPath, fault: store.fault)
            history = updated
        } catch {
            guard case .cannotWrite(_, let reason) = error else {
                history = updated
                throw warning ?? error
            }
            throw StoreError.historyBehind(path: historyPath, reason: reason)
        }
        if let warning { throw warning }
    }
}
