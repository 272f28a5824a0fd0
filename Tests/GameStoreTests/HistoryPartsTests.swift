import CribbageCore
import Foundation
@testable import GameStore
import TestSupport
import Testing

/// A finished game's summary, `index` apart from the others (its id and dates).
func finishedGame(_ index: Int, players: [String] = ["Ann", "Bob"]) throws -> FinishedGame {
    var game = try Game(seating: Game.Seating(players: players.count)!, target: .short, names: players)
    try game.correct(player: 1, points: 1 + index % 30)
    try game.correct(player: 0, points: 61)
    let started = Date(timeIntervalSince1970: 1_800_000_000 + Double(index) * 60)
    return FinishedGame(SavedGame(id: "game-\(index)", started: started, game: game), finished: started.addingTimeInterval(30))
}

/// The history in parts (issue 30, items 11 and 12): what each file holds, what a game's end
/// reads and writes, and that nothing is written the reader would refuse.
@Suite("GameStore: the history's parts")
struct HistoryPartsTests {
    /// Parts of this many games here: the store's are of `HistoryFiles.gamesAPart`.
    static let gamesAPart = 10

    private func files(_ store: GameStore, fault: StoreFault? = nil) throws -> HistoryFiles {
        HistoryFiles(folder: store.folder, names: try AtomicFile.names(in: store.folder), fault: fault,
                     gamesAPart: Self.gamesAPart)
    }

    private func record(_ games: Range<Int>, in store: GameStore) throws {
        var history = try files(store)
        for index in games {
            let summary = try finishedGame(index)
            try history.record(HistoryEntry(summary: summary, record: .board(SavedGame(id: summary.id, game: try Game()))))
        }
    }

