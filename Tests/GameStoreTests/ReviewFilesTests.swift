import CribbageCore
import Foundation
@testable import GameStore
import TestSupport
import Testing

/// The reviews the records keep, `reviews/<id>.json`: a summary reads back as it was kept, private
/// to its owner; a corrupt file is set aside under its own name, never written over; one from a
/// newer TwentyNine is kept as it is; and only the last games' files are read.
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

    @Test("a review kept reads back the same, in reviews/<id>.json, mode 0600; kept again, nothing changes")
    func roundTrip() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (store, games) = try Self.store(with: 1, in: folder)
        let review = Self.review(games[0], 0)
        let note = try store.withSession { try $0.keep(review) }
        #expect(note == nil)
        let path = folder.file("twentynine/reviews/\(games[0].id).json")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.count < ReviewFile.sizeLimit)
        let found = try store.withSession { $0.reviews(of: games) }
        #expect(found.reviews == [review] && found.notReviewed.isEmpty && found.problems.isEmpty)
        #expect(try store.withSession { $0.hasReview(games[0].id) })
        try store.withSession { _ = try $0.keep(review) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        // The summary's figures are the review's own.
        let you = review.summary.sides[0]
        #expect(you.graded > 0 && you.inaccuracies + you.mistakes + you.blunders + you.missedWins <= you.graded)
    }

    @Test("a corrupt review is set aside as <id>.json.corrupt, bytes and all, and the new one written; the reader names it")
    func corruptSetAside() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (store, games) = try Self.store(with: 1, in: folder)
        let path = folder.file("twentynine/reviews/\(games[0].id).json")
        try FileManager.default.createDirectory(atPath: folder.file("twentynine/reviews"), withIntermediateDirectories: true)
        let garbage = Data("{\"version\":1,\"id\":".utf8)
        try garbage.write(to: URL(fileURLWithPath: path))
        // Read as it is: a problem named, the game not reviewed.
        let before = try store.withSession { $0.reviews(of: games) }
        #expect(before.reviews.isEmpty && before.notReviewed == games)
        #expect(before.problems.count == 1 && before.problems[0].contains("is corrupt"))
        let review = Self.review(games[0], 0)
        let note = try #require(try store.withSession { try $0.keep(review) })
        #expect(note.contains("set aside as \(games[0].id).json.corrupt"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".corrupt")) == garbage)
        #expect(try store.withSession { $0.reviews(of: games) }.reviews == [review])
        // A second corrupt file goes beside the first, never over it.
        try garbage.write(to: URL(fileURLWithPath: path))
        let second = try #require(try store.withSession { try $0.keep(review) })
        #expect(second.contains(".corrupt-2") && FileManager.default.fileExists(atPath: path + ".corrupt"))
    }

    @Test("a review from a newer TwentyNine is kept as it is, and the new one not written")
    func newerKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (store, games) = try Self.store(with: 1, in: folder)
        let path = folder.file("twentynine/reviews/\(games[0].id).json")
        try FileManager.default.createDirectory(atPath: folder.file("twentynine/reviews"), withIntermediateDirectories: true)
        let newer = Data("{\"version\":99}\n".utf8)
        try newer.write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.self) { try store.withSession { try $0.keep(Self.review(games[0], 0)) } }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == newer)
        #expect(!FileManager.default.fileExists(atPath: path + ".corrupt"))
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
        try Data("not json".utf8).write(to: URL(fileURLWithPath: folder.file("twentynine/reviews/\(games[0].id).json")))
        #expect(try store.withSession { $0.reviews(of: games, wanted: 3) }.problems.isEmpty)
        let all = try store.withSession { $0.reviews(of: games) }
        #expect(all.reviews.map(\.id) == [games[1].id, games[2].id, games[3].id, games[5].id])
        #expect(all.notReviewed == [games[0], games[4]] && all.problems.count == 1)
        // The trend counts your rate in each game reviewed, oldest first.
        #expect(all.trend.rates == all.reviews.filter { $0.summary.sides[0].graded > 0 }.map(\.summary.sides[0].errorRate))
    }
}
