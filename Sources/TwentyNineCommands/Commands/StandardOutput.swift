#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser

/// Standard output, checked once a command has printed: output that could not be written (a
/// full disk, a closed descriptor) is one line on standard error and exit status 1; a reader
/// that went away (`| head -1`) ends the program quietly, by SIGPIPE as any filter would.
enum StandardOutput {
    /// Prints `line` and flushes it at once, for a reader that acts on each line as it comes.
    static func writeLine(_ line: String) {
        Console.print(line)
        fflush(stdout)
    }

    /// Prints text that may carry user text (names): each line with its control and format
    /// characters escaped, as error lines are.
    static func printText(_ text: String) {
        Console.print(text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).escapingControlCharacters }.joined(separator: "\n"))
    }

    static func finish() throws {
        guard let reason = flushFailure() else { return }
        throw CommandFailure.problem("cannot write the output: \(reason)")
    }

    /// Flushes standard output: nil when all of it was written, else why not. A reader that went
    /// away ends the program here, by SIGPIPE.
    static func flushFailure() -> String? {
        let output = stdout
        errno = 0
        let flushed = fflush(output) == 0
        guard !flushed || ferror(output) != 0 else { return nil }
        let error = errno
        if error == EPIPE {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
        }
        return error == 0 ? "write error" : String(cString: strerror(error))
    }
}
