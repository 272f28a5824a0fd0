import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the Records screen adds up of a game, kept beside it (`figures`, migration 2), so that the
/// screen sums columns rather than reading every game's summary: whether it is a two-player game
/// against the computer, its level, whether it was finished and won by you, and what it adds to
/// your `PlayerStatistics`. Written with the game's row, in its transaction (`HistoryRows.insert`);
/// gone with it (a trigger on the game's delete), and gone when its summary is changed (a trigger
/// on the summary's update), so that a row without figures is read from its summary.
struct GameFigures {
    /// The name you play under at the table.
    static let you = TableGame.names[TableGame.player]

    var againstComputer: Bool
    var level: String?
    var finished: Bool
    var won: Bool
    var yours: PlayerStatistics

    init(_ game: FinishedGame) {
        againstComputer = game.level != nil && game.seating == .twoPlayers
        level = game.level?.raw
        finished = !game.isAbandoned
        won = finished && game.winner == Self.you
        yours = History(games: [game]).statistics.first { $0.name == Self.you } ?? PlayerStatistics(name: Self.you)
    }

    /// The table and its triggers, and the figures of every game the history holds (a summary that
    /// cannot be read has none: it is read, and counted as unreadable, when the records are).
    static func migrate(_ db: SQLiteConnection) throws {
        try db.executeScript("""
            CREATE TABLE figures (
                number INTEGER PRIMARY KEY,
                againstComputer INTEGER NOT NULL, level TEXT, finished INTEGER NOT NULL, won INTEGER NOT NULL,
                games INTEGER NOT NULL, wins INTEGER NOT NULL, abandoned INTEGER NOT NULL,
                skunksGiven INTEGER NOT NULL, doubleSkunksGiven INTEGER NOT NULL,
                skunksTaken INTEGER NOT NULL, doubleSkunksTaken INTEGER NOT NULL,
                pegged INTEGER NOT NULL, heels INTEGER NOT NULL, hands INTEGER NOT NULL, handsCounted INTEGER NOT NULL,
                cribs INTEGER NOT NULL, cribsCounted INTEGER NOT NULL, corrections INTEGER NOT NULL, rounds INTEGER NOT NULL);
            CREATE TRIGGER figuresGone AFTER DELETE ON game BEGIN DELETE FROM figures WHERE number = old.number; END;
            CREATE TRIGGER figuresStale AFTER UPDATE OF summary ON game BEGIN DELETE FROM figures WHERE number = old.number; END;
            """)
        var found: [(Int, GameFigures)] = []
        var goodNames = Set<String>()
        try db.forEachRow("SELECT number, summary FROM game ORDER BY number LIMIT ?", [HistoryRows.maximumGames]) { row in
            guard let number = row.int64(0), case .success(let game) = HistoryRows.summary(row.blob(1) ?? Data(), goodNames: &goodNames)
            else { return }
            found.append((Int(number), GameFigures(game)))
        }
        for (number, figures) in found { try db.execute(insertSQL, figures.arguments(number)) }
    }

