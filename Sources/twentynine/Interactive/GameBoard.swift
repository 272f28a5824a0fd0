import CribbageCore
import CribbageUI
import Foundation
import GameStore
import Terminal

/// `twentynine game` on a terminal: the counter with the board open on the saved game (or a
/// new one), saving the game through the store after every change to it.
enum GameBoard {
    static var hasTerminal: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    static func run(noColor: Bool) throws {
        try GameFiles.run { session in
            if session.saved == nil { session.saved = SavedGame(game: try! Game()) }
            let opened = session.saved!.game
            do {
                try TerminalSession.run(noColor: noColor) { terminal in
                    MainLoop.run(on: terminal, game: opened, message: session.problems.first) { game in
                        session.saved?.game = game
                        do { try session.save() } catch { return "\(error)" }
                        return nil
                    }
                }
            } catch let error as TerminalError {
                throw GameProblem(error.description)
            }
        }
    }
}
