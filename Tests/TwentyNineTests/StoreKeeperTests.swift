@testable import CribbageCore
import CribbageUI
import Foundation
@testable import GameStore
import TestSupport
import Testing
@testable import TwentyNineCommands

/// The store as the board's and the table's keeper, in this process.
@Suite("StoreKeeper: the board's and the table's saves")
struct StoreKeeperTests {
    private func history(_ folder: GameFolder) throws -> [FinishedGame] {
        try GameStore(folder: folder.path).withSession { $0.history().games }
    }

    @Test("two tables on one folder: the second's move is refused as another table's, named by its file, and a load reads the file again")
    func twoTables() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let first = StoreKeeper(environment: folder.environment), second = StoreKeeper(environment: folder.environment)
        guard case .table(var one, _) = first.loadTable(starting: .init(seed: 5), fresh: false),
              case .table(var two, _) = second.loadTable(starting: .init(seed: 5), fresh: false) else {
            Issue.record("no table")
            return
        }
        try one.apply(.next)
        #expect(first.saveTable(one) == nil)
        try two.apply(.next)
        #expect(second.saveTable(two) == .changedElsewhere(path: "twentynine.sqlite"))
        #expect(second.saveTable(two) == .changedElsewhere(path: "twentynine.sqlite"))
        // Reopened: the match as the first table left it.
        guard case .table(let reread, _) = second.loadTable(starting: .init(seed: 5), fresh: false) else {
            Issue.record("no table")
            return
        }
        #expect(reread.moves == one.moves)
        var next = reread
        try next.apply(.discard(seat: 0, Array(next.deal!.sixes[0].prefix(2))))
        #expect(second.saveTable(next) == nil)
    }

    @Test("table --new over an unfinished game puts that game into the history as abandoned, with its record")
    func aNewMatchOverAnUnfinishedGame() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let keeper = StoreKeeper(environment: folder.environment)
        guard case .table(var match, _) = keeper.loadTable(starting: .init(seed: 8, level: .beginner), fresh: false) else {
            Issue.record("no table")
            return
        }
        try match.apply(.next)
        try match.apply(.discard(seat: 0, Array(match.deal!.sixes[0].prefix(2))))
        #expect(keeper.saveTable(match) == nil)
        let id = try #require(try GameStore(folder: folder.path).withTableSession { $0.saved?.gameID })
        guard case .table = keeper.loadTable(starting: .init(seed: 9), fresh: true) else {
            Issue.record("no new match")
            return
        }
        let games = try history(folder)
        #expect(games.map(\.id) == [id])
        #expect(games.first?.isAbandoned == true && games.first?.level == .known(.beginner))
        let record = try GameStore(folder: folder.path).withSession { $0.record(id) }
        guard case .success(.table(let kept)) = record else {
            Issue.record("no record: \(record)")
            return
        }
        #expect(kept.table.moves == match.moves)
        // A new match over one not begun abandons nothing.
        _ = keeper.loadTable(starting: .init(seed: 10), fresh: true)
        #expect(try history(folder).count == 1)
    }

    @Test("the board's own refusal is said as a bug, the board goes back to the game saved, and the next save is not taken for another twentynine's")
    func aRefusedSaveOnTheBoard() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let keeper = StoreKeeper(environment: folder.environment)
        guard case .game(let start, _) = keeper.load() else {
            Issue.record("no game")
            return
        }
        var pegged = start
        try pegged.tellStarter(Card(parsing: "JC"))
        try pegged.heels()
        try pegged.peg(player: 0, points: 2, reasons: [.fifteen])
        #expect(keeper.save(pegged, isNew: false) == .saved)
        // His heels with the starter changed under it to a card that is not a jack, which the
        // rules refuse (as a bug would make it): a game the reader refuses.
        var bad = pegged
        bad.starters[bad.round] = try Card(parsing: "7C")
        guard case .refused(let back, let reason) = keeper.save(bad, isNew: false) else {
            Issue.record("saved a game the reader refuses")
            return
        }
        #expect(back == pegged)
        #expect(reason.hasPrefix("this change could not be saved: a bug: "))
        #expect(!reason.contains("another twentynine"))
        var next = back
        try next.peg(player: 1, points: 1, reasons: [.go])
        #expect(keeper.save(next, isNew: false) == .saved)
    }

    @Test("issue 46, fault 3, the board's half: a game's end the history cannot take is refused and said, the board back at the game saved (a new game would abandon only what the board shows unfinished); entered again once the database works, the game is kept finished, once")
    func aGamesEndOnTheBoardTheHistoryCannotTake() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let failing = StoreKeeper(environment: folder.scratchEnvironment(fault: "history-write"))
        guard case .game(let start, _) = failing.load() else {
            Issue.record("no game")
            return
        }
        var near = start
        _ = try near.correct(player: 0, points: near.target.points - 1)
        #expect(failing.save(near, isNew: false) == .saved)
        var end = near
        _ = try end.correct(player: 0, points: 1)
        try #require(end.isOver)
        guard case .refused(let back, let reason) = failing.save(end, isNew: false) else {
            Issue.record("a game's end the history could not take was not refused")
            return
        }
        #expect(back == near)
        #expect(reason == "cannot save twentynine.sqlite (the history): Input/output error (a test's fault); the game's end is not kept: enter it again once it can be saved")
        #expect(try history(folder).isEmpty)
        // The database working again: the same end is kept, finished, and a new game after it abandons nothing.
        let working = StoreKeeper(environment: folder.environment)
        guard case .game(let reopened, _) = working.load() else {
            Issue.record("no game")
            return
        }
        #expect(reopened == near)
        #expect(working.save(end, isNew: false) == .saved)
        #expect(working.save(try Game(target: end.target, dealer: 0, names: end.names), isNew: true) == .saved)
        let games = try history(folder)
        #expect(games.count == 1 && games.first?.isAbandoned == false)
    }

    @Test("issue 46, fault 9: the records count a game of the history that cannot be read as unreadable, and say so")
    func theRecordsSayWhatCannotBeRead() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.path)
        for number in 0..<3 {
            try store.withTableSession { session in
                session.saved = SavedTable(table: FinishedTableGames.game(number))
                try session.save()
            }
        }
        let games = try store.withSession { $0.history().games }
        #expect(games.count == 3)
        try store.withConnection(holdsLock: false) { connection, _ in
            try connection.transaction { connection in
                try connection.execute("UPDATE game SET summary = ? WHERE id = ?", [Data("{".utf8), games[1].id])
            }
        }
        guard case .records(let book, _) = StoreKeeper(environment: folder.environment).recordBook() else {
            Issue.record("no records")
            return
        }
        #expect(book.unreadable == 1)
        #expect(book.levels.reduce(0) { $0 + $1.won + $1.lost } == 2)

        // A review kept for the last game that cannot be read counts too: the game waits unreviewed, and it is said.
        let summary = ReviewSummary(sides: [.init(errorRate: 1, graded: 10, inaccuracies: 1, mistakes: 0, blunders: 0, missedWins: 0, luck: 0),
                                            .init(errorRate: 1, graded: 10, inaccuracies: 1, mistakes: 0, blunders: 0, missedWins: 0, luck: 0)],
                                    result: 1, engine: nil)
        try store.withSession { session in
            _ = try session.keep(SavedReview(id: games[2].id, finished: games[2].finished, level: games[2].level, summary: summary))
        }
        guard case .records(let reviewed, _) = StoreKeeper(environment: folder.environment).recordBook() else {
            Issue.record("no records")
            return
        }
        #expect(reviewed.unreadable == 1 && reviewed.reviewed.count == 1 && reviewed.notReviewed == 1)
        try store.withConnection(holdsLock: false) { connection, _ in
            try connection.transaction { connection in
                try connection.execute("UPDATE review SET body = ? WHERE id = ?", [Data("{\"version\":1".utf8), games[2].id])
            }
        }
        guard case .records(let book2, _) = StoreKeeper(environment: folder.environment).recordBook() else {
            Issue.record("no records")
            return
        }
        #expect(book2.unreadable == 2, "the game and the review")
        #expect(book2.reviewed.isEmpty && book2.notReviewed == 2)
    }

    @Test("issue 46, fault 9: a part of the old history the import could not read is said by the records every time they are read, and named by game --stats")
    func theRecordsSayWhatWasNotImported() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("history"), withIntermediateDirectories: true)
        // history/1.json cut short (its 200 games cannot be read); history.json holds the rest.
        try Data("{\"part\":1,\"removed\":[],\"version\":2,\"games\":[\n{\"finished\"".utf8)
            .write(to: URL(fileURLWithPath: folder.file("history/1.json")))
        try Data("{\"part\":2,\"removed\":[],\"version\":2,\"games\":[]}\n".utf8).write(to: URL(fileURLWithPath: folder.file("history.json")))
        for _ in 0..<2 {
            guard case .records(let book, _) = StoreKeeper(environment: folder.environment).recordBook() else {
                Issue.record("no records")
                return
            }
            #expect(book.notImported == 1 && book.unreadable == 0)
        }
        let lines = try GameStore(folder: folder.path).withSession { $0.historyNotImported() }
        #expect(lines.count == 1 && lines[0].hasPrefix(folder.file("history/1.json") + " is corrupt") && lines[0].hasSuffix("; not imported"),
                "\(lines)")
    }

    @Test("the Records screen's figures, summed from the columns kept beside each game, are game --stats' figures for you over the same games")
    func theRecordsAgreeWithTheStatistics() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.path)
        for number in 0..<6 {
            let level: ComputerLevel = number % 2 == 0 ? .novice : .beginner
            try store.withTableSession { session in
                session.saved = SavedTable(table: FinishedTableGames.game(number, level: level, you: number % 3 == 0 ? .novice : .beginner))
                try session.save()
            }
        }
        // A game abandoned at its third move, by a new match over it: its points count, not its result.
        let keeper = StoreKeeper(environment: folder.environment)
        guard case .table(var match, _) = keeper.loadTable(starting: .init(seed: 40, level: .beginner), fresh: true) else {
            Issue.record("no table")
            return
        }
        try match.apply(.next)
        #expect(keeper.saveTable(match) == nil)
        _ = keeper.loadTable(starting: .init(seed: 41), fresh: true)
        // What `game --stats` prints for you, worked out from every summary.
        let history = try store.withSession { $0.history() }
        #expect(history.games.count == 7 && history.games.last?.isAbandoned == true)
        let you = try #require(history.statistics.first { $0.name == TableGame.names[TableGame.player] })
        guard case .records(let book, _) = keeper.recordBook() else {
            Issue.record("no records")
            return
        }
        #expect(book.levels.reduce(0) { $0 + $1.won } == you.wins)
        #expect(book.levels.reduce(0) { $0 + $1.won + $1.lost } == you.games)
        #expect(book.levels.map(\.level) == [.known(.novice), .known(.beginner)])
        #expect(book.skunksGiven == you.skunksGiven && book.doubleSkunksGiven == you.doubleSkunksGiven)
        #expect(book.skunksTaken == you.skunksTaken && book.doubleSkunksTaken == you.doubleSkunksTaken)
        #expect(book.tally == you.tally && book.rounds == you.rounds && you.abandoned == 1)
        #expect(book.unreadable == 0 && book.notReviewed == 6)
    }

    @Test("a corrupt table.json is named by the import by its name in the table's opening line, not by its whole path")
    func aCorruptTableFileIsNamedByItsName() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        try Data("{\"version\": 1, \"id\": \"x\"}".utf8).write(to: URL(fileURLWithPath: folder.file("table.json")))
        guard case .table(_, let message?) = StoreKeeper(environment: folder.environment).loadTable(starting: .init(seed: 1), fresh: false) else {
            Issue.record("no table, or no word of the corrupt file")
            return
        }
        #expect(message.hasPrefix("table.json is corrupt ("), "\(message)")
        #expect(message.hasSuffix("; it is kept as it is; not imported"), "\(message)")
        #expect(!message.contains(folder.path))
    }
}

