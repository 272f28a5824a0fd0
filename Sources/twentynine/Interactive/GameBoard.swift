import CribbageCore
import CribbageUI
import Foundation
import GameStore
import Terminal

/// `twentynine game` on a terminal: the counter with the board open on the saved game (or a
/// new one), saving the game through the store after every change to it. The store's lock is
/// held for each save only, so `game --json` in another terminal still answers.
enum GameBoard {
    static var hasTerminal: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    static func run(noColor: Bool) throws {
        let store: GameStore
        do { store = try GameStore(environment: ProcessInfo.processInfo.environment) } catch {
            throw GameProblem("\(error)").report()
        }
        let (onDisk, problems) = store.withSession { session in (session.saved, session.problems) }
        var saved = onDisk ?? SavedGame(game: try! Game())
        // What this board last read or wrote: a save finding something else on disk leaves it.
        var known: [SavedGame?] = [onDisk]
        do {
            try TerminalSession.run(noColor: noColor) { terminal in
                MainLoop.run(on: terminal, game: saved.game, message: problems.first) { game, isNew in
                    store.withSession { session in
                        guard known.contains(where: { sameGame($0, session.saved) }) else {
                            return "another twentynine changed \(session.gamePath) since the board read it; "
                                + "quit and open the board again to go on from the file"
                        }
                        let before = session.saved
                        saved = isNew ? SavedGame(game: game) : SavedGame(id: saved.id, started: saved.started, game: game)
                        session.saved = saved
                        // A history write can fail after the game is written: either may be on disk.
                        known = [before, saved]
                        do { try session.save() } catch { return "\(error)" }
                        known = [saved]
                        return nil
                    }
                }
            }
        } catch let error as TerminalError {
            throw GameProblem(error.description).report()
        }
    }

    /// The same game in the same state; `started` is left out, as the file keeps whole seconds.
    private static func sameGame(_ one: SavedGame?, _ other: SavedGame?) -> Bool {
        one?.id == other?.id && one?.game == other?.game
    }
}
