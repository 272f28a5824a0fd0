#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A file that holds a game under way, kept in step with the history: `game.json` (the board's)
/// or `table.json` (the match against the computer).
public protocol KeptDocument: VersionedDocument, Hashable, Sendable {
    /// The id the history keeps the current game under, and when that game began.
    var historyID: String { get }
    var historyStarted: Date { get }
    var isOver: Bool { get }
    /// Games this file replaced that the history does not hold yet.
    var unrecorded: [HistoryEntry] { get set }
    /// What the history keeps of the current game.
    func entry(finished: Date) -> HistoryEntry
}

public typealias GameSession = StoreSession<SavedGame>
public typealias TableSession = StoreSession<SavedTable>

/// The game file read from the store (`game.json`, `table.json`), and the history kept in step
/// with it. The history is read only when a game ends, is set aside or is listed: an entry or a
/// move in a game under way does not read it.
///
/// One game, one record, whatever is killed when: a finish taken back leaves the history
/// before the game is written; a game replaced (abandoned, or finished but not yet in the
/// history) is written into the new file, in the same write, until the history holds it; a
/// finished game is put into the history after it is written, and again by any command that
/// opens it, until the history holds it.
public struct StoreSession<Document: KeptDocument>: Sendable {
    public let store: GameStore
    /// Where the file is saved: `<stem>.json`, or the next free name after unusable files.
    public let path: String
    public var saved: Document?
    /// The file as it holds it (as last read or written).
    private var onDisk: Document?
    /// The history's files.
    var historyFiles: HistoryFiles
    /// Games of this session known to be in the history.
    private var recorded: Set<String> = []
    /// The game `abandon()` set aside: it goes into the history with the next game's save.
    private var abandoned: HistoryEntry?
    /// Files kept but not used, and what could not be settled, each as a one-line message.
    public private(set) var problems: [String]

    /// Reads the file, and settles what it owes the history: its game when it is over, and the
    /// games it replaced (`unrecorded`).
    init(store: GameStore, stem: String, now: Date) throws(StoreError) {
        let names = try AtomicFile.names(in: store.folder)
        let scan = Series<Document>(folder: store.folder, stem: stem).scan(names)
        self.store = store
        path = scan.path
        saved = scan.document
        onDisk = scan.document
        historyFiles = HistoryFiles(folder: store.folder, names: names, fault: store.fault)
        problems = scan.unusable.map { "\($0); using \(scan.path) instead" }
        if let problem = settle(now: now) { problems.append("\(problem)") }
    }

    /// Where the history's games are added: `history.json`, or the next free name after
    /// unusable files.
    public var historyPath: String {
        mutating get { historyFiles.path }
    }

    /// Every game of the history, oldest first; its files that cannot be used are added to
    /// `problems`.
    public mutating func history() -> History {
        let history = historyFiles.all()
        takeHistoryProblems()
        return history
    }

    /// A game's record (`records/<id>.json`): the game whole, as it ended.
    public func record(_ id: String) -> Result<HistoryRecord, StoreError> {
        historyFiles.storedRecord(id).map(\.record)
    }

    private mutating func takeHistoryProblems() {
        for problem in historyFiles.problems where !problems.contains(problem) { problems.append(problem) }
    }

    /// Sets the unfinished game aside as abandoned and forgets it here: it goes into the
    /// history with the next game, in that game's save (so never while it can still be played).
    public mutating func abandon(now: Date = Date()) {
        guard let saved, !saved.isOver else { return }
        abandoned = saved.entry(finished: now)
        self.saved = nil
    }

    /// Saves the file, then brings the history in step with it. Throws `.cannotWrite` (or
    /// `.refused`) when nothing was saved; once it is, what went wrong after (`.notDurable`,
    /// `.historyBehind`: `isSaved`) is thrown when the rest is done.
    public mutating func save(now: Date = Date()) throws(StoreError) {
        guard var next = saved else { return }
        next.unrecorded = owed(replacedBy: next, now: now)
        guard next.unrecorded.count <= HistoryEntry.maximumOwed else {
            throw .cannotWrite(path: path, reason: "the history \(historyFiles.path) has not taken \(next.unrecorded.count) games "
                + "yet, and no other begins until it has")
        }
        if let before = onDisk, before.historyID == next.historyID, before.isOver, !next.isOver {
            // A finish taken back: out of the history before the game is written.
            do { try historyFiles.remove(before.historyID, started: before.historyStarted) } catch {
                takeHistoryProblems()
                guard error.isSaved else {
                    throw .cannotWrite(path: historyFiles.path, reason: "the history could not take back the finish: \(error.reason)")
                }
            }
            recorded.remove(before.historyID)
        }
        var warning: StoreError?
        do { try GameStore.write(document: next, to: path, fault: store.fault) } catch {
            guard error.isSaved else { throw error }
            warning = error
        }
        (saved, onDisk) = (next, next)
        abandoned = nil
        if let problem = settle(now: now) { warning = warning ?? problem }
        if !next.unrecorded.isEmpty, next.unrecorded.allSatisfy({ recorded.contains($0.summary.id) }) {
            // All settled: the file owes nothing now (and if this write is lost, the next open
            // finds the history holding them).
            next.unrecorded = []
            do throws(StoreError) {
                try GameStore.write(document: next, to: path, fault: store.fault)
                (saved, onDisk) = (next, next)
            } catch where error.isSaved {
                (saved, onDisk) = (next, next)
                warning = warning ?? error
            } catch {}
        }
        if let warning { throw warning }
    }

    /// What the next file owes the history: what this one owed and the history does not hold
    /// yet, the game abandoned, and the game replaced when it finished but is not held.
    private func owed(replacedBy next: Document, now: Date) -> [HistoryEntry] {
        var owed = (onDisk?.unrecorded ?? []).filter { !recorded.contains($0.summary.id) }
        if let abandoned { owed.append(abandoned) }
        if let before = onDisk, before.historyID != next.historyID, before.isOver, !recorded.contains(before.historyID) {
            owed.append(before.entry(finished: now))
        }
        for entry in next.unrecorded where !owed.contains(where: { $0.summary.id == entry.summary.id }) { owed.append(entry) }
        return owed
    }

    /// Puts into the history what the file owes it: its game when it is over, and the games it
    /// replaced. Returns what stopped it (`.historyBehind` for a history not written).
    @discardableResult
    mutating func settle(now: Date) -> StoreError? {
        guard let onDisk else { return nil }
        var entries = onDisk.unrecorded
        if onDisk.isOver { entries.append(onDisk.entry(finished: now)) }
        defer { takeHistoryProblems() }
        for entry in entries where !recorded.contains(entry.summary.id) {
            do throws(StoreError) {
                try historyFiles.record(entry)
            } catch where error.isSaved {
            } catch {
                return .historyBehind(path: historyFiles.path, reason: error.reason)
            }
            recorded.insert(entry.summary.id)
        }
        return nil
    }
}

extension StoreSession where Document == SavedGame {
    /// Where the game is saved: `game.json`, or the next free name after unusable files.
    public var gamePath: String { path }
}

extension StoreSession where Document == SavedTable {
    /// Where the match is saved: `table.json`, or the next free name after unusable files.
    public var tablePath: String { path }
}
