import CribbageCore
import CribbageUI
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameStore
import Terminal

/// `twentynine game` on a terminal: the counter with the board open on the saved game (or a
/// new one), saving the game through the store after every change to it. The store's lock is
/// held for each save only, so `game --json` in another terminal still answers.
enum GameBoard {
    static func run(noColor: Bool) throws {
        let store: GameStore
        do { store = try GameStore(environment: ProcessInfo.processInfo.environment) } catch {
            throw GameProblem("\(error)").report()
        }
        let (initial, problems) = store.withSession { session in
            (session.saved ?? SavedGame(game: try! Game()), session.problems)
        }
        var saved = initial
        do {
            try TerminalSession.run(noColor: noColor) { terminal in
                MainLoop.run(on: terminal, game: saved.game, message: problems.first) { game in
                    saved.game = game
                    return store.withSession { session in
                        session.saved = saved
                        do { try session.save() } catch { return "\(error)" }
                        return nil
                    }
                }
            }
        } catch let error as TerminalError {
            throw GameProblem(error.description).report()
        }
    }
}
