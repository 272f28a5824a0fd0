import CribbageCore
import CribbageUI
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameStore

/// The game store as the board's keeper. It reads the saved game (or starts a new one to 121
/// for two) only when the board is first asked for, so the counter alone never touches the
/// files; it saves after every change, holding the store's lock for each save only (so `game
/// --json` in another terminal still answers), and never writes over a game file that another
/// `twentynine` changed since. The database is held open from the first time it is asked for to
/// the keeper's end (`OpenStore`), so a move waits for the disk once.
final class StoreKeeper {
    private let environment: [String: String]
    /// The database held open, from the first request that needs it.
    private var open: OpenStore?
    private var store: GameStore?
    /// The game as this keeper last saved or read it, with its id and start.
    private var saved: SavedGame?
    /// What the file may hold if nobody else wrote it: what was read, or after a failed save,
    /// either that or what was being saved.
    private var known: [SavedGame?] = []

    /// The match against the computer as last read or saved.
    private var table: SavedTable?
    /// Another table moved the match on since this one read it: its moves are not saved, and
    /// the next load reads the file again.
    private var tableIsStale = false
    /// `twentynine table` was given options for a new match: said when a kept one resumes instead.
    private let tableOptionsGiven: Bool

    init(environment: [String: String], tableOptionsGiven: Bool = false) {
        self.environment = environment
        self.tableOptionsGiven = tableOptionsGiven
    }

    /// The database held open (opened by the first session on it).
    private func opened() throws(StoreError) -> OpenStore {
        if let open { return open }
        let open = OpenStore(try GameFiles.store(environment))
        self.open = open
        return open
    }

    func loadTable(starting setup: TableGame.Setup, fresh: Bool) -> KeptTable {
        if let table, !fresh, !tableIsStale { return .table(table.table, message: nil) }
        do {
            let open = try opened(), store = open.store
            return try open.withTableSession { session -> KeptTable in
                let problem = session.problems.first.map { Self.onScreen($0, in: store) }
                if let kept = session.saved, !fresh {
                    table = kept
                    tableIsStale = false
                    let options = tableOptionsGiven ? "a match is under way: the options take effect with --new" : nil
                    return .table(kept.table, message: problem ?? options)
                }
                // A new match is saved at once: its first deal is fixed from the start. The kept
                // match's unfinished game, once begun, goes into the history as abandoned, with
                // that save.
                if session.saved?.table.moves.isEmpty == false { session.abandon() }
                let new = SavedTable(table: TableGame(setup: setup))
                session.saved = new
                do throws(StoreError) { try session.save() } catch where !error.isSaved {
                    return .unavailable(.store(error.shortDescription))
                } catch {}
                table = session.saved ?? new
                tableIsStale = false
                return .table(new.table, message: problem)
            }
        } catch {
            return .unavailable(.store(Self.onScreen(error)))
        }
    }

    func saveTable(_ changed: TableGame) -> GameKeepingFailure? {
        guard let current = table else { return .nothingRead }
        do {
            let open = try opened(), store = open.store
            return try open.withTableSession { session -> GameKeepingFailure? in
                guard let onDisk = session.saved, Self.sameMatch(onDisk, current) else {
                    // Another table moved the match on: this one's moves are not kept, and the
                    // next load reads the file again.
                    tableIsStale = true
                    return .changedElsewhere(path: Self.onScreen(session.tablePath, in: store))
                }
                var next = current
                next.table = changed
                if changed.gameNumber != current.table.gameNumber { next.gameStarted = Date() }
                session.saved = next
                do throws(StoreError) { try session.save() } catch where !error.isSaved {
                    if case .refused = error { return .refused(error.shortDescription) }
                    return .store(error.shortDescription)
                } catch {}
                table = session.saved ?? next
                return nil
            }
        } catch {
            return .store(Self.onScreen(error))
        }
    }

    /// The same match at the same move (what a file keeps of it).
    private static func sameMatch(_ one: SavedTable, _ other: SavedTable) -> Bool {
        one.id == other.id && one.table.gameNumber == other.table.gameNumber && one.table.moves == other.table.moves
    }

    /// A line about the files as a notice says it: files named by their names in the data
    /// folder, not by the whole path.
    private static func onScreen(_ line: String, in store: GameStore) -> String {
        line.replacing(store.folder + "/", with: "")
    }

    /// A line about the files with each named by its name in the data folder.
    private func onScreen(_ line: String) -> String {
        guard let store = open?.store else { return line }
        return Self.onScreen(line, in: store)
    }

    private static func onScreen(_ error: any Error) -> String {
        (error as? StoreError)?.shortDescription ?? "\(error)"
    }

