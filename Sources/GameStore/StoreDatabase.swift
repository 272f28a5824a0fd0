#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `twentynine.sqlite` in the data folder: everything the program keeps, in one SQLite database
/// (WAL, 0600, a busy timeout), its schema brought up to date by versioned migrations.
///
/// - `kept`: the documents there is one of, by name, each the bytes of its old file (`game`,
///   `table`, `drills`, `drill-schedule`, `drill-ratings`, `drill-setup`);
/// - `game`: the history, a finished (or abandoned) game a row, in the order they were put in:
///   its summary and its record;
/// - `review`: a game's review summary a row;
/// - `setAside`: a row that could not be read when something took its place, kept as it was;
/// - `imported`: the files of the old store taken in, once (`StoreImport`).
///
/// A database from a newer TwentyNine (a migration this one does not know) is refused whole and
/// never touched; one that is not a database is kept as it is, and the next name of the series
/// (`twentynine-2.sqlite` …) is used.
struct StoreDatabase {
    static let stem = "twentynine"
    /// The longest a write waits for another program's transaction before it gives up.
    static let busyTimeout: TimeInterval = 10
    /// The most names of the series tried before giving up.
    static let maximumNumber = 9

    /// The connection the program uses, closed by `close` (or when the last reference goes).
    let connection: SQLiteConnection
    let path: String
    let readOnly: Bool
    /// Databases kept but not used, and what the import said, each as one line.
    let problems: [String]
    /// The databases of the series this open passed over (not databases: kept, never written),
    /// each as one line; the first lines of `problems`. Every open finds them again.
    var passedOver: [String] = []

    /// The migrations, numbered in order (`PRAGMA user_version`): a database whose version is
    /// above the last is from a newer TwentyNine.
    static var migrations: SQLiteMigrations {
        var migrations = SQLiteMigrations()
        migrations.add(1) { db in
            try db.executeScript("""
                CREATE TABLE kept (name TEXT PRIMARY KEY NOT NULL, body BLOB NOT NULL);
                CREATE TABLE game (
                    number INTEGER PRIMARY KEY AUTOINCREMENT,
                    id TEXT NOT NULL UNIQUE,
                    kind TEXT NOT NULL,
                    finished INTEGER NOT NULL,
                    summary BLOB NOT NULL,
                    record BLOB);
                CREATE INDEX game_finished ON game(finished);
                CREATE TABLE review (id TEXT PRIMARY KEY NOT NULL, finished INTEGER NOT NULL, body BLOB NOT NULL);
                CREATE TABLE setAside (number INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, reason TEXT NOT NULL,
                                       body BLOB, at INTEGER NOT NULL);
                CREATE TABLE imported (file TEXT NOT NULL, outcome TEXT NOT NULL);
                CREATE TABLE importDone (at INTEGER NOT NULL);
                """)
        }
        // What the Records screen adds up, kept beside each game (`GameFigures`).
        migrations.add(2, GameFigures.migrate)
        return migrations
    }

    /// Lets the database go (`sqlite3_close_v2`).
    func close() { connection.close() }

    /// Throws when a newer TwentyNine has migrated the database since it was opened (read under
    /// the session's lock, so nothing is written over a schema this program does not know).
    func checkSchema() throws(StoreError) {
        let version: Int
        do { version = try connection.userVersion() } catch { throw StoreDatabase.storeError(error, path: path) }
        if version > Self.migrations.latest { throw Self.newer(path, version: version) }
    }

    /// Opens the first usable database of the series in `folder`, creating the folder (0700) and
    /// the database (0600), migrating it, and importing the old files on its first open.
    static func open(folder: String, fault: StoreFault?) throws(StoreError) -> StoreDatabase {
        try AtomicFile.createFolder(folder)
        restrictFolder(folder)
        // Opening (creating, checking, migrating, importing) is one program's at a time: two
        // programs opening a new database at once would both migrate and import. The lock is the
        // folder's own (`flock` on it: no file of its own, and apart from SQLite's locks on the
        // database), held only while opening.
        let folderDescriptor = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 { while flock(folderDescriptor, LOCK_EX) != 0 && errno == EINTR {} }
        defer { if folderDescriptor >= 0 { Glibc.close(folderDescriptor) } }
        var problems: [String] = []
        for number in 1...maximumNumber {
            let path = "\(folder)/\(stem)\(number == 1 ? "" : "-\(number)").sqlite"
            switch openOne(path) {
            case .success(let (connection, readOnly)):
                var database = StoreDatabase(connection: connection, path: path, readOnly: readOnly, problems: problems)
                if !readOnly {
                    do {
                        let report = try StoreImport(folder: folder, database: database, fault: fault).run()
                        database = StoreDatabase(connection: connection, path: path, readOnly: readOnly, problems: problems + report)
                    } catch {
                        connection.close()
                        throw error
                    }
                }
                database.passedOver = problems
                return database
            case .failure(let error):
                guard case .unusable(_, let reason) = error, reason.hasPrefix("is not a database") else { throw error }
                let next = "\(folder)/\(stem)-\(number + 1).sqlite"
                problems.append("\(error); using \(next) instead")
            }
        }
        throw .cannotRead(path: folder, reason: "no database of the \(stem)-N.sqlite series can be used")
    }

