/// Where the commands write: standard output and standard error, or, while a test runs a
/// command in process (`TwentyNine.runInProcess`), a `Console.Capture` of the task's own.
enum Console {
    /// What one command run in process wrote; only its own task touches it.
    final class Capture: @unchecked Sendable {
        var output = ""
        var errors = ""
    }

    @TaskLocal static var capture: Capture?

    /// Prints to standard output, or into the capture.
    static func print(_ text: String, terminator: String = "\n") {
        if let capture { capture.output += text + terminator } else { Swift.print(text, terminator: terminator) }
    }
}
