import ArgumentParser
import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameStore

/// `twentynine game`: a game to 121 (or 61) kept on disk, every score in a log, saved after
/// each one. Without a subcommand it shows the game; the subcommands score it.
struct GameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "game",
        abstract: "Keep a game to 121: every score in a log, saved after each one.",
        discussion: """
            On a terminal, `twentynine game` opens the board on the saved game (or a new one to \
            121 for two) and saves after every entry; without one it prints the game. Start with `twentynine game new`, then score each round: `game heels` (a jack cut), \
            `game peg PLAYER POINTS` for each card in the play, then the show in order with \
            `game hand POINTS` (or the cards) and `game crib POINTS`. `game undo` takes back the \
            last entry. Players are numbered 1 to 4 in order to the left. Each subcommand takes \
            --json to print the game afterwards as `game --json` does. The game is saved in \
            $XDG_DATA_HOME/twentynine/twentynine.sqlite (default ~/.local/share/twentynine/); \
            `game --export FOLDER` writes it all as JSON files.
            """,
        subcommands: [New.self, Heels.self, Peg.self, Hand.self, Crib.self, Correct.self, Undo.self, Churn.self]
    )

    // Also after a subcommand: `game peg 1 2 --json` prints the game afterwards as JSON.
    @OptionGroup var output: JSONOption
    var json: Bool { output.json }

    @Flag(help: "List the finished games: date, players, result, skunks.")
    var history = false

    @Flag(help: "Each player's record over the history: games, wins, skunks given and taken, points a round in the play, a hand and a crib; against the computer, your error rate over the last 10 and 20 reviewed games with its 95% interval, and its trend.")
    var stats = false

    @Flag(name: .customLong("no-color"), help: "On a terminal, draw the board in monochrome (as does a non-empty NO_COLOR).")
    var noColor = false

    @Option(help: ArgumentHelp("Write everything TwentyNine keeps (the game, the table, the history with its records and reviews, the drills) as the JSON files TwentyNine kept before its database, into this folder, for a backup or another machine; a file already there is never replaced.", valueName: "folder"))
    var export: String?

    func run() throws {
        if history && stats { throw BadInput(message: "both '--history' and '--stats': give one") }
        if let export {
            if history || stats || json { throw BadInput(message: "--export writes files: give it alone") }
            let lines: [String]
            do { lines = try GameFiles.store().export(to: export) } catch { throw CommandFailure.problem("not exported whole: \(error)") }
            StandardOutput.printText((lines.isEmpty ? ["Nothing is kept yet: nothing was written."] : lines.map { "Wrote \($0)" }).joined(separator: "\n"))
            return
        }
        if !history && !stats && !json && InteractiveCounter.hasTerminal { return try GameBoard.run(noColor: noColor) }
        try GameFiles.run { session in
            if stats {
                let history = session.history()
                let statistics = history.statistics
                // Only the reviews of the last 20 games against the computer are read.
                let reviewed = session.reviews(of: history.games)
                for problem in reviewed.problems { CommandFailure.warn(problem) }
                // What the import could not read is left out of these figures, every time: said every time.
                for line in session.historyNotImported() where !session.problems.contains(line) { CommandFailure.warn(line) }
                if json {
                    Console.print(GameReport.statisticsJSON(statistics, path: session.historyPath, reviewed: reviewed).text)
                } else {
                    StandardOutput.printText(GameReport.statisticsText(statistics, history: history, path: session.historyPath,
                                                                       reviewed: reviewed))
                }
            } else if history {
                let history = session.history()
                if json { Console.print(GameReport.historyJSON(history, path: session.historyPath)) } else {
                    StandardOutput.printText(GameReport.historyText(history, path: session.historyPath))
                }
            } else if json {
                Console.print(GameReport.json(GameReport(session: session)))
            } else if let saved = session.saved {
                StandardOutput.printText(saved.game.statusText)
            } else {
                Console.print("No game in progress. Start one: twentynine game new [--players 2|3|4] [--to 121|61] [--dealer N]")
            }
        }
    }
}


extension GameCommand {
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start a new game (refused while one is unfinished, unless --abandon).")

        @Option(help: ArgumentHelp("2, 3, or 4 (two teams: 1 & 3 against 2 & 4).", valueName: "n"))
        var players = 2

        @Option(name: .customLong("to"), help: ArgumentHelp("The target: 121, or 61.", valueName: "points"))
        var target = 121

        @Option(help: ArgumentHelp("Who deals first, 1 to the number of players.", valueName: "player"))
        var dealer = 1

        @Option(help: ArgumentHelp("The players' names, comma-separated, in order to the left.", valueName: "names"))
        var names: String?

        @Flag(help: "Put an unfinished game into the history as abandoned and start anew.")
        var abandon = false