    /// Group and other permissions come off the data folder (never added).
    private static func restrictFolder(_ folder: String) {
        var info = stat()
        if stat(folder, &info) == 0, info.st_mode & 0o077 != 0 { chmod(folder, info.st_mode & 0o700) }
    }

    /// One database: created 0600 when absent; checked (a database, not from a newer TwentyNine)
    /// before anything is written; then WAL and the migrations. A file its owner made read-only
    /// is opened read-only, root or not.
    private static func openOne(_ path: String) -> Result<(SQLiteConnection, Bool), StoreError> {
        var info = stat()
        var exists = lstat(path, &info) == 0
        if exists, info.st_mode & S_IFMT != S_IFREG {
            var target = stat()
            if AtomicFile.isDanglingLink(path) {
                // A link to a database not there yet (a synced folder): it goes where it points.
                exists = false
            } else {
                guard stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFREG else {
                    return .failure(.unusable(path: path, reason: "is not a database (not a regular file)"))
                }
                info = target
            }
        }
        if !exists {
            let target = (try? AtomicFile.resolvingLinks(path)) ?? path
            let descriptor = Glibc.open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if descriptor >= 0 {
                fchmod(descriptor, 0o600)
                Glibc.close(descriptor)
            } else if errno != EEXIST {
                // (EEXIST: another program made it meanwhile, which is as good.)
                return .failure(.cannotWrite(path: path, reason: String(cString: strerror(errno))))
            }
        } else if info.st_mode & 0o077 != 0, info.st_mode & S_IWUSR != 0 {
            // Tightened (never loosened); a database its owner made read-only is left as it is.
            chmod(path, info.st_mode & 0o700)
        }
        let readOnly = exists && info.st_mode & S_IWUSR == 0
        var opened: SQLiteConnection?
        do {
            let db = try SQLiteConnection(path: path, readOnly: readOnly, busyTimeout: busyTimeout)
            opened = db
            // Read before any write: a file that is not a database throws here.
            _ = try db.one(Int.self, "SELECT count(*) FROM sqlite_master")
            let known = migrations
            if try known.isSuperseded(db) { throw newer(path, version: try db.userVersion()) }
            if !readOnly {
                try settled {
                    if try db.one(String.self, "PRAGMA journal_mode") != "wal" {
                        _ = try db.one(String.self, "PRAGMA journal_mode = WAL")
                    }
                } when: { try db.one(String.self, "PRAGMA journal_mode") == "wal" }
                try db.execute("PRAGMA synchronous = FULL")
                // Two programs opening a new database at once both try the migrations: the one
                // that loses finds them done.
                try settled { try known.migrate(db) { newer(path, version: $0) } } when: { try known.isComplete(db) }
            }
            return .success((db, readOnly))
        } catch {
            opened?.close()
            if let error = error as? SQLiteError, [SQLITE_NOTADB, SQLITE_CORRUPT].contains(error.code) {
                return .failure(.unusable(path: path, reason: "is not a database TwentyNine can read (\(error.message))"))
            }
            return .failure(storeError(error, path: path))
        }
    }

    /// The refusal of a database from a newer TwentyNine, in one line.
    static func newer(_ path: String, version: Int) -> StoreError {
        .unusable(path: path, reason: "is from a newer TwentyNine (its schema version \(version) is unknown to this one, which knows up to \(migrations.latest))")
    }

    /// Runs `change`; when it fails, and `done` says another program has made it meanwhile, that
    /// is as good (tried three times).
    private static func settled(_ change: () throws -> Void, when done: () throws -> Bool) throws {
        for attempt in 1...3 {
            do {
                try change()
                return
            } catch {
                if try done() { return }
                if attempt == 3 { throw error }
            }
        }
    }

    /// A database error as the store says it: a full disk, a busy or read-only database, in words.
    static func storeError(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? SQLiteError else { return .cannotWrite(path: path, reason: "\(error)") }
        switch error.code {
        case SQLITE_FULL: return .cannotWrite(path: path, reason: "the disk is full")
        case SQLITE_BUSY, SQLITE_LOCKED:
            return .cannotWrite(path: path, reason: "another TwentyNine held the database for \(Int(busyTimeout)) s")
        case SQLITE_READONLY: return .cannotWrite(path: path, reason: "the database is read-only")
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            return .unusable(path: path, reason: "is corrupt (\(error.message))")
        default: return .cannotWrite(path: path, reason: error.message)
        }
    }
}