    @Test("a full part is sealed before the next game: the part games go to stays small, and the listing holds every game once, in order")
    func aFullPartIsSealed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.path)
        let count = 2 * Self.gamesAPart + 5
        try record(0..<count, in: store)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("history")).sorted()
        #expect(names == ["1.json", "2.json"])
        let current = try Series<HistoryPart>.read(folder.file("history.json")).get()
        #expect(current.part == 3 && current.games.count == 5)
        #expect(current.sealedStarts == (try finishedGame(2 * Self.gamesAPart - 1)).started)
        var history = try files(store)
        let value1 = history.all()
        #expect(value1.games.map(\.id) == (0..<count).map { "game-\($0)" })
        #expect(history.problems.isEmpty)
        // One game a line: the part is some 550 bytes a game.
        let size = try #require(try FileManager.default.attributesOfItem(atPath: folder.file("history.json"))[.size] as? Int)
        #expect(size < 5 * 600, "\(size) bytes")
        // Each game's record.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("records")).count == count)
    }

    @Test("whether a game is held: the part games go to, and the sealed parts only for a game begun before their latest start")
    func holdingReadsTheSealedPartsOnlyWhenTheDatesLeaveItOpen() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.path)
        try record(0..<(Self.gamesAPart + 10), in: store)
        var history = try files(store)
        let held11 = history.holds("game-3", started: (try finishedGame(3)).started)
        #expect(held11)
        let held12 = history.holds("game-\(Self.gamesAPart + 5)", started: (try finishedGame(Self.gamesAPart + 5)).started)
        #expect(held12)
        let held13 = history.holds("game-x", started: (try finishedGame(3)).started)
        #expect(!held13)
        // A sealed part that cannot be read is never read for a game begun after it.
        try Data("junk".utf8).write(to: URL(fileURLWithPath: folder.file("history/1.json")))
        var after = try files(store)
        let value2 = after.holds("new", started: Date(timeIntervalSince1970: 1_900_000_000))
        #expect(!value2)
        #expect(after.problems.isEmpty)
        let held14 = after.holds("game-3", started: (try finishedGame(3)).started)
        #expect(!held14)
        #expect(after.problems.first?.contains("history/1.json is corrupt") == true, "\(after.problems)")
    }

    @Test("a finish taken back from a sealed part is named among the removed, and the listing leaves it out")
    func aGameTakenBackFromASealedPart() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.path)
        try record(0..<(Self.gamesAPart + 1), in: store)
        var history = try files(store)
        try history.remove("game-7", started: (try finishedGame(7)).started)
        var reread = try files(store)
        let value3 = reread.all()
        #expect(!value3.games.map(\.id).contains("game-7"))
        let value4 = reread.all()
        #expect(value4.games.count == Self.gamesAPart)
        let held15 = reread.holds("game-7", started: (try finishedGame(7)).started)
        #expect(!held15)
        // Finished again: listed once, at the end.
        try reread.record(HistoryEntry(summary: try finishedGame(7), record: .board(SavedGame(id: "game-7", game: try Game()))))
        var last = try files(store)
        let value5 = last.all()
        #expect(value5.games.map(\.id).last == "game-7")
        let value6 = last.all()
        #expect(value6.games.filter { $0.id == "game-7" }.count == 1)
    }

    @Test("a seal cut short by a kill: the part left behind is written again, and no game is listed twice")
    func aSealCutShort() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.path)
        try record(0..<Self.gamesAPart, in: store)
        for step in 1...40 {
            let copy = try TemporaryFolder()
            defer { copy.remove() }
            try FileManager.default.removeItem(atPath: copy.path)
            try FileManager.default.copyItem(atPath: folder.path, toPath: copy.path)
            let countdown = StoreFault.Countdown(step)
            var killed = try files(GameStore(folder: copy.path), fault: .kill(countdown))
            let summary = try finishedGame(9_999)
            try? killed.record(HistoryEntry(summary: summary, record: .board(SavedGame(id: summary.id, game: try Game()))))
            var next = try files(GameStore(folder: copy.path))
            try next.record(HistoryEntry(summary: summary, record: .board(SavedGame(id: summary.id, game: try Game()))))
            var listed = try files(GameStore(folder: copy.path))
            let ids = listed.all().games.map(\.id)
            #expect(ids.count == Self.gamesAPart + 1 && Set(ids).count == ids.count, "step \(step)")
            #expect(ids.last == summary.id, "step \(step)")
            #expect(listed.problems.isEmpty, "step \(step): \(listed.problems)")
            if !countdown.isKilled { break }
        }
    }

    @Test("nothing past the reader's limit is written: a part too large is refused, not written")
    func aPartPastTheLimitIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let one = try finishedGame(1)
        let lineSize = try JSONEncoder.storeLine.encode(one).count + 2
        let part = HistoryPart(games: Array(repeating: one, count: HistoryPart.sizeLimit / lineSize + 10))
        #expect(part.encoded.count > HistoryPart.sizeLimit)
        #expect(throws: StoreError.self) { try GameStore.write(document: part, to: folder.file("history.json")) }
        #expect(!FileManager.default.fileExists(atPath: folder.file("history.json")))
    }

    @Test("a version 1 history of 13,000 games (some 16 MB) reads, and the next game seals it as the first part")
    func aLargeVersionOneHistory() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let games = try (0..<13_000).map { try finishedGame($0) }
        struct VersionOne: Encodable {
            let version = 1
            let games: [FinishedGame]
        }
        let old = try JSONEncoder.store.encode(VersionOne(games: games))
        #expect(old.count > 13_000_000 && old.count < HistoryPart.sizeLimit)
        try old.write(to: URL(fileURLWithPath: folder.file("history.json")))
        let store = GameStore(folder: folder.path)
        var saved = try nearlyOverGame()
        try saved.game.peg(player: 0, points: 1)
        try store.withSession { session in
            session.saved = saved
            try session.save()
        }
        #expect(try Series<HistoryPart>.read(folder.file("history/1.json")).get().games.count == 13_000)
        #expect(try Series<HistoryPart>.read(folder.file("history.json")).get().games.map(\.id) == [saved.id])
        let listed = try store.withSession { $0.history().games.map(\.id) }
        #expect(listed.count == 13_001 && listed.last == saved.id)
    }

    @Test("the writer refuses what the reader would: an id too long for the reader is never written")
    func theWriterChecksWhatItWrites() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.path)
        try store.withSession { session in
            session.saved = SavedGame(game: try Game())
            try session.save()
        }
        let before = FileManager.default.contents(atPath: folder.file("game.json"))
        try store.withSession { session in
            session.saved = SavedGame(id: String(repeating: "x", count: 101), game: try Game())
            do {
                try session.save()
                Issue.record("written")
            } catch StoreError.refused(let path, let reason) {
                #expect(path == folder.file("game.json"))
                #expect(reason.contains("an id of 101 characters"), "\(reason)")
            }
        }
        #expect(FileManager.default.contents(atPath: folder.file("game.json")) == before)
        let message = "\(StoreError.refused(path: folder.file("game.json"), reason: "is corrupt (x)"))"
        #expect(message.hasPrefix("this change could not be saved: a bug: "))
        #expect(message.hasSuffix("; the last saved game is kept"))
    }
}