        @ParentCommand var parent: GameCommand

        func run() throws {
            let game = try readGame()
            try GameFiles.run { session in
                if let current = session.saved, !current.game.isOver {
                    guard abandon else {
                        throw CommandFailure.problem(
                            "a game is in progress in \(session.gamePath) (\(current.game.scoreLine)): finish it, or start anew with --abandon (it goes into the history as abandoned)")
                    }
                    // Into the history with the new game's save: never while it can still be played.
                    session.abandon()
                }
                session.saved = SavedGame(game: game)
                try GameFiles.save(&session, json: parent.json) { "New game: \($0.game.setupLine)." }
            }
        }

        private func readGame() throws -> Game {
            guard let seating = Game.Seating(players: players) else {
                throw BadInput(message: "--players \(players): expected 2, 3 or 4 (two teams)")
            }
            guard let target = Game.Target(rawValue: target) else {
                throw BadInput(message: "--to \(target): expected 121 or 61")
            }
            // Spaces and tabs around each name go; a line break stays, as it did with Foundation's `.whitespaces`.
            let blank: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
            let list = names.map { $0.split(separator: ",", omittingEmptySubsequences: false)
                .map { String($0.drop(while: blank).reversed().drop(while: blank).reversed()) } }
            if let list, list.contains(where: \.isEmpty) || list.count != seating.players {
                throw BadInput(message: "--names \(names!.quotedToken): expected \(seating.players) names, comma-separated, none empty")
            }
            if let list {
                for name in list {
                    do { try Game.checkName(name) } catch {
                        throw BadInput(message: "--names: \(name.quotedToken): \(error)")
                    }
                }
            }
            guard (1...seating.players).contains(dealer) else {
                throw BadInput(message: "--dealer \(dealer): expected 1 to \(seating.players)")
            }
            do { return try Game(seating: seating, target: target, dealer: dealer - 1, names: list) } catch {
                throw BadInput(message: "--dealer \(dealer): \(error)")
            }
        }
    }

    struct Heels: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "His heels: the starter is a jack, 2 to the dealer.")
        @ParentCommand var parent: GameCommand

        func run() throws {
            try GameFiles.score(command: "heels", json: parent.json) { game in try game.heels() }
        }
    }

    struct Peg: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Points for a card in the play.",
            discussion: "Reasons: \(PlayScore.all.map(\.token).joined(separator: ", ")). Their points must add up to POINTS.")

        @Argument(help: "The player who played the card, 1 to 4.")
        var player: Int

        @Argument(help: "The points it pegs.")
        var points: Int

        @Option(name: .customLong("reason"), parsing: .singleValue,
                help: ArgumentHelp("Why it pegs (repeat, or separate with commas).", valueName: "reason"))
        var reasons: [String] = []

        @ParentCommand var parent: GameCommand

        func run() throws {
            var parsed: [PlayScore] = []
            for token in reasons.flatMap({ $0.split(separator: ",").map(String.init) }) {
                guard let reason = PlayScore(token: token) else {
                    let known = PlayScore.all.map(\.token).joined(separator: " ")
                    throw BadInput(message: "unknown reason \(token.quotedToken): expected one of \(known)")
                }
                parsed.append(reason)
            }
            try GameCommand.checkPlayer(player)
            try GameFiles.score(command: "peg \(player) \(points)", json: parent.json) { game in
                try game.peg(player: player - 1, points: points, reasons: parsed)
            }
        }
    }

    /// `hand` and `crib`: the next count of the show, as a number or as the cards.
    struct Hand: ShowCommand {
        static let configuration = CommandConfiguration(
            abstract: "The next hand of the show: its points, or its four cards and --cut to count them.")
        static let rules = Rules.hand
        @OptionGroup var count: ShowCount
        @ParentCommand var parent: GameCommand
    }

    struct Crib: ShowCommand {
        static let configuration = CommandConfiguration(
            abstract: "The dealer's crib, last of the show: its points, or its four cards and --cut.")
        static let rules = Rules.crib
        @OptionGroup var count: ShowCount
        @ParentCommand var parent: GameCommand
    }

    struct Correct: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add points to a player's side, or take them away (negative), by hand.")

        // Taken raw so that a negative number is not read as an option.
        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("PLAYER then POINTS (say -2 to take 2 back).", valueName: "value"))
        var values: [String] = []

        @ParentCommand var parent: GameCommand

        func run() throws {
            guard values.count == 2 else {
                throw BadInput(message: "correct takes a player and points, as in: twentynine game correct 1 -2 (got \(values.count) values)")
            }
            guard let player = Int(values[0]) else {
                throw BadInput(message: "\(values[0].quotedToken) is not a player number")
            }
            guard let points = Int(values[1]) else {
                throw BadInput(message: "\(values[1].quotedToken) is not a number of points")
            }
            try GameCommand.checkPlayer(player)
            try GameFiles.score(command: "correct \(values[0]) \(values[1])", json: parent.json) { game in
                try game.correct(player: player - 1, points: points)
            }
        }
    }

    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Take back the last entry of the log.")
        @ParentCommand var parent: GameCommand

        func run() throws {
            try GameFiles.run { session in
                guard var saved = session.saved else { throw CommandFailure.noGame }
                guard let entry = saved.game.undo() else { throw CommandFailure.problem("nothing to undo: the log is empty") }
                session.saved = saved
                try GameFiles.save(&session, json: parent.json) { _ in "Took back: \(saved.game.describe(entry))" }
            }
        }
    }

    /// A player number from the command line, checked before it is made a seat.
    static func checkPlayer(_ player: Int) throws {
        guard (1...4).contains(player) else {
            throw BadInput(message: "no player \(player): players are 1 to 4 (at most)")
        }
    }

    /// Test-only: saves a game over and over, printing each step once it is on disk, for the
    /// test that kills the program at random moments. Step s pegs 1 for players 1 and 2 in turn,
    /// 100 times, then takes the 100 back, and again. It runs only on a data folder inside the
    /// scratch folder a test names (`TWENTYNINE_TEST_SCRATCH`): it never touches a player's game.
    struct Churn: ParsableCommand {
        static let configuration = CommandConfiguration(shouldDisplay: false)

        @Option var steps = 1000

        func run() throws {
            let environment = Console.environment
            guard let store = try? GameFiles.store(environment), GameFiles.isScratch(store.folder, environment) else {
                throw BadInput(message: "unknown command 'churn': a test hook that runs only in a test's scratch folder")
            }
            guard steps >= 0 else { throw BadInput(message: "--steps \(steps): a number of steps is 0 or more") }
            try GameFiles.run(holdingOutput: false) { session in
                var saved = SavedGame(id: "churn", game: try! Game())
                for step in 0...steps {
                    if step > 0 {
                        if (step - 1) % 200 < 100 {
                            try! saved.game.peg(player: (step - 1) % 2, points: 1)
                        } else {
                            saved.game.undo()
                        }
                    }
                    session.saved = saved
                    do { try session.save() } catch { throw CommandFailure.problem("\(error)") }
                    StandardOutput.writeLine("\(step)")
                }
            }
        }
    }
}

