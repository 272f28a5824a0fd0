import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A game as it is saved in `game.json`: the format version, an id, when it began, the game
/// with its log.
public struct SavedGame: Codable, Hashable, Sendable, VersionedDocument {
    public static let version = 1

    public var version = SavedGame.version
    public var id: String
    public var started: Date
    public var game: Game

    public init(id: String = UUID().uuidString, started: Date = Date(), game: Game) {
        self.id = id
        self.started = started
        self.game = game
    }
}

/// `history.json`: every finished (or abandoned) game, oldest first.
public struct History: Codable, Hashable, Sendable, VersionedDocument {
    public static let version = 1

    public var version = History.version
    public var games: [FinishedGame] = []

    public init(games: [FinishedGame] = []) { self.games = games }
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

    public init(_ saved: SavedGame, finished: Date) {
        let game = saved.game
        id = saved.id
        started = saved.started
        self.finished = finished
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
    }

    public var isAbandoned: Bool { winner == nil }
}

/// A file with a format version: one with a higher version than `version` is from a newer
/// TwentyNine and is not read.
protocol VersionedDocument: Decodable {
    static var version: Int { get }
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
}

extension JSONDecoder {
    static var store: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
