import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where everything the program keeps is: one SQLite database, `twentynine.sqlite`, in
/// `$XDG_DATA_HOME/twentynine/` (by default `~/.local/share/twentynine/`), which takes in the
/// files of the store before it (`game.json`, `table.json`, the history, the records, the reviews,
/// the drills) once, on its first open, and leaves them as they are.
///
///     let store = try GameStore(environment: ProcessInfo.processInfo.environment)
///     try store.withSession { session in … }
public struct GameStore: Sendable {
    public let folder: String
    /// A failure to pretend, for the tests of what each failure says; nil but in tests.
    public var fault: StoreFault?

    public init(folder: String) { self.folder = folder }

    /// The store in the XDG data folder: `XDG_DATA_HOME` when it is an absolute path, else
    /// `HOME/.local/share`.
    public init(environment: [String: String]) throws(StoreError) {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            folder = data.appendingPathComponent("twentynine")
        } else if let home = environment["HOME"], !home.isEmpty {
            folder = home.appendingPathComponent(".local/share/twentynine")
        } else {
            throw .noDataFolder
        }
    }

    /// Reads the board's game, holding the database's write lock until `body` returns, so that
    /// what `body` saves is not lost to another command running at once. A database that cannot
    /// be opened (a folder that cannot be written, one from a newer TwentyNine) throws before
    /// `body` runs.
    public func withSession<T>(_ body: (inout GameSession) throws -> T) throws -> T {
        try withConnection(holdsLock: true) { connection, problems in
            var session = try GameSession(store: self, connection: connection, name: "game", problems: problems)
            return try body(&session)
        }
    }

    /// Opens the database (importing the old files on its first open) and runs `body` on one
    /// connection; `holdsLock` holds the write lock from the first read to the end.
    func withConnection<T>(holdsLock: Bool, _ body: (StoreConnection, [String]) throws -> T) throws -> T {
        let database = try StoreDatabase.open(folder: folder, fault: fault)
        defer { database.close() }
        return try Self.withConnection(on: database, holdsLock: holdsLock, fault: fault, problems: database.problems,
                                       checksSchema: false, body)
    }

    /// Runs `body` on an open database: a session begun (the write lock taken for `holdsLock`),
    /// the schema checked when the database was opened before (`OpenStore`), and ended after.
    static func withConnection<T>(on database: StoreDatabase, holdsLock: Bool, fault: StoreFault?, problems: [String],
                                  checksSchema: Bool, _ body: (StoreConnection, [String]) throws -> T) throws -> T {
        let connection = StoreConnection(db: database.connection, path: database.path, readOnly: database.readOnly, fault: fault,
                                         holdsLock: holdsLock)
        try connection.begin()
        defer { connection.end() }
        if checksSchema { try database.checkSchema() }
        return try body(connection, problems)
    }

    /// Writes a document's file (the export) where no file is, once its bytes are known to read
    /// back (`readBack(_:path:)`); bytes the reader would refuse are a bug, thrown as `.refused`,
    /// and nothing is written.
    static func create<Document: VersionedDocument>(_ document: Document, at path: String) throws(StoreError) {
        try AtomicFile.create(readBack(document, path: path).data, at: path)
    }

    /// A document's bytes, as they are written, and the document they read back as: through
    /// every check the reader makes, to the same document (the same bytes again). Bytes the
    /// reader would refuse, or that read back as another document, are a bug, thrown as
    /// `.refused`. What every write checks before it writes.
    static func readBack<Document: VersionedDocument>(_ document: Document, path: String) throws(StoreError)
        -> (data: Data, document: Document) {
        let data = document.encoded
        switch Series<Document>.decode(data, path: path) {
        case .failure(.unusable(_, let reason)):
            throw .refused(path: path, reason: reason)
        case .failure(let error):
            throw .refused(path: path, reason: "\(error)")
        case .success(let back) where back.encoded != data:
            throw .refused(path: path, reason: "it reads back as something else")
        case .success(let back):
            return (data, back)
        }
    }
}
