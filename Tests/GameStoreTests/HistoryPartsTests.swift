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

/// Writes a part as the old store wrote it.
func writePart(_ part: HistoryPart, _ path: String) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try part.encoded.write(to: URL(fileURLWithPath: path))
}

/// The old store's history in parts, taken in by the import: every part, whatever its number,
/// every game once, in order, the games taken back left out; every file left as it was.
@Suite("GameStore: the history's parts, imported")
struct HistoryPartsTests {
    @Test("sealed parts and the part games were added to: every game once, in order, the removed left out, the files as they were")
    func thePartsAreImported() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let games = try (0..<25).map { try finishedGame($0) }
        try writePart(HistoryPart(part: 1, games: Array(games[0..<10])), folder.file("history/1.json"))
        try writePart(HistoryPart(part: 2, sealedStarts: games[9].started, games: Array(games[10..<20])), folder.file("history/2.json"))
        try writePart(HistoryPart(part: 3, sealedStarts: games[19].started, removed: ["game-4"], games: Array(games[20..<25])),
                      folder.file("history.json"))
        let files = try snapshot(folder.path)
        let store = GameStore(folder: folder.path)
        let (listed, problems) = try store.withSession { ($0.history().games, $0.problems) }
        #expect(listed == games.filter { $0.id != "game-4" })
        #expect(problems == ["the files of \(folder.path) are imported into twentynine.sqlite: 24 finished games (0 with their records); every file is kept as it was"])
        #expect(sameFiles(try snapshot(folder.path).filter { $0.key.hasSuffix(".json") }, files))
    }

    @Test("fault 4: a part restored beside the current one (history/1.json holding 200 other games): every game imported, the part named, nothing written over")
    func fault4ARestoredPartIsImportedAndNamed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let current = try (0..<3).map { try finishedGame($0) }
        let restored = try (1_000..<1_200).map { try finishedGame($0) }
        let above = try (2_000..<2_005).map { try finishedGame($0) }
        try writePart(HistoryPart(part: 1, games: current), folder.file("history.json"))
        try writePart(HistoryPart(part: 1, games: restored), folder.file("history/1.json"))
        try writePart(HistoryPart(part: 7, games: above), folder.file("history/7.json"))
        let files = try snapshot(folder.path)
        let store = GameStore(folder: folder.path)
        var saved = try nearlyOverGame()
        try saved.game.peg(player: 0, points: 1)
        let problems = try store.withSession { session in
            session.saved = saved
            try session.save()
            return session.problems
        }
        let listed = try store.withSession { $0.history().games.map(\.id) }
        #expect(listed == (restored + above + current).map(\.id) + [saved.id])
        #expect(problems.contains { $0.hasPrefix(folder.file("history/1.json")) && $0.contains("200 games are imported too") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix(folder.file("history/7.json")) && $0.contains("5 games are imported too") }, "\(problems)")
        #expect(sameFiles(try snapshot(folder.path).filter { $0.key.hasSuffix(".json") }, files))
    }

    @Test("fault 1: a part with an unknown key nested 200,000 deep (a 400 KB file) is named and skipped, never a crash; every reader has a depth limit")
    func fault1ADeepPartIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let games = try (0..<3).map { try finishedGame($0) }
        let text = String(decoding: HistoryPart(part: 1, games: games).encoded, as: UTF8.self)
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        let nested = text.replacingOccurrences(of: "{\"finished\"", with: "{\"unknown\":\(deep),\"finished\"")
        #expect(nested.utf8.count > 400_000 && nested.utf8.count < HistoryPart.sizeLimit)
        try Data(nested.utf8).write(to: URL(fileURLWithPath: folder.file("history.json")))
        // Readers straight from bytes: the quick one, and each document's.
        #expect(HistoryPart.decodeQuickly(Data(nested.utf8)) == nil)
        guard case .failure(let error) = Series<HistoryPart>.decode(Data(nested.utf8), path: "history.json") else {
            Issue.record("read")
            return
        }
        #expect(error.reason.contains("nested more than"))
        #expect(Series<SavedGame>.decode(Data(("{\"version\":3,\"x\":" + deep + "}").utf8), path: "game.json").isFailure)
        #expect(HistoryRows.summary(Data(deep.utf8)).isFailure)
        let store = GameStore(folder: folder.path)
        let (listed, problems) = try store.withSession { ($0.history().games, $0.problems) }
        #expect(listed.isEmpty)
        #expect(problems.first?.hasPrefix("\(folder.file("history.json")) is corrupt (nested more than") == true, "\(problems)")
    }

    @Test("a part past the reader's limit (a huge value) is named and skipped, unread")
    func aHugePartIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let huge = "{\"version\":2,\"games\":[],\"x\":\"" + String(repeating: "a", count: HistoryPart.sizeLimit) + "\"}"
        try Data(huge.utf8).write(to: URL(fileURLWithPath: folder.file("history.json")))
        let problems = try GameStore(folder: folder.path).withSession { $0.problems }
        #expect(problems.first?.contains("history.json is corrupt (") == true && problems.first?.contains("bytes; a game file is at most") == true,
                "\(problems)")
    }

    @Test("a version 1 history of 13,000 games (some 16 MB) imports whole, and the next game follows it")
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
        let listed = try store.withSession { $0.history().games.map(\.id) }
        #expect(listed.count == 13_001 && listed.last == saved.id && listed.first == "game-0")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("history.json"))) == old)
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
        let before = try keptBytes(store, "game")
        try store.withSession { session in
            session.saved = SavedGame(id: String(repeating: "x", count: 101), game: try Game())
            do {
                try session.save()
                Issue.record("written")
            } catch StoreError.refused(let path, let reason) {
                #expect(path == folder.file("twentynine.sqlite") + " (game)")
                #expect(reason.contains("an id of 101 characters"), "\(reason)")
            }
        }
        #expect(try keptBytes(store, "game") == before)
        let message = "\(StoreError.refused(path: folder.file("game.json"), reason: "is corrupt (x)"))"
        #expect(message.hasPrefix("this change could not be saved: a bug: "))
        #expect(message.hasSuffix("; the last saved game is kept"))
    }
}

extension Result {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}

/// The history's quick reader reads what `JSONDecoder` reads, the same, or leaves the file to
/// it: never a different game, never a file `JSONDecoder` refuses.
@Suite("GameStore: the history's quick reader")
struct HistoryQuickReaderTests {
    private static func part() throws -> HistoryPart {
        var games = try (0..<40).map { try finishedGame($0, players: $0 % 3 == 0 ? ["Ann", "Bob", "Cy"] : ["Ann", "Bob"]) }
        games[3].level = .known(.expert)
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