    static let insertSQL = """
        INSERT INTO figures (number, againstComputer, level, finished, won, games, wins, abandoned, skunksGiven, doubleSkunksGiven,
                             skunksTaken, doubleSkunksTaken, pegged, heels, hands, handsCounted, cribs, cribsCounted, corrections, rounds)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    func arguments(_ number: Int) -> [any SQLiteBindable] {
        let tally = yours.tally
        return [number, againstComputer ? 1 : 0, level, finished ? 1 : 0, won ? 1 : 0, yours.games, yours.wins, yours.abandoned,
                yours.skunksGiven, yours.doubleSkunksGiven, yours.skunksTaken, yours.doubleSkunksTaken,
                tally.pegged, tally.heels, tally.hands, tally.handsCounted, tally.cribs, tally.cribsCounted, tally.corrections, yours.rounds]
    }
}

/// Your record against the computer, two-player games only (the review grades no other): wins and
/// losses by level, and your statistics over those games (abandoned ones included for the points,
/// as `History.statistics` counts them); what `game --stats` says of you over the same games.
public struct RecordFigures: Hashable, Sendable {
    public struct Level: Hashable, Sendable {
        public var level: Recorded<ComputerLevel>
        public var won = 0
        public var lost = 0
    }

    /// The levels played, each once, in no order.
    public var levels: [Level] = []
    public var statistics = PlayerStatistics(name: GameFigures.you)
    /// Games of the history whose summary cannot be read (left out, as the listing leaves them out).
    public var unreadable = 0

    mutating func add(level raw: String?, finished: Int, won: Int) {
        guard let raw, finished > 0 else { return }
        let level = Recorded<ComputerLevel>(raw)
        if let index = levels.firstIndex(where: { $0.level == level }) {
            levels[index].won += won
            levels[index].lost += finished - won
        } else {
            levels.append(Level(level: level, won: won, lost: finished - won))
        }
    }

    mutating func add(_ figures: GameFigures) {
        guard figures.againstComputer else { return }
        add(level: figures.level, finished: figures.finished ? 1 : 0, won: figures.won ? 1 : 0)
        statistics.add(figures.yours)
    }
}

extension PlayerStatistics {
    /// Another record of the same player added, figure by figure.
    mutating func add(_ other: PlayerStatistics) {
        games += other.games
        wins += other.wins
        abandoned += other.abandoned
        skunksGiven += other.skunksGiven
        doubleSkunksGiven += other.doubleSkunksGiven
        skunksTaken += other.skunksTaken
        doubleSkunksTaken += other.doubleSkunksTaken
        tally += other.tally
        rounds += other.rounds
    }
}

/// A game of the history the records walk, newest first: its id, when it finished, its level.
public struct RecordedGame: Hashable, Sendable {
    public var id: String
    public var finished: Int
    public var level: Recorded<ComputerLevel>?
}

extension StoreSession {
    /// Your record against the computer, summed from the figures kept beside the games (a game
    /// without figures read from its summary; one that cannot be read counted, and named in
    /// `problems`): a few milliseconds at any size.
    public mutating func recordFigures() -> RecordFigures {
        var answer = RecordFigures()
        do {
            try connection.db.forEachRow("""
                SELECT level, sum(finished), sum(won), sum(games), sum(wins), sum(abandoned), sum(skunksGiven), sum(doubleSkunksGiven),
                       sum(skunksTaken), sum(doubleSkunksTaken), sum(pegged), sum(heels), sum(hands), sum(handsCounted),
                       sum(cribs), sum(cribsCounted), sum(corrections), sum(rounds)
                FROM figures WHERE againstComputer = 1 GROUP BY level
                """) { row in
                func figure(_ index: Int32) -> Int { Int(row.int64(index) ?? 0) }
                answer.add(level: row.text(0), finished: figure(1), won: figure(2))
                var yours = PlayerStatistics(name: GameFigures.you)
                (yours.games, yours.wins, yours.abandoned) = (figure(3), figure(4), figure(5))
                (yours.skunksGiven, yours.doubleSkunksGiven, yours.skunksTaken, yours.doubleSkunksTaken) = (figure(6), figure(7), figure(8), figure(9))
                (yours.tally.pegged, yours.tally.heels, yours.tally.hands, yours.tally.handsCounted) = (figure(10), figure(11), figure(12), figure(13))
                (yours.tally.cribs, yours.tally.cribsCounted, yours.tally.corrections, yours.rounds) = (figure(14), figure(15), figure(16), figure(17))
                answer.statistics.add(yours)
            }
            for (_, game) in try gamesWithoutFigures(&answer.unreadable) { answer.add(GameFigures(game)) }
        } catch {
            note("\(StoreDatabase.storeError(error, path: connection.path)); the records are not read whole")
        }
        return answer
    }

    /// The games whose figures are not kept, read from their summaries, by their number; those
    /// that cannot be read counted in `unreadable` and named in `problems`.
    private mutating func gamesWithoutFigures(_ unreadable: inout Int) throws -> [Int: FinishedGame] {
        var games: [Int: FinishedGame] = [:], goodNames = Set<String>()
        // Counted first (each from the smallest index): in the rule every game has its figures.
        guard try connection.db.one(Int.self, "SELECT (SELECT count(*) FROM game) - (SELECT count(*) FROM figures)") != 0 else {
            return [:]
        }
        // The numbers from an index, then each game's row: the table's rows are not scanned.
        let numbers = try connection.db.all(Int.self, """
            SELECT number FROM game WHERE NOT EXISTS (SELECT 1 FROM figures WHERE figures.number = game.number)
            ORDER BY number LIMIT ?
            """, [HistoryRows.maximumGames])
        for number in numbers {
            try connection.db.forEachRow("SELECT id, summary FROM game WHERE number = ?", [number]) { row in
                switch HistoryRows.summary(row.blob(1) ?? Data(), goodNames: &goodNames) {
                case .success(let game): games[number] = game
                case .failure(let problem):
                    unreadable += 1
                    note(HistoryRows.unreadableLine(id: row.text(0) ?? "", problem, connection))
                }
            }
        }
        return games
    }

    /// The finished two-player games against the computer, newest first, walked until `body`
    /// returns false: from the columns of the history (a game without figures from its summary).
    public mutating func walkGamesAgainstTheComputer(_ body: (RecordedGame) -> Bool) {
        var unreadable = 0
        do {
            let unfigured = try gamesWithoutFigures(&unreadable)
            try connection.db.forEachRow("""
                SELECT game.number, game.id, game.finished, figures.level, figures.againstComputer, figures.finished
                FROM game LEFT JOIN figures ON figures.number = game.number ORDER BY game.number DESC LIMIT ?
                """, [HistoryRows.maximumGames]) { row in
                let game: RecordedGame
                if let against = row.int64(4) {
                    guard against == 1, row.int64(5) == 1 else { return }
                    game = RecordedGame(id: row.text(1) ?? "", finished: Int(row.int64(2) ?? 0), level: row.text(3).map(Recorded.init))
                } else {
                    guard let summary = unfigured[Int(row.int64(0) ?? 0)], summary.level != nil, summary.seating == .twoPlayers,
                          !summary.isAbandoned else { return }
                    game = RecordedGame(id: summary.id, finished: Int(summary.finished.timeIntervalSince1970), level: summary.level)
                }
                if !body(game) { throw WalkEnded() }
            }
        } catch is WalkEnded {
        } catch {
            note("\(StoreDatabase.storeError(error, path: connection.path)); the history is not listed whole")
        }
    }
}

private struct WalkEnded: Error {}
