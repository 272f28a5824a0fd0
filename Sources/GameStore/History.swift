import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every finished (or abandoned) game, oldest first, as the history's files list them.
public struct History: Hashable, Sendable {
    public var games: [FinishedGame] = []

    public init(games: [FinishedGame] = []) { self.games = games }

    var problem: String? { HistoryPart.problem(games) }
}

/// What the history keeps of one game: its summary (the listing and the records add these up)
/// and the game whole, as its record.
public struct HistoryEntry: Codable, Hashable, Sendable {
    public var summary: FinishedGame
    public var record: HistoryRecord

    /// The most games a game file may owe the history (`SavedGame.unrecorded`).
    static let maximumOwed = 2

    /// What is out of bounds in the games a file owes the history.
    static func problem(_ entries: [HistoryEntry]) -> String? {
        guard entries.count <= maximumOwed else { return "\(entries.count) games owed to the history (at most \(maximumOwed))" }
        for (index, entry) in entries.enumerated() {
            if let problem = entry.summary.problem ?? entry.record.problem {
                return "unrecorded[\(index)]: \(problem)"
            }
        }
        return nil
    }
}

/// A game kept whole: the board's game as saved at its end, or the match against the computer
/// as saved at the end of that game (its set-up, deck and every move: it replays).
public enum HistoryRecord: Codable, Hashable, Sendable {
    case board(SavedGame)
    case table(SavedTable)

    private enum CodingKeys: String, CodingKey { case game, table }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let game = try container.decodeIfPresent(SavedGame.self, forKey: .game) {
            self = .board(game)
        } else {
            self = .table(try container.decode(SavedTable.self, forKey: .table))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .board(let game): try container.encode(game, forKey: .game)
        case .table(let table): try container.encode(table, forKey: .table)
        }
    }

    /// A record owes nothing itself, and is within its file's bounds.
    var problem: String? {
        switch self {
        case .board(let game): game.unrecorded.isEmpty ? game.problem : "a record that owes the history games"
        case .table(let table): table.unrecorded.isEmpty ? table.problem : "a record that owes the history games"
        }
    }
}

/// `records/<id>.json`: one game of the history, whole.
struct RecordFile: VersionedDocument {
    static let version = 1
    static let sizeLimit = SavedGame.sizeLimit

    var version = RecordFile.version
    var id: String
    var record: HistoryRecord

    init(id: String, record: HistoryRecord) {
        self.id = id
        self.record = record
    }

    var problem: String? { HistoryFiles.isFileName(id) ? record.problem : "the id \(id.prefix(100)) cannot name a file" }

    private enum CodingKeys: String, CodingKey { case version, id, game, table }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        id = try container.decode(String.self, forKey: .id)
        record = try HistoryRecord(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(RecordFile.version, forKey: .version)
        try container.encode(id, forKey: .id)
        try record.encode(to: encoder)
    }
}

/// One part of the history: `history.json` (the part games are added to) or a sealed part
/// `history/<n>.json`, written once when the part before it was full. Version 2; a version 1
/// `history.json` (every game in one file) reads as the first part.
struct HistoryPart: VersionedDocument {
    static let version = 2
    /// A version 1 file held every game, some 13,000 in 16 MB; a part holds at most
    /// `HistoryFiles.gamesAPart` games, some 1 MB at most.
    static let sizeLimit = 16_000_000

    var version = HistoryPart.version
    /// This part's number: the sealed parts 1 ..< `part` come before it.
    var part = 1
    /// The latest start among the games of the sealed parts: a game started after it cannot be
    /// in them. Nil with none sealed.
    var sealedStarts: Date?
    /// Games of the parts before this one taken back since (a finish undone).
    var removed: [String] = []
    var games: [FinishedGame] = []

    init(part: Int = 1, sealedStarts: Date? = nil, removed: [String] = [], games: [FinishedGame] = []) {
        self.part = part
        self.sealedStarts = sealedStarts
        self.removed = removed
        self.games = games
    }

    var problem: String? {
        guard (1...HistoryFiles.maximumPart).contains(part) else { return "part \(part) is out of bounds" }
        guard removed.count <= HistoryFiles.gamesAPart, removed.allSatisfy({ $0.count <= 100 }) else {
            return "the games removed are out of bounds"
        }
        return Self.problem(games)
    }

