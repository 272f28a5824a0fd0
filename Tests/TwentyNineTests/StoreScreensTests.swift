import Canvas
import CribbageCore
@testable import CribbageUI
import Foundation
@testable import GameStore
import TestSupport
import Testing
@testable import TwentyNineCommands

/// Issue 46 at the screens, in this process on a real database through `StoreKeeper`: what the
/// table says and does when a game's end cannot be written (fault 3), and what the Drills scene
/// and the Records screen say when the database, or a part of it, cannot be read (fault 9).
@Suite("The store at the screens: the table, the Drills scene and the Records screen")
struct StoreScreensTests {
    /// The keys of the player's next decision (throw the first two, lay the first card that fits)
    /// as the app takes them.
    static func keys(for table: TableGame) -> [KeyInput] {
        TableTmuxTests.keys(for: table).map { $0 == "Enter" ? .enter : .character(Character($0)) }
    }

    static func app(_ keeper: Keeper, width: Int = 80, height: Int = 24) -> App {
        var app = App(size: Size(width: width, height: height), glyphs: .unicode, seed: 29)
        _ = app.perform(app.open(.table), with: keeper)
        return app
    }

    static func press(_ keys: [KeyInput], _ app: inout App, _ keeper: Keeper) {
        for key in keys { _ = app.perform(app.handle(key), with: keeper) }
    }

