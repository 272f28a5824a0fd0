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

/// The history's files as the store before the database kept them (read by the import, written
/// by the export): `history.json`, the part games were added to; `history/<n>.json`, the sealed
/// parts of `gamesAPart` games; `records/<id>.json`, each game whole.
enum HistoryFiles {
    /// The most games a part holds before it is sealed: some 110 KB.
    static let gamesAPart = 200
    /// The highest number a part's file name may have.
    static let maximumPart = 1_000_000

    /// An id that is a file's name as it is: letters, digits, `-`, `_` and `.`, not first.
    static func isFileName(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 100 && id.first != "." && id.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
        }
    }
}

/// The history in the database, a row a game (`game`): its summary (one line of JSON, as a
/// part's file held it) and its record (`RecordFile`'s bytes), in the order they were put in.
enum HistoryRows {
    /// The most games listed: some 50 years of 50 games a day.
    static let maximumGames = 1_000_000
    /// Why a row cannot be read.
    struct Unreadable: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// A summary is some 550 bytes; a larger one is corrupt.
    static let summaryLimit = 65_536

    /// Every game, oldest first; the rows that cannot be read, one line each.
    static func all(_ connection: StoreConnection) -> (History, [String]) {
        var games: [FinishedGame] = [], problems: [String] = []
        var goodNames = Set<String>()
        do {
            try connection.db.forEachRow("SELECT id, summary FROM game ORDER BY number LIMIT ?", [maximumGames]) { row in
                let id = row.text(0) ?? ""
                let data = row.blob(1) ?? Data()
                switch summary(data, goodNames: &goodNames) {
                case .success(let game): games.append(game)
                case .failure(let problem): problems.append(unreadableLine(id: id, problem, connection))
                }
            }
        } catch {
            problems.append("\(StoreDatabase.storeError(error, path: connection.path)); the history is not listed whole")
        }
        return (History(games: games), problems)
    }

    /// What is said of a game whose summary cannot be read.
    static func unreadableLine(id: String, _ problem: Unreadable, _ connection: StoreConnection) -> String {
        "\(connection.place("the history's game \(id.prefix(100))")) is corrupt (\(problem.reason)); it is not listed"
    }

    /// A summary read from its bytes: the quick reader, else `JSONDecoder`; then its bounds.
    static func summary(_ data: Data) -> Result<FinishedGame, Unreadable> {
        var goodNames = Set<String>()
        return summary(data, goodNames: &goodNames)
    }

    /// `summary(_:)`, the names found good kept in `goodNames` for the next.
    static func summary(_ data: Data, goodNames: inout Set<String>) -> Result<FinishedGame, Unreadable> {
        guard data.count <= summaryLimit else { return .failure(Unreadable("\(data.count) bytes; a game's summary is at most \(summaryLimit)")) }
        guard !JSONDepth.exceeds(data) else { return .failure(Unreadable("nested more than \(JSONDepth.limit) deep")) }
        let game: FinishedGame
        if let quick = FinishedGame.decodeQuickly(data) { game = quick } else {
            do { game = try JSONDecoder.store.decode(FinishedGame.self, from: data) } catch { return .failure(Unreadable("not a game's summary")) }
        }
        if let problem = game.problem(goodNames: &goodNames) { return .failure(Unreadable(problem)) }
        return .success(game)
    }

    /// A summary's bytes, as a part's file held it: one line, keys sorted.
    static func bytes(_ game: FinishedGame) throws(StoreError) -> Data {
        if let problem = game.problem { throw .refused(path: "the history", reason: problem) }
        do { return try JSONEncoder.storeLine.encode(game) } catch { throw .refused(path: "the history", reason: "\(error)") }
    }

    /// Whether the history holds the game.
    static func holds(_ id: String, _ connection: StoreConnection) throws -> Bool {
        try connection.db.exists("SELECT 1 FROM game WHERE id = ?", [id])
    }

    /// Puts a game into the history, once (inside a transaction): its summary and its record.
    static func insert(_ entry: HistoryEntry, _ connection: StoreConnection) throws {
        try insert(entry.summary, record: RecordFile(id: entry.summary.id, record: entry.record), connection)
    }

    /// Puts a game into the history, once, with its record when it has one (an id that cannot
    /// name a file has none, as when files kept the records).
    static func insert(_ summary: FinishedGame, record: RecordFile?, _ connection: StoreConnection) throws {
        if connection.fault?.isHistoryWrite == true {
            throw StoreError.cannotWrite(path: connection.place("the history"), reason: "Input/output error (a test's fault)")
        }
        let bytes = try bytes(summary)
        var recordBytes: Data?
        if let record, HistoryFiles.isFileName(summary.id) {
            recordBytes = try GameStore.readBack(record, path: connection.place("the record of \(summary.id)")).data
        }
        let number = try connection.insert("""
            INSERT INTO game (id, kind, finished, summary, record) VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING RETURNING number
            """, [summary.id, summary.level == nil ? "board" : "table", Int(summary.finished.timeIntervalSince1970), bytes, recordBytes])
        // What the records add up, beside the game (a game the history held already keeps its own).
        if let number { try connection.execute(GameFigures.insertSQL, GameFigures(summary).arguments(number)) }
    }

    /// Takes a game out of the history (its finish was taken back; inside a transaction).
    static func remove(_ id: String, _ connection: StoreConnection) throws {
        try connection.execute("DELETE FROM game WHERE id = ?", [id])
    }

    /// A game's record, read through every check its file had.
    static func record(_ id: String, _ connection: StoreConnection) -> Result<RecordFile, StoreError> {
        let place = connection.place("the record of \(id.prefix(100))")
        let data: Data?
        do {
            data = try connection.db.one(Data.self, "SELECT record FROM game WHERE id = ?", [id])
        } catch {
            return .failure(StoreDatabase.storeError(error, path: connection.path))
        }
        guard let data else { return .failure(.unusable(path: place, reason: "is not kept")) }
        return Series<RecordFile>.decode(data, path: place)
    }
}
