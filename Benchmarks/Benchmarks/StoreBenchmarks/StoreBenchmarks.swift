import Benchmark
import BenchmarkSupport
import CribbageCore
import Foundation
@_spi(Benchmarks) import GameStore

/// The store (one SQLite database, issue 46) with no finished game and with 20,000, each kept as
/// the program keeps it (`SeededHistory`): a table key (a move saved on the database the table
/// holds open, target ≤ 5 ms at the median),
/// a game's end (its summary and its record into the history, ≤ 20 ms), `game --history --json`
/// and `game --stats` as processes (< 0.5 s each), and the Records screen's first frame in the
/// real binary on a pseudo-terminal (< 100 ms from the key). Every figure at 0 and at 20,000
/// games, so that what grows with the history shows.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal],
        timeUnits: .milliseconds,
        maxDuration: .seconds(5),
        maxIterations: 200
    )

    for size in SeededHistory.sizes {
        let games = size.formatted
        Benchmark("Store: a table key (a move saved), \(games) games kept") { benchmark in
            // The database held open as the table's keeper holds it (`OpenStore`).
            let store = OpenStore(GameStore(folder: SeededHistory.folder(games: size).folder))
            defer { store.close() }
            let (before, after) = SeededHistory.tableMidGame
            let id = "bench-table"
            try store.withTableSession { session in
                session.saved = SavedTable(id: id, table: before)
                try session.save()
            }
            // As the table's keeper saves a key: the write lock taken, the match read, the move saved.
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations {
                try store.withTableSession { session in
                    session.saved?.table = iteration % 2 == 0 ? after : before
                    try session.save()
                }
            }
            benchmark.stopMeasurement()
        }

        Benchmark("Store: a game's end at the table (its summary and record kept), \(games) games kept") { benchmark in
            let store = OpenStore(GameStore(folder: SeededHistory.folder(games: size).folder))
            defer { store.close() }
            let (before, after) = SeededHistory.tableAtItsEnd
            let saved = SavedTable(id: "bench-end", table: before)
            for _ in benchmark.scaledIterations {
                try store.withTableSession { session in
                    session.saved = saved
                    try session.save()
                }
                benchmark.startMeasurement()
                try store.withTableSession { session in
                    session.saved?.table = after
                    try session.save()
                }
                benchmark.stopMeasurement()
                // The finish taken back (out of the history again): the history stays at its size.
            }
            try store.withTableSession { session in
                session.saved = saved
                try session.save()
            }
        }

        Benchmark("Process: twentynine game --history --json, \(games) games",
                  configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(60), maxIterations: 20)) { benchmark in
            let home = SeededHistory.folder(games: size).home
            for _ in benchmark.scaledIterations {
                try runCommand(["game", "--history", "--json"], environment: ["XDG_DATA_HOME": home], benchmark)
            }
        }

        Benchmark("Process: twentynine game --stats, \(games) games, 3 in 4 at the table reviewed",
                  configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(60), maxIterations: 20)) { benchmark in
            let home = SeededHistory.folder(games: size).home
            for _ in benchmark.scaledIterations {
                try runCommand(["game", "--stats"], environment: ["XDG_DATA_HOME": home], benchmark)
            }
        }

        // The Records screen: `twentynine table` on a pseudo-terminal, r pressed once the table is
        // drawn, timed from the key until the screen shows the records read from the database.
        Benchmark("Process: the Records screen's first frame, from the key, \(games) games",
                  configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(60), maxIterations: 20)) { benchmark in
            let home = SeededHistory.folder(games: size).home
            for _ in benchmark.scaledIterations {
                let table = try PseudoTerminalProcess(twentyNineBinary, arguments: ["table"], width: 100, height: 40,
                                                      environment: ["XDG_DATA_HOME": home])
                defer { table.quit() }
                try table.spawn()
                guard table.waitForOutput(containing: SeededHistory.tableDrawn, seconds: 10) else {
                    benchmark.error("the table was not drawn within 10 s")
                    return
                }
                table.forget()
                benchmark.startMeasurement()
                table.send("r")
                let seen = table.waitForOutput(containing: size == 0 ? "No two-player game against the computer" : "Against the computer:",
                                               seconds: 10)
                benchmark.stopMeasurement()
                if !seen { benchmark.error("no records within 10 s") }
            }
        }
    }

    // Issue 32: a drill session opens (the three files read, the ratings checked against the log, the
    // session planned) with a year of daily sessions kept (target < 100 ms).
    Benchmark("Drills: a session opens, a year of daily sessions kept") { benchmark in
        let store = GameStore(folder: drillYear)
        let now = 366 * FSRS.day
        for _ in benchmark.scaledIterations {
            try store.withDrills { session in
                blackHole(planSession(bank: session.bank, schedule: session.schedule, ratings: session.ratings, count: 20, at: now))
            }
        }
    }
}

