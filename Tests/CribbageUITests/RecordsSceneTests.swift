import Canvas
import CribbageCore
import Foundation
import GameStore
import TestSupport
import Testing
@testable import CribbageUI

/// The Records screen: opened from the table by r, back by esc or q; the records as the keeper
/// reads them from real finished games and their reviews; and a game finished at the table
/// reviewed off the key path, whatever screen is shown, then kept.
@Suite("The records scene")
struct RecordsSceneTests {
    /// Twelve real games against the computer, each reviewed, and one more not reviewed: the
    /// records as the keeper makes them from the history (`History.statistics`) and the reviews.
    static let book: RecordBook = {
        let games = FinishedTableGames.reviewed(12)
        let finished = games.enumerated().map { number, game in
            let started = Date(timeIntervalSince1970: 1_800_000_000 + Double(number) * 3_600)
            var summary = FinishedGame(SavedGame(id: "m\(number)-1", started: started, game: game.table.game),
                                       finished: started.addingTimeInterval(1_200))
            summary.level = .known(game.table.setup.level)
            return summary
        }
        let you = TableGame.names[TableGame.player]
        let statistics = History(games: finished).statistics.first { $0.name == you }!
        let levels = ComputerLevel.allCases.compactMap { level -> RecordBook.Level? in
            let played = finished.filter { $0.level == .known(level) }
            guard !played.isEmpty else { return nil }
            let won = played.count { $0.winner == you }
            return RecordBook.Level(level: .known(level), won: won, lost: played.count - won)
        }
        return RecordBook(levels: levels, skunksGiven: statistics.skunksGiven, doubleSkunksGiven: statistics.doubleSkunksGiven,
                          skunksTaken: statistics.skunksTaken, doubleSkunksTaken: statistics.doubleSkunksTaken,
                          tally: statistics.tally, rounds: statistics.rounds,
                          reviewed: zip(finished, games).map { game, reviewed in
                              RecordBook.Reviewed(header: header(game), summary: reviewed.summary)
                          },
                          notReviewed: 1)
    }()

    static func header(_ game: FinishedGame) -> GameToReview.Header {
        GameToReview.Header(id: game.id, level: game.level, finished: Int(game.finished.timeIntervalSince1970))
    }

    static var keeper: Keeper {
        var keeper = Keeper()
        keeper.answer(RecordsLoad.self) { _ in .records(book, toReview: []) }
        return keeper
    }

    /// The table open on a match, then the records over it.
    static func opened(width: Int = 80, height: Int = 24) -> App {
        var app = App.standard(width: width, height: height)
        app.openTable(TableGame(setup: .init(seed: 5, level: .beginner)))
        _ = app.perform(app.handle(.character("r")), with: keeper)
        return app
    }

    @Test("r at the table opens the records, asked of the keeper; esc goes back to the table, and so does q (no quit)")
    func opensAndCloses() throws {
        var app = App.standard()
        app.openTable(TableGame(setup: .init(seed: 5, level: .beginner)))
        let effect = app.handle(.character("r"))
        #expect(effect == .asking(RecordsLoad()) && app.state.navigation.top == .records)
        #expect(app.text.contains("Reading the history…"))
        _ = app.perform(effect, with: Self.keeper)
        #expect(app.state.records?.book == Self.book)
        #expect(app.handle(.escape) == .none && app.state.navigation.top == .table)
        _ = app.perform(app.handle(.character("r")), with: Self.keeper)
        #expect(app.state.navigation.top == .records)
        #expect(app.handle(.character("q")) == .none && app.state.navigation.top == .table)
    }

    @Test("the records: games by level, skunks, points by kind, and the error rate's windows, trend and games")
    func showsTheRecords() {
        let text = Self.opened(width: 132, height: 43).text
        let won = Self.book.levels.reduce(0) { $0 + $1.won }, lost = Self.book.levels.reduce(0) { $0 + $1.lost }
        #expect(text.contains("Against the computer: \(won + lost) games, \(won) won, \(lost) lost"), "\(text)")
        let trend = ErrorRateTrend(Self.book.reviewed.filter { $0.graded > 0 }.map(\.errorRate))
        #expect(text.contains("last 10: \(trend.last10!.text)") && text.contains("last 20: \(trend.last20!.text)"))
        #expect(text.contains("trend: \(trend.text.replacing("-", with: Glyphs.unicode.minus))"))
        #expect(text.contains("each game, oldest first: ") && text.contains("1 game not reviewed yet"))
        #expect(text.contains("Skunks: you gave ") && text.contains("Your points: pegged "))
    }

