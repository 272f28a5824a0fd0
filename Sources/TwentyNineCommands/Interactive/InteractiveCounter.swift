import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CribbageCore
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

    /// With `table`, the table opens at once on the kept match against the computer (a new one
    /// from `table.setup` when none is kept or `table.fresh` asks for one).
    static func run(noColor: Bool, openingTheBoard: Bool = false,
                    table: (setup: TableGame.Setup, fresh: Bool, optionsGiven: Bool)? = nil) throws {
        guard hasTerminal else {
            throw failure(table == nil
                ? "the interactive counter needs a terminal; to score from a script use `twentynine score 5H 5C 5S JD --cut 5D`"
                : "a game against the computer needs a terminal (standard input and output)")
        }
        do {
            let keeper = StoreKeeper(environment: Console.environment, tableOptionsGiven: table?.optionsGiven ?? false)
            try TerminalSession.run(noColor: noColor) { terminal in
                MainLoop.run(on: terminal, keeper: keeper, openingTheBoard: openingTheBoard, table: table?.setup,
                             openingTheTable: table != nil, fresh: table?.fresh ?? false)
            }
        } catch let error as TerminalError {
            throw failure(error.description)
        }
    }

    private static func failure(_ message: String) -> CommandFailure { .problem(message) }
}