    /// The history's records as `game --stats` prints them, read afresh each time.
    func records() -> KeptRecords {
        do {
            let open = try opened()
            return try open.withSession { session in
                let history = session.history()
                let text = GameReport.statisticsText(history.statistics, history: history, path: session.historyPath)
                return .records(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            }
        } catch {
            return .unavailable(.store(Self.onScreen(error)))
        }
    }

    /// The game `back` before the last finished against the computer, with its record, for the
    /// review; read afresh each time.
    func reviewed(back: Int) -> KeptReview {
        do {
            let open = try opened()
            return try open.withSession { session -> KeptReview in
                // The review grades two-player decisions: games of three or of teams are left out.
                let games = session.history().games.filter { $0.level != nil && $0.winner != nil && $0.seating == .twoPlayers }
                guard back >= 0, back < games.count else { return .none(finished: games.count) }
                let game = games[games.count - 1 - back]
                switch session.record(game.id) {
                case .failure(let error):
                    return .unreadable(id: game.id, reason: "its record is not kept (\(Self.onScreen(error)))")
                case .success(.board):
                    return .unreadable(id: game.id, reason: "it was kept on the board")
                case .success(.table(let saved)):
                    return .game(ReviewedGame(header: Self.header(game), record: saved.table.record, back: back,
                                              finished: games.count, reviewKept: session.keptReview(game.id) != nil))
                }
            }
        } catch {
            return .unavailable(.store(Self.onScreen(error)))
        }
    }

    func load() -> KeptGame {
        if let saved { return .game(saved.game, message: nil) }
        let store: GameStore
        let onDisk: SavedGame?, problems: [String]
        do {
            let open = try opened()
            store = open.store
            (onDisk, problems) = try open.withSession { session in (session.saved, session.problems) }
        } catch {
            return .unavailable(.store(Self.onScreen(error)))
        }
        let saved = onDisk ?? SavedGame(game: try! Game())
        self.store = store
        self.saved = saved
        known = [onDisk]
        return .game(saved.game, message: problems.first.map { Self.onScreen($0, in: store) })
    }

    func save(_ game: Game, isNew: Bool) -> GameSaving {
        guard let store, let current = saved else { return .failed(.nothingRead) }
        do {
            return try save(game, isNew: isNew, current: current, in: store)
        } catch {
            return .failed(.store(Self.onScreen(error)))
        }
    }

    /// A save that is on disk but not confirmed (`StoreError.isSaved`) counts as saved: the
    /// next save flushes again. When another `twentynine` only added entries to the same game,
    /// the board's entries since its last save are scored again after them, and both are kept.
    private func save(_ game: Game, isNew: Bool, current: SavedGame, in store: GameStore) throws -> GameSaving {
        try opened().withSession { session in
            var game = game
            var added: Int?
            if !known.contains(where: { Self.sameGame($0, session.saved) }) {
                guard !isNew, let onDisk = session.saved, onDisk.id == current.id,
                      onDisk.game.log.starts(with: current.game.log), game.log.starts(with: current.game.log),
                      let merged = try? onDisk.game.appending(game.log.dropFirst(current.game.log.count)) else {
                    return .failed(.changedElsewhere(path: Self.onScreen(session.gamePath, in: store)))
                }
                added = game.log.count - current.game.log.count
                game = merged
            }
            if isNew, let onDisk = session.saved, !onDisk.game.isOver, !onDisk.game.log.isEmpty {
                // A new game set up on the board over an unfinished one: that one goes into the
                // history as abandoned, with the new game's save.
                session.abandon()
            }
            let before = session.saved
            let next = isNew ? SavedGame(game: game) : SavedGame(id: current.id, started: current.started, game: game)
            saved = next
            session.saved = next
            // A history write can fail after the game is written: either may be on disk.
            known = [before, next]
            do throws(StoreError) {
                try session.save()
            } catch where !error.isSaved {
                if case .refused = error {
                    // Nothing written: the board goes back to the game last saved.
                    (saved, known) = (current, [before])
                    return .refused(current.game, reason: error.shortDescription)
                }
                if game.isOver, added == nil {
                    // A game's end the database could not take (the history, a full disk,
                    // read-only): the board goes back to the game last saved, so that a new game
                    // never abandons a finish the history does not hold; entered again once the
                    // database can be written (issue 46, fault 3, as at the table).
                    (saved, known) = (current, [before])
                    return .refused(current.game, reason: Self.onScreen(error) + "; the game's end is not kept: enter it again once it can be saved")
                }
                if added != nil {
                    // The board still holds its own game: the next save merges again.
                    (saved, known) = (current, [before])
                }
                return .failed(.store(Self.onScreen(error)))
            } catch {}
            if let written = session.saved { saved = written }
            known = [saved]
            return added.map { .merged(game, added: $0) } ?? .saved
        }
    }

    /// The same game in the same state; `started` is left out, as the file keeps whole seconds.
    private static func sameGame(_ one: SavedGame?, _ other: SavedGame?) -> Bool {
        one?.id == other?.id && one?.game == other?.game
    }
}

extension StoreKeeper {
    /// The answers to what the scenes ask of the files: the board's game, its saves and the
    /// records; the match against the computer, the kept one or a new one from `table` (from a
    /// random seed without), new at once the first time it is asked for when `fresh` (`table
    /// --new`), and its saves.
    func keeper(table: TableGame.Setup?, fresh: Bool) -> Keeper {
        let setup = table ?? TableGame.Setup(seed: UInt64.random(in: .min ... .max))
        var fresh = fresh
        var keeper = Keeper()
        keeper.answer(BoardLoad.self) { _ in self.load() }
        keeper.answer(BoardSave.self) { self.save($0.game, isNew: $0.isNew) }
        keeper.answer(BoardRecords.self) { _ in self.records() }
        keeper.answer(TableLoad.self) { _ in
            defer { fresh = false }
            return self.loadTable(starting: setup, fresh: fresh)
        }
        keeper.answer(TableSave.self) { self.saveTable($0.table) }
        keeper.answer(ReviewLoad.self) { self.reviewed(back: $0.back) }
        keeper.answer(DrillSetupLoad.self) { _ in self.drillSetup() }
        keeper.answer(DrillsLoad.self) { self.drillSession($0.setup) }
        keeper.answer(MistakesLoad.self) { self.mistakesSession($0.drills) }
        keeper.answer(DrillAnswerSave.self) { self.saveDrill($0) }
        keeper.answer(MugginsDrillSave.self) { self.enrolMuggins($0) }
        keeper.answer(RecordsLoad.self) { _ in self.recordBook() }
        keeper.answer(FinishedGameReview.self) { _ in self.finishedGame() }
        keeper.answer(ReviewFiguresSave.self) { self.keepReview($0) }
        return keeper
    }

