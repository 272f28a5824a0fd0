#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the commands write: standard output and standard error, or, while a test runs a
/// command in process (`TwentyNine.runInProcess`), a `Console.Capture` of the task's own.
enum Console {
    /// What one command run in process wrote; only its own task touches it.
    final class Capture: @unchecked Sendable {
        var output = ""
        var errors = ""
    }

    @TaskLocal static var capture: Capture?

    /// What a command writes while it holds the data folder's lock, written once the lock is
    /// released (`GameFiles.run`): a pager reading the output never holds up another
    /// `twentynine`.
    @TaskLocal static var held: Capture?

    /// Writes what was held: standard error first, then standard output.
    static func release(_ held: Capture) {
        if !held.errors.isEmpty { CommandFailure.writeToStandardError(held.errors) }
        if !held.output.isEmpty { print(held.output, terminator: "") }
    }

    /// The environment a command run in process sees in place of the process's own.
    @TaskLocal static var environmentOverride: [String: String]?

    /// The environment the commands read: the process's, or a test's for a command run in process.
    static var environment: [String: String] { environmentOverride ?? ProcessInfo.processInfo.environment }

    /// Whether a test runs this command in process: then it never takes over the terminal.
    static var isCaptured: Bool { capture != nil }

    /// Prints to standard output, or into the capture.
    static func print(_ text: String, terminator: String = "\n") {
        if let held { held.output += text + terminator } else if let capture { capture.output += text + terminator } else {
            Swift.print(text, terminator: terminator)
        }
    }
}
