import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CribbageUI
import Terminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The interactive counter: `MainLoop` on the terminal, until the app says quit, the terminal
/// goes away, or a signal ends it. The game store is read only if the board is asked for.
enum InteractiveCounter {
    /// Standard input and output are both a terminal: the counter (or the game's board) can run.
    static var hasTerminal: Bool { !Console.isCaptured && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    static func run(noColor: Bool, openingTheBoard: Bool = false) throws {
        guard hasTerminal else {
            throw failure("the interactive counter needs a terminal; to score from a script use `twentynine score 5H 5C 5S JD --cut 5D`")
        }
        do {
            let keeper = StoreKeeper(environment: Console.environment)
            try TerminalSession.run(noColor: noColor) { terminal in
                MainLoop.run(on: terminal, keeper: keeper, openingTheBoard: openingTheBoard)
            }
        } catch let error as TerminalError {
            throw failure(error.description)
        }
    }

    private static func failure(_ message: String) -> CommandFailure { .problem(message) }
}
