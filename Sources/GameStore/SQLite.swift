import CSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The store's own thin layer over SQLite's C API: a connection, prepared statements with bound
/// parameters and typed column reads, transactions, and the schema's migrations by
/// `PRAGMA user_version`. Nothing more than the store uses; every statement is finalized and every
/// connection closed (`sqlite3_close_v2`) on every path.

/// What SQLite said when a call failed: its (extended) result code and its message.
struct SQLiteError: Error, CustomStringConvertible {
    /// The extended result code (the connection is opened with extended codes).
    let extendedCode: Int32
    let message: String

    /// The primary result code: `SQLITE_FULL`, `SQLITE_BUSY`, `SQLITE_CORRUPT` ….
    var code: Int32 { extendedCode & 0xff }

    var description: String { "\(message) (SQLite error \(extendedCode))" }

    init(code: Int32, message: String) {
        extendedCode = code
        self.message = message
    }

    /// The connection's last error (its message), or the code's own words without a connection.
    init(code: Int32, handle: OpaquePointer?) {
        extendedCode = code
        if let handle, let text = sqlite3_errmsg(handle) {
            message = String(cString: text)
        } else if let text = sqlite3_errstr(code) {
            message = String(cString: text)
        } else {
            message = "SQLite error \(code)"
        }
    }
}

/// A value a statement's parameter can be bound to: text, a blob, an integer, or null.
protocol SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32
}

extension String: SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_text(statement, index, self, -1, csqlite_transient())
    }
}

extension Data: SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        // An empty blob stays a blob (a null pointer would bind NULL).
        guard !isEmpty else { return sqlite3_bind_zeroblob(statement, index, 0) }
        return withUnsafeBytes { bytes in
            sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), csqlite_transient())
        }
    }
}

extension Int64: SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_int64(statement, index, self) }
}

extension Int: SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_int64(statement, index, Int64(self)) }
}

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch self {
        case .some(let value): value.bind(to: statement, at: index)
        case .none: sqlite3_bind_null(statement, index)
        }
    }
}

/// A value a statement's column can be read as; nil for NULL.
protocol SQLiteColumn {
    static func column(_ statement: SQLiteStatement, _ index: Int32) -> Self?
}

extension String: SQLiteColumn {
    static func column(_ statement: SQLiteStatement, _ index: Int32) -> String? { statement.text(index) }
}

extension Data: SQLiteColumn {
    static func column(_ statement: SQLiteStatement, _ index: Int32) -> Data? { statement.blob(index) }
}

extension Int64: SQLiteColumn {
    static func column(_ statement: SQLiteStatement, _ index: Int32) -> Int64? { statement.int64(index) }
}

extension Int: SQLiteColumn {
    static func column(_ statement: SQLiteStatement, _ index: Int32) -> Int? { statement.int64(index).map { Int($0) } }
}

/// A prepared statement of one connection, its parameters bound; finalized when it is done with
/// (`finalize`, or when it goes).
final class SQLiteStatement {
    private var handle: OpaquePointer?
    private let connection: OpaquePointer

    fileprivate init(_ connection: OpaquePointer, sql: String, arguments: [any SQLiteBindable]) throws(SQLiteError) {
        self.connection = connection
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else {
            let error = SQLiteError(code: prepared, handle: connection)
            sqlite3_finalize(statement)
            throw error
        }
        handle = statement
        guard Int(sqlite3_bind_parameter_count(statement)) == arguments.count else {
            finalize()
            throw SQLiteError(code: SQLITE_RANGE, message: "\(arguments.count) arguments for a statement of \(sqlite3_bind_parameter_count(statement)) parameters")
        }
        for (offset, argument) in arguments.enumerated() {
            let bound = argument.bind(to: statement, at: Int32(offset + 1))
            guard bound == SQLITE_OK else {
                let error = SQLiteError(code: bound, handle: connection)
                finalize()
                throw error
            }
        }
    }

    deinit { finalize() }

    func finalize() {
        if let handle { sqlite3_finalize(handle) }
        handle = nil
    }

    /// The next row: true when there is one, false when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        guard let handle else { return false }
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            // (prepare_v2: the step's own extended code, and the connection's message for it.)
            let error = SQLiteError(code: code, handle: connection)
            finalize()
            throw error
        }
    }

    private func isNull(_ index: Int32) -> Bool { handle.map { sqlite3_column_type($0, index) == SQLITE_NULL } ?? true }

    func text(_ index: Int32) -> String? {
        guard !isNull(index), let handle, let text = sqlite3_column_text(handle, index) else { return nil }
        return String(cString: text)
    }

    func blob(_ index: Int32) -> Data? {
        guard !isNull(index), let handle else { return nil }
        let bytes = sqlite3_column_blob(handle, index)
        let count = Int(sqlite3_column_bytes(handle, index))
        guard let bytes, count > 0 else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    func int64(_ index: Int32) -> Int64? {
        guard !isNull(index), let handle else { return nil }
        return sqlite3_column_int64(handle, index)
    }
}

/// One connection to a database file. Closed by `close` (`sqlite3_close_v2`), or when it goes.
final class SQLiteConnection {
    private var handle: OpaquePointer?
    let path: String
    /// Every statement's SQL as it is run, for the tests that check what a save reads.
    var tracer: ((String) -> Void)?

