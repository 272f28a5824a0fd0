#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A document that holds a game under way, kept in step with the history: the board's game
/// (`game`) or the match against the computer (`table`).
public protocol KeptDocument: VersionedDocument, Hashable, Sendable {
    /// The id the history keeps the current game under, and when that game began.
    var historyID: String { get }
    var historyStarted: Date { get }
    var isOver: Bool { get }
    /// Games an old file replaced that its history did not hold yet (read from the files of
    /// before the database, put into the history by the import; never written now).
    var unrecorded: [HistoryEntry] { get set }
    /// What the history keeps of the current game.
    func entry(finished: Date) -> HistoryEntry
}

public typealias GameSession = StoreSession<SavedGame>
public typealias TableSession = StoreSession<SavedTable>

/// The game under way read from the database (the board's or the table's), with the history.
///
/// Each save is one transaction: the game, and with it whatever the history must take (the game
/// when it ends: its summary and its record; a game abandoned or replaced; a finish taken back
/// out of it). A kill, a full disk or any failure leaves the state before the save or after it,
/// never a mix, so the game and the history agree by construction. A session holds the
/// database's write lock from its reading to its end, as the folder's lock was held, so two
/// commands at once never lose an entry.
public struct StoreSession<Document: KeptDocument>: @unchecked Sendable {
    public let store: GameStore
    /// The database: `twentynine.sqlite` in the data folder.
    public let path: String
    public var saved: Document?
    /// The game as the database holds it (as last read or written).
    private var onDisk: Document?
    let connection: StoreConnection
    /// The game's name in the database: `game` or `table`.
    let name: String
    /// The game `abandon()` set aside: it goes into the history with the next game's save.
    private var abandoned: HistoryEntry?
    /// What could not be read, and what the import said, each as a one-line message.
    public private(set) var problems: [String]

    init(store: GameStore, connection: StoreConnection, name: String, problems: [String]) throws(StoreError) {
        self.store = store
        self.connection = connection
        self.name = name
        self.problems = problems
        path = connection.path
        switch try connection.read(name, as: Document.self) {
        case .success(let document)?: (saved, onDisk) = (document, document)
        case .failure(let problem)?: self.problems.append("\(problem); a new one takes its place when saved")
        case nil: break
        }
    }

    /// Where the history is kept: the database.
    public var historyPath: String { path }

    /// Every game of the history, oldest first; a row that cannot be read is named in `problems`
    /// and left out.
    public mutating func history() -> History {
        let (history, unreadable) = HistoryRows.all(connection)
        for problem in unreadable { note(problem) }
        return history
    }

    /// Names what could not be read in `problems`, once.
    mutating func note(_ problem: String) {
        if !problems.contains(problem) { problems.append(problem) }
    }

    /// The files of the history, its records and its reviews that the import could not read (each
    /// kept as it is on disk, its games left out), one line each as the import named them: what
    /// the records say they leave out, every time they are read, not only at the import.
    public func historyNotImported() -> [String] {
        let lines = (try? connection.db.all(String.self, "SELECT file FROM imported WHERE outcome = 'unreadable' ORDER BY rowid LIMIT ?",
                                            [StoreImport.recordedLimit])) ?? []
        let folder = store.folder + "/"
        return lines.filter { line in
            guard line.hasPrefix(folder) else { return false }
            let name = line.dropFirst(folder.count)
            return name.hasPrefix("history") || name.hasPrefix("records/") || name.hasPrefix("reviews/")
        }.map { "\($0); not imported" }
    }

    /// A game's record: the game whole, as it ended.
    public func record(_ id: String) -> Result<HistoryRecord, StoreError> {
        HistoryRows.record(id, connection).map(\.record)
    }

    /// Sets the unfinished game aside as abandoned and forgets it here: it goes into the
    /// history with the next game, in that game's save (so never while it can still be played).
    public mutating func abandon(now: Date = Date()) {
        guard let saved, !saved.isOver else { return }
        abandoned = saved.entry(finished: now)
        self.saved = nil
    }

    /// Saves the game and brings the history in step with it, in one transaction. Throws
    /// `.cannotWrite` (or `.refused`) when nothing was saved; nothing is thrown once it is.
    public mutating func save(now: Date = Date()) throws(StoreError) {
        guard var next = saved else { return }
        next.unrecorded = []
        let before = onDisk, abandoned = abandoned, name = name
        try connection.transaction { connection in
            if let before, before.historyID == next.historyID, before.isOver, !next.isOver {
                // A finish taken back: out of the history with the game's write.
                try HistoryRows.remove(before.historyID, connection)
            }
            // The row there read as `before` (or was written so), the lock held since: not read again.
            try connection.write(next, as: name, readable: before != nil)
            var owed = [abandoned].compactMap { $0 }
            if let before, before.historyID != next.historyID, before.isOver { owed.append(before.entry(finished: now)) }
            if next.isOver { owed.append(next.entry(finished: now)) }
            for entry in owed { try HistoryRows.insert(entry, connection) }
        }
        (saved, onDisk) = (next, next)
        self.abandoned = nil
    }
}

extension StoreSession where Document == SavedGame {
    /// Where the game is saved: the database.
    public var gamePath: String { path }
}

extension StoreSession where Document == SavedTable {
    /// Where the match is saved: the database.
    public var tablePath: String { path }
}
