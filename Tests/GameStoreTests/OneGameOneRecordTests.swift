import CribbageCore
import Foundation
@testable import GameStore
import TestSupport
import Testing

/// A match against the beginner played by a beginner, to the move before its first game ends
/// and to that end.
func tableAtItsEnd(seed: UInt64) throws -> (before: TableGame, after: TableGame) {
    var table = TableGame(setup: .init(seed: seed, level: .beginner))
    let player = ComputerPlayer(level: .beginner)
    while true {
        let before = table
        switch table.stage {
        case .over: Issue.record("over before a move"); return (before, table)
        case .discard:
            let deal = table.deal!
            try table.apply(.discard(seat: 0, player.keep(deal.sixes[0], dealer: deal.dealer == 0).thrown))
        case .play: try table.apply(.lay(seat: 0, table.playable[0]))
        default: try table.apply(.next)
        }
        if case .over = table.stage { return (before, table) }
    }
}

/// A game to 121 one point from Ann's win: Ann 120, Bob 80.
func nearlyOverGame() throws -> SavedGame {
    var game = try Game(names: ["Ann", "Bob"])
    try game.correct(player: 1, points: 80)
    try game.correct(player: 0, points: 120)
    return SavedGame(game: game)
}

/// The store killed (as by kill -9) before each step that changes the database in turn: each
/// statement that writes, and the commit. Each time the folder starts
/// from `prepare`, `operation` runs until the kill, the next command opens the store (and
/// settles what it finds), and `check` sees what is on disk. Returns the steps the operation
/// takes whole.
@discardableResult
func killedAtEveryStep(prepare: (GameStore) throws -> Void, operation: (GameStore) throws -> Void,
                       check: (GameStore, _ step: Int) throws -> Void,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
    for step in 1...400 {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let plain = GameStore(folder: folder.file("twentynine"))
        try prepare(plain)
        let countdown = StoreFault.Countdown(step)
        var killed = plain
        killed.fault = .kill(countdown)
        do { try operation(killed) } catch let error as StoreError where countdown.isKilled {
            #expect(error.reason == "killed (a test's fault)" || error.isSaved || error.reason.contains("killed"),
                    "step \(step): \(error)", sourceLocation: sourceLocation)
        }
        // The next command: opening settles what the files owe the history.
        _ = try plain.withSession { _ in }
        _ = try plain.withTableSession { _ in }
        try check(plain, step)
        if !countdown.isKilled { return step - 1 }
    }
    Issue.record("the operation never ended", sourceLocation: sourceLocation)
    return 0
}

/// One game, one record, whatever is killed when (issue 30, item 9): the game file and the
/// history never disagree for good.
@Suite("GameStore: one game, one record")
struct OneGameOneRecordTests {
    /// The history's games, and the game file's, as the next command reads them.
    private func history(_ store: GameStore) throws -> [FinishedGame] {
        try store.withSession { $0.history().games }
    }

    @Test("the board's last entry, killed at every step: the finish is in the history once when the game file holds it")
    func aBoardsLastEntry() throws {
        var id = ""
        let steps = try killedAtEveryStep(prepare: { store in
            try store.withSession { session in
                session.saved = try nearlyOverGame()
                id = session.saved!.id
                try session.save()
            }
        }, operation: { store in
            try store.withSession { session in
                try session.saved?.game.peg(player: 0, points: 1, reasons: [.lastCard])
                try session.save()
            }
        }, check: { store, step in
            let over = try store.withSession { $0.saved?.game.isOver }
            let games = try history(store)
            #expect(games.count == (over == true ? 1 : 0), "step \(step): \(games.map(\.id))")
            if over == true {
                #expect(games.first?.id == id && games.first?.winner == "Ann" && games.first?.totals == [121, 80], "step \(step)")
                // Its record: the game whole.
                guard case .success(.board(let record))? = try? store.withSession({ $0.record(id) }) else {
                    Issue.record("step \(step): no record of the game")
                    return
                }
                #expect(record.game.isOver, "step \(step)")
            }
        })
        // The game, its summary and record, the commit: one transaction.
        #expect(steps >= 3, "the last entry takes \(steps) steps")
    }

    @Test("a finish taken back, killed at every step: the history holds the game exactly while the file says it is over")
    func aFinishTakenBack() throws {
        try killedAtEveryStep(prepare: { store in
            try store.withSession { session in
                var saved = try nearlyOverGame()
                try saved.game.peg(player: 0, points: 1)
                session.saved = saved
                try session.save()
            }
        }, operation: { store in
            try store.withSession { session in
                session.saved?.game.undo()
                try session.save()
            }
        }, check: { store, step in
            let over = try store.withSession { $0.saved?.game.isOver }
            #expect(try history(store).count == (over == true ? 1 : 0), "step \(step)")
        })
    }

