import Benchmark
import BenchmarkSupport
import Canvas
import CribbageCore
import CribbageUI
import Foundation
import Terminal

/// The interactive counter's speed: a key press through dispatch, the reducer and the
/// renderer (target with drawing < 1 ms), the same drawn with ncurses, and the first frame of
/// the real binary on a pseudo-terminal (target < 100 ms).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(3),
        maxIterations: 10_000
    )

    // A key press on Hand Selection with five cards chosen: the count is scored every frame.
    Benchmark("Key press: Hand Selection, handle + render (80x24)") { benchmark in
        var app = counted()
        for key in benchmark.scaledIterations.map({ cycle[$0 % cycle.count] }) {
            _ = app.handle(key)
            blackHole(app.render())
        }
    }

    Benchmark("Key press: Breakdown, handle + render (80x24)") { benchmark in
        var app = counted()
        _ = app.handle(.character("b"))
        for index in benchmark.scaledIterations {
            _ = app.handle(index % 2 == 0 ? .down : .up)
            blackHole(app.render())
        }
    }

    Benchmark("Key press: Discard Advisor keeps, handle + render (80x24)") { benchmark in
        var app = App(size: Size(width: 80, height: 24), glyphs: .unicode)
        _ = app.handle(.character("d"))
        type(":5s 4d jd 4c 5c 5h\n", into: &app)
        for index in benchmark.scaledIterations {
            _ = app.handle(index % 3 == 0 ? .character("r") : .down)
            blackHole(app.render())
        }
    }

    // o weighs the 15 keeps again under the other opponent model (the expert crib included).
    // The board late in a game: every frame words the log's entries, counted hands included.
    Benchmark("Key press: Board late in a game, a digit typed and erased (80x24)") { benchmark in
        var app = App(size: Size(width: 80, height: 24), glyphs: .unicode)
        openBoard(lateGame(), in: &app)
        for index in benchmark.scaledIterations {
            _ = app.handle(index % 2 == 0 ? .character("1") : .backspace)
            blackHole(app.render())
        }
    }

    // The largest frame drawn (400x200) with the longest names a game allows (32 wide
    // characters each, two teams): every line that carries a name is fitted (target < 5 ms).
    Benchmark("Key press: Board at 400x200, two teams with the longest names") { benchmark in
        var app = App(size: Size(width: 400, height: 200), glyphs: .unicode)
        let names = ["漢", "字", "仮", "名"].map { String(repeating: $0, count: Game.maximumNameLength) }
        openBoard(lateGame(names: names), in: &app)
        for index in benchmark.scaledIterations {
            _ = app.handle(index % 2 == 0 ? .character("1") : .backspace)
            blackHole(app.render())
        }
    }

    Benchmark("Key press: Discard Advisor o, the opponent switched (80x24)") { benchmark in
        var app = App(size: Size(width: 80, height: 24), glyphs: .unicode)
        _ = app.handle(.character("d"))
        type(":4s 6h 7d 9c js qh\n", into: &app)
        for _ in benchmark.scaledIterations {
            _ = app.handle(.character("o"))
            blackHole(app.render())
        }
    }

    // However large the terminal, the main loop draws at most Size.largestDrawn (400x200): a
    // key there is the worst case (target: a few milliseconds).
    Benchmark("Key press: main loop at a 10000x10000 terminal (drawn at 400x200)") { benchmark in
        let keys = benchmark.scaledIterations.map { InMemoryBackend.Step.key(cycle[$0 % cycle.count]) }
        let backend = InMemoryBackend(size: Size(width: 10_000, height: 10_000), script: keys)
        benchmark.startMeasurement()
        MainLoop.run(on: backend)
        benchmark.stopMeasurement()
        blackHole(backend.frames.count)
    }

    // A 20,000-character paste into the `:` entry, handled and drawn (target: well under a second).
    Benchmark("Paste: 20,000 characters into the : entry (80x24)",
              configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxIterations: 100)) { benchmark in
        let text = String(repeating: " ", count: 19_986) + "5d 5h 5c 5s jd"
        for _ in benchmark.scaledIterations {
            let backend = InMemoryBackend(size: Size(width: 80, height: 24),
                                          script: [.key(.character(":")), .key(.paste(text + "\nq"))])
            MainLoop.run(on: backend)
            blackHole(backend.frames.last)
        }
    }

    // The same key presses drawn by ncurses into a terminal of type xterm-256color whose output
    // goes to /dev/null: what a key costs from input to the bytes sent to the terminal.
    Benchmark("Key press: handle + render + ncurses draw (80x24)") { benchmark in
        try withTerminalOnDevNull { terminal in
            var app = counted()
            benchmark.startMeasurement()
            for key in benchmark.scaledIterations.map({ cycle[$0 % cycle.count] }) {
                _ = app.handle(key)
                terminal.draw(app.render())
            }
            benchmark.stopMeasurement()
        }
    }

    // Start to the first frame: the real binary on a pseudo-terminal of 80x24, timed from the
    // spawn until the frame's instruction line has been written to the terminal.
    Benchmark("Process: first frame",
              configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxIterations: 100)) { benchmark in
        guard FileManager.default.isExecutableFile(atPath: twentyNineBinary) else {
            benchmark.error("no binary at \(twentyNineBinary): run `swift build -c release` in the repo first")
            return
        }
        let counter = try PseudoTerminalProcess(twentyNineBinary, width: 80, height: 24)
        defer { counter.quit() }
        benchmark.startMeasurement()
        try counter.spawn()
        let seen = counter.waitForOutput(containing: "Select the cut card", seconds: 5)
        benchmark.stopMeasurement()
        if !seen { benchmark.error("no first frame within 5 s") }
    }
}

