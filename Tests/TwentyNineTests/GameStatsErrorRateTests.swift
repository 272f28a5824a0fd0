import CribbageCore
import Foundation
import GameStore
import TestSupport
import Testing

/// `game --stats` adds your error rate against the computer: the last 10 and 20 reviewed games
/// with their 95% intervals, the trend, and the games not reviewed; from a store of real finished
/// games, each reviewed as the table reviews it.
@Suite("game --stats: the error rate across games")
struct GameStatsErrorRateTests {
    /// A folder whose history holds 13 real games against the computer, the first 12 reviewed and
    /// kept as the table keeps them, the last not.
    static func folder() throws -> (folder: GameFolder, reviews: [SavedReview], games: [FinishedGame]) {
        let folder = try GameFolder()
        let store = try GameStore(environment: folder.environment)
        for (table, _) in FinishedTableGames.reviewed(13) {
            try store.withTableSession { session in
                session.saved = SavedTable(table: table)
                try session.save()
            }
        }
        let games = try store.withSession { $0.history().games }
        let summaries = FinishedTableGames.reviewed(13).map(\.summary)
        let reviews = zip(games, summaries).prefix(12).map { game, summary in
            SavedReview(id: game.id, finished: game.finished, level: game.level, summary: summary)
        }
        try store.withSession { session in for review in reviews { try session.keep(review) } }
        return (folder, reviews, games)
    }

    @Test("text: the last 10 and 20 with their intervals, the trend against the 10 before, one game not reviewed")
    func text() throws {
        let (folder, reviews, _) = try Self.folder()
        defer { folder.folder.remove() }
        let output = try folder.ok("--stats")
        let rates = reviews.map(\.summary.sides[0]).filter { $0.graded > 0 }.map(\.errorRate)
        let last10 = try #require(MeanInterval(Array(rates.suffix(10))))
        let all = try #require(MeanInterval(rates))
        #expect(output.contains("Against the computer: beginner "))
        #expect(output.contains("Your error rate against the computer (10 × the mean loss in points of win chance a decision; "
                                + "each game's rate, then their mean ± 1.96 · SD / √n):"), "\(output)")
        #expect(output.contains("  last 10 reviewed games: \(last10.text)\n"), "\(output)")
        #expect(output.contains("  last 20 reviewed games: \(all.text)\n") && all.count == rates.count)
        #expect(output.contains("  trend: \(ErrorRateTrend(rates).text)\n"))
        #expect(output.contains("  1 two-player game against the computer not reviewed, so not counted: "))
        // The interval is mean ± 1.96 · SD / √n of the games' rates.
        let mean = rates.suffix(10).reduce(0, +) / 10
        let sd = (rates.suffix(10).reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / 9).squareRoot()
        #expect(abs(last10.half! - 1.96 * sd / 10.0.squareRoot()) < 1e-9)
    }

    @Test("--json: errorRate with the counts, each window's n, mean, SD and interval, the trend, and the games oldest first")
    func json() throws {
        let (folder, reviews, games) = try Self.folder()
        defer { folder.folder.remove() }
        let json = try folder.json("--stats")
        let errorRate = try #require(json["errorRate"] as? [String: Any])
        #expect(errorRate["reviewed"] as? Int == 12 && errorRate["notReviewed"] as? Int == 1)
        let rates = reviews.map(\.summary.sides[0]).filter { $0.graded > 0 }.map(\.errorRate)
        let trend = ErrorRateTrend(rates)
        let last10 = try #require(errorRate["last10"] as? [String: Any])
        #expect(last10["n"] as? Int == 10)
        #expect(abs((last10["mean"] as? Double ?? .nan) - trend.last10!.mean) < 1e-9)
        #expect(abs((last10["low"] as? Double ?? .nan) - trend.last10!.interval!.lowerBound) < 1e-9)
        #expect(abs((last10["high"] as? Double ?? .nan) - trend.last10!.interval!.upperBound) < 1e-9)
        let last20 = try #require(errorRate["last20"] as? [String: Any])
        #expect(last20["n"] as? Int == rates.count)
        let change = try #require(errorRate["trend"] as? [String: Any])
        #expect(abs((change["difference"] as? Double ?? .nan) - trend.difference!) < 1e-9)
        #expect(change["outside"] as? Bool == trend.isClear)
        let listed = try #require(errorRate["games"] as? [[String: Any]])
        #expect(listed.map { $0["id"] as? String } == games.prefix(12).map(\.id))
        #expect(listed.first?["level"] as? String == "beginner")
        let you = try #require(listed.first?["you"] as? [String: Any])
        #expect(you["graded"] as? Int == reviews[0].summary.sides[0].graded)
    }

    @Test("no game against the computer: no error-rate lines, and the JSON says none reviewed")
    func none() throws {
        let folder = try GameFolder()
        defer { folder.folder.remove() }
        try folder.ok("new", "--to", "61")
        #expect(try !folder.ok("--stats").contains("error rate"))
        let errorRate = try #require(try folder.json("--stats")["errorRate"] as? [String: Any])
        #expect(errorRate["reviewed"] as? Int == 0 && errorRate["last10"] is NSNull)
    }
}
