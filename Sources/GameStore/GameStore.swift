import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the game and its history are kept: `game.json` and `history.json` in
/// `$XDG_DATA_HOME/twentynine/` (by default `~/.local/share/twentynine/`).
///
/// A file that is corrupt or from a newer version is never written over: it is reported and
/// skipped, and the next name in its series is used instead (`game-2.json`, `game-3.json`, …).
///
///     let store = try GameStore(environment: ProcessInfo.processInfo.environment)
///     var session = store.open()
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

    /// Reads the current game and the history, holding the folder's lock until `body` returns,
    /// so that what `body` saves is not lost to another command running at once.
    /// A folder that cannot be listed throws `StoreError.cannotRead` before `body` runs.
    public func withSession<T>(_ body: (inout GameSession) throws -> T) throws -> T {
        try AtomicFile.withLock(in: folder) {
            var session = try open()
            return try body(&session)
        }
    }

    /// Reads the current game and the history, and makes them agree (a game that finished is
    /// in the history; one that is no longer finished, after an undo, is not).
    func open() throws(StoreError) -> GameSession {
        let names = try AtomicFile.names(in: folder)
        let games = Series<SavedGame>(folder: folder, stem: "game").scan(names)
        let history = Series<History>(folder: folder, stem: "history").scan(names)
        var session = GameSession(store: self, gamePath: games.path, saved: games.document,
                                  historyPath: history.path, history: history.document ?? History(),
                                  problems: games.unusable.map { "\($0); using \(games.path) instead" }
                                      + history.unusable.map { "\($0); using \(history.path) instead" })
        if let saved = session.saved { session.settleHistory(saved, now: Date()) }
        return session
    }

    /// Writes a game file whole, atomically (for the durability test's loop too).
    public static func write(_ saved: SavedGame, to path: String) throws(StoreError) {
        try write(document: saved, to: path)
    }

    static func write(document: some Encodable, to path: String, fault: StoreFault? = nil) throws(StoreError) {
        let data: Data
        do { data = try JSONEncoder.store.encode(document) } catch {
            preconditionFailure("a game always encodes: \(error)")
        }
        try AtomicFile.write(data + Data("\n".utf8), to: path, fault: fault)
    }
}

/// The current game and the history, read from the store, and what was wrong with the files
/// skipped on the way.
public struct GameSession: Sendable {
    public let store: GameStore
    /// Where the game is saved: `game.json`, or the next free name after unusable files.
    public private(set) var gamePath: String
    public var saved: SavedGame?
    public let historyPath: String
    public private(set) var history: History
    /// Files kept but not used, each as a one-line message naming the file used instead.
    public let problems: [String]

    init(store: GameStore, gamePath: String, saved: SavedGame?, historyPath: String, history: History,
         problems: [String]) {
        self.store = store
        self.gamePath = gamePath
        self.saved = saved
        self.historyPath = historyPath
        self.history = history
        self.problems = problems
    }

    /// Saves the game, then brings the history up to date with it. Throws `.cannotWrite` when
    /// the game was not saved; once it is, what went wrong after (`.notDurable`,
    /// `.historyBehind`: `isSaved`) is thrown when the rest is done.
    public mutating func save(now: Date = Date()) throws(StoreError) {
        guard let saved else { return }
        var warning: StoreError?
        do { try GameStore.write(document: saved, to: gamePath, fault: store.fault) } catch {
            guard error.isSaved else { throw error }
            warning = error
        }
        if let problem = settleHistory(saved, now: now) { warning = warning ?? problem }
        if let warning { throw warning }
    }

    /// Puts an unfinished game into the history as abandoned, and forgets it here. A history
    /// replaced but not confirmed on disk (`.notDurable`) is thrown after the game is forgotten.
    public mutating func abandon(now: Date = Date()) throws(StoreError) {
        guard let saved, !saved.game.isOver else { return }
        var updated = history
        updated.games.append(FinishedGame(saved, finished: now))
        var warning: StoreError?
        do { try GameStore.write(document: updated, to: historyPath, fault: store.fault) } catch {
            guard error.isSaved else { throw error }
            warning = error
        }
        history = updated
        self.saved = nil
        if let warning { throw warning }
    }

