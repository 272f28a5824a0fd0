import ArgumentParser
import CribbageCore
import GameStore

/// `twentynine table`: a game against the computer on the terminal, saved after every move.
struct TableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "table",
        abstract: "Play a game against the computer, to 121 or 61, two, three or four at the table, saved after every move.",
        discussion: """
            Resumes the match in progress (kept in the data folder's database), or starts one. The options \
            set up a new match: they apply when none is kept, or with --new (which leaves the kept \
            one's finished games in the history). --seed replays the same deals. With --players 3 the \
            computer takes the other two seats (five cards each, one each and one from the deck to the \
            crib); with --players 4 it plays your partner, opposite you, and the other side.
            """
    )

    @Option(help: ArgumentHelp("The computer's level: novice, beginner, club or expert.", valueName: "level"))
    var level: String?

    // Unconditional, so that a negative seed is named as the bad token rather than taken for an option.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Deal from this seed (a whole number): the same seed deals the same cards.", valueName: "n"))
    var seed: String?

    @Option(help: ArgumentHelp("How far the game goes: 121 or 61.", valueName: "points"))
    var to: String?

    @Option(help: ArgumentHelp("Count your own hands, the computer taking what you miss: on or off.", valueName: "on|off"))
    var muggins: String?

    @Option(help: ArgumentHelp("The hint key: on or off.", valueName: "on|off"))
    var hints: String?

    @Option(name: .customLong("take-back"),
            help: ArgumentHelp("Taking back your last throw or card within the deal: on or off (off for rated play).",
                               valueName: "on|off"))
    var takeBack: String?

    @Option(help: ArgumentHelp("How many at the table: 2, 3, or 4 (two teams, your partner opposite).", valueName: "2|3|4"))
    var players: String?

    @Flag(help: "Start a new match even when one is kept.")
    var new = false

    @Flag(name: .customLong("no-color"), help: "Draw in monochrome (as does a non-empty NO_COLOR).")
    var noColor = false

    func run() throws {
        let setup = try readSetup()
        let given = [level, seed, to, muggins, hints, takeBack, players].contains { $0 != nil }
        do { _ = try GameStore(environment: Console.environment) } catch {
            throw CommandFailure.problem("\(error)")
        }
        try InteractiveCounter.run(noColor: noColor, opening: .table, table: (setup, new, given && !new))
    }

    func readSetup() throws(BadInput) -> TableGame.Setup {
        let level: ComputerLevel
        switch self.level {
        case nil: level = .expert
        case let text?:
            guard let value = ComputerLevel(rawValue: text) else {
                throw BadInput(message: "--level \(text.quotedToken): the computer's level is \(ComputerLevel.names)")
            }
            level = value
        }
        let target: Game.Target
        switch to {
        case nil, "121": target = .long
        case "61": target = .short
        case let text?: throw BadInput(message: "--to \(text.quotedToken): a game goes to 121 or 61")
        }
        func onOff(_ text: String?, _ name: String, _ otherwise: Bool) throws(BadInput) -> Bool {
            switch text {
            case nil: return otherwise
            case "on": return true
            case "off": return false
            case let text?: throw BadInput(message: "--\(name) \(text.quotedToken): on or off")
            }
        }
        let seedValue: UInt64
        switch seed {
        case nil: seedValue = UInt64.random(in: .min ... .max)
        case let text?:
            guard let value = UInt64(text) else {
                throw BadInput(message: "--seed \(text.quotedToken): a whole number from 0 to 18446744073709551615")
            }
            seedValue = value
        }
        let seating: Game.Seating
        switch players {
        case nil: seating = .twoPlayers
        case let text?:
            guard let count = Int(text), let value = Game.Seating(players: count) else {
                throw BadInput(message: "--players \(text.quotedToken): 2, 3 or 4 at the table")
            }
            seating = value
        }
        return TableGame.Setup(seed: seedValue, level: level, target: target,
                               muggins: try onOff(muggins, "muggins", false), hints: try onOff(hints, "hints", true),
                               takeBacks: try onOff(takeBack, "take-back", true), seating: seating)
    }
}
