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

    static func finish() throws {
        let output = stdout
        errno = 0
        let flushed = fflush(output) == 0
        guard !flushed || ferror(output) != 0 else { return }
        let error = errno
        if error == EPIPE {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
        }
        let reason = error == 0 ? "write error" : String(cString: strerror(error))
        throw CommandFailure.problem("cannot write the output: \(reason)")
    }
}
