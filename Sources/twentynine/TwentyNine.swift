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
            if exitCode(for: error) == .success { printAndExit(error) }
            let message = message(for: error).split(whereSeparator: \.isNewline).joined(separator: "; ")
            exit(withError: BadInput(message: message).report())
        }
        do {
            try command.run()
            try StandardOutput.finish()
        } catch {
            if exitCode(for: error) == .success { printAndExit(error) }
            exit(withError: error)
        }
    }

    /// Help and the version are output like any other: when they cannot be written, that is an
    /// error (status 1), not a silent success.
    private static func printAndExit(_ request: any Error) -> Never {
        let text = fullMessage(for: request)
        if !text.isEmpty { print(text) }
        do { try StandardOutput.finish() } catch { exit(withError: error) }
        exit(withError: ExitCode.success)
    }
}
