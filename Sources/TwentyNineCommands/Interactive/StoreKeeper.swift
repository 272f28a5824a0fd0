import CribbageCore
import CribbageUI
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameStore

/// The game store as the board's keeper. It reads the saved game (or starts a new one to 121
/// for two) only when the board is first asked for, so the counter alone never touches the
/// files; it saves after every change, holding the store's lock for each save only (so `game
/// --json` in another terminal still answers), and never writes over a game file that another
/// `twentynine` changed since.
final class StoreKeeper: GameKeeper {
    private let environment: [String: String]
    private var store: GameStore?
    /// The game as this keeper last saved or read it, with its id and start.
    private var saved: SavedGame?
    /// What the file may hold if nobody else wrote it: what was read, or after a failed save,
    /// either that or what was being saved.
    private var known: [SavedGame?] = []

    init(environment: [String: String]) {
        self.environment = environment
    }

    func load() -> KeptGame {
        if let saved { return .game(saved.game, message: nil) }
        let store: GameStore
        let onDisk: SavedGame?, problems: [String]
        do {
            store = try GameFiles.store(environment)
            (onDisk, problems) = try store.withSession { session in (session.saved, session.problems) }
        } catch {
            return .unavailable(.store("\(error)"))
        }
        let saved = onDisk ?? SavedGame(game: try! Game())
        self.store = store
        self.saved = saved
        known = [onDisk]
        return .game(saved.game, message: problems.first)
    }

    func save(_ game: Game, isNew: Bool) -> GameSaving {
        guard let store, let current = saved else { return .failed(.nothingRead) }
        do {
            return try save(game, isNew: isNew, current: current, in: store)
        } catch {
            return .failed(.store("\(error)"))
        }
    }

    /// A save that is on disk but not confirmed (`StoreError.isSaved`) counts as saved: the
    /// next save flushes again. When another `twentynine` only added entries to the same game,
    /// the board's entries since its last save are scored again after them, and both are kept.
    private func save(_ game: Game, isNew: Bool, current: SavedGame, in store: GameStore) throws -> GameSaving {
        try store.withSession { session in
            var game = game
            var added: Int?
            if !known.contains(where: { Self.sameGame($0, session.saved) }) {
                guard !isNew, let onDisk = session.saved, onDisk.id == current.id,
                      onDisk.game.log.starts(with: current.game.log), game.log.starts(with: current.game.log),
                      let merged = try? onDisk.game.appending(game.log.dropFirst(current.game.log.count)) else {
                    return .failed(.changedElsewhere(path: session.gamePath))
                }
                added = game.log.count - current.game.log.count
                game = merged
            }
            let before = session.saved
            let next = isNew ? SavedGame(game: game) : SavedGame(id: current.id, started: current.started, game: game)
            saved = next
            session.saved = next
            // A history write can fail after the game is written: either may be on disk.
            known = [before, next]
            do throws(StoreError) {
                try session.save()
            } catch where !error.isSaved {
                if added != nil {
                    // The board still holds its own game: the next save merges again.
                    (saved, known) = (current, [before])
                }
                return .failed(.store("\(error)"))
            } catch {}
            known = [next]
            return added.map { .merged(game, added: $0) } ?? .saved
        }
    }

    /// The same game in the same state; `started` is left out, as the file keeps whole seconds.
    private static func sameGame(_ one: SavedGame?, _ other: SavedGame?) -> Bool {
        one?.id == other?.id && one?.game == other?.game
    }
}