    /// A finished game belongs in the history, once; an unfinished one (a finish undone) does
    /// not. Writes the history only when it changes.
    @discardableResult
    mutating func settleHistory(_ saved: SavedGame, now: Date) -> StoreError? {
        var updated = history
        let index = updated.games.firstIndex { $0.id == saved.id }
        if saved.game.isOver {
            guard index == nil else { return nil }
            updated.games.append(FinishedGame(saved, finished: now))
        } else {
            guard let index, !updated.games[index].isAbandoned else { return nil }
            updated.games.remove(at: index)
        }
        do throws(StoreError) {
            if store.fault == .historyWrite { throw .cannotWrite(path: historyPath, reason: "Input/output error") }
            try GameStore.write(document: updated, to: historyPath, fault: store.fault)
        } catch {
            guard case .cannotWrite(_, let reason) = error else {
                history = updated
                return error
            }
            return .historyBehind(path: historyPath, reason: reason)
        }
        history = updated
        return nil
    }
}

/// The files `stem.json`, `stem-2.json`, `stem-3.json` … in a folder: the first that reads is
/// the one in use; those that do not are reported and skipped; with none readable, the first
/// free name after them is where a new one goes.
struct Series<Document: VersionedDocument> {
    let folder: String
    let stem: String

    struct Scan {
        let path: String
        let document: Document?
        let unusable: [StoreError]
    }

    func scan(_ names: [String]) -> Scan {
        let existing = numbers(names)
        var unusable: [StoreError] = []
        for number in existing {
            let path = self.path(number)
            // A link to a file not there yet (a synced folder): the game goes where it points.
            if AtomicFile.isDanglingLink(path) { return Scan(path: path, document: nil, unusable: unusable) }
            switch read(path) {
            case .success(let document): return Scan(path: path, document: document, unusable: unusable)
            case .failure(let problem): unusable.append(problem)
            }
        }
        let free = (existing.last ?? 0) + 1
        return Scan(path: path(unusable.isEmpty ? 1 : free), document: nil, unusable: unusable)
    }

    func path(_ number: Int) -> String {
        "\(folder)/\(stem)\(number == 1 ? "" : "-\(number)").json"
    }

    /// The numbers of the files of the series that exist, in order.
    private func numbers(_ names: [String]) -> [Int] {
        names.compactMap { name -> Int? in
            if name == "\(stem).json" { return 1 }
            guard name.hasPrefix("\(stem)-"), name.hasSuffix(".json") else { return nil }
            let digits = name.dropFirst(stem.count + 1).dropLast(5)
            guard let number = Int(digits), number >= 2, String(number) == digits else { return nil }
            return number
        }.sorted()
    }

    private func read(_ path: String) -> Result<Document, StoreError> {
        let data: Data
        switch AtomicFile.read(path, limit: Document.sizeLimit) {
        case .success(let bytes): data = bytes
        case .failure(let problem): return .failure(problem)
        }
        let header: VersionHeader
        do { header = try JSONDecoder.store.decode(VersionHeader.self, from: data) } catch {
            return .failure(.unusable(path: path, reason: "is corrupt (not JSON with a version number)"))
        }
        guard header.version <= Document.version else {
            return .failure(.unusable(
                path: path,
                reason: "is from a newer TwentyNine (format version \(header.version); this one reads \(Document.version))"))
        }
        let document: Document
        do { document = try JSONDecoder.store.decode(Document.self, from: data) } catch {
            return .failure(.unusable(path: path, reason: "is corrupt (\(Self.explain(error)))"))
        }
        if let problem = document.problem { return .failure(.unusable(path: path, reason: "is corrupt (\(problem))")) }
        return .success(document)
    }

    /// A decoding error in a few words, on one line.
    private static func explain(_ error: any Error) -> String {
        let context: DecodingError.Context?
        switch error as? DecodingError {
        case .dataCorrupted(let c), .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c): context = c
        default: context = nil
        }
        guard let context else { return "\(error)" }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        let text = context.debugDescription.split(whereSeparator: \.isNewline).joined(separator: " ")
        return path.isEmpty ? text : "\(path.hasPrefix(".") ? String(path.dropFirst()) : path): \(text)"
    }
}
