#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the game could not be read or saved, or what went wrong after it was saved; each says
/// which file.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Neither `XDG_DATA_HOME` nor `HOME` says where the data folder is.
    case noDataFolder
    /// The data folder exists but cannot be listed: nothing is read or written.
    case cannotRead(path: String, reason: String)
    /// A file that exists but cannot be used: corrupt, unreadable, or from a newer version. It
    /// is never overwritten.
    case unusable(path: String, reason: String)
    /// A write failed (a read-only or full disk, no permission): nothing was changed.
    case cannotWrite(path: String, reason: String)
    /// A file of the export was written, but its folder could not be flushed: written, not
    /// confirmed durable. (A transaction of the database is committed or not: never this.)
    case notDurable(path: String, reason: String)
    /// A bug: the bytes a save was about to write would not read back as what was saved (the
    /// reader refuses them, or reads something else). Nothing was written, and the caller keeps
    /// what it had before the change.
    case refused(path: String, reason: String)

    /// Whether the game was saved all the same.
    public var isSaved: Bool {
        switch self {
        case .notDurable: true
        default: false
        }
    }

    /// Why, without the path.
    public var reason: String {
        switch self {
        case .noDataFolder: "no data folder"
        case .cannotRead(_, let reason), .unusable(_, let reason), .cannotWrite(_, let reason), .notDurable(_, let reason),
             .refused(_, let reason): reason
        }
    }

    /// The same words, each file named by its name alone (for a notice on the screen).
    public var shortDescription: String { Self.describe(self) { $0.splitLastPathComponent.last } }

    public var description: String { Self.describe(self) { $0 } }

    private static func describe(_ error: StoreError, naming name: (String) -> String) -> String {
        switch error {
        case .refused(let path, let reason):
            "this change could not be saved: a bug: \(name(path)) would not read back (\(reason)); the last saved game is kept"
        case .noDataFolder:
            "no data folder: set XDG_DATA_HOME or HOME"
        case .cannotRead(let path, let reason):
            "cannot read the folder \(name(path)): \(reason)"
        case .unusable(let path, let reason):
            "\(name(path)) \(reason); it is kept as it is"
        case .cannotWrite(let path, let reason):
            "cannot save \(name(path)): \(reason)"
        case .notDurable(let path, let reason):
            "saved to \(name(path)), but not confirmed on disk (flushing its folder failed: \(reason))"
        }
    }
}

/// A failure a test asks for (see `GameStore.fault`): a transaction's commit, the history's
/// write, a full disk, or the program killed at a step of its writes.
public enum StoreFault: Sendable {
    /// The commit fails (as an I/O error would): nothing is saved.
    case folderSync
    case historyWrite
    /// The database may not grow: a write that needs a page more fails with SQLITE_FULL.
    case full
    /// The program dies just before its `n`-th step that changes the database (a statement, a
    /// commit), counted from when the fault was made: from then on no step changes anything, as
    /// after a kill -9 (the transaction under way is never committed).
    case kill(Countdown)

    /// `folder-sync`, `history-write`, `full`, or `kill-N` (N from 1).
    public init?(rawValue: String) {
        switch rawValue {
        case "folder-sync": self = .folderSync
        case "history-write": self = .historyWrite
        case "full": self = .full
        default:
            guard rawValue.hasPrefix("kill-"), let step = Int(rawValue.dropFirst(5)), step >= 1 else { return nil }
            self = .kill(Countdown(step))
        }
    }

    /// The steps before the kill, shared by every write made with this fault.
    public final class Countdown: @unchecked Sendable {
        private let lock = Mutex()
        private var left: Int
        private var died = false

        public init(_ step: Int) { left = step }

        /// Whether the kill has come.
        public var isKilled: Bool { lock.withLock { died } }

        /// Counts a step; at the kill's step, and every one after it, nothing more is done.
        func step() -> Bool {
            lock.withLock {
                left -= 1
                if left <= 0 { died = true }
                return died
            }
        }
    }

    /// Called before each step that changes the database: throws once the program is "killed".
    func step(_ path: String) throws(StoreError) {
        guard case .kill(let countdown) = self, countdown.step() else { return }
        throw .cannotWrite(path: path, reason: "killed (a test's fault)")
    }

    /// Called before a commit: the commit's own failure.
    func commit(_ path: String) throws(StoreError) {
        try step(path)
        if case .folderSync = self { throw .cannotWrite(path: path, reason: "Input/output error (a test's fault)") }
    }

    /// Whether a kill asked for has come: a killed program leaves its temporary files.
    var isKilled: Bool {
        guard case .kill(let countdown) = self else { return false }
        return countdown.isKilled
    }

    var isHistoryWrite: Bool {
        if case .historyWrite = self { return true }
        return false
    }
}

/// A plain mutual exclusion lock (the test fault's counter, an `OpenStore`'s connection).
final class Mutex: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }
}
