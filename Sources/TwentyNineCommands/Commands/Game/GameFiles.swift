import ArgumentParser
import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameStore

/// What every `game` subcommand does around its change: open the saved game under the
/// folder's lock, report files that cannot be used, apply the change, save, print.
enum GameFiles {
    /// Runs `body` with the session; a `GameProblem` becomes one line on standard error and exit
    /// status 1.
    static func run(_ body: (inout GameSession) throws -> Void) throws {
        do {
            let store: GameStore
            do { store = try GameStore(environment: ProcessInfo.processInfo.environment) } catch {
                throw GameProblem("\(error)")
            }
            try store.withSession { session in
                for problem in session.problems { _ = BadInput(message: problem).report() }
                try body(&session)
            }
        } catch let problem as GameProblem {
            throw problem.report()
        }
    }

    /// Applies one scoring change to the saved game; a change the rules refuse is bad input,
    /// named by `command`.
    static func score(command: String, json: Bool,
                      _ change: (inout Game) throws -> Game.Entry) throws {
        try run { session in
            guard var saved = session.saved else { throw GameProblem.noGame }
            let entry: Game.Entry
            do { entry = try change(&saved.game) } catch let error as GameError {
                throw BadInput(message: "\(command): \(error)").report()
            }
            session.saved = saved
            try save(&session, json: json) { $0.game.describe(entry) }
        }
    }

    /// Saves, then prints the headline and the game (or the JSON). When the save fails, what was
    /// printed is not kept: one line says so, and the exit status is 1.
    static func save(_ session: inout GameSession, json: Bool, headline: (SavedGame) -> String) throws {
        var failure: StoreError?
        do { try session.save() } catch { failure = error }
        guard let saved = session.saved else { return }
        if json {
            print(GameReport.json(GameReport(session: session, saved: failure == nil)))
        } else {
            print(headline(saved))
            print(saved.game.statusText)
        }
        if let failure { throw GameProblem("not saved: \(failure); the game goes on in memory only") }
    }
}

/// A game command that cannot go on: no game, a file that cannot be written. One line on
/// standard error, exit status 1 (bad arguments are `BadInput`, status 2).
struct GameProblem: Error {
    let message: String

    init(_ message: String) { self.message = message }

    static let noGame = GameProblem("no game in progress: start one with `twentynine game new`")

    func report() -> ExitCode {
        _ = BadInput(message: message).report()
        return ExitCode(1)
    }
}
