import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A game as it is kept (the database's `game`, once `game.json`): the format version, an id, when it began, the game
/// with its log, and the games this file replaced that the history does not hold yet.
public struct SavedGame: Codable, Hashable, Sendable, KeptDocument {
    /// 2 adds the play in progress (`game.play`); 3 keeps what the board knew of every round
    /// (`game.rounds`: each round's starter and play; `game.shows`: the counts made from the
    /// cards) in place of the current round's `play` and `starter`, and the games owed to the
    /// history (`unrecorded`). Files of versions 1 and 2 read as ever.
    public static let version = 3
    /// A log of `Game.maximumEntries` counted hands takes under 1 MB; with the two games a file
    /// may owe the history, under 3 MB.
    public static let sizeLimit = 4_000_000

    public var version = SavedGame.version
    public var id: String
    /// When the game began, in whole seconds (as the file keeps it).
    public var started: Date
    public var game: Game
    /// Games this file replaced (an abandoned one, or a finished one the history could not take
    /// at the time) that the history does not hold yet: written with the new game in one atomic
    /// write, settled into the history by the next command that opens the folder.
    public var unrecorded: [HistoryEntry] = []

    public init(id: String = UUID().uuidString, started: Date = Date(), game: Game) {
        self.id = id
        self.started = started.wholeSeconds
        self.game = game
    }

    public var problem: String? {
        guard id.count <= 100 else { return "an id of \(id.count) characters" }
        return HistoryEntry.problem(unrecorded)
    }

    private enum CodingKeys: String, CodingKey { case version, id, started, game, unrecorded }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        id = try container.decode(String.self, forKey: .id)
        started = try container.decode(Date.self, forKey: .started)
        game = try container.decode(Game.self, forKey: .game)
        unrecorded = try container.decodeIfPresent([HistoryEntry].self, forKey: .unrecorded) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(SavedGame.version, forKey: .version)
        try container.encode(id, forKey: .id)
        try container.encode(started, forKey: .started)
        try container.encode(game, forKey: .game)
        if !unrecorded.isEmpty { try container.encode(unrecorded, forKey: .unrecorded) }
    }

    public var historyID: String { id }
    public var historyStarted: Date { started }
    public var isOver: Bool { game.isOver }

    /// What the history keeps of this game: its summary, and the game whole as its record.
    public func entry(finished: Date) -> HistoryEntry {
        var record = self
        record.unrecorded = []
        return HistoryEntry(summary: FinishedGame(self, finished: finished), record: .board(record))
    }
}

/// One game of the history: who played, how it ended, the skunks and match points.
public struct FinishedGame: Codable, Hashable, Sendable {
    /// A losing side, named.
    public struct Loser: Codable, Hashable, Sendable {
        public var name: String
        public var total: Int
        public var skunk: Game.Skunk
        public var matchPoints: Int
    }

    /// The game's id: `game.json`'s, or `<match id>-<game number>` for a game against the computer.
    public var id: String
    public var started: Date
    public var finished: Date
    public var seating: Game.Seating
    public var target: Int
    /// The sides' names, and their scores at the end.
    public var sides: [String]
    public var totals: [Int]
    public var rounds: Int
    /// The winning side's name; nil when the game was abandoned unfinished.
    public var winner: String?
    public var margin: Int?
    public var matchPoints: Int
    public var losers: [Loser]
    /// Each player's name, side (from 1) and points by kind; nil in games saved before
    /// TwentyNine kept them.
    public var players: [Player]?
    /// The computer's level, in a game against the computer (one a newer version wrote kept as
    /// written); nil otherwise.
    public var level: Recorded<ComputerLevel>?

    /// One player of a finished game, with what that player scored.
    public struct Player: Codable, Hashable, Sendable {
        public var name: String
        public var side: Int
        public var tally: Game.Tally
    }

    init(id: String, started: Date, finished: Date, seating: Game.Seating, target: Int, sides: [String], totals: [Int],
         rounds: Int, winner: String?, margin: Int?, matchPoints: Int, losers: [Loser], players: [Player]?,
         level: Recorded<ComputerLevel>?) {
        self.id = id
        self.started = started
        self.finished = finished
        self.seating = seating
        self.target = target
        self.sides = sides
        self.totals = totals
        self.rounds = rounds
        self.winner = winner
        self.margin = margin
        self.matchPoints = matchPoints
        self.losers = losers
        self.players = players
        self.level = level
    }

