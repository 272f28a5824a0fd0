import CribbageCore
import CribbageUI
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The club's lobby and its tables between people: who is here, the invitations, and each
/// table's one game, held here and nowhere else (the deck and seed with it). A player's session
/// reads and moves it through its `ClubSession`; each change wakes the sessions of the players
/// it concerns (their change count goes up and their waiting jobs resume), with no thread held
/// and nothing polled. Each table is kept in `tables/<id>.json` of the club's folder, written
/// whole and atomically in the move that changes it (`ClubFiles`), and read back at the start,
/// so that a drop or a restart (`kill -9` included) finds every table at its last accepted move.
final class TableHall: Sendable {
    /// One table between two people: its game, under a lock of its own, so that one table's
    /// write never holds up another's move.
    final class Seating: Sendable {
        let id: String
        let names: [String]
        let started: Date
        /// The game and the games already put into both players' histories.
        let game: Mutex<(table: TableGame, recorded: Int)>

        init(id: String, names: [String], started: Date, table: TableGame, recorded: Int) {
            self.id = id
            self.names = names
            self.started = started
            game = Mutex((table, recorded))
        }

        func seat(of name: String) -> Int? { names.firstIndex(of: name) }
    }

    private struct State {
        /// The players here, with their sessions (a new one may begin before the old has ended).
        var sessions: [String: Int] = [:]
        var here: Set<String> { Set(sessions.keys) }
        /// When each player with a table left (since the server started, for those never here).
        var goneSince: [String: ContinuousClock.Instant] = [:]
        var invitations: [ClubInvitation] = []
        var tables: [String: Seating] = [:]
        var versions: [String: Int] = [:]
        var waiters: [String: [Int: CheckedContinuation<Void, Never>]] = [:]
        var nextWaiter = 0
    }

    /// The most invitations one player has out, and tables one player keeps unfinished.
    static let invitationsLimit = 8, tablesLimit = 20
    /// The most tables read at the start, and the largest file read.
    static let filesLimit = 10_000, fileSizeLimit = 1_000_000

    private let state = Mutex(State())
    /// Each player's Glicko-2 rating between people, and the games already rated (by id), as
    /// `ratings.json` in the club's folder keeps them.
    private let ratings: Mutex<Ratings>
    private let ratingsFile: String
    let folder: String
    private let seeds: @Sendable () -> UInt64
    /// Puts a finished game into a player's history once: the player's folder, the table, the
    /// table's id, the players' names, when it began.
    private let history: @Sendable (_ folder: String, _ table: TableGame, _ id: String, _ names: [String], _ started: Date) throws -> Void
    private let playersFolder: String
    private let log: @Sendable (String) -> Void
    private let started = ContinuousClock.now

    init(folder: String, playersFolder: String, ratingsFile: String, seeds: @escaping @Sendable () -> UInt64,
         history: @escaping @Sendable (String, TableGame, String, [String], Date) throws -> Void,
         log: @escaping @Sendable (String) -> Void) throws {
        self.folder = folder
        self.playersFolder = playersFolder
        self.seeds = seeds
        self.history = history
        self.log = log
        self.ratingsFile = ratingsFile
        ratings = Mutex(try Self.readRatings(ratingsFile))
        try ClubFiles.makeFolder(folder)
        var tables: [String: Seating] = [:]
        for name in Self.fileNames(in: folder).prefix(Self.filesLimit) {
            do {
                let kept = try Self.read(folder + "/" + name)
                tables[kept.id] = kept
            } catch {
                log("table \(name) not read: \(error)")
            }
        }
        state.withLock { $0.tables = tables }
        // A game finished before a kill, not yet in both histories: put in now (once by its id).
        for table in tables.values { recordFinished(table) }
    }

    // MARK: The players

    /// A player's session has started.
    func arrive(_ name: String) {
        let everyone = state.withLock { state -> [String] in
            state.sessions[name, default: 0] += 1
            state.goneSince[name] = nil
            return Array(state.here)
        }
        bump(everyone)
    }

