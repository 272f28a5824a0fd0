import ArgumentParser

/// `twentynine`: the interactive counter with no subcommand; `score`, `discard` and `stats`
/// for scripts.
@main
struct TwentyNine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "twentynine",
        abstract: "Count cribbage hands: an interactive counter for the terminal, and a scriptable command line.",
        version: version,
        subcommands: [
            ScoreCommand.self, DiscardCommand.self, StatsCommand.self, CribCommand.self, PlayCommand.self,
            GameCommand.self,
        ]
    )

    /// What `twentynine --version` prints.
    static let version = "1.0.0"

    @Flag(name: .customLong("no-color"), help: "Draw in monochrome (as does a non-empty NO_COLOR).")
    var noColor = false

    func run() throws {
        try InteractiveCounter.run(noColor: noColor)
    }

    /// Parses and runs like ArgumentParser's own `main`, except that a usage error (a missing
    /// value, an unknown option) is one line on standard error and exit status 2, like every
    /// other bad input; help and version requests print as usual.
    static func main() {
        var command: any ParsableCommand
        do {
            let arguments = Array(CommandLine.arguments.dropFirst())
            do { try ArgumentCheck.check(arguments) } catch { exit(withError: error.report()) }
            command = try parseAsRoot(arguments)
        } catch {
            guard exitCode(for: error) != .success else { exit(withError: error) }
            let message = message(for: error).split(whereSeparator: \.isNewline).joined(separator: "; ")
            exit(withError: BadInput(message: message).report())
        }
        do {
            try command.run()
            try StandardOutput.finish()
        } catch {
            exit(withError: error)
        }
    }
}