    @Test("game new --abandon, killed at every step: the old game is in the history once, as abandoned, when the new one is written, and never before")
    func anAbandonedGame() throws {
        var old = ""
        try killedAtEveryStep(prepare: { store in
            try store.withSession { session in
                session.saved = try nearlyOverGame()
                old = session.saved!.id
                try session.save()
            }
        }, operation: { store in
            try store.withSession { session in
                session.abandon()
                session.saved = SavedGame(game: try Game(names: ["Cy", "Di"]))
                try session.save()
            }
        }, check: { store, step in
            let current = try store.withSession { $0.saved }
            let games = try history(store)
            if current?.id == old {
                #expect(games.isEmpty, "step \(step): the old game is still playable and in the history")
            } else {
                #expect(games.map(\.id) == [old], "step \(step): \(games.map(\.id))")
                #expect(games.first?.isAbandoned == true && games.first?.totals == [120, 80], "step \(step)")
                // Once settled, the new file owes nothing; the next save writes it so.
                try store.withSession { session in
                    try session.save()
                    #expect(session.saved?.unrecorded.isEmpty == true, "step \(step)")
                }
                #expect(try history(store).count == 1, "step \(step)")
            }
        })
    }

    @Test("the table's last move, killed at every step: the game is in the history once, with its level and its record, when table.json says it is over")
    func aTablesLastMove() throws {
        let (before, after) = try tableAtItsEnd(seed: 11)
        var saved = SavedTable(table: before)
        try killedAtEveryStep(prepare: { store in
            try store.withTableSession { session in
                session.saved = saved
                try session.save()
            }
        }, operation: { store in
            try store.withTableSession { session in
                saved.table = after
                session.saved = saved
                try session.save()
            }
        }, check: { store, step in
            let onDisk = try store.withTableSession { $0.saved }
            let games = try history(store)
            guard case .over = onDisk?.table.stage else {
                #expect(games.isEmpty, "step \(step)")
                return
            }
            #expect(games.map(\.id) == ["\(saved.id)-1"], "step \(step): \(games.map(\.id))")
            #expect(games.first?.level == .known(.beginner) && games.first?.winner != nil, "step \(step)")
            guard case .success(.table(let record))? = try? store.withSession({ $0.record("\(saved.id)-1") }) else {
                Issue.record("step \(step): no record of the game")
                return
            }
            // The record replays to the game's end.
            #expect(record.table.game == after.game && record.table.moves == after.moves, "step \(step)")
        })
    }

    @Test("a finished table game an old table.json holds, which its history missed, is put into the history by the import")
    func aTableLoadSettlesAFinishedGame() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.path)
        let saved = SavedTable(table: try tableAtItsEnd(seed: 5).after)
        // As if the old store died between table.json and the history.
        try GameStore.create(saved, at: folder.file("table.json"))
        #expect(try history(store).map(\.id) == ["\(saved.id)-1"])
        try store.withTableSession { _ in }
        #expect(try history(store).count == 1)
    }

    @Test("table --new over an unfinished game, killed at every step: that game is in the history once, as abandoned, once the new match is written")
    func aTableAbandoned() throws {
        let (before, _) = try tableAtItsEnd(seed: 7)
        let old = SavedTable(table: before)
        try killedAtEveryStep(prepare: { store in
            try store.withTableSession { session in
                session.saved = old
                try session.save()
            }
        }, operation: { store in
            try store.withTableSession { session in
                session.abandon()
                session.saved = SavedTable(table: TableGame(setup: .init(seed: 99)))
                try session.save()
            }
        }, check: { store, step in
            let onDisk = try store.withTableSession { $0.saved }
            let games = try history(store)
            if onDisk?.id == old.id {
                #expect(games.isEmpty, "step \(step)")
            } else {
                #expect(games.map(\.id) == ["\(old.id)-1"] && games.first?.isAbandoned == true, "step \(step)")
            }
        })
    }

    @Test("a history that cannot be written: the finish is refused whole, the game stays before it, and is kept once the history can take it")
    func aFinishedGameTheHistoryCouldNotTake() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var broken = GameStore(folder: folder.path)
        broken.fault = .historyWrite
        var finished = try nearlyOverGame()
        try broken.withSession { session in
            session.saved = finished
            try session.save()
        }
        try finished.game.peg(player: 0, points: 1)
        try broken.withSession { session in
            session.saved = finished
            #expect(throws: StoreError.self) { try session.save() }
        }
        let store = GameStore(folder: folder.path)
        #expect(try store.withSession { $0.saved?.isOver } == false)
        #expect(try history(store).isEmpty)
        try store.withSession { session in
            session.saved = finished
            try session.save()
        }
        #expect(try history(store).map(\.id) == [finished.id])
    }
}