    @Test(arguments: SnapshotTests.sizes)
    func snapshot(size: Size) {
        let app = Self.opened(width: size.width, height: size.height)
        expectSnapshot(app.render(), named: "records-\(size.width)x\(size.height)")
    }

    @Test("issue 46, fault 9: games or reviews that could not be read are said, never left out without a word")
    func unreadableSaid() {
        var book = Self.book
        book.unreadable = 3
        var keeper = Keeper()
        keeper.answer(RecordsLoad.self) { _ in .records(book, toReview: []) }
        var app = App.standard(width: 132, height: 43)
        app.openTable(TableGame(setup: .init(seed: 5, level: .beginner)))
        _ = app.perform(app.handle(.character("r")), with: keeper)
        #expect(app.text.contains("3 games or reviews kept could not be read and are left out"), "\(app.text)")
        #expect(!Self.opened(width: 132, height: 43).text.contains("could not be read"))

        // Files of the old store the import could not read: said as files, every time the records are read.
        book.unreadable = 0
        book.notImported = 2
        var keeper2 = Keeper()
        keeper2.answer(RecordsLoad.self) { _ in .records(book, toReview: []) }
        var app2 = App.standard(width: 132, height: 43)
        app2.openTable(TableGame(setup: .init(seed: 5, level: .beginner)))
        _ = app2.perform(app2.handle(.character("r")), with: keeper2)
        #expect(app2.text.contains("2 files of the history, its records or reviews kept before the database could not be read and were not imported"),
                "\(app2.text)")
        #expect(!app2.text.contains("games or reviews kept could not be read"))
    }

    @Test("a keeper that cannot read says why")
    func unavailable() {
        var app = App.standard()
        app.openTable(TableGame(setup: .init(seed: 5, level: .beginner)))
        _ = app.perform(app.handle(.character("r")), with: Keeper())
        #expect(app.text.contains("The records cannot be read:"))
    }

    @Test("a game finished and saved at the table is reviewed off the key path while the table is shown, then kept and counted",
          .tags(.solver), .slow)
    func finishedGameReviewedInTheBackground() throws {
        var app = App.standard()
        let over = FinishedTableGames.game(0)
        app.openTable(over)
        // The records read once, then back at the table.
        _ = app.perform(app.handle(.character("r")), with: Self.keeper)
        app.press(.escape)
        // The table's save of the finished game asks for its review.
        let asked = app.send(.answered(.table, .table(.saved(nil))))
        #expect(asked == .asking(FinishedGameReview()))
        let header = GameToReview.Header(id: "m-1", level: .known(.beginner), finished: 1_900_000_000)
        var keeper = Self.keeper
        keeper.answer(FinishedGameReview.self) { _ in GameToReview(header: header, record: over.record) }
        _ = app.perform(asked, with: keeper)
        // A save of anything else, or one that failed, asks for nothing.
        #expect(app.send(.answered(.table, .table(.saved(.store("disk full"))))) == .none)
        let job = try #require(app.state.jobs.first { $0.id.scene == .records })
        #expect(app.state.navigation.top == .table && app.state.noticeShown == nil)
        // The job's review is kept, asked of the keeper; the records opened later count it.
        let save = app.send(.jobFinished(job.id, job.work()))
        guard case .ask(let ask) = save, let request = ask.request as? ReviewFiguresSave else {
            Issue.record("the review is not kept: \(save)")
            return
        }
        #expect(request.game == header && request.summary.problem == nil && request.summary.sides[0].graded > 0)
        #expect(!app.state.jobs.contains { $0.id.scene == .records })
        keeper.answer(ReviewFiguresSave.self) { _ in nil }
        _ = app.perform(save, with: keeper)
        let book = try #require(app.state.records?.book)
        #expect(book.reviewed.last?.header == header && book.reviewed.count == Self.book.reviewed.count + 1)
        #expect(book.notReviewed == 0)
    }
}
