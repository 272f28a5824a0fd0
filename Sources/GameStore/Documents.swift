import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A game as it is saved in `game.json`: the format version, an id, when it began, the game
/// with its log.
public struct SavedGame: Codable, Hashable, Sendable, VersionedDocument {
    /// 2 adds the play in progress (`game.play`); 3 keeps what the board knew of every round
    /// (`game.rounds`: each round's starter and play; `game.shows`: the counts made from the
    /// cards) in place of the current round's `play` and `starter`. Files of versions 1 and 2
    /// read as ever.
    public static let version = 3
    /// A log of `Game.maximumEntries` counted hands takes under 1 MB.
    static let sizeLimit = 2_000_000

    public var version = SavedGame.version
    public var id: String
    public var started: Date
    public var game: Game

    public init(id: String = UUID().uuidString, started: Date = Date(), game: Game) {
        self.id = id
        self.started = started
        self.game = game
    }

    var problem: String? { id.count <= 100 ? nil : "an id of \(id.count) characters" }
}

/// `history.json`: every finished (or abandoned) game, oldest first.
public struct History: Codable, Hashable, Sendable, VersionedDocument {
    public static let version = 1
    /// Some 20,000 games.
    static let sizeLimit = 16_000_000

    public var version = History.version
    public var games: [FinishedGame] = []

    public init(games: [FinishedGame] = []) { self.games = games }

    var problem: String? {
        for (index, game) in games.enumerated() {
            if let problem = game.problem { return "games[\(index)]: \(problem)" }
        }
        return nil
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
    /// The computer's level, in a game against the computer; nil otherwise.
    public var level: ComputerLevel?

    /// One player of a finished game, with what that player scored.
    public struct Player: Codable, Hashable, Sendable {
        public var name: String
        public var side: Int
        public var tally: Game.Tally
    }

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
        players = zip(game.names, game.tallies).enumerated().map { seat, pair in
            Player(name: pair.0, side: game.seating.side(of: seat) + 1, tally: pair.1)
        }
    }

    public var isAbandoned: Bool { winner == nil }

    /// What is out of bounds: names as a game allows them, numbers a game can reach.
    var problem: String? {
        let longest = 2 * Game.maximumNameLength + 3
        do {
            for name in sides + losers.map(\.name) + [winner].compactMap({ $0 }) + (players ?? []).map(\.name) {
                try Game.checkName(name, longest: longest)
            }
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
protocol VersionedDocument: Decodable {
    static var version: Int { get }
    /// The largest file read: a larger one is corrupt, refused before it is read.
    static var sizeLimit: Int { get }
    /// What is out of bounds in a document that decoded, or nil.
    var problem: String? { get }
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
