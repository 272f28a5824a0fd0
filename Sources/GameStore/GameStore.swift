import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the game and its history are kept: `game.json`, `table.json` and the history in
/// `$XDG_DATA_HOME/twentynine/` (by default `~/.local/share/twentynine/`).
///
/// A file that is corrupt or from a newer version is never written over: it is reported and
/// skipped, and the next name in its series is used instead (`game-2.json`, `game-3.json`, …).
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

    /// Reads the current game, holding the folder's lock until `body` returns, so that what
    /// `body` saves is not lost to another command running at once. A folder that cannot be
    /// listed throws `StoreError.cannotRead` before `body` runs.
    public func withSession<T>(_ body: (inout GameSession) throws -> T) throws -> T {
        try AtomicFile.withLock(in: folder) {
            var session = try open()
            return try body(&session)
        }
    }

    /// Reads the current game, and settles what it owes the history: a finished game is put
    /// into it, as are the games the file owes it (`SavedGame.unrecorded`). The history is read
    /// only then: an entry in a game under way does not read it.
    func open(now: Date = Date()) throws(StoreError) -> GameSession {
        try StoreSession(store: self, stem: "game", now: now)
    }

    /// Writes a game file whole, atomically (for the durability test's loop too).
    public static func write(_ saved: SavedGame, to path: String) throws(StoreError) {
        try write(document: saved, to: path)
    }

    /// Writes a document whole, atomically, once its bytes are known to read back
    /// (`readBack(_:path:)`). Bytes the reader would refuse are a bug, thrown as `.refused`, and
    /// nothing is written.
    static func write<Document: VersionedDocument>(document: Document, to path: String, fault: StoreFault? = nil,
                                                   create: Bool = false) throws(StoreError) {
        let data = try readBack(document, path: path).data
        if create { try AtomicFile.create(data, at: path, fault: fault) } else {
            try AtomicFile.write(data, to: path, fault: fault)
        }
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
