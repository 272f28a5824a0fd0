import ArgumentParser
import CribbageCore

/// `twentynine`: the interactive counter with no subcommand; `score`, `discard`, `stats`,
/// `crib`, `play`, `game` and `odds` for scripts; `table` plays against the computer. The executable calls `TwentyNine.main()`.
public struct TwentyNine: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "twentynine",
        abstract: "Count cribbage hands: an interactive counter for the terminal, and a scriptable command line.",
        version: version,
        subcommands: [
            ScoreCommand.self, DiscardCommand.self, StatsCommand.self, CribCommand.self, PlayCommand.self,
            GameCommand.self, OddsCommand.self, TableCommand.self, ReviewCommand.self, DrillCommand.self, ServeCommand.self,
        ]
    )

    public init() {}

    /// What `twentynine --version` prints.
    static let version = "1.0.0"

    /// What `twentynine --version --verbose` prints: the version, the engine's fingerprint and every
    /// level's (`Fingerprint`), and each engine-made table's digest with the engine that made it.
    static var verboseVersion: String {
        let tables = [("keep-pegging", KeepPegging.digest, KeepPegging.provenance), ("win", WinTable.digest, WinTable.provenance),
                      ("show", ShowCounts.shipped.digest, ShowCounts.provenance)]
        return (["twentynine \(version)", "engine   \(Fingerprint.engine)", "players  \(Fingerprint.players)"]
            + tables.map { "table \($0.0): \($0.1), made by engine \($0.2.engine)" }).joined(separator: "\n")
    }

    @Flag(name: .customLong("no-color"), help: "Draw in monochrome (as does a non-empty NO_COLOR).")
    var noColor = false

    public func run() throws {
        try InteractiveCounter.run(noColor: noColor)
    }

    /// Runs the command line and exits with its status.
    public static func main() {
        let status = execute(Array(CommandLine.arguments.dropFirst()))
        exit(withError: status == 0 ? nil : ExitCode(status))
    }

    /// Parses and runs like ArgumentParser's own `main`, except that a usage error (a missing
    /// value, an unknown option) is one line on standard error and exit status 2, like every
    /// other bad input; help and version requests print as usual. Returns the exit status.
    static func execute(_ arguments: [String]) -> Int32 {
        if arguments.count == 2 && Set(arguments) == ["--version", "--verbose"] {
            Console.print(verboseVersion)
            do { try StandardOutput.finish() } catch { return report(error) }
            return 0
        }
        let command: any ParsableCommand
        do {
            do { try ArgumentCheck.check(arguments) } catch { return report(error) }
            command = try parseAsRoot(arguments)
        } catch {
            guard exitCode(for: error) != .success else { return report(error) }
            let message = message(for: error).split(whereSeparator: \.isNewline).joined(separator: "; ").cuttingLongTokens
            return report(CommandFailure(message: message))
        }
        do {
            var command = command
            try command.run()
            try StandardOutput.finish()
            return 0
        } catch {
            return report(error)
        }
    }

    /// Runs a command in this process, as ArgumentParser's own tests do (parse, run), with what
    /// it writes captured: for the tests of what commands print.
    /// `environment`, when given, is what the command sees in place of the process's (the game's data folder).
    static func runInProcess(_ arguments: [String], environment: [String: String]? = nil)
        -> (status: Int32, output: String, errors: String) {
        let capture = Console.Capture()
        let status = Console.$capture.withValue(capture) {
            Console.$environmentOverride.withValue(environment) { execute(arguments) }
        }
        return (status, capture.output, capture.errors)
    }

    /// The one place a failure is reported: a `CommandFailure` as its one line, anything else
    /// as ArgumentParser's `exit(withError:)` writes it (help and the version to standard
    /// output, checked as any output, the rest to standard error). Returns the status to exit with.
    private static func report(_ error: any Error) -> Int32 {
        if let failure = error as? CommandFailure { return failure.report().rawValue }
        let message = fullMessage(for: error)
        let code = exitCode(for: error)
        guard code == .success else {
            if !message.isEmpty { BadInput.writeToStandardError(message.cuttingLongTokens + "\n") }
            return code.rawValue
        }
        // Help and the version are output like any other: one that cannot be written is an
        // error (status 1), not a silent success.
        if !message.isEmpty { Console.print(message) }
        do { try StandardOutput.finish() } catch { return report(error) }
        return code.rawValue
    }
}