    /// The screen's words, a line's wrap and the box's rules taken out.
    static func words(_ app: App) -> String {
        app.render().text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "│" || $0 == "|" }).joined(separator: " ")
    }

    /// Plays the table by keys up to the player's decision that ends the game, every move saved;
    /// returns the table there.
    static func playToTheLastMove(_ app: inout App, _ keeper: Keeper) throws -> TableGame {
        var table = try #require(app.state.table?.table)
        for _ in 0..<2_000 {
            var next = table
            try next.apply(TableTmuxTests.move(for: table))
            if case .over = next.stage { return table }
            press(keys(for: table), &app, keeper)
            let shown = try #require(app.state.table)
            guard shown.table.moves.count == next.moves.count, shown.saveFailure == nil else {
                Issue.record("the keys \(keys(for: table)) at \(table.stage) made \(shown.table.moves.suffix(3)), not \(next.moves.suffix(3)); \(words(app))")
                throw Unfinished()
            }
            table = shown.table
        }
        throw Unfinished()
    }

    /// Whether the table shown is over, saved.
    static func isOverAndSaved(_ app: App) -> Bool {
        guard let scene = app.state.table, case .over = scene.table.stage else { return false }
        return scene.saveFailure == nil
    }

    struct Unfinished: Error {}

    static let setup = TableGame.Setup(seed: 7, level: .beginner, target: .short)

    @Test("issue 46, fault 3, the table's half: a game's end whose history cannot be written is said at once in one line naming the database (no path), taken back, never dealt over; the next open has the match as last saved, and the same move played there ends the game into the history")
    func aGamesEndTheHistoryCannotTake() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let failing = StoreKeeper(environment: folder.scratchEnvironment(fault: "history-write")).keeper(table: Self.setup, fresh: true)
        var app = Self.app(failing)
        let before = try Self.playToTheLastMove(&app, failing)
        let store = GameStore(folder: folder.path)

        // The game's end: refused by the history, said at once, the move taken back.
        for _ in 0..<2 {
            Self.press(Self.keys(for: before), &app, failing)
            let scene = try #require(app.state.table)
            #expect(scene.table == before, "the game's end is taken back, never played on past")
            #expect(scene.saveFailure == .store("cannot save twentynine.sqlite (the history): Input/output error (a test's fault)"))
            let words = Self.words(app)
            #expect(words.contains("That move was not kept: cannot save twentynine.sqlite (the history): Input/output error (a test's fault); "
                                   + "the match is as last saved: play it again once it can be saved"), "\(app.render().text)")
            let notice = try #require(words.range(of: "That move was not kept").map { String(words[$0.lowerBound...]) })
            #expect(!app.render().text.contains(folder.path) && !notice.contains(" /"), "no absolute path: \(notice)")
            // The database: the match before the end, and no game half-kept.
            #expect(try store.withTableSession { $0.saved?.table.moves } == before.moves)
            #expect(try store.withSession { $0.history().games }.isEmpty)
        }
        // game --history owes nothing: the table's game is not over where it is kept.
        let history = try folder.json("--history")
        #expect((history["games"] as? [Any])?.isEmpty == true)

        // The next open (the store working again): the match as last saved, and the same move ends the game.
        let working = StoreKeeper(environment: folder.environment).keeper(table: Self.setup, fresh: false)
        var again = Self.app(working)
        #expect(again.state.table?.table.moves == before.moves && again.state.table?.opening == nil)
        Self.press(Self.keys(for: before), &again, working)
        #expect(Self.isOverAndSaved(again), "\(Self.words(again))")
        let after = try #require(again.state.table?.table)
        let games = try store.withSession { $0.history().games }
        let id = try #require(try store.withTableSession { $0.saved?.gameID })
        #expect(games.map(\.id) == [id])
        guard case .success(.table(let record)) = try store.withSession({ $0.record(id) }) else {
            Issue.record("the game's end kept without its record")
            return
        }
        #expect(record.table.moves == after.moves)
        // Enter deals the next game; the history holds the last one once.
        Self.press([.enter], &again, working)
        #expect(again.state.table?.table.gameNumber == 2 && again.state.table?.saveFailure == nil)
        #expect(try store.withSession { $0.history().games }.map(\.id) == [id])
    }

    @Test("issue 46, fault 3: the database made read-only at a game's end: said, taken back; made writable again, the same table plays the move again and it is kept whole")
    func aGamesEndOnAReadOnlyDatabase() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let keeper = StoreKeeper(environment: folder.environment).keeper(table: Self.setup, fresh: true)
        var app = Self.app(keeper)
        let before = try Self.playToTheLastMove(&app, keeper)
        let database = folder.file("twentynine.sqlite")
        #expect(chmod(database, 0o400) == 0)
        defer { chmod(database, 0o600) }
        Self.press(Self.keys(for: before), &app, keeper)
        #expect(app.state.table?.table == before)
        let said = Self.words(app)
        #expect(said.contains("That move was not kept: cannot save twentynine.sqlite: the database is read-only")
                && said.contains("; the match is as last saved: play it again once it can be saved"), "\(app.render().text)")
        // Enter on the table as it is does not deal over the game.
        #expect(app.state.table?.table.gameNumber == 1)
        #expect(chmod(database, 0o600) == 0)
        Self.press(Self.keys(for: before), &app, keeper)
        #expect(Self.isOverAndSaved(app), "\(Self.words(app))")
        #expect(!Self.words(app).contains("not kept"))
        let store = GameStore(folder: folder.path)
        let games = try store.withSession { $0.history().games }
        let id = try store.withTableSession { $0.saved?.gameID }
        #expect(games.count == 1 && games.first?.id == id)
    }

    // MARK: Fault 9: what the screens say when the database, or a part of it, cannot be read.

    /// An app on the counter with the store's keeper for the folder.
    static func counter(_ folder: GameFolder, width: Int = 132, height: Int = 43) -> (App, Keeper) {
        (App(size: Size(width: width, height: height), glyphs: .unicode, seed: 29),
         StoreKeeper(environment: folder.environment).keeper(table: Self.setup, fresh: false))
    }

    /// The Records screen as the keeper reads it.
    static func records(_ folder: GameFolder) -> App {
        var (app, keeper) = counter(folder)
        _ = app.perform(app.send(.opened(.records)), with: keeper)
        return app
    }

    /// The Drills scene's setup, then the session dealt (enter), as the keeper reads them.
    static func drills(_ folder: GameFolder) -> (setup: String, session: String) {
        var (app, keeper) = counter(folder)
        _ = app.perform(app.handle(.character("D")), with: keeper)
        let setup = words(app)
        _ = app.perform(app.handle(.enter), with: keeper)
        return (setup, words(app))
    }

    /// Three finished games against the computer in the database.
    static func threeGames(_ folder: GameFolder) throws -> [FinishedGame] {
        let store = GameStore(folder: folder.path)
        for number in 0..<3 {
            try store.withTableSession { session in
                session.saved = SavedTable(table: FinishedTableGames.game(number))
                try session.save()
            }
        }
        return try store.withSession { $0.history().games }
    }

    /// Writes a row's bytes as they are, as a database edited by hand (or by a bug) holds them.
    static func set(_ folder: GameFolder, _ sql: String, _ arguments: [any SQLiteBindable]) throws {
        let db = try SQLiteConnection(path: folder.file("twentynine.sqlite"), readOnly: false, busyTimeout: 10)
        defer { db.close() }
        try db.execute(sql, arguments)
    }

    @Test("issue 46, fault 9, the screen half: the Records screen on the database says a game that cannot be read and an old part not imported, and counts the rest")
    func theRecordsScreenSaysWhatItLeavesOut() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        // Before the first open: a sealed part of the old history cut short (its games cannot be read).
        try FileManager.default.createDirectory(atPath: folder.file("history"), withIntermediateDirectories: true)
        try Data("{\"part\":1,\"removed\":[],\"version\":2,\"games\":[\n{\"finished\"".utf8)
            .write(to: URL(fileURLWithPath: folder.file("history/1.json")))
        try Data("{\"part\":2,\"removed\":[],\"version\":2,\"games\":[]}\n".utf8).write(to: URL(fileURLWithPath: folder.file("history.json")))
        let games = try Self.threeGames(folder)
        #expect(games.count == 3)
        let whole = Self.words(Self.records(folder))
        #expect(!whole.contains("kept could not be read"), "\(whole)")
        try Self.set(folder, "UPDATE game SET summary = ? WHERE id = ?", [Data("{".utf8), games[1].id])

        let app = Self.records(folder)
        let text = app.render().text, words = Self.words(app)
        #expect(words.contains("A game or review kept could not be read and is left out (twentynine game --stats names them)"), "\(text)")
        #expect(words.contains("A file of the history, its records or reviews kept before the database could not be read and was not imported: "
                               + "what it holds is left out (twentynine game --stats names them)"), "\(text)")
        let counted = try #require(app.state.records?.book?.levels.reduce(0) { $0 + $1.won + $1.lost })
        #expect(counted == 2, "the two games that read are counted")
        // game --stats names them, each by its place.
        let stats = try folder.run("--stats")
        #expect(stats.stderr.contains(games[1].id) && stats.stderr.contains("history/1.json"), "\(stats.stderr)")
    }

    @Test("issue 46, fault 9: a database from a newer TwentyNine: the Records screen and the Drills scene each say it cannot be read, and why, in one line naming it")
    func aNewerDatabaseOnTheScreens() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        _ = try Self.threeGames(folder)
        try Self.set(folder, "PRAGMA user_version = 99", [])
        let why = "twentynine.sqlite is from a newer TwentyNine (its schema version 99 is unknown to this one, which knows up to "
            + "\(StoreDatabase.migrations.latest)); it is kept as it is"
        let records = Self.records(folder)
        #expect(Self.words(records).contains("The records cannot be read: " + why), "\(records.render().text)")
        #expect(!records.render().text.contains(folder.path))
        let drills = Self.drills(folder)
        #expect(drills.setup.contains("The drills cannot be read: " + why), "\(drills.setup)")
        #expect(!drills.setup.contains("setup was not read"))
    }

    @Test("issue 46, fault 9: a database that is not one is named by the Records screen and the Drills scene (kept, the next name used), never passed over without a word")
    func aCorruptDatabaseOnTheScreens() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: folder.file("twentynine.sqlite")))
        let records = Self.records(folder)
        let said = Self.words(records)
        #expect(said.contains("Not read, so not counted here: twentynine.sqlite is not a database TwentyNine can read"), "\(records.render().text)")
        #expect(said.contains("using twentynine-2.sqlite instead") && !records.render().text.contains(folder.path), "\(records.render().text)")
        // Read again (the database held open), it is said again.
        var (app, keeper) = Self.counter(folder)
        for _ in 0..<2 {
            _ = app.perform(app.send(.opened(.records)), with: keeper)
            #expect(Self.words(app).contains("twentynine.sqlite is not a database"), "\(app.render().text)")
            _ = app.perform(app.handle(.escape), with: keeper)
        }
        let drills = Self.drills(folder)
        #expect(!drills.setup.contains("setup was not read"), "\(drills.setup)")
        #expect(drills.session.contains("Not read (the session goes on without it): twentynine.sqlite is not a database TwentyNine can read"),
                "\(drills.session)")
        #expect(drills.session.contains("Drill 1 of"), "\(drills.session)")
        #expect(FileManager.default.contents(atPath: folder.file("twentynine.sqlite")) == garbage)
    }

    @Test("issue 46, fault 9: the Drills scene on the database names each row it cannot read as what it is: the setup as the last setup, the schedule as the schedule")
    func theDrillsSceneNamesEachRow() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let (clean, dealt) = Self.drills(folder)
        #expect(!clean.contains("not read") && !dealt.contains("Not read") && dealt.contains("Drill 1 of"), "\(dealt)")
        try Self.set(folder, "UPDATE kept SET body = ? WHERE name = 'drill-setup'", [Data("{\"version\":1".utf8)])
        let (setup, session) = Self.drills(folder)
        #expect(setup.contains("The last setup was not read: twentynine.sqlite (drill-setup) is corrupt"), "\(setup)")
        #expect(!session.contains("Not read"), "\(session)")
        try Self.set(folder, "INSERT INTO kept (name, body) VALUES ('drill-schedule', ?) ON CONFLICT(name) DO UPDATE SET body = excluded.body",
                     [Data("{\"version\":1,\"schedule\":".utf8)])
        let (setup2, session2) = Self.drills(folder)
        #expect(!setup2.contains("setup was not read"), "the setup was written again by the session: \(setup2)")
        #expect(session2.contains("Not read (the session goes on without it): twentynine.sqlite (drill-schedule) is corrupt"), "\(session2)")
        #expect(!session2.contains("setup") && session2.contains("Drill 1 of"), "\(session2)")
        #expect(!setup2.contains(folder.path) && !session2.contains(folder.path))
    }

    @Test("issue 46, fault 9: a drills' file of the old store the import could not read is named by the Drills scene, as what it is, until a new one takes its place")
    func anOldDrillFileNotImported() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        try Data("{\"version\":1,\"schedule\":".utf8).write(to: URL(fileURLWithPath: folder.file("drill-schedule.json")))
        try Data("{\"version\":1".utf8).write(to: URL(fileURLWithPath: folder.file("drill-setup.json")))
        // The table opens the database first: the import's lines go to its opening line, and the drills still say theirs.
        _ = StoreKeeper(environment: folder.environment).loadTable(starting: Self.setup, fresh: false)
        var (app, keeper) = Self.counter(folder)
        _ = app.perform(app.handle(.character("D")), with: keeper)
        let setup = Self.words(app)
        #expect(setup.contains("The last setup was not read: drill-setup.json is corrupt"), "\(setup)")
        #expect(setup.contains("not imported") && !setup.contains("drill-schedule"), "\(setup)")
        _ = app.perform(app.handle(.enter), with: keeper)
        let session = Self.words(app)
        #expect(session.contains("Not read (the session goes on without it): drill-schedule.json is corrupt"), "\(session)")
        #expect(!session.contains(folder.path) && session.contains("Drill 1 of"), "\(session)")
        // An answer writes a new schedule: the old file is no longer what the drills go on without.
        guard case .session(let drills, _, _, _) = StoreKeeper(environment: folder.environment).drillSession(.standard) else {
            Issue.record("no session")
            return
        }
        let drill = drills[0], best = drill.analysis().best
        _ = StoreKeeper(environment: folder.environment)
            .saveDrill(DrillAnswerSave(drill: drill, result: drill.grade(drill.move(for: best)), answer: drill.answer(for: best)))
        let after = Self.drills(folder)
        #expect(!after.setup.contains("not read") && !after.session.contains("Not read"), "\(after.session)")
    }
}