/// One open connection to the database, as a session holds it: its reads, and its writes made
/// one transaction at a time (`transaction`), each step of which a test's fault may stop.
final class StoreConnection {
    let db: SQLiteConnection
    let path: String
    let readOnly: Bool
    let fault: StoreFault?
    /// Whether the connection holds the write lock between transactions (a game or table session,
    /// as the folder's lock was held from reading to the last write).
    let holdsLock: Bool
    /// Whether a session holding the lock let it go between two transactions (taking it again
    /// failed): what it read may have changed since.
    private(set) var lockLost = false

    init(db: SQLiteConnection, path: String, readOnly: Bool, fault: StoreFault?, holdsLock: Bool) {
        self.db = db
        self.path = path
        self.readOnly = readOnly
        self.fault = fault
        self.holdsLock = holdsLock
    }

    /// Where a row is named in a message: `twentynine.sqlite (the game)`.
    func place(_ what: String) -> String { "\(path) (\(what))" }

    /// Begins holding the lock (a session that holds it from reading to its last write).
    func begin() throws(StoreError) {
        do { try db.begin(immediate: !readOnly && holdsLock) } catch {
            throw StoreDatabase.storeError(error, path: path)
        }
    }

    /// Ends the session: what was read is let go.
    func end() {
        if db.isInsideTransaction { try? db.rollback() }
    }

    /// Runs `body`'s writes as one transaction: all of them are on disk when it returns, none when
    /// it throws. A session holding the lock holds it again after.
    func transaction(_ body: (StoreConnection) throws -> Void) throws(StoreError) {
        guard !readOnly else { throw .cannotWrite(path: path, reason: "the database is read-only (mode 0400 or 0444)") }
        if fault?.isKilled == true { throw .cannotWrite(path: path, reason: "killed (a test's fault)") }
        do {
            if !db.isInsideTransaction { try db.begin(immediate: true) } else if !holdsLock {
                // A read under way: the write begins afresh, on what is on disk now.
                try db.rollback()
                try db.begin(immediate: true)
            }
            if case .full? = fault { _ = try db.one(Int.self, "PRAGMA max_page_count = \(try db.one(Int.self, "PRAGMA page_count") ?? 1)") }
            try body(self)
            try fault?.commit(path)
            try db.commit()
        } catch {
            if db.isInsideTransaction { try? db.rollback() }
            if holdsLock { if fault?.isKilled == true { lockLost = true } else { holdAgain() } }
            throw StoreDatabase.storeError(error, path: path)
        }
        if holdsLock { holdAgain() }
    }

    /// Takes the write lock again after a transaction, as a session holding it does.
    private func holdAgain() {
        do { try db.begin(immediate: true) } catch { lockLost = true }
    }

    /// A statement that changes the database: a step a test's fault may stop.
    func execute(_ sql: String, _ arguments: [any SQLiteBindable] = []) throws {
        try fault?.step(path)
        try db.execute(sql, arguments)
    }

    /// An insert that returns its row's number (`… RETURNING number`), or nil when it inserted
    /// nothing: a step a test's fault may stop.
    func insert(_ sql: String, _ arguments: [any SQLiteBindable]) throws -> Int? {
        try fault?.step(path)
        return try db.one(Int.self, sql, arguments)
    }

    /// A kept document's bytes (`kept`), or nil.
    func kept(_ name: String) throws(StoreError) -> Data? {
        do { return try db.one(Data.self, "SELECT body FROM kept WHERE name = ?", [name]) } catch {
            throw StoreDatabase.storeError(error, path: path)
        }
    }

    /// A kept document, read through every check its file had (`Series.decode`); nil when there
    /// is none, an unusable one named by its place.
    func read<Document: VersionedDocument>(_ name: String, as type: Document.Type) throws(StoreError)
        -> Result<Document, StoreError>? {
        guard let data = try kept(name) else { return nil }
        return Series<Document>.decode(data, path: place(name))
    }

    /// Writes a kept document (inside `transaction`), once its bytes are known to read back; a
    /// row there that cannot be read is set aside first, never lost. `readable`: the row there is
    /// known to read (this session read it, or wrote it, holding the lock since), so it is not
    /// read again.
    func write<Document: VersionedDocument>(_ document: Document, as name: String, readable: Bool = false) throws {
        let data = try GameStore.readBack(document, path: place(name)).data
        if !(readable && holdsLock && !lockLost), let old = try kept(name), case .failure(let problem) = Series<Document>.decode(old, path: place(name)) {
            try setAside(name, body: old, reason: problem.reason)
        }
        try execute("INSERT INTO kept (name, body) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET body = excluded.body",
                    [name, data])
    }

    /// Keeps a row that cannot be read, as it was, before something takes its place.
    func setAside(_ name: String, body: Data?, reason: String) throws {
        try execute("INSERT INTO setAside (name, reason, body, at) VALUES (?, ?, ?, ?)",
                    [name, reason, body, Int(Date().timeIntervalSince1970)])
    }
}
