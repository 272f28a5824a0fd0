import CribbageUI
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameStore

/// `twentynine game` on a terminal: the counter with the board open on the saved game (or a
/// new one), saved through `StoreKeeper` after every change to it.
enum GameBoard {
    static func run(noColor: Bool) throws {
        let environment = Console.environment
        // A folder that cannot be named is said before the terminal is taken over.
        do { _ = try GameStore(environment: environment) } catch {
            throw CommandFailure.problem("\(error)")
        }
        try InteractiveCounter.run(noColor: noColor, opening: .board)
    }
}