    static func problem(_ games: [FinishedGame]) -> String? {
        for (index, game) in games.enumerated() {
            if let problem = game.problem { return "games[\(index)]: \(problem)" }
        }
        return nil
    }

    private enum CodingKeys: String, CodingKey { case version, part, sealedStarts, removed, games }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        part = try container.decodeIfPresent(Int.self, forKey: .part) ?? 1
        sealedStarts = try container.decodeIfPresent(Date.self, forKey: .sealedStarts)
        removed = try container.decodeIfPresent([String].self, forKey: .removed) ?? []
        games = try container.decode([FinishedGame].self, forKey: .games)
    }

    /// The header's fields, keys sorted.
    private struct Header: Encodable {
        let part: Int
        let removed: [String]
        let sealedStarts: Date?
        let version: Int
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(HistoryPart.version, forKey: .version)
        try container.encode(part, forKey: .part)
        try container.encodeIfPresent(sealedStarts, forKey: .sealedStarts)
        try container.encode(removed, forKey: .removed)
        try container.encode(games, forKey: .games)
    }

    /// The header on the first line, then one game a line: `{"part":2,…,"games":[` … `]}`.
    var encoded: Data {
        do {
            let header = try JSONEncoder.storeLine.encode(Header(part: part, removed: removed, sealedStarts: sealedStarts,
                                                                  version: HistoryPart.version))
            var data = header.dropLast()
            data.append(contentsOf: Array(",\"games\":[".utf8))
            let line = JSONEncoder.storeLine
            for (index, game) in games.enumerated() {
                data.append(contentsOf: Array((index == 0 ? "\n" : ",\n").utf8))
                data.append(try line.encode(game))
            }
            data.append(contentsOf: Array((games.isEmpty ? "]}\n" : "\n]}\n").utf8))
            return Data(data)
        } catch {
            preconditionFailure("a history always encodes: \(error)")
        }
    }
}

/// The history's files, in the data folder:
/// - `history.json`, the part games are added to (or, when it cannot be used, the next name of
///   its series: `history-2.json` …), at most `gamesAPart` games;
/// - `history/1.json`, `history/2.json` …, the sealed parts: when the part games are added to
///   is full, it is written whole as the next sealed part, never written again, and a new one
///   begins;
/// - `records/<id>.json`, each game whole, written once it ends.
///
/// So a game's end reads and writes one part of at most `gamesAPart` games and one record,
/// whatever the history's length, and nothing but the listing reads the sealed parts (or, in
/// the rare case the dates leave open, the check of whether a game is held).
struct HistoryFiles {
    /// The most games a part holds before it is sealed: some 110 KB.
    static let gamesAPart = 200
    /// The highest number a part's file name may have.
    static let maximumPart = 1_000_000

    let folder: String
    let fault: StoreFault?
    /// The games a part holds before it is sealed (fewer in tests).
    let gamesAPart: Int
    /// The data folder's names, as listed when the store was opened.
    private let names: [String]
    private var loaded: Loaded?
    /// The sealed parts, once read.
    private var sealed: [HistoryPart]?

    /// The part games are added to, as read (or begun).
    private struct Loaded {
        var path: String
        var contents: HistoryPart
        /// Read from a file, or begun (its place among the sealed parts then found from them).
        var isNew: Bool
    }

    /// What was wrong with the history's files as they were read, one line each.
    private(set) var problems: [String] = []

    init(folder: String, names: [String], fault: StoreFault?, gamesAPart: Int = HistoryFiles.gamesAPart) {
        self.folder = folder
        self.names = names
        self.fault = fault
        self.gamesAPart = min(gamesAPart, HistoryFiles.gamesAPart)
    }

    /// Where games are added: `history.json`, or the next name after unusable ones.
    var path: String {
        mutating get { current().path }
    }

    private var sealedFolder: String { "\(folder)/history" }
    private var recordsFolder: String { "\(folder)/records" }

    /// A sealed part's path.
    func sealedPath(_ number: Int) -> String { "\(sealedFolder)/\(number).json" }

