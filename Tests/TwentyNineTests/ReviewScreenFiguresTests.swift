import Canvas
import CribbageCore
@testable import CribbageUI
import Foundation
@testable import GameStore
import TestSupport
import Testing
@testable import TwentyNineCommands

/// The review screen's figures, in this process on a real database: a finished game summed on the
/// screen is kept in its `review` row as the table's background review keeps it.
@Suite("The review screen keeps its figures")
struct ReviewScreenFiguresTests {
    @Test("V on a finished game: once the screen has summed it, the database holds its figures, read back as the records read them; opened again, nothing is asked to be kept")
    func summedOnTheScreenIsKept() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let table = FinishedTableGames.game(0)
        let store = try GameStore(environment: folder.environment)
        try store.withTableSession { session in
            session.saved = SavedTable(table: table)
            try session.save()
        }
        let games = try GameStore(folder: folder.path).withSession { $0.history().games }
        let id = try #require(games.last?.id)
        let stored = StoreKeeper(environment: folder.environment)
        let keeper = stored.keeper(table: nil, fresh: false)
        var app = App(size: Size(width: 80, height: 24), glyphs: .unicode, seed: 29)
        _ = app.perform(app.send(.opened(.review)), with: keeper)
        #expect(app.state.review?.game?.id == id && app.state.review?.game?.reviewKept == false)
        // The work off the key path, as the main loop runs it, each request it leads to asked of the keeper.
        var ran = 0
        while let job = app.state.jobs.first, ran < 500 {
            _ = app.perform(app.send(.jobFinished(job.id, job.work())), with: keeper)
            ran += 1
        }
        let review = try #require(app.state.review?.review)
        let kept = try GameStore(folder: folder.path).withSession { $0.keptReview(id) }
        #expect(kept?.summary == ReviewSummary(review) && kept?.level == .known(.beginner) && kept?.id == id)
        let read = try GameStore(folder: folder.path).withSession { $0.reviews(of: games) }
        #expect(read.reviews.map(\.id) == [id] && read.notReviewed.isEmpty && read.problems.isEmpty)
        // The table hands it on for review no more; the review opened again finds it kept.
        #expect(stored.finishedGame() == nil)
        guard case .game(let again) = stored.reviewed(back: 0) else {
            Issue.record("no game")
            return
        }
        #expect(again.reviewKept)
        // A row that does not read back is no review kept: the screen's figures go through the
        // store, which sets the corrupt row aside.
        let database = GameStore(folder: folder.path)
        try database.withConnection(holdsLock: false) { connection, _ in
            try connection.transaction { connection in
                try connection.execute("UPDATE review SET body = ? WHERE id = ?", [Data("{ not json".utf8), id])
            }
        }
        guard case .game(let corrupt) = stored.reviewed(back: 0) else {
            Issue.record("no game")
            return
        }
        #expect(!corrupt.reviewKept)
        #expect(stored.keepReview(ReviewFiguresSave(game: corrupt.header, summary: ReviewSummary(review))) == nil)
        let aside = try database.withConnection(holdsLock: false) { connection, _ in
            try connection.db.all(Data.self, "SELECT body FROM setAside WHERE name = ?", ["review \(id)"])
        }
        #expect(aside == [Data("{ not json".utf8)] && stored.reviewed(back: 0) == .game(again))
    }
}