/// Keys a player presses on Hand Selection: moves, and selecting and deselecting a card.
let cycle: [KeyInput] = [.right, .down, .character(" "), .character(" "), .left, .up]

/// The 29 hand chosen, on Hand Selection at 80x24.
/// A game to 121 four rounds in: six pegs and the show's counts a round (36 entries for two).
/// Opens the board on `game`, as the program's keeper would answer it.
func openBoard(_ game: Game, in app: inout App) {
    var keeper = Keeper()
    keeper.answer(BoardLoad.self) { _ in .game(game, message: nil) }
    _ = app.perform(app.open(.board), with: keeper)
}

func lateGame(names: [String] = ["Ann", "Bob"]) -> Game {
    var game = try! Game(seating: Game.Seating(players: names.count)!, names: names)
    // A card is in one place a round: five different hands, one cut.
    let hands = [["ah", "3c", "5d", "7s"], ["2h", "4c", "6d", "8s"], ["9c", "td", "qs", "ac"],
                 ["3h", "7h", "9d", "kc"], ["2c", "8d", "th", "qh"]].map { try! Hand(parsing: $0, cut: "4s") }
    for _ in 0..<4 {
        for peg in 0..<6 { try! game.peg(player: peg % 2, points: 1, reasons: [.go]) }
        for count in 0...game.seating.players { try! game.count(hands[count]) }
    }
    return game
}

func counted() -> App {
    var app = App(size: Size(width: 80, height: 24), glyphs: .unicode)
    type(":5d 5h 5c 5s jd\n", into: &app)
    return app
}

func type(_ text: String, into app: inout App) {
    for character in text {
        _ = app.handle(character == "\n" ? .enter : .character(character))
    }
}

/// Runs `body` with a real ncurses session whose output goes to /dev/null.
func withTerminalOnDevNull(_ body: (TerminalSession) throws -> Void) throws {
    let savedOut = dup(STDOUT_FILENO)
    let null = open("/dev/null", O_WRONLY)
    dup2(null, STDOUT_FILENO)
    setenv("TERM", "xterm-256color", 1)
    defer {
        dup2(savedOut, STDOUT_FILENO)
        close(savedOut)
        close(null)
    }
    try TerminalSession.run(noColor: false, body)
}