    /// A player's session has ended: their tables wait for them.
    func leave(_ name: String) {
        let everyone = state.withLock { state -> [String] in
            state.sessions[name, default: 1] -= 1
            guard state.sessions[name] == 0 else { return [] }
            state.sessions[name] = nil
            state.goneSince[name] = .now
            // Their invitations go with them.
            state.invitations.removeAll { $0.from == name }
            return Array(state.here)
        }
        bump(everyone)
    }

    func lobby(for name: String) -> ClubLobby {
        // Read under the hall's lock, then each table under its own: never one lock inside the other.
        let (here, tables, version, invitations) = state.withLock { state in
            (state.here, Array(state.tables.values), state.versions[name] ?? 0,
             state.invitations.filter { $0.from == name || $0.to == name })
        }
        let games = tables.map { table in (table, table.game.withLock { $0.table }) }
        let playing = Set(games.filter { !Self.isOver($0.1) && $0.0.names.allSatisfy(here.contains) }.flatMap(\.0.names))
        let rated = ratings.withLock { $0.players }
        let members = here.subtracting([name]).sorted().map {
            ClubLobby.Member(name: $0, playing: playing.contains($0), rating: (rated[$0] ?? Glicko2.Rating()).words())
        }
        let waiting = games.filter { $0.0.names.contains(name) && !Self.isOver($0.1) }
            .sorted { $0.0.started < $1.0.started }
            .map { table, game in
                let opponent = table.names.first { $0 != name } ?? name
                return ClubLobby.Waiting(id: table.id, opponent: opponent, opponentHere: here.contains(opponent),
                                         target: game.setup.target)
            }
        return ClubLobby(version: version, rating: (rated[name] ?? Glicko2.Rating()).words(), members: members,
                         invitations: invitations, waiting: waiting)
    }

    func invite(_ name: String, from me: String, _ settings: ClubInvitation.Settings) -> String? {
        let refusal: String? = state.withLock { state in
            guard name != me else { return "You cannot invite yourself" }
            guard state.here.contains(name) else { return "\(name) is not here" }
            guard state.invitations.filter({ $0.from == me }).count < Self.invitationsLimit else {
                return "You have \(Self.invitationsLimit) invitations out, the most"
            }
            state.invitations.removeAll { $0.from == me && $0.to == name }
            state.invitations.append(ClubInvitation(from: me, to: name, settings: settings))
            return nil
        }
        if refusal == nil { bump([name, me]) }
        return refusal
    }

    func answer(invitationFrom name: String, to me: String, accept: Bool) -> Result<SharedTable?, ClubRefusal> {
        let invitation = state.withLock { state -> ClubInvitation? in
            guard let index = state.invitations.firstIndex(where: { $0.from == name && $0.to == me }) else { return nil }
            return state.invitations.remove(at: index)
        }
        guard let invitation else { return .failure(ClubRefusal("\(name)'s invitation is gone")) }
        defer { bump([name, me]) }
        guard accept else { return .success(nil) }
        let count = state.withLock { state in state.tables.values.filter { $0.names.contains(me) || $0.names.contains(name) }.count }
        guard count < Self.tablesLimit * 2 else { return .failure(ClubRefusal("Too many tables wait already: finish one first")) }
        // The one who invited sits first; the cut for deal says who deals.
        let seats: [TableSeat] = [.remote(invitation.from), .remote(me)]
        let setup = TableGame.Setup(seed: seeds(), target: invitation.settings.target, muggins: invitation.settings.muggins,
                                    hints: false, takeBacks: false, seats: seats)
        let table = Seating(id: Self.newID(), names: [invitation.from, me], started: Date(), table: TableGame(setup: setup), recorded: 0)
        do {
            try write(table, table.game.withLock { $0.table }, recorded: 0)
        } catch {
            return .failure(ClubRefusal("The table cannot be kept: \(error)"))
        }
        state.withLock { $0.tables[table.id] = table }
        log("\(invitation.from) and \(me) sit at table \(table.id)")
        return .success(shared(table, for: me))
    }

    /// The table `id` as `name` sees it; nil when it is not theirs.
    func table(_ id: String, for name: String) -> SharedTable? {
        guard let table = state.withLock({ $0.tables[id] }), table.seat(of: name) != nil else { return nil }
        return shared(table, for: name)
    }