/// `hand` or `crib`: one count of the show under its rules.
protocol ShowCommand: ParsableCommand {
    static var rules: Rules { get }
    var count: ShowCount { get }
    var parent: GameCommand { get }
}

extension ShowCommand {
    func run() throws { try count.run(rules: Self.rules, json: parent.json) }
}

/// The arguments of `hand` and `crib`: a number, or four cards and `--cut`.
struct ShowCount: ParsableArguments {
    // Unrecognised options land here too, so that `--cutt` gets the one-line message.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The points, or the four cards.", valueName: "points-or-cards"))
    var values: [String] = []

    @Option(help: ArgumentHelp("The cut, when the cards are given.", valueName: "card"))
    var cut: String?

    func run(rules: Rules, json: Bool) throws {
        let name = rules == .crib ? "crib" : "hand"
        let command = ([name] + values + (cut.map { ["--cut", $0] } ?? [])).joined(separator: " ")
        if values.isEmpty && cut == nil {
            throw BadInput(message: "\(name): give the \(name)'s points, or its four cards and --cut")
        }
        if values.count == 1, cut == nil {
            guard let points = Int(values[0]) else {
                throw BadInput(message: "\(values[0].quotedToken) is not a number of points: give the \(name)'s points, or its four cards and --cut")
            }
            try GameFiles.score(command: command, json: json) { game in
                try checkTurn(game, rules: rules)
                return try game.count(points: points)
            }
        } else {
            let hand: CribbageCore.Hand
            do {
                hand = try ScoreCommand.parse(values + (cut.map { ["--cut", $0] } ?? [])).readHand()
            } catch let error as BadInput {
                throw error
            } catch {
                throw BadInput(message: ScoreCommand.message(for: error))
            }
            try GameFiles.score(command: command, json: json) { game in
                try checkTurn(game, rules: rules)
                return try game.count(hand)
            }
        }
    }

    /// `hand` when the crib is next, or `crib` while hands are still to count, is refused.
    private func checkTurn(_ game: Game, rules: Rules) throws(GameError) {
        guard let next = game.nextCount, next.rules != rules else { return }
        throw rules == .crib ? .notTheCribYet(next: game.describe(next)) : .notAHandNow(next: game.describe(next))
    }
}