    /// Opens `path` (read-only, or read-write and created when absent), with extended result codes
    /// and a busy timeout; the connection is checked to be a database by the caller's first read.
    init(path: String, readOnly: Bool, busyTimeout: Double) throws(SQLiteError) {
        self.path = path
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        var connection: OpaquePointer?
        let opened = sqlite3_open_v2(path, &connection, flags, nil)
        guard opened == SQLITE_OK, let connection else {
            let error = SQLiteError(code: opened, handle: connection)
            sqlite3_close_v2(connection)
            throw error
        }
        handle = connection
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, Int32(busyTimeout * 1000))
    }

    deinit { close() }

    func close() {
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// Closes without checkpointing the log into the database file (what is committed stays in
    /// the log, for the next connection): for a file made read-only, or replaced, since it was opened.
    func closeLeavingTheLog() {
        if let handle { csqlite_no_checkpoint_on_close(handle) }
        close()
    }

    private func open() throws(SQLiteError) -> OpaquePointer {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database \(path) is closed") }
        return handle
    }

    /// A statement prepared with its arguments bound.
    func prepare(_ sql: String, _ arguments: [any SQLiteBindable] = []) throws(SQLiteError) -> SQLiteStatement {
        tracer?(sql)
        return try SQLiteStatement(open(), sql: sql, arguments: arguments)
    }

    /// Runs one statement to its end.
    func execute(_ sql: String, _ arguments: [any SQLiteBindable] = []) throws(SQLiteError) {
        let statement = try prepare(sql, arguments)
        defer { statement.finalize() }
        while try statement.step() {}
    }

    /// Runs statements separated by semicolons, without arguments (a migration's schema).
    func executeScript(_ sql: String) throws(SQLiteError) {
        let connection = try open()
        tracer?(sql)
        let result = sqlite3_exec(connection, sql, nil, nil, nil)
        guard result == SQLITE_OK else { throw SQLiteError(code: sqlite3_extended_errcode(connection), handle: connection) }
    }

    /// Calls `body` with each row of a query.
    func forEachRow(_ sql: String, _ arguments: [any SQLiteBindable] = [], _ body: (SQLiteStatement) throws -> Void) throws {
        let statement = try prepare(sql, arguments)
        defer { statement.finalize() }
        while try statement.step() { try body(statement) }
    }

    /// The first row's first column, or nil (no row, or NULL).
    func one<Value: SQLiteColumn>(_ type: Value.Type, _ sql: String, _ arguments: [any SQLiteBindable] = []) throws(SQLiteError) -> Value? {
        let statement = try prepare(sql, arguments)
        defer { statement.finalize() }
        return try statement.step() ? Value.column(statement, 0) : nil
    }

    /// Every row's first column (rows whose column is NULL left out).
    func all<Value: SQLiteColumn>(_ type: Value.Type, _ sql: String, _ arguments: [any SQLiteBindable] = []) throws(SQLiteError) -> [Value] {
        let statement = try prepare(sql, arguments)
        defer { statement.finalize() }
        var values: [Value] = []
        while try statement.step() { if let value = Value.column(statement, 0) { values.append(value) } }
        return values
    }

    /// Whether a query has a row.
    func exists(_ sql: String, _ arguments: [any SQLiteBindable] = []) throws(SQLiteError) -> Bool {
        let statement = try prepare(sql, arguments)
        defer { statement.finalize() }
        return try statement.step()
    }

    /// Whether a transaction is open (SQLite is out of autocommit mode).
    var isInsideTransaction: Bool { handle.map { sqlite3_get_autocommit($0) == 0 } ?? false }

    /// `BEGIN IMMEDIATE` (the write lock now, waiting up to the busy timeout) or `BEGIN DEFERRED`.
    func begin(immediate: Bool) throws(SQLiteError) { try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED") }
    func commit() throws(SQLiteError) { try execute("COMMIT") }
    func rollback() throws(SQLiteError) { try execute("ROLLBACK") }

    /// `PRAGMA user_version`: the schema's version, as the migrations number it.
    func userVersion() throws(SQLiteError) -> Int { try one(Int.self, "PRAGMA user_version") ?? 0 }
}

/// The schema's migrations, numbered from 1 in order: a database's `PRAGMA user_version` is the
/// last it has had. Each is applied once, in a transaction of its own that also sets the version,
/// so that a kill leaves a database at one version or the next, never between. A database whose
/// version is above the last one here is from a newer program: refused, never written.
struct SQLiteMigrations {
    struct Step {
        let version: Int
        let body: (SQLiteConnection) throws -> Void
    }

    private(set) var steps: [Step] = []

    /// The version the last migration brings a database to.
    var latest: Int { steps.last?.version ?? 0 }

    mutating func add(_ version: Int, _ body: @escaping (SQLiteConnection) throws -> Void) {
        precondition(version == latest + 1, "migrations are numbered 1, 2, 3 … in order")
        steps.append(Step(version: version, body: body))
    }

    /// Whether the database has had a migration this list does not know.
    func isSuperseded(_ connection: SQLiteConnection) throws(SQLiteError) -> Bool { try connection.userVersion() > latest }

    /// Whether the database has had every migration.
    func isComplete(_ connection: SQLiteConnection) throws(SQLiteError) -> Bool { try connection.userVersion() == latest }

    /// Applies the migrations the database has not had, each in its own `BEGIN IMMEDIATE`
    /// transaction whose version is read again under the lock (another program may have applied it
    /// meanwhile). `superseded` is thrown, and nothing written, for a database from a newer program.
    func migrate(_ connection: SQLiteConnection, superseded: (Int) -> any Error) throws {
        for step in steps {
            guard try connection.userVersion() < step.version else { continue }
            try connection.begin(immediate: true)
            do {
                let version = try connection.userVersion()
                if version > latest { throw superseded(version) }
                if version < step.version {
                    try step.body(connection)
                    try connection.execute("PRAGMA user_version = \(step.version)")
                }
                try connection.commit()
            } catch {
                if connection.isInsideTransaction { try? connection.rollback() }
                throw error
            }
        }
    }
}