    /// `name`'s move at table `id`: applied to the one game in turn, kept, and both players woken.
    func move(_ move: TableGame.Move, at id: String, by name: String) -> Result<SharedTable, ClubRefusal> {
        guard let table = state.withLock({ $0.tables[id] }), let seat = table.seat(of: name) else {
            return .failure(ClubRefusal("That table is gone"))
        }
        let result: Result<Void, ClubRefusal> = table.game.withLock { game in
            var next = game.table
            // Only the seat's own moves: its throw, its card, its count; going on is either's.
            switch (move, next.stage) {
            case (.discard(let mover, _), _), (.lay(let mover, _), _):
                guard mover == seat else { return .failure(ClubRefusal("Not your seat", move: .notYourMove)) }
            case (.claim, .claim(let count)):
                guard count.player == seat else { return .failure(ClubRefusal("Not your count", move: .notYourMove)) }
            default:
                break
            }
            // A finished game goes into the histories and the ratings before the next begins.
            if move == .next, Self.isOver(next), game.recorded < next.standing.winners.count {
                return .failure(ClubRefusal("The game just finished is not recorded yet: try again in a moment"))
            }
            do throws(TableError) {
                try next.apply(move)
            } catch {
                return .failure(ClubRefusal("\(error)", move: error))
            }
            do {
                try write(table, next, recorded: game.recorded)
            } catch {
                return .failure(ClubRefusal("That move was not kept: \(error)"))
            }
            game.table = next
            return .success(())
        }
        recordFinished(table)
        if case .failure(let refusal) = result { return .failure(refusal) }
        bump(table.names)
        return .success(shared(table, for: name))
    }

