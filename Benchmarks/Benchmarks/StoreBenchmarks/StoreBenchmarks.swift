import Benchmark
import BenchmarkSupport
import CribbageCore
import Foundation
import GameStore

/// The store with 20,000 finished games in the history (issue 30, item 12): a move at the table
/// and an entry on the board save without reading the history (target < 20 ms), a game's end
/// reads and writes one part of it and the game's record, and `game --history --json` lists
/// them all (target < 1 s, the whole process); with every game reviewed, `game --stats` reads
/// the last 20 reviews only (target < 1 s).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal],
        timeUnits: .milliseconds,
        maxDuration: .seconds(5),
        maxIterations: 200
    )

    Benchmark("Store: a move at the table, 20,000 games kept") { benchmark in
        let store = GameStore(folder: keptHistory.folder)
        let (before, after) = tableMidGame()
        let id = UUID().uuidString
        try store.withTableSession { session in
            session.saved = SavedTable(id: id, table: before)
            try session.save()
        }
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            try store.withTableSession { session in
                session.saved?.table = iteration % 2 == 0 ? after : before
                try session.save()
            }
        }
        benchmark.stopMeasurement()
    }

    Benchmark("Store: an entry on the board, 20,000 games kept") { benchmark in
        let store = GameStore(folder: keptHistory.folder)
        try store.withSession { session in
            var game = try Game(names: ["Ann", "Bob"])
            for _ in 0..<20 { try game.peg(player: 0, points: 2, reasons: [.fifteen]) }
            session.saved = SavedGame(game: game)
            try session.save()
        }
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            try store.withSession { session in
                if iteration % 2 == 0 { try session.saved?.game.peg(player: 1, points: 1, reasons: [.go]) } else {
                    session.saved?.game.undo()
                }
                try session.save()
            }
        }
        benchmark.stopMeasurement()
    }

    Benchmark("Store: a table game's last move, into 20,000 games") { benchmark in
        let store = GameStore(folder: keptHistory.folder)
        let (before, after) = tableAtItsEnd()
        for _ in benchmark.scaledIterations {
            // A new match one move from its first game's end, each time: each goes into the history.
            try store.withTableSession { session in
                session.saved = SavedTable(table: before)
                try session.save()
            }
            benchmark.startMeasurement()
            try store.withTableSession { session in
                session.saved?.table = after
                try session.save()
            }
            benchmark.stopMeasurement()
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

    // Issues 31 and 33: your error rate across games with 20,000 games reviewed, as `game --stats`
    // and the Records screen work it out: the history listed, `reviews/` listed once, and the last 20
    // games' reviews read (target < 1 s, as the listing).
    Benchmark("Store: the error rate's last 10 and 20, 20,000 games reviewed") { benchmark in
        let store = GameStore(folder: reviewedHistory)
        for _ in benchmark.scaledIterations {
            try store.withSession { session in
                let games = session.history().games
                let reviewed = session.reviews(of: games)
                precondition(reviewed.reviews.count == ErrorRateTrend.span)
                blackHole(reviewed.trend)
            }
        }
    }

    Benchmark("Process: twentynine game --stats, 20,000 games reviewed",
              configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxIterations: 20)) { benchmark in
        _ = reviewedHistory
        for _ in benchmark.scaledIterations {
            try runCommand(["game", "--stats"], environment: ["XDG_DATA_HOME": keptHistory.home], benchmark)
        }
    }

    Benchmark("Process: twentynine game --history --json, 20,000 games",
              configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxIterations: 20)) { benchmark in
        let folder = keptHistory.home
        for _ in benchmark.scaledIterations {
            try runCommand(["game", "--history", "--json"], environment: ["XDG_DATA_HOME": folder], benchmark)
        }
    }
}

let keptHistoryHome = NSTemporaryDirectory() + "twentynine-bench-\(getpid())"

/// A data folder with 20,000 finished games in its history, made once a run: 100 sealed parts
/// and the part games go to, as the store writes them after so many games.
let keptHistory: (home: String, folder: String) = {
    let home = keptHistoryHome
    // Removed when the run ends.
    atexit { try? FileManager.default.removeItem(atPath: keptHistoryHome) }
    let folder = home + "/twentynine"
    try! FileManager.default.createDirectory(atPath: folder + "/history", withIntermediateDirectories: true)
    var game = try! Game(names: ["You", "Computer"])
    try! game.correct(player: 1, points: 97)
    try! game.correct(player: 0, points: 121)
    var games: [FinishedGame] = []
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    for index in 0..<20_000 {
        let started = start.addingTimeInterval(Double(index) * 1_800)
        var finished = FinishedGame(SavedGame(id: "bench-\(index)", started: started, game: game), finished: started.addingTimeInterval(1_500))
        finished.level = .expert
        games.append(finished)
    }
    struct Part: Encodable {
        let version = 2
        let part: Int
        let sealedStarts: Date?
        let removed: [String] = []
        let games: [FinishedGame]
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    let sealed = 100, perPart = 199
    for number in 1...sealed {
        let slice = Array(games[(number - 1) * perPart..<number * perPart])
        let part = Part(part: number, sealedStarts: number == 1 ? nil : games[(number - 1) * perPart - 1].started, games: slice)
        try! encoder.encode(part).write(to: URL(fileURLWithPath: "\(folder)/history/\(number).json"))
    }
    let current = Part(part: sealed + 1, sealedStarts: games[sealed * perPart - 1].started, games: Array(games[(sealed * perPart)...]))
    try! encoder.encode(current).write(to: URL(fileURLWithPath: "\(folder)/history.json"))
    return (home, folder)
}()

/// The 20,000 games of `keptHistory`, each with its review kept (`reviews/<id>.json`, as the store
/// writes them), made once a run; your error rate in a game runs from 0.5 to 10.4.
let reviewedHistory: String = {
    let folder = keptHistory.folder
    let store = GameStore(folder: folder)
    try! store.withSession { session in
        for (index, game) in session.history().games.enumerated() {
            let you = ReviewSummary.Side(errorRate: 0.5 + Double(index % 100) / 10, graded: 60, inaccuracies: 4, mistakes: 2,
                                         blunders: 1, missedWins: 0, luck: 1.5)
            let computer = ReviewSummary.Side(errorRate: 0.4, graded: 58, inaccuracies: 1, mistakes: 0, blunders: 0,
                                              missedWins: 0, luck: -1.5)
            try session.keep(SavedReview(id: game.id, finished: game.finished, level: game.level,
                                         summary: ReviewSummary(sides: [you, computer], result: 0)))
        }
    }
    return folder
}()

/// A match against the beginner, its moves made by a beginner: before and after a move of the
/// player's in the middle of the first game.
func tableMidGame() -> (TableGame, TableGame) {
    var table = TableGame(setup: .init(seed: 29, level: .beginner))
    for _ in 0..<40 { try! table.apply(move(for: table)) }
    var after = table
    try! after.apply(move(for: after))
    return (table, after)
}

/// A match one move from its first game's end, and that game over.
func tableAtItsEnd() -> (TableGame, TableGame) {
    var table = TableGame(setup: .init(seed: 11, level: .beginner))
    while true {
        var next = table
        try! next.apply(move(for: next))
        if case .over = next.stage { return (table, next) }
        table = next
    }
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
/// logged and rated, the files as the store writes them.
let drillYear: String = {
    let folder = keptHistoryHome + "-drills/twentynine"
    try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: keptHistoryHome + "-drills") }
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