    /// A game's record's path; nil for an id that cannot name a file.
    func recordPath(_ id: String) -> String? { Self.isFileName(id) ? "\(recordsFolder)/\(id).json" : nil }

    /// An id that is a file's name as it is: letters, digits, `-`, `_` and `.`, not first.
    static func isFileName(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 100 && id.first != "." && id.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
        }
    }

    private mutating func current() -> Loaded {
        if let loaded { return loaded }
        let scan = Series<HistoryPart>(folder: folder, stem: "history").scan(names)
        problems += scan.unusable.map { "\($0); using \(scan.path) instead" }
        let read = Loaded(path: scan.path, contents: scan.document ?? HistoryPart(), isNew: scan.document == nil)
        loaded = read
        return read
    }

    /// The numbers of the sealed parts on disk, in order.
    private func sealedNumbers() -> [Int] {
        guard let names = try? AtomicFile.names(in: sealedFolder) else { return [] }
        return names.compactMap { name -> Int? in
            guard name.hasSuffix(".json") else { return nil }
            let digits = name.dropLast(5)
            guard digits.count <= 7, let number = Int(digits), String(number) == digits,
                  (1...Self.maximumPart).contains(number) else { return nil }
            return number
        }.sorted()
    }

    /// The sealed parts before the one games are added to, read in order; those that cannot be
    /// used are named in `problems`.
    private mutating func sealedParts() -> [HistoryPart] {
        if let sealed { return sealed }
        let current = current()
        var parts: [HistoryPart] = []
        let numbers = sealedNumbers()
        for number in numbers where current.isNew || number < current.contents.part {
            let path = sealedPath(number)
            switch Series<HistoryPart>.read(path) {
            case .success(let part) where part.part == number: parts.append(part)
            case .success: problems.append("\(path) is corrupt (it says it is another part); it is kept as it is")
            case .failure(let problem): problems.append("\(problem); its games are not listed")
            }
        }
        if !current.isNew {
            for number in 1..<current.contents.part where !numbers.contains(number) {
                problems.append("\(sealedPath(number)) is missing; its games are not listed")
            }
        }
        sealed = parts
        return parts
    }

    /// Every game, oldest first: the sealed parts, then the one games are added to; a game
    /// taken back is left out, and a game held twice is listed once, where it was last put.
    mutating func all() -> History {
        var games: [FinishedGame] = []
        for part in sealedParts() + [current().contents] {
            if !part.removed.isEmpty {
                let removed = Set(part.removed)
                games.removeAll { removed.contains($0.id) }
            }
            games += part.games
        }
        var seen = Set<String>()
        var kept: [FinishedGame] = []
        for game in games.reversed() where seen.insert(game.id).inserted { kept.append(game) }
        return History(games: kept.reversed())
    }

    /// Whether the history holds the game: in the part games are added to, or, only when the
    /// game began before the latest start among the sealed parts, in those.
    mutating func holds(_ id: String, started: Date) -> Bool {
        let current = current()
        if current.contents.games.contains(where: { $0.id == id }) { return true }
        if current.contents.removed.contains(id) { return false }
        if !current.isNew {
            guard let sealed = current.contents.sealedStarts, started.wholeSeconds <= sealed else { return false }
        }
        return sealedParts().contains { $0.games.contains { $0.id == id } }
    }

    /// Puts a game into the history, once: its record first, then its summary (so a summary
    /// listed always had its record written, or said why not). Throws when the summary could not
    /// be written; a record that could not be is named in `problems`.
    mutating func record(_ entry: HistoryEntry) throws(StoreError) {
        guard !holds(entry.summary.id, started: entry.summary.started) else { return }
        writeRecord(entry)
        var loaded = current()
        if loaded.contents.games.count + loaded.contents.removed.count >= gamesAPart || loaded.isNew {
            loaded = try seal(loaded)
        }
        loaded.contents.games.append(entry.summary)
        try writeCurrent(loaded)
    }

    /// Takes a game out of the history (its finish was taken back): from the part games are
    /// added to, or, when a sealed part holds it, by naming it among the removed.
    mutating func remove(_ id: String, started: Date) throws(StoreError) {
        guard holds(id, started: started) else { return }
        var loaded = current()
        if loaded.contents.games.contains(where: { $0.id == id }) {
            loaded.contents.games.removeAll { $0.id == id }
        } else {
            if loaded.contents.games.count + loaded.contents.removed.count >= gamesAPart || loaded.isNew {
                loaded = try seal(loaded)
            }
            loaded.contents.removed.append(id)
        }
        try writeCurrent(loaded)
    }

    private mutating func writeCurrent(_ next: Loaded) throws(StoreError) {
        if fault?.isHistoryWrite == true { throw .cannotWrite(path: next.path, reason: "Input/output error") }
        do throws(StoreError) {
            try GameStore.write(document: next.contents, to: next.path, fault: fault)
        } catch where error.isSaved {
            loaded = Loaded(path: next.path, contents: next.contents, isNew: false)
            throw error
        }
        loaded = Loaded(path: next.path, contents: next.contents, isNew: false)
    }

    /// Begins a new part: a full one is written as the next sealed part first; a part begun
    /// where sealed parts exist (none usable to add to) takes its place after them.
    private mutating func seal(_ full: Loaded) throws(StoreError) -> Loaded {
        if full.isNew {
            let parts = sealedParts()
            let latest = parts.flatMap { $0.games.map(\.started) }.max()
            let number = (sealedNumbers().last ?? 0) + 1
            var begun = full
            begun.contents = HistoryPart(part: min(number, Self.maximumPart), sealedStarts: latest, games: full.contents.games)
            begun.isNew = false
            guard begun.contents.games.count + begun.contents.removed.count >= gamesAPart else { return begun }
            return try seal(begun)
        }
        guard full.contents.part < Self.maximumPart else {
            throw .cannotWrite(path: sealedPath(full.contents.part), reason: "the history has \(Self.maximumPart) parts already")
        }
        let path = sealedPath(full.contents.part)
        let data = full.contents.encoded
        switch Series<HistoryPart>.read(path) {
        case .success(let leftover) where leftover.part == full.contents.part && leftover.sealedStarts == full.contents.sealedStarts:
            // This part as a seal that a kill cut short wrote it (the next was never begun).
            if leftover.encoded != data { try GameStore.write(document: full.contents, to: path, fault: fault) }
        case .success:
            throw .cannotWrite(path: path, reason: "it holds other games, and is kept as it is")
        case .failure where AtomicFile.exists(path):
            throw .cannotWrite(path: path, reason: "it cannot be read, and is kept as it is")
        case .failure:
            try GameStore.write(document: full.contents, to: path, fault: fault, create: true)
        }
        if sealed != nil { sealed?.append(full.contents) }
        let starts = full.contents.games.map(\.started) + [full.contents.sealedStarts].compactMap { $0 }
        return Loaded(path: full.path, contents: HistoryPart(part: full.contents.part + 1, sealedStarts: starts.max()), isNew: false)
    }

    /// Writes a game's record, unless the same is there; one that cannot be read, or an id that
    /// cannot name a file, is named in `problems`.
    private mutating func writeRecord(_ entry: HistoryEntry) {
        let id = entry.summary.id
        guard let path = recordPath(id) else {
            problems.append("the game \(id.prefix(100)) is kept without its record: its id cannot name a file")
            return
        }
        let file = RecordFile(id: id, record: entry.record)
        switch Series<RecordFile>.read(path) {
        case .success(let existing) where existing.encoded == file.encoded:
            return
        case .failure(let problem) where AtomicFile.exists(path):
            problems.append("\(problem); the game \(id) is kept without a new record")
            return
        default:
            break
        }
        do throws(StoreError) {
            try GameStore.write(document: file, to: path, fault: fault)
        } catch where error.isSaved {
        } catch {
            problems.append("the record of the game \(id) is not saved: \(error)")
        }
    }

    /// A game's record, as `review` will read it.
    func storedRecord(_ id: String) -> Result<RecordFile, StoreError> {
        guard let path = recordPath(id) else {
            return .failure(.unusable(path: "\(recordsFolder)/", reason: "has no record of \(id.prefix(100)): the id cannot name a file"))
        }
        return Series<RecordFile>.read(path)
    }
}