    /// Returns once `name`'s change count passes `version` (at once if it has), or on cancel.
    func changes(for name: String, after version: Int) async {
        let token = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if (state.versions[name] ?? 0) > version || Task.isCancelled { return true }
                    state.waiters[name, default: [:]][token] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiting = state.withLock { $0.waiters[name]?.removeValue(forKey: token) }
            waiting?.resume()
        }
    }

    /// The players' change counts go up, and each one's waiting jobs resume.
    private func bump(_ names: [String]) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            var woken: [CheckedContinuation<Void, Never>] = []
            for name in Set(names) {
                state.versions[name, default: 0] += 1
                if let waiting = state.waiters.removeValue(forKey: name) { woken += waiting.values }
            }
            return woken
        }
        for continuation in woken { continuation.resume() }
    }

    // MARK: Reading and keeping

    private func shared(_ table: Seating, for name: String) -> SharedTable {
        let (version, away) = state.withLock { state in
            (state.versions[name] ?? 0, table.names.map { player -> Int? in
                guard !state.here.contains(player) else { return nil }
                let since = state.goneSince[player] ?? self.started
                return Int((ContinuousClock.now - since).components.seconds)
            })
        }
        return SharedTable(id: table.id, table: table.game.withLock { $0.table }, seat: table.seat(of: name) ?? 0,
                           version: version, away: away)
    }

    /// Each game of the table that has finished goes into both players' histories, once: the
    /// count of games recorded is kept with the table after both are written, and a history put
    /// twice (a kill between the two) is nothing, by the game's id.
    private func recordFinished(_ table: Seating) {
        table.game.withLock { game in
            let finished = game.table.standing.winners.count
            guard finished > game.recorded, Self.isOver(game.table) else { return }
            for name in table.names {
                do {
                    try history(playersFolder + "/" + name, game.table, table.id, table.names, table.started)
                } catch {
                    log("table \(table.id): the finished game is not in \(name)'s history yet: \(error)")
                    return
                }
            }
            do {
                try rate(table, game.table, from: game.recorded)
            } catch {
                log("table \(table.id): the finished game is not rated yet: \(error)")
                return
            }
            do {
                try write(table, game.table, recorded: finished)
                game.recorded = finished
            } catch {
                log("table \(table.id): \(error)")
            }
        }
    }

    /// The club's ratings between people: each player's, and the ids of the games rated.
    struct Ratings: Codable {
        var version = 1
        var players: [String: Glicko2.Rating] = [:]
        var rated: Set<String> = []
    }

    /// Rates each game of the table finished since `from` (its id `<table>-<game>`), once: a game
    /// whose id the ratings hold is passed over, and the ratings and the id are written together,
    /// atomically, so that a kill anywhere rates it once.
    private func rate(_ table: Seating, _ game: TableGame, from: Int) throws {
        try ratings.withLock { ratings in
            var next = ratings
            for index in from..<game.standing.winners.count {
                let id = "\(table.id)-\(index + 1)"
                guard !next.rated.contains(id) else { continue }
                let winner = game.standing.winners[index]
                let before = table.names.map { next.players[$0] ?? Glicko2.Rating() }
                for (seat, name) in table.names.enumerated() {
                    next.players[name] = Glicko2().update(before[seat], after: [Glicko2.Game(before[1 - seat], seat == winner ? 1 : 0)])
                }
                next.rated.insert(id)
            }
            guard next.rated != ratings.rated else { return }
            try ClubFiles.write(Array(try JSONEncoder().encode(next)), to: ratingsFile)
            ratings = next
        }
    }

    /// The player's rating between people (1500 ± 350 before any game).
    func rating(of name: String) -> Glicko2.Rating { ratings.withLock { $0.players[name] ?? Glicko2.Rating() } }

    private static func readRatings(_ path: String) throws -> Ratings {
        guard let bytes = try ClubFiles.read(path) else { return Ratings() }
        let ratings = try JSONDecoder().decode(Ratings.self, from: Data(bytes))
        guard ratings.version == 1, ratings.players.keys.allSatisfy(TableSeat.isName),
              ratings.players.values.allSatisfy(\.isWithinBounds) else {
            throw ClubFiles.Failure(description: "\(path) is not the club's ratings of this version")
        }
        return ratings
    }

    private struct Kept: Codable {
        var version = 1
        let id: String
        let names: [String]
        let started: Date
        let recorded: Int
        let table: TableGame
    }

    private func write(_ table: Seating, _ game: TableGame, recorded: Int) throws {
        let bytes = try JSONEncoder().encode(Kept(id: table.id, names: table.names, started: table.started, recorded: recorded, table: game))
        try ClubFiles.write(Array(bytes), to: folder + "/" + table.id + ".json")
    }

    private static func read(_ path: String) throws -> Seating {
        guard let bytes = try ClubFiles.read(path, limit: fileSizeLimit) else { throw ClubFiles.Failure(description: "gone") }
        let kept = try JSONDecoder().decode(Kept.self, from: Data(bytes))
        guard kept.version == 1, isID(kept.id), kept.names.count == 2, kept.names.allSatisfy(TableSeat.isName),
              kept.table.setup.seats == kept.names.map(TableSeat.remote), kept.recorded >= 0 else {
            throw ClubFiles.Failure(description: "not a table between two people of this version")
        }
        return Seating(id: kept.id, names: kept.names, started: kept.started, table: kept.table, recorded: kept.recorded)
    }

    private static func isOver(_ table: TableGame) -> Bool {
        if case .over = table.stage { return true }
        return false
    }

    /// 16 hex digits.
    private static func newID() -> String {
        let value = UInt64.random(in: .min ... .max)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private static func isID(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// The table files in `folder`: `<id>.json`, nothing else.
    private static func fileNames(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while names.count < filesLimit, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".json"), isID(String(name.dropLast(5))) { names.append(name) }
        }
        return names.sorted()
    }
}

/// A player's session's way into the club (`ClubLink`): the hall, as that player.
final class ClubSession: ClubLink {
    let name: String
    private let hall: TableHall

    init(name: String, hall: TableHall) {
        self.name = name
        self.hall = hall
    }

    func lobby() -> ClubLobby { hall.lobby(for: name) }
    func invite(_ name: String, _ settings: ClubInvitation.Settings) -> String? { hall.invite(name, from: self.name, settings) }
    func answer(invitationFrom name: String, accept: Bool) -> Result<SharedTable?, ClubRefusal> {
        hall.answer(invitationFrom: name, to: self.name, accept: accept)
    }
    func table(_ id: String) -> SharedTable? { hall.table(id, for: name) }
    func move(_ move: TableGame.Move, at id: String) -> Result<SharedTable, ClubRefusal> { hall.move(move, at: id, by: name) }
    func changes(after version: Int) async { await hall.changes(for: name, after: version) }
}