/// The history's quick reader reads what `JSONDecoder` reads, the same, or leaves the file to
/// it: never a different game, never a file `JSONDecoder` refuses.
@Suite("GameStore: the history's quick reader")
struct HistoryQuickReaderTests {
    private static func part() throws -> HistoryPart {
        var games = try (0..<40).map { try finishedGame($0, players: $0 % 3 == 0 ? ["Ann", "Bob", "Cy"] : ["Ann", "Bob"]) }
        games[3].level = .expert
        games[4].winner = nil
        games[4].margin = nil
        games[5].players = nil
        games[6].sides = ["Ann & Cy", "Bob & Di"]
        games[7].id = "ünïcödé ♠ id"
        return HistoryPart(part: 3, sealedStarts: games[0].started, removed: ["x", "y"], games: games)
    }

    private static func slow(_ data: Data) -> HistoryPart? { try? JSONDecoder.store.decode(HistoryPart.self, from: data) }

    @Test func theSameAsJSONDecoderOnWhatTheWriterWrites() throws {
        let part = try Self.part()
        for data in [part.encoded, try JSONEncoder.store.encode(part)] {
            let quick = try #require(HistoryPart.decodeQuickly(data))
            #expect(quick.encoded == part.encoded)
            #expect(quick.encoded == Self.slow(data)?.encoded)
        }
    }

    @Test func whatItCannotReadItLeavesToJSONDecoder() throws {
        let part = try Self.part()
        let text = String(decoding: part.encoded, as: UTF8.self)
        for (from, to) in [("\"Ann\"", "\"A\\u006en\""), ("\"target\":61", "\"target\":61.0"), ("\"target\":61", "\"target\":6.1e1"),
                           ("Z\"", "+00:00\""), ("\"version\":2", "\"version\":9"), ("\"rounds\":1", "\"rounds\":1,\"rounds\":2")] {
            let changed = Data(text.replacingOccurrences(of: from, with: to).utf8)
            #expect(HistoryPart.decodeQuickly(changed) == nil, "\(to)")
        }
    }

    @Test(arguments: 0..<8 as Range<UInt64>)
    func mutatedPartsReadTheSameOrNotAtAll(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &* 7_919 &+ 1)
        let original = [UInt8](try Self.part().encoded)
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<(1 + random.below(3)) {
                let at = random.below(bytes.count)
                switch random.below(4) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(UInt8(random.below(256)), at: at)
                case 2: bytes[at] = UInt8(random.below(256))
                default:
                    let end = min(bytes.count, at + 1 + random.below(60))
                    bytes.insert(contentsOf: bytes[at..<end], at: at)
                }
            }
            let data = Data(bytes)
            guard let quick = HistoryPart.decodeQuickly(data) else { continue }
            let slow = try #require(Self.slow(data), "the quick reader read what JSONDecoder refuses: \(String(decoding: data, as: UTF8.self))")
            #expect(quick.encoded == slow.encoded)
        }
    }
}
