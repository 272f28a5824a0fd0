import CribbageCore
import Foundation
@testable import GameStore
import TestSupport
import Testing

/// A match against the beginner played by a beginner to the end of its first game.
private func finishedTable(seed: UInt64) throws -> TableGame {
    var table = TableGame(setup: .init(seed: seed, level: .beginner))
    let player = ComputerPlayer(level: .beginner)
    while true {
        switch table.stage {
        case .over: return table
        case .discard:
            let deal = table.deal!
            try table.apply(.discard(seat: 0, player.keep(deal.sixes[0], dealer: deal.dealer == 0).thrown))
        case .play: try table.apply(.lay(seat: 0, table.playable[0]))
        default: try table.apply(.next)
        }
    }
}

@Suite("GameStore: the match against the computer")
struct TableStoreTests {
    @Test("a match reads back at the same move, and a finished game goes to the history once, with its level")
    func savedAndFinished() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.file("twentynine"))
        var table = TableGame(setup: .init(seed: 3, level: .beginner))
        try table.apply(.next)
        let saved = SavedTable(table: table)
        try store.withTableSession { session in
            #expect(session.tablePath == folder.file("twentynine/twentynine.sqlite"))
            session.saved = saved
            try session.save()
        }
        let reread = try #require(try store.withTableSession { $0.saved })
        #expect(reread.table.moves == table.moves && reread.table.deal == table.deal && reread.id == saved.id)
        #expect(try store.withTableSession { $0.history().games.isEmpty })

        var finished = saved
        finished.table = try finishedTable(seed: 3)
        for _ in 0..<2 {
            try store.withTableSession { session in
                session.saved = finished
                try session.save()
            }
        }
        let games = try store.withTableSession { $0.history().games }
        #expect(games.count == 1)
        #expect(games.first?.level == .known(.beginner) && games.first?.id == "\(saved.id)-1")
        #expect(games.first?.winner != nil)
    }

    @Test("take-backs: table.json is version 3 only with them, and the game's record in the history keeps the count")
    func takeBacksAreVersionedAndRecorded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.file("twentynine"))
        var table = TableGame(setup: .init(seed: 3, level: .beginner))
        try table.apply(.next)
        let plain = SavedTable(table: table)
        #expect(String(decoding: plain.encoded, as: UTF8.self).contains("\"version\" : 2"))
        let deal = table.deal!
        try table.apply(.discard(seat: 0, Array(deal.sixes[0].prefix(2))))
        let tookBack = table.takeBack()
        #expect(tookBack)
        var saved = SavedTable(table: table)
        let text = String(decoding: saved.encoded, as: UTF8.self)
        #expect(text.contains("\"version\" : 3") && text.contains("\"takeBacks\" : 1"))
        let off = SavedTable(table: TableGame(setup: .init(seed: 3, level: .beginner, takeBacks: false)))
        #expect(String(decoding: off.encoded, as: UTF8.self).contains("\"version\" : 3"))
        // The game played on to its end with that take-back: its record says so.
        let player = ComputerPlayer(level: .beginner)
        playing: while true {
            switch table.stage {
            case .discard:
                let deal = table.deal!
                try table.apply(.discard(seat: 0, player.keep(deal.sixes[0], dealer: deal.dealer == 0).thrown))
            case .play: try table.apply(.lay(seat: 0, table.playable[0]))
            case .over: break playing
            default: try table.apply(.next)
            }
        }
        saved.table = table
        try store.withTableSession { session in
            session.saved = saved
            try session.save()
        }
        let record = try store.withTableSession { session in try session.record("\(saved.id)-1").get() }
        guard case .table(let kept) = record else { Issue.record("a table's record"); return }
        #expect(kept.table.takeBacks == 1 && kept.table.record.takeBacks == 1 && kept.version == 3)
    }

    @Test("the pace: table.json is version 4 only with one, reads back, and a pace the table does not know is corrupt")
    func paceIsVersionedAndReadBack() throws {
        var table = TableGame(setup: .init(seed: 3, level: .beginner))
        try table.apply(.next)
        #expect(String(decoding: SavedTable(table: table).encoded, as: UTF8.self).contains("\"version\" : 2"))
        for pace in [TableGame.Pace.quick, .slow] {
            table.pace = pace
            let bytes = SavedTable(table: table).encoded
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains("\"version\" : 4") && text.contains("\"pace\" : \(pace.milliseconds)"))
            #expect(try Series<SavedTable>.decode(bytes, path: "table.json").get().table.pace == pace)
            let odd = text.replacingOccurrences(of: "\"pace\" : \(pace.milliseconds)", with: "\"pace\" : 500")
            guard case .failure(let error) = Series<SavedTable>.decode(Data(odd.utf8), path: "table.json") else {
                Issue.record("a pace of 500 ms read"); continue
            }
            #expect("\(error)".contains("pace"), "\(error)")
        }
        #expect(TableGame.Pace.off.next == .quick && TableGame.Pace.quick.next == .slow && TableGame.Pace.slow.next == .off)
    }

    @Test("a corrupt or newer table.json is named by the import and kept as it is; the match goes on in the database")
    func unusableFilesKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.file("twentynine"))
        try FileManager.default.createDirectory(atPath: store.folder, withIntermediateDirectories: true)
        let corrupt = Data(#"{"version": 1, "id": "x", "table": {"seed": "1"}}"#.utf8)
        let newer = Data(#"{"version": 99}"#.utf8)
        try corrupt.write(to: URL(fileURLWithPath: folder.file("twentynine/table.json")))
        try newer.write(to: URL(fileURLWithPath: folder.file("twentynine/table-2.json")))
        try store.withTableSession { session in
            #expect(session.saved == nil)
            #expect(session.tablePath == folder.file("twentynine/twentynine.sqlite"))
            // The two files, and what the import took (nothing).
            #expect(session.problems.count == 3, "\(session.problems)")
            #expect(session.problems.last?.contains("nothing could be read") == true)
            session.saved = SavedTable(table: TableGame(setup: .init(seed: 1)))
            try session.save()
        }
        #expect(FileManager.default.contents(atPath: folder.file("twentynine/table.json")) == corrupt)
        #expect(FileManager.default.contents(atPath: folder.file("twentynine/table-2.json")) == newer)
        #expect(try store.withTableSession { $0.saved?.table.setup.seed } == 1)
    }
}
