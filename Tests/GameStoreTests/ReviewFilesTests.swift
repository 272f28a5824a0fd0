import CribbageCore
import Foundation
@testable import GameStore
import TestSupport
import Testing

/// The reviews the records keep, a row a game: a summary reads back as it was kept; one that
/// cannot be read is set aside, never written over; and only the last games' reviews are read.
/// A review's bytes as the database holds them.
func reviewBytes(_ store: GameStore, _ id: String) throws -> Data? {
    try store.withConnection(holdsLock: false) { connection, _ in
        try connection.db.one(Data.self, "SELECT body FROM review WHERE id = ?", [id])
    }
}

/// Writes a review's bytes as they are, as a test writes a file.
func setReview(_ store: GameStore, _ id: String, _ data: Data) throws {
    let db = try SQLiteConnection(path: store.folder + "/twentynine.sqlite", readOnly: false, busyTimeout: 10)
    defer { db.close() }
    try db.execute("INSERT INTO review (id, finished, body) VALUES (?, 0, ?) ON CONFLICT(id) DO UPDATE SET body = excluded.body",
                   [id, data])
}

@Suite("GameStore: the reviews kept for the records")
struct ReviewFilesTests {
    /// A store whose history holds `count` real games against the computer, finished in order.
    static func store(with count: Int, in folder: TemporaryFolder) throws -> (store: GameStore, games: [FinishedGame]) {
        let store = GameStore(folder: folder.file("twentynine"))
        for (table, _) in FinishedTableGames.reviewed(count) {
            try store.withTableSession { session in
                session.saved = SavedTable(table: table)
                try session.save()
            }
        }
        // The last one goes into the history with the next open.
        let games = try store.withTableSession { $0.history().games }
        #expect(games.count == count)
        return (store, games)
    }

    static func review(_ game: FinishedGame, _ number: Int) -> SavedReview {
        SavedReview(id: game.id, finished: game.finished, level: game.level, summary: FinishedTableGames.reviewed(number + 1)[number].summary)
    }

    @Test("a review kept reads back the same, as reviews/<id>.json held it; kept again, nothing changes")
    func roundTrip() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (store, games) = try Self.store(with: 1, in: folder)
        let review = Self.review(games[0], 0)
        let note = try store.withSession { try $0.keep(review) }
        #expect(note == nil)
        let bytes = try #require(try reviewBytes(store, games[0].id))
        #expect(bytes == ReviewFile(review).encoded && bytes.count < ReviewFile.sizeLimit)
        let found = try store.withSession { $0.reviews(of: games) }
        #expect(found.reviews == [review] && found.notReviewed.isEmpty && found.problems.isEmpty)
        #expect(try store.withSession { $0.hasReview(games[0].id) })
        try store.withSession { _ = try $0.keep(review) }
        #expect(try reviewBytes(store, games[0].id) == bytes)
        // The summary's figures are the review's own.
        let you = review.summary.sides[0]
        #expect(you.graded > 0 && you.inaccuracies + you.mistakes + you.blunders + you.missedWins <= you.graded)
    }

    @Test("a review that cannot be read (corrupt, or of a newer format) is named, and set aside in the database, bytes and all, when the new one is kept")
    func corruptSetAside() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (store, games) = try Self.store(with: 1, in: folder)
        let garbage = Data("{\"version\":1,\"id\":".utf8)
        try setReview(store, games[0].id, garbage)
        // Read as it is: a problem named, the game not reviewed.
        let before = try store.withSession { $0.reviews(of: games) }
        #expect(before.reviews.isEmpty && before.notReviewed == games)
        #expect(before.problems.count == 1 && before.problems[0].contains("is corrupt"))
        let review = Self.review(games[0], 0)
        let note = try #require(try store.withSession { try $0.keep(review) })
        #expect(note.contains("set aside in the database"))
        #expect(try store.withSession { $0.reviews(of: games) }.reviews == [review])
        // One of a newer format goes beside the first, never over it.
        let newer = Data("{\"version\":99}\n".utf8)
        try setReview(store, games[0].id, newer)
        #expect(try store.withSession { try $0.keep(review) } != nil)
        let aside = try store.withConnection(holdsLock: false) { connection, _ in
            try connection.db.all(Data.self, "SELECT body FROM setAside ORDER BY number")
        }
        #expect(aside == [garbage, newer])
    }

    @Test("the last N reviewed games, newest walked first, oldest first in the answer; the games passed without one")
    func lastReviewedSelection() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (store, games) = try Self.store(with: 6, in: folder)
        // Games 0 to 5: all reviewed but game 4.
        for (number, game) in games.enumerated() where number != 4 {
            try store.withSession { _ = try $0.keep(Self.review(game, number)) }
        }
        let three = try store.withSession { $0.reviews(of: games, wanted: 3) }
        #expect(three.reviews.map(\.id) == [games[2].id, games[3].id, games[5].id])
        #expect(three.notReviewed == [games[4]])
        // A file for a game older than those wanted is never read: a corrupt one there says nothing.
        try setReview(store, games[0].id, Data("not json".utf8))
        #expect(try store.withSession { $0.reviews(of: games, wanted: 3) }.problems.isEmpty)
        let all = try store.withSession { $0.reviews(of: games) }
        #expect(all.reviews.map(\.id) == [games[1].id, games[2].id, games[3].id, games[5].id])
        #expect(all.notReviewed == [games[0], games[4]] && all.problems.count == 1)
        // The trend counts your rate in each game reviewed, oldest first.
        #expect(all.trend.rates == all.reviews.filter { $0.summary.sides[0].graded > 0 }.map(\.summary.sides[0].errorRate))
    }
}