    public init(_ saved: SavedGame, finished: Date) {
        let game = saved.game
        id = saved.id
        started = saved.started.wholeSeconds
        self.finished = finished.wholeSeconds
        seating = game.seating
        target = game.target.points
        sides = (0..<game.seating.sides).map(game.name(ofSide:))
        totals = game.totals
        rounds = game.round
        winner = game.result.map { game.name(ofSide: $0.winner) }
        margin = game.result?.margin
        matchPoints = game.result?.matchPoints ?? 0
        losers = game.result?.losers.map {
            Loser(name: game.name(ofSide: $0.side), total: $0.total, skunk: $0.skunk, matchPoints: $0.matchPoints)
        } ?? []
        players = zip(game.names, game.tallies).enumerated().map { seat, pair in
            Player(name: pair.0, side: game.seating.side(of: seat) + 1, tally: pair.1)
        }
    }

    public var isAbandoned: Bool { winner == nil }

    /// The most names a listing remembers as good.
    static let goodNamesLimit = 1_000

    /// What is out of bounds: names as a game allows them, numbers a game can reach.
    var problem: String? {
        var goodNames = Set<String>()
        return problem(goodNames: &goodNames)
    }

    /// `problem`, each name checked once: `goodNames` holds the names already found good (a
    /// listing of 20,000 games names the same few players; at most `goodNamesLimit` are kept).
    func problem(goodNames: inout Set<String>) -> String? {
        let longest = 2 * Game.maximumNameLength + 3
        func check(_ name: String) throws(GameError) {
            guard !goodNames.contains(name) else { return }
            try Game.checkName(name, longest: longest)
            if goodNames.count < Self.goodNamesLimit { goodNames.insert(name) }
        }
        do {
            for name in sides { try check(name) }
            for loser in losers { try check(loser.name) }
            if let winner { try check(winner) }
            for player in players ?? [] { try check(player.name) }
        } catch {
            return "a name: \(error)"
        }
        let total = 0...999
        guard id.count <= 100, Game.Target(rawValue: target) != nil, sides.count == seating.sides,
              totals.count == sides.count, totals.allSatisfy(total.contains), (0...Game.maximumEntries).contains(rounds),
              margin.map(total.contains) ?? true, (0...999).contains(matchPoints), losers.count < sides.count,
              losers.allSatisfy({ total.contains($0.total) && (0...99).contains($0.matchPoints) }),
              players.map({ $0.count == seating.players }) ?? true,
              (players ?? []).allSatisfy({ (1...seating.sides).contains($0.side) && $0.tally.isWithinBounds })
        else { return "a number out of bounds in game \(id.prefix(100))" }
        return nil
    }
}

extension Game.Tally {
    /// Every number one a game can reach.
    var isWithinBounds: Bool {
        let points = 0...999, counted = 0...Game.maximumEntries
        return [pegged, heels, hands, cribs].allSatisfy(points.contains) && (-999...999).contains(corrections)
            && counted.contains(handsCounted) && counted.contains(cribsCounted)
    }
}

/// A file with a format version: one with a higher version than `version` is from a newer
/// TwentyNine and is not read.
public protocol VersionedDocument: Codable {
    static var version: Int { get }
    /// The largest file read: a larger one is corrupt, refused before it is read (and never
    /// written).
    static var sizeLimit: Int { get }
    /// What is out of bounds in a document that decoded, or nil.
    var problem: String? { get }
    /// The bytes of the file, as they are written.
    var encoded: Data { get }
    /// The document read by a faster way than `JSONDecoder`, when it has one and the bytes are
    /// of the shape it reads; nil otherwise (and then `JSONDecoder` reads them).
    static func decodeQuickly(_ data: Data) -> Self?
}

extension VersionedDocument {
    public static func decodeQuickly(_ data: Data) -> Self? { nil }
}

extension VersionedDocument {
    /// Pretty-printed with sorted keys, and a line break at the end.
    public var encoded: Data {
        do { return try JSONEncoder.store.encode(self) + Data("\n".utf8) } catch {
            preconditionFailure("a saved document always encodes: \(error)")
        }
    }
}

/// The first thing in a file: its format version.
struct VersionHeader: Decodable {
    let version: Int
}

extension JSONEncoder {
    static var store: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// On one line, keys sorted: the history's games, one a line.
    static var storeLine: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

extension JSONDecoder {
    static var store: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

extension Date {
    /// The date to the second below, as the files keep it (ISO 8601 without fractions).
    var wholeSeconds: Date { Date(timeIntervalSince1970: (timeIntervalSince1970).rounded(.down)) }
}
