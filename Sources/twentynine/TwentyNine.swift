import ArgumentParser

/// `twentynine`: the interactive counter with no subcommand; `score`, `discard` and `stats`
/// for scripts.
@main
struct TwentyNine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "twentynine",
        abstract: "Count cribbage hands: an interactive counter for the terminal, and a scriptable command line.",
        subcommands: [ScoreCommand.self, DiscardCommand.self, StatsCommand.self]
    )

    @Flag(name: .customLong("no-color"), help: "Draw in monochrome (as does a non-empty NO_COLOR).")
    var noColor = false

    func run() throws {
        try InteractiveCounter.run(noColor: noColor)
    }
}