extension Int {
    /// 20000 as 20,000.
    var formatted: String {
        let digits = String(self)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}

/// Where the data folders are made: a temporary folder removed when the run ends, or
/// `$STORE_BENCH_FOLDER`, kept (to run the binary on them by hand, or under a profiler).
let benchHome = ProcessInfo.processInfo.environment["STORE_BENCH_FOLDER"] ?? (NSTemporaryDirectory() + "twentynine-bench-\(getpid())")
let keepsFolders = ProcessInfo.processInfo.environment["STORE_BENCH_FOLDER"] != nil

/// Data folders of finished games kept as the program keeps them, seeded: each game of the history
/// is the first game of a match against the computer played out by `TableGame` from a seed (the
/// player's cards chosen by the beginner's rules, the computer's by its level), put into the
/// history with its record by the rows a game's end writes (`GameStore.keepFinished`, one
/// transaction for all), one game in ten a board game of seeded pegs; three in four of the games at
/// the table have a review kept (seeded figures: a review is some 0.9 s of the engine a game).
enum SeededHistory {
    static let sizes = [0, 20_000]
    /// Distinct matches played; the history's games take them in turn, each under its own id and date.
    static let distinct = 100
    /// Text the table's frame shows once it is drawn (its keys' line: `Q quit`).
    static let tableDrawn = " quit"

    nonisolated(unsafe) private static var made: [Int: (home: String, folder: String)] = [:]
    private static let lock = NSLock()

    /// The data folder with `games` finished games, made once a run and removed when it ends.
    static func folder(games: Int) -> (home: String, folder: String) {
        lock.lock()
        defer { lock.unlock() }
        if let made = made[games] { return made }
        let home = benchHome + "/\(games)"
        let folder = home + "/twentynine"
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if made.isEmpty, !keepsFolders { atexit { try? FileManager.default.removeItem(atPath: benchHome) } }
        let store = GameStore(folder: folder)
        let (entries, reviews) = history(games: games)
        try! store.keepFinished(entries, reviews: reviews)
        let count = try! store.withSession { $0.history().games.count }
        precondition(count == games, "\(count) games kept, not \(games)")
        made[games] = (home, folder)
        return (home, folder)
    }

    /// The first games of `distinct` seeded matches, each at its end, the levels in turn.
    static let matches: [TableGame] = (0..<distinct).map { seed in
        let levels = ComputerLevel.allCases.filter { $0 != .expert }
        return playedToEnd(TableGame(setup: .init(seed: UInt64(seed), level: levels[seed % levels.count])))
    }

    /// `games` finished games with their records, oldest first, half an hour apart from
    /// November 2023, and the reviews kept.
    static func history(games: Int) -> ([HistoryEntry], [SavedReview]) {
        var random = SplitMix64(seed: 46)
        var entries: [HistoryEntry] = [], reviews: [SavedReview] = []
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for index in 0..<games {
            let started = start.addingTimeInterval(Double(index) * 1_800)
            let finished = started.addingTimeInterval(Double(600 + random.below(1_800)))
            if index % 10 == 9 {
                let game = SavedGame(id: "board-\(index)", started: started, game: boardGame(&random))
                entries.append(game.entry(finished: finished))
                continue
            }
            var table = SavedTable(id: "match-\(index)", started: started, table: matches[index % distinct])
            table.gameStarted = started
            let entry = table.entry(finished: finished)
            entries.append(entry)
            guard random.below(4) != 0 else { continue }
            func side() -> ReviewSummary.Side {
                ReviewSummary.Side(errorRate: Double(random.below(1_000)) / 100, graded: 40 + random.below(40),
                                   inaccuracies: random.below(6), mistakes: random.below(4), blunders: random.below(2),
                                   missedWins: random.below(2), luck: Double(random.below(600)) / 100 - 3)
            }
            let won = entry.summary.winner == TableGame.names[TableGame.player]
            reviews.append(SavedReview(id: entry.summary.id, finished: finished, level: entry.summary.level,
                                       summary: ReviewSummary(sides: [side(), side()], result: won ? 1 : 0, engine: nil)))
        }
        return (entries, reviews)
    }

