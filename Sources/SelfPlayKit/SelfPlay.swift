import ArgumentParser
import CribbageCore
#if canImport(Glibc)
import Glibc
#endif

/// `selfplay`: the engine measured in seeded self-play on both cores, and the tables it makes. A
/// tool of the repository, not a product: `make selfplay-…` and the tables' `make` targets run it.
/// Every game and deal it plays goes through the one match driver (`Match`) with players that are
/// policies (`ComputerPlayer`), as the table's computer is.
public struct SelfPlay: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "selfplay",
        abstract: "The engine measured in seeded self-play, and the tables it makes.",
        subcommands: [
            PeggingCommand.self, GamesCommand.self, LevelsCommand.self, DealerCommand.self, ScoreCommand.self,
            DiscardsCommand.self, OddsCommand.self, ShowsCommand.self, KeepsCommand.self, KeepCheckCommand.self, KeepKnownCommand.self,
            BenchCommand.self, SPRTCommand.self, CribCommand.self, ReviewCommand.self, LabelsCommand.self,
            GroupsCommand.self, GroupCribsCommand.self, GroupThrowsCommand.self, EnginesCommand.self, AgreementCommand.self,
        ]
    )

    public init() {}

    /// Runs the command line and exits with its status.
    public static func start() async {
        let status = await execute(Array(CommandLine.arguments.dropFirst()))
        Glibc.exit(status)
    }

    /// Parses and runs; a usage error is one line on standard error and exit status 2. Returns the
    /// exit status.
    public static func execute(_ arguments: [String]) async -> Int32 {
        var command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            if exitCode(for: error) == .success {
                Output.print(fullMessage(for: error))
                return 0
            }
            let message = message(for: error).split(whereSeparator: \.isNewline).joined(separator: "; ")
            Output.error("selfplay: \(message.escapingControlCharacters.cut(to: 300))")
            return 2
        }
        do {
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
            return 0
        } catch {
            if exitCode(for: error) == .success { Output.print(fullMessage(for: error)); return 0 }
            Output.error("selfplay: \(message(for: error).escapingControlCharacters.cut(to: 300))")
            return exitCode(for: error).rawValue
        }
    }

    /// Runs a command line in this process, with what it writes captured: for the tests.
    public static func runInProcess(_ arguments: [String]) async -> (status: Int32, output: String, errors: String) {
        let capture = Output.Capture()
        let status = await Output.$capture.withValue(capture) { await execute(arguments) }
        return (status, capture.output, capture.errors)
    }
}

/// Where selfplay writes: standard output and error, or a test's capture.
public enum Output {
    /// What one run in process wrote; only its own task touches it.
    public final class Capture: @unchecked Sendable {
        public var output = ""
        public var errors = ""
        let lock = Mutex()
    }

    @TaskLocal static var capture: Capture?

    static func print(_ text: String, terminator: String = "\n") {
        if let capture {
            capture.lock.locked { capture.output += text + terminator }
        } else {
            Swift.print(text, terminator: terminator)
            fflush(nil)
        }
    }

    /// One line on standard error.
    static func error(_ line: String) {
        if let capture {
            capture.lock.locked { capture.errors += line + "\n" }
        } else {
            _ = (line + "\n").withCString { write(2, $0, strlen($0)) }
        }
    }
}

/// A plain lock for the capture, which the workers' tasks may reach at once.
final class Mutex: @unchecked Sendable {
    private var mutex = pthread_mutex_t()

    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}

extension String {
    /// At most `length` characters, with the length said when cut.
    func cut(to length: Int) -> String {
        count <= length ? self : String(prefix(length)) + "… (\(count) characters)"
    }
}