    /// The most games not reviewed the records screen hands on to review, the newest.
    static let reviewsAhead = ErrorRateTrend.span

    /// Your records against the computer, summed from the figures the history keeps beside each
    /// game (`StoreSession.recordFigures`, no summary read), and the reviews kept (only the last 20
    /// games' reviews read), with the newest games not reviewed with their records, to review.
    func recordBook() -> KeptRecordBook {
        do {
            let open = try opened()
            return try open.withSession { session -> KeptRecordBook in
                // The review grades two-player games, and the wins by level are yours against one computer.
                let figures = session.recordFigures()
                // The levels in their order, then any a newer version wrote (shown as unknown).
                let unknown = figures.levels.filter { $0.level.known == nil }.sorted { $0.level.raw < $1.level.raw }
                let levels = ComputerLevel.allCases.compactMap { level in figures.levels.first { $0.level == .known(level) } } + unknown
                let statistics = figures.statistics
                let reviewed = session.recentReviews()
                var toReview: [GameToReview] = []
                for game in reviewed.notReviewed.reversed().prefix(Self.reviewsAhead) {
                    guard case .success(.table(let saved)) = session.record(game.id) else { continue }
                    toReview.append(GameToReview(header: Self.header(game), record: saved.table.record))
                }
                var book = RecordBook(
                    levels: levels.filter { $0.won + $0.lost > 0 }.map { RecordBook.Level(level: $0.level, won: $0.won, lost: $0.lost) },
                    skunksGiven: statistics.skunksGiven, doubleSkunksGiven: statistics.doubleSkunksGiven,
                    skunksTaken: statistics.skunksTaken, doubleSkunksTaken: statistics.doubleSkunksTaken,
                    tally: statistics.tally, rounds: statistics.rounds,
                    reviewed: reviewed.reviews.map {
                        RecordBook.Reviewed(header: GameToReview.Header(id: $0.id, level: $0.level,
                                                                        finished: Int($0.finished.timeIntervalSince1970)),
                                            summary: $0.summary)
                    },
                    notReviewed: reviewed.notReviewed.count)
                book.unreadable = figures.unreadable + reviewed.problems.count
                book.notImported = session.historyNotImported().count
                book.notRead = open.passedOver.map { onScreen($0) }
                return .records(book, toReview: toReview)
            }
        } catch {
            return .unavailable(.store(Self.onScreen(error)))
        }
    }

    static func header(_ game: RecordedGame) -> GameToReview.Header {
        GameToReview.Header(id: game.id, level: game.level, finished: game.finished)
    }

    static func header(_ game: FinishedGame) -> GameToReview.Header {
        GameToReview.Header(id: game.id, level: game.level, finished: Int(game.finished.timeIntervalSince1970))
    }

