import ArgumentParser
import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameStore
#if canImport(Glibc)
import Glibc
#endif

/// What every `game` subcommand does around its change: open the saved game under the
/// database's write lock, report what could not be read, apply the change, save, print.
///
/// Exit statuses (Docs/Architecture.md, "Exit statuses of the game commands"): 0 saved and
/// printed; 1 nothing saved; 2 bad input; 3 saved, but not confirmed on disk or with the
/// history behind; 4 saved, but the output could not be written. After 3 or 4 the entry is in
/// the game: running the command again would score it twice.
enum GameFiles {
    static let savedButNotSure: Int32 = 3
    static let savedButNotPrinted: Int32 = 4

    /// The store the environment names. Under a test that names a scratch folder holding the
    /// data folder (`TWENTYNINE_TEST_SCRATCH`), a failure may be asked for
    /// (`TWENTYNINE_TEST_STORE_FAULT`: `folder-sync` or `history-write`).
    static func store(_ environment: [String: String] = Console.environment) throws(StoreError) -> GameStore {
        var store = try GameStore(environment: environment)
        if isScratch(store.folder, environment) {
            store.fault = environment["TWENTYNINE_TEST_STORE_FAULT"].flatMap(StoreFault.init(rawValue:))
        }
        return store
    }

    /// Whether `folder` lies in the scratch folder a test named; never for a user.
    /// Both are compared as they are on disk, links and `..` resolved, so that no spelling of a
    /// player's folder (`<scratch>/..`, a link in the scratch folder) passes for a scratch one.
    static func isScratch(_ folder: String, _ environment: [String: String]) -> Bool {
        guard let scratch = environment["TWENTYNINE_TEST_SCRATCH"], scratch.hasPrefix("/"), scratch.count > 1,
              let root = resolved(scratch), root != "/", let place = resolved(folder) else {
            return false
        }
        return place.hasPrefix(root + "/")
    }

    /// The path as it is on disk: its deepest existing folder by `realpath`, then the rest as
    /// written, which may hold no `.` or `..`; nil for a path that is not absolute or cannot be
    /// resolved.
    private static func resolved(_ path: String) -> String? {
        guard path.hasPrefix("/") else { return nil }
        var existing = path.split(separator: "/").map(String.init)
        var rest: [String] = []
        while true {
            if let real = realpath("/" + existing.joined(separator: "/"), nil) {
                defer { free(real) }
                guard !rest.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
                let base = String(cString: real)
                return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.joined(separator: "/")
            }
            guard let last = existing.popLast() else { return nil }
            rest.insert(last, at: 0)
        }
    }

    /// Runs `body` with the session under the database's write lock: what it prints is held and
    /// written once the lock is released (so `game --history | less` holds up no other
    /// `twentynine`), after one line on standard error for each file the session passed over;
    /// a store that cannot be opened or read is a `CommandFailure`. `holdingOutput: false`
    /// writes at once (`game churn`, which reports each save as it lands).
    static func run(holdingOutput: Bool = true, _ body: (inout GameSession) throws -> Void) throws {
        let store: GameStore
        do { store = try self.store() } catch { throw CommandFailure.problem("\(error)") }
        let held = Console.Capture()
        let outcome = Result<Void, any Error>(catching: {
            try Console.$held.withValue(holdingOutput ? held : nil) {
                try store.withSession { session in
                    defer { for problem in session.problems { CommandFailure.warn(problem) } }
                    try body(&session)
                }
            }
        })
        Console.release(held)
        switch outcome {
        case .success:
            return
        case .failure(let error as StoreError):
            throw CommandFailure.problem("\(error); nothing was changed")
        case .failure(let saved as SavedFailure):
            // Saved: what the output and the store said comes after the output is written.
            if let reason = StandardOutput.flushFailure() {
                throw CommandFailure(message: "saved, but the output could not be written (\(reason)); do not run the command again",
                                     status: savedButNotPrinted)
            }
            if let warning = saved.warning { throw warning }
        case .failure(let error):
            throw error
        }
    }

    /// The end of a command that saved: thrown out of the lock so that the output is written
    /// first, then checked (status 4), then the store's warning (status 3).
    private struct SavedFailure: Error {
        let warning: CommandFailure?
    }

    /// Applies one scoring change to the saved game; a change the rules refuse is bad input,
    /// named by `command`.
    static func score(command: String, json: Bool,
                      _ change: (inout Game) throws -> Game.Entry) throws {
        try run { session in
            guard var saved = session.saved else { throw CommandFailure.noGame }
            let entry: Game.Entry
            do { entry = try change(&saved.game) } catch let error as GameError {
                throw BadInput(message: "\(command): \(error)")
            }
            session.saved = saved
            try save(&session, json: json) { $0.game.describe(entry) }
        }
    }

    /// Saves, then prints the headline and the game (or the JSON), and says exactly what
    /// happened: not saved (status 1, and what was printed is not kept), saved but not sure
    /// (3), saved but not printed (4).
    static func save(_ session: inout GameSession, json: Bool, headline: (SavedGame) -> String) throws {
        var failure: StoreError?
        do { try session.save() } catch { failure = error }
        guard let saved = session.saved else { return }
        let isSaved = failure?.isSaved ?? true
        if json {
            Console.print(GameReport.json(GameReport(session: session, saved: isSaved)))
        } else {
            StandardOutput.printText(headline(saved))
            StandardOutput.printText(saved.game.statusText)
        }
        if let failure, !isSaved { throw CommandFailure.problem("not saved: \(failure); nothing was changed") }
        throw SavedFailure(warning: failure.map {
            CommandFailure(message: "\($0); do not run the command again", status: savedButNotSure)
        })
    }
}

extension CommandFailure {
    static let noGame = CommandFailure.problem("no game in progress: start one with `twentynine game new`")
}