    /// A board game of two to 121, seeded pegs of 1 to 6 points until one wins.
    static func boardGame(_ random: inout SplitMix64) -> Game {
        var game = try! Game(names: ["Ann", "Bob"])
        while !game.isOver { _ = try! game.peg(player: random.below(2), points: 1 + random.below(6)) }
        return game
    }

    /// A match against the beginner, before and after a move of the player's in the middle of the first game.
    static let tableMidGame: (TableGame, TableGame) = {
        var table = TableGame(setup: .init(seed: 29, level: .beginner))
        for _ in 0..<40 { try! table.apply(move(for: table)) }
        var after = table
        try! after.apply(move(for: after))
        return (table, after)
    }()

    /// A match one move from its first game's end, and that game over.
    static let tableAtItsEnd: (TableGame, TableGame) = {
        var table = TableGame(setup: .init(seed: 11, level: .beginner))
        while true {
            var next = table
            try! next.apply(move(for: next))
            if next.isGameOver { return (table, next) }
            table = next
        }
    }()

    static func playedToEnd(_ start: TableGame) -> TableGame {
        var table = start
        while !table.isGameOver { try! table.apply(move(for: table)) }
        return table
    }
}

extension TableGame {
    var isGameOver: Bool {
        if case .over = stage { return true }
        return false
    }
}

extension SplitMix64 {
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// The player's move as a beginner makes it.
func move(for table: TableGame) -> TableGame.Move {
    switch table.stage {
    case .discard:
        let deal = table.deal!
        return .discard(seat: 0, ComputerPlayer(level: .beginner).keep(deal.sixes[0], dealer: deal.dealer == 0).thrown)
    case .play: return .lay(seat: 0, table.playable[0])
    default: return .next
    }
}

/// A data folder with a year of daily sessions of 20 drills (7,300 answers): the drills due first,
/// then new ones dealt to fill the session (throws and counts), right 9 times in 10, each answer
/// logged and rated, the files as the store before the database wrote them (imported on the first
/// open).
let drillYear: String = {
    let folder = benchHome + "-drills/twentynine"
    try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: benchHome + "-drills") }
    var generator = DrillGenerator(seed: 32)
    var bank: [Drill] = [], byID: [String: Drill] = [:], results: [String: (right: DrillResult, wrong: DrillResult)] = [:]
    var schedule = DrillSchedule(), ratings = DrillRatings()
    var random = SplitMix64(seed: 7)
    for day in 0..<365 {
        let now = day * FSRS.day
        let due = Array(schedule.due(at: now).prefix(20))
        // The session is filled with new drills, dealt as `twentynine drill` deals them when the bank runs short.
        var fresh: [String] = []
        while due.count + fresh.count < 20 {
            let kinds: [Drill.Kind] = [.throwDealer, .throwPone, .count]
            guard let drill = generator.drill(kinds[bank.count % 3]) else { continue }
            let analysis = drill.analysis()
            results[drill.id] = (drill.grade(drill.move(for: analysis.best), analysis: analysis),
                                 drill.grade(drill.move(for: analysis.options.last!), analysis: analysis))
            bank.append(drill)
            byID[drill.id] = drill
            fresh.append(drill.id)
        }
        for id in due + fresh {
            let right = random.below(10) < 9
            let result = right ? results[id]!.right : results[id]!.wrong
            ratings.apply(schedule.record(byID[id]!, result, answer: "answer", at: now, seed: 1500))
        }
    }
    FileManager.default.createFile(atPath: folder + "/drills.json", contents: DrillBank(drills: bank).encoded)
    FileManager.default.createFile(atPath: folder + "/drill-schedule.json", contents: SavedDrillSchedule(schedule: schedule).encoded)
    FileManager.default.createFile(atPath: folder + "/drill-ratings.json", contents: SavedDrillRatings(ratings: ratings).encoded)
    return folder
}()