/// The drills scene's requests, answered from the store as `twentynine drill` and `drill answer` do.
@Suite("StoreKeeper: the drills")
struct StoreKeeperDrillTests {
    @Test("a session is dealt as twentynine drill deals it; each answer saved is logged, scheduled and rated, one answer a save")
    func sessionAndAnswers() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let keeper = StoreKeeper(environment: folder.environment)
        #expect(keeper.drillSetup() == .setup(.standard))
        let setup = DrillSetup(theme: .counting, difficulty: .harder, count: 10)
        guard case .session(let drills, let rating, nil, nil) = keeper.drillSession(setup) else {
            Issue.record("no session")
            return
        }
        #expect(drills.count == 10 && drills.allSatisfy { $0.themes.contains(.counting) } && rating == DrillRatings().player)
        // The setup is kept for the next session.
        #expect(keeper.drillSetup() == .setup(setup))
        let drill = drills[0]
        let best = drill.analysis().best
        let result = drill.grade(drill.move(for: best))
        let answer = drill.answer(for: best)
        guard case .saved(let after) = keeper.saveDrill(DrillAnswerSave(drill: drill, result: result, answer: answer)) else {
            Issue.record("not saved")
            return
        }
        try GameStore(folder: folder.path).withDrills { session in
            #expect(session.schedule.log.map(\.drill) == [drill.id] && session.schedule.log.first?.answer == answer)
            #expect(session.schedule.memories[drill.id] != nil && session.ratings.applied == 1)
            #expect(session.ratings.player == after && after.rating > rating.rating)
        }
        // A count got wrong in practice is enrolled once, and is the first new drill of the next session.
        let hand = try Hand(parsing: ["3C", "4H", "5S", "7D"], cut: "KD")
        #expect(keeper.enrolMuggins(MugginsDrillSave(hand: hand, rules: .hand, claimed: 4)) == nil)
        #expect(keeper.enrolMuggins(MugginsDrillSave(hand: hand, rules: .hand, claimed: 5)) == nil)
        let muggins = try #require(Drill.muggins(hand: hand, rules: .hand, claimed: 4))
        try GameStore(folder: folder.path).withDrills { session in
            #expect(session.bank.filter { $0.origin == .muggins }.map(\.id) == [muggins.id])
        }
        guard case .session(let next, _, _, _) = keeper.drillSession(.standard) else { Issue.record("no session"); return }
        #expect(next.first?.id == muggins.id)
        // A second answer is a second review, the first kept.
        _ = keeper.saveDrill(DrillAnswerSave(drill: drills[1], result: drills[1].grade(drills[1].move(for: drills[1].analysis().best)),
                                             answer: drills[1].answer(for: drills[1].analysis().best)))
        try GameStore(folder: folder.path).withDrills { session in
            #expect(session.schedule.log.map(\.drill) == [drill.id, drills[1].id])
        }
    }

    @Test("issue 46, fault 9: an unreadable schedule is said by the session as the schedule, never as the last setup; the ratings stand")
    func anUnreadableScheduleIsNamed() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let keeper = StoreKeeper(environment: folder.environment)
        guard case .session(let drills, _, nil, nil) = keeper.drillSession(.standard) else { Issue.record("no session"); return }
        let drill = drills[0], best = drills[0].analysis().best
        _ = keeper.saveDrill(DrillAnswerSave(drill: drill, result: drill.grade(drill.move(for: best)), answer: drill.answer(for: best)))
        try GameStore(folder: folder.path).withConnection(holdsLock: false) { connection, _ in
            try connection.transaction { connection in
                try connection.execute("UPDATE kept SET body = ? WHERE name = 'drill-schedule'", [Data("{\"version\":1,\"schedule\":".utf8)])
            }
        }
        #expect(keeper.drillSetup() == .setup(.standard), "the setup's own row reads: nothing passed over")
        guard case .session(_, let rating, nil, let notRead?) = keeper.drillSession(.standard) else {
            Issue.record("the unreadable schedule not said")
            return
        }
        #expect("\(notRead)".contains("twentynine.sqlite (drill-schedule) is corrupt"), "\(notRead)")
        #expect(!"\(notRead)".contains(folder.path))
        #expect(rating != DrillRatings().player, "the ratings stand")
    }

    @Test("the records: a game just finished at the table handed on once for its review; the newest not reviewed with their records; figures kept and counted")
    func records() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let keeper = StoreKeeper(environment: folder.environment)
        #expect(keeper.finishedGame() == nil)
        let games = FinishedTableGames.reviewed(3)
        let store = try GameStore(environment: folder.environment)
        for (table, _) in games {
            try store.withTableSession { session in
                session.saved = SavedTable(table: table)
                try session.save()
            }
        }
        let history = try GameStore(folder: folder.path).withSession { $0.history().games }
        let finished = try #require(keeper.finishedGame())
        #expect(finished.header.id == history.last?.id && finished.record == games[2].table.record)
        guard case .records(let book, let toReview) = keeper.recordBook() else {
            Issue.record("no records")
            return
        }
        let won = games.count { $0.table.game.result?.winner == TableGame.player }
        #expect(book.levels == [RecordBook.Level(level: .known(.beginner), won: won, lost: 3 - won)])
        #expect(book.reviewed.isEmpty && book.notReviewed == 3 && toReview.map(\.header.id) == history.reversed().map(\.id))
        #expect(toReview.map(\.record) == games.reversed().map { $0.table.record })
        // Kept: the table hands it on no more, and the records count it.
        #expect(keeper.keepReview(ReviewFiguresSave(game: finished.header, summary: games[2].summary)) == nil)
        #expect(keeper.finishedGame() == nil)
        guard case .records(let after, let rest) = keeper.recordBook() else {
            Issue.record("no records")
            return
        }
        #expect(after.reviewed.map(\.header.id) == [finished.header.id] && after.notReviewed == 2 && rest.count == 2)
        #expect(after.reviewed.first?.errorRate == games[2].summary.sides[0].errorRate)
    }
}
