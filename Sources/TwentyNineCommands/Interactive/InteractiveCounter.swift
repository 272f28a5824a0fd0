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

    /// `opening` opens at once (the board, or the table); with `table`, the table opens on the
    /// kept match against the computer, or a new one from `table.setup` when none is kept or
    /// `table.fresh` asks for one.
    static func run(noColor: Bool, opening: Opening? = nil,
                    table: (setup: TableGame.Setup, fresh: Bool, optionsGiven: Bool)? = nil) throws {
        guard hasTerminal else {
            throw failure(table == nil
                ? "the interactive counter needs a terminal; to score from a script use `twentynine score 5H 5C 5S JD --cut 5D`"
                : "a game against the computer needs a terminal (standard input and output)")
        }
        do {
            let keeper = StoreKeeper(environment: Console.environment, tableOptionsGiven: table?.optionsGiven ?? false)
                .keeper(table: table?.setup, fresh: table?.fresh ?? false)
            // A test hook: work off the key path held for 30 s, to check that keys and signals
            // still work meanwhile.
            let slowWork = Console.environment["TWENTYNINE_TEST_FAULT"] == "slow-work"
            try TerminalSession.run(noColor: noColor) { terminal in
                MainLoop.run(on: terminal, keeper: keeper, opening: opening, beforeWork: { if slowWork { sleep(30) } })
            }
        } catch let error as TerminalError {
            throw failure(error.description)
        }
    }

    private static func failure(_ message: String) -> CommandFailure { .problem(message) }
}
