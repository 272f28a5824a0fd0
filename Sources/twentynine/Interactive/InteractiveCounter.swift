import ArgumentParser
import CribbageUI
import Terminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The interactive counter: keys from the terminal into the app, the app's frames onto the
/// terminal, until the app says quit or the input ends.
enum InteractiveCounter {
    static func run(noColor: Bool) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw failure("the interactive counter needs a terminal; to score from a script use `twentynine score 5H 5C 5S JD --cut 5D`")
        }
        do {
            try TerminalSession.run(noColor: noColor, loop)
        } catch let error as TerminalError {
            throw failure(error.description)
        }
    }

    private static func loop(_ terminal: TerminalSession) {
        var app = App(size: terminal.size, glyphs: terminal.glyphs)
        terminal.draw(app.render())
        while let input = terminal.read() {
            switch app.handle(input) {
            case .quit: return
            case .redraw: terminal.repaintAll()
            case .none: break
            }
            terminal.draw(app.render())
        }
    }

    /// Writes one line to standard error; throwing the result ends the program with status 1.
    private static func failure(_ message: String) -> ExitCode {
        let line = Array("twentynine: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        return ExitCode(1)
    }
}
