#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import CribbageCore

/// Why a command failed, the one failure type of the command line: `TwentyNine.execute`
/// reports it once, as one line on standard error naming the offending token (never
/// ArgumentParser's usage text), and exits with its status: 2 for input that cannot be used,
/// 1 for any other problem.
///
///     hand = try readHand()   // throws CommandFailure(message: "unknown card '5X': …")
struct CommandFailure: Error {
    let message: String
    /// 2: bad input; 1: another problem (the output, the terminal, the files).
    var status: Int32 = 2

    /// A failure that is not the input's fault: exit status 1.
    static func problem(_ message: String) -> CommandFailure { CommandFailure(message: message, status: 1) }

    /// Writes `twentynine: <message>` to standard error as a single line, and returns the exit
    /// status: `TwentyNine.execute`'s one report of a failure.
    func report() -> ExitCode {
        Self.warn(message)
        return ExitCode(status)
    }

    /// A line on standard error about something that does not stop the command (a corrupt file
    /// passed over, a save not confirmed), written as a failure is.
    static func warn(_ message: String) {
        writeToStandardError("twentynine: \(message.escapingControlCharacters)\n")
    }

    /// Writes all of `text` to standard error, unbuffered.
    static func writeToStandardError(_ text: String) {
        if let held = Console.held { return held.errors += text }
        if let capture = Console.capture { return capture.errors += text }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            offset += written
        }
    }
}

/// Input that cannot be used: the name the card readers and the game commands throw it by.
typealias BadInput = CommandFailure

extension BadInput {
    /// The wrong number of card arguments: none, too few (listed) or too many (the first extra
    /// named, `next` being its ordinal), each with `rule`, what the command takes.
    static func wrongCount(_ tokens: [String], expected: Int, what: String, next: String, rule: String,
                           example: String) -> BadInput {
        switch tokens.count {
        case 0:
            return BadInput(message: "no \(what): \(rule), as in: \(example)")
        case ..<expected:
            let given = tokens.map(\.quotedToken).joined(separator: " ")
            return BadInput(message: "too few \(what): got \(tokens.count) (\(given)); \(rule)")
        default:
            return BadInput(message: "too many \(what): got \(tokens.count), \(tokens[expected].quotedToken) is the \(next); \(rule)")
        }
    }

    /// Reads one card argument; `role` names its place ("hand card 2", "the cut") when the
    /// token is empty and so cannot name itself.
    static func card(_ token: String, role: String) throws(BadInput) -> Card {
        do {
            return try Card(parsing: token)
        } catch {
            guard token.allSatisfy(\.isWhitespace) else { throw BadInput(message: error.description) }
            throw BadInput(message: "empty card \(token.quotedToken) for \(role): expected a card such as 5H, 10D or J♦")
        }
    }
}
