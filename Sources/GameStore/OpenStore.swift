#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The database held open across a player's sessions (the table's, the board's, a player's of
/// the server): each session on it holds the write lock for its own read and save only, as a
/// session on a database opened for it does, but a move then waits for the disk once (its commit)
/// rather than for the open, the log's header and the checkpoint at the close as well. SQLite
/// checkpoints the log once it passes 1,000 pages, and at the close (`close`, or when the last
/// reference goes).
///
/// Before each session the database is checked to be the file it opened, still as writable as it
/// was (else it is opened again, as an open of its own would find it: a folder removed or
/// restored, a database made read-only), and, under the lock, of the schema this program knows.
/// A session that throws lets the connection go: the next opens afresh.
public final class OpenStore: @unchecked Sendable {
    public let store: GameStore
    private let lock = Mutex()
    private var database: StoreDatabase?
    /// The database's file as it was opened: its device, inode and whether it was writable.
    private var opened: (device: UInt64, inode: UInt64, writable: Bool)?
    /// The databases of the series the last open passed over (not databases: kept, never
    /// written), one line each: what is not read while this one is held, for every screen to say,
    /// not only the first session after the open. Under a lock of its own: read inside a session too.
    public var passedOver: [String] { saidLock.withLock { said } }
    private let saidLock = Mutex()
    private var said: [String] = []

    public init(_ store: GameStore) { self.store = store }

    deinit { letGo() }

    /// Lets the database go (the log checkpointed if no other program has it open, and the file is
    /// still the one opened, as writable); the next session opens it again.
    public func close() {
        lock.withLock { letGo() }
    }

    private func letGo() {
        if let database {
            if isStill(database) { database.close() } else { database.connection.closeLeavingTheLog() }
        }
        database = nil
    }

    /// Reads the board's game and runs `body`, as `GameStore.withSession` does.
    public func withSession<T>(_ body: (inout GameSession) throws -> T) throws -> T {
        try withConnection(holdsLock: true) { connection, problems in
            var session = try GameSession(store: store, connection: connection, name: "game", problems: problems)
            return try body(&session)
        }
    }

    /// Reads the match against the computer and runs `body`, as `GameStore.withTableSession` does.
    public func withTableSession<T>(_ body: (inout TableSession) throws -> T) throws -> T {
        try withConnection(holdsLock: true) { connection, problems in
            var session = try TableSession(store: store, connection: connection, name: "table", problems: problems)
            return try body(&session)
        }
    }

    /// Reads the drills and runs `body`, as `GameStore.withDrills` does (no lock held while it runs).
    public func withDrills<T>(_ body: (inout DrillSession) throws -> T) throws -> T {
        try withConnection(holdsLock: false) { connection, problems in
            var session = try DrillSession(connection: connection, problems: problems)
            return try body(&session)
        }
    }

    /// Runs `body` on the database held open (opened first when it is not, or no longer the file
    /// or the mode it was); what the open said goes to the first session after it.
    func withConnection<T>(holdsLock: Bool, _ body: (StoreConnection, [String]) throws -> T) throws -> T {
        try lock.withLock {
            var problems: [String] = []
            let held: StoreDatabase
            if let database, isStill(database) { held = database } else {
                // A file made read-only, or replaced, since it was opened is not written, not even by
                // the checkpoint at the close.
                letGo()
                held = try StoreDatabase.open(folder: store.folder, fault: store.fault)
                database = held
                opened = Self.identity(held.path)
                problems = held.problems
                saidLock.withLock { said = held.passedOver }
            }
            do {
                return try GameStore.withConnection(on: held, holdsLock: holdsLock, fault: store.fault, problems: problems,
                                                    checksSchema: true, body)
            } catch {
                held.close()
                database = nil
                throw error
            }
        }
    }

    /// Whether the file at the database's path is the one opened, as writable as it was.
    private func isStill(_ database: StoreDatabase) -> Bool {
        guard let opened, let now = Self.identity(database.path) else { return false }
        return now.device == opened.device && now.inode == opened.inode && now.writable == opened.writable
    }

    private static func identity(_ path: String) -> (device: UInt64, inode: UInt64, writable: Bool)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino), info.st_mode & S_IWUSR != 0)
    }
}