    /// The game just finished at the table, from the match's file, when it is over and its review
    /// is not kept yet.
    func finishedGame() -> GameToReview? {
        return try? opened().withTableSession { session -> GameToReview? in
            guard let saved = session.saved, saved.isOver, saved.table.setup.seating == .twoPlayers,
                  !session.hasReview(saved.gameID) else { return nil }
            let header = GameToReview.Header(id: saved.gameID, level: .known(saved.table.setup.level),
                                             finished: Int(Date().timeIntervalSince1970))
            return GameToReview(header: header, record: saved.table.record)
        }
    }

    /// A game's review kept beside the history; nil when kept.
    func keepReview(_ request: ReviewFiguresSave) -> GameKeepingFailure? {
        let game = request.game
        let review = SavedReview(id: game.id, finished: Date(timeIntervalSince1970: Double(game.finished)), level: game.level,
                                 summary: request.summary)
        do {
            try opened().withSession { session in _ = try session.keep(review) }
            return nil
        } catch {
            return .store(Self.onScreen(error))
        }
    }

    /// The last session's setup, or the standard one.
    func drillSetup() -> KeptDrillSetup {
        do {
            return try opened().withDrills { session in
                // Only the setup's own row is "the last setup" passed over; the drills' other rows
                // are said where they are read.
                let before = session.notices.count
                let setup = try session.rememberedSetup()
                let notImported = session.notImported().first { $0.row == "drill-setup" }
                let passedOver = session.notices.dropFirst(before).first.map { Self.onScreen($0) } ?? notImported.map { onScreen($0.line) }
                return .setup(setup, passedOver: passedOver.map { .store($0) })
            }
        } catch {
            return .unavailable(.store(Self.onScreen(error)))
        }
    }

    /// A session of drills as `twentynine drill` deals it for the setup, and the player's rating;
    /// the setup kept for the next session (a setup not kept is said, the session dealt all the same).
    func drillSession(_ setup: DrillSetup) -> KeptDrills {
        do {
            let open = try opened()
            return try open.withDrills { session in
                // The rows read as the session opened (the bank, the schedule, the ratings): the
                // setup's own row is said when the setup is read.
                // Else a database of the series passed over (this one is another), else a drills'
                // file the import could not read, while nothing has taken its place.
                let notRead = (session.notices.first.map { Self.onScreen($0) } ?? open.passedOver.first.map { onScreen($0) }
                    ?? session.notImported().first { $0.row != "drill-setup" }.map { onScreen($0.line) })
                    .map { GameKeepingFailure.store($0) }
                var notKept: GameKeepingFailure?
                do { try session.remember(setup) } catch { notKept = .store(Self.onScreen(error)) }
                let plan = try DrillFiles.session(&session, count: setup.count, theme: setup.theme, difficulty: setup.difficulty,
                                                  at: Int(Date().timeIntervalSince1970))
                return .session(plan, rating: session.ratings.player, setupNotKept: notKept, notRead: notRead)
            }
        } catch {
            return .unavailable(.store(Self.onScreen(error)))
        }
    }

    /// Learn from your mistakes: the game's mistakes as they are, and the player's rating (each
    /// answer saved by `saveDrill`, which enrols a drill not held yet).
    func mistakesSession(_ drills: [Drill]) -> KeptDrills {
        do {
            return try opened().withDrills { session in .session(drills, rating: session.ratings.player) }
        } catch {
            return .unavailable(.store(Self.onScreen(error)))
        }
    }

    /// A count got wrong in practice kept as a count drill, once; nil when kept (or already held).
    func enrolMuggins(_ request: MugginsDrillSave) -> GameKeepingFailure? {
        guard let drill = Drill.muggins(hand: request.hand, rules: request.rules, claimed: request.claimed) else { return nil }
        do {
            try opened().withDrills { session in _ = try session.enrol([drill]) }
            return nil
        } catch {
            return .store(Self.onScreen(error))
        }
    }

    /// One answer saved as `twentynine drill answer` saves it: scheduled again, then rated.
    func saveDrill(_ request: DrillAnswerSave) -> DrillSaving {
        do {
            return try opened().withDrills { session in
                let drill = request.drill
                let seed = session.ratings.drills[drill.id]?.rating ?? drill.seedRating(analysis: request.result.graded.analysis)
                if session.drill(drill.id) == nil { try session.enrol([drill]) }
                try session.record(drill, request.result, answer: request.answer, at: Int(Date().timeIntervalSince1970), seed: seed)
                return .saved(rating: session.ratings.player)
            }
        } catch {
            return .failed(.store(Self.onScreen(error)))
        }
    }
}
