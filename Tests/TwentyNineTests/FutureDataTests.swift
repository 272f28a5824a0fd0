@testable import CribbageCore
import Foundation
@testable import GameStore
import TestSupport
import Testing
@testable import TwentyNineCommands

/// Data that ages well (issue 45; Docs/Architecture.md): what a newer TwentyNine writes that this
/// one does not know (a level, a drill's theme) is kept as written and shown as unknown, never a
/// reason to call a game, a review or a drill corrupt; a review records the engine that graded it,
/// and the error rate says where the engine changed.
@Suite("Data from the future: kept, shown as unknown")
struct FutureDataTests {
    /// Rewrites a row's JSON in the database as a newer version would have written it.
    static func rewrite(_ folder: GameFolder, table: String, id: String, _ change: (String) -> String) throws {
        let store = GameStore(folder: folder.path)
        try store.withConnection(holdsLock: false) { connection, _ in
            try connection.transaction { connection in
                let column = table == "game" ? "summary" : "body"
                let old = try #require(try connection.db.one(Data.self, "SELECT \(column) FROM \(table) WHERE id = ?", [id]))
                let new = change(String(decoding: old, as: UTF8.self))
                #expect(new != String(decoding: old, as: UTF8.self), "nothing to rewrite in \(table) \(id)")
                try connection.execute("UPDATE \(table) SET \(column) = ? WHERE id = ?", [Data(new.utf8), id])
            }
        }
    }

    @Test("a level a newer version wrote, in a finished game and its review, and reviews graded by another engine: listed, counted, said")
    func anUnknownLevelAndAnotherEngine() throws {
        let (folder, reviews, games) = try GameStatsErrorRateTests.folder()
        defer { folder.remove() }
        let engine = try #require(reviews[0].engine)
        #expect(engine == Fingerprint.engine)
        try Self.rewrite(folder, table: "game", id: games[0].id) { $0.replacingOccurrences(of: #""level" ?: ?"beginner""#, with: #""level":"grandmaster""#, options: .regularExpression) }
        try Self.rewrite(folder, table: "review", id: games[0].id) { $0.replacingOccurrences(of: #""level" ?: ?"beginner""#, with: #""level":"grandmaster""#, options: .regularExpression) }
        // The first four reviews graded by an older engine.
        for game in games.prefix(4) {
            try Self.rewrite(folder, table: "review", id: game.id) { $0.replacingOccurrences(of: engine, with: "0123456789abcdef") }
        }
        let history = try folder.ok("--history")
        #expect(history.contains("(against the computer, 'grandmaster' (unknown))"), "\(history)")
        #expect(history.components(separatedBy: "(against the computer, beginner)").count - 1 == 12, "\(history)")
        let stats = try folder.ok("--stats")
        #expect(stats.contains("'grandmaster' (unknown) ") && stats.contains("beginner "), "\(stats)")
        let graded = reviews.filter { $0.summary.sides[0].graded > 0 }
        let older = graded.filter { review in games.prefix(4).contains { $0.id == review.id } }.count
        #expect(stats.contains("  2 engines graded these games: the last \(graded.count - older) by one, the \(older) before by another\n"), "\(stats)")
        let json = try folder.json("--history")
        let listed = try #require(json["games"] as? [[String: Any]])
        #expect(listed.contains { $0["level"] as? String == "grandmaster" })
        let errorRate = try #require((try folder.json("--stats"))["errorRate"] as? [String: Any])
        #expect(errorRate["engineChanges"] as? [Int] == [older])
        // The records screen's book: nothing unreadable, the unknown level a line of its own.
        guard case .records(let book, _) = StoreKeeper(environment: folder.environment).recordBook() else {
            Issue.record("no records")
            return
        }
        #expect(book.unreadable == 0)
        #expect(book.levels.map(\.level) == [.known(.beginner), .unknown("grandmaster")])
        #expect(book.levels.reduce(0) { $0 + $1.won + $1.lost } == 13)
    }

    @Test("a drill with a theme a newer version named: read, the theme shown as unknown, and written back as it was")
    func anUnknownTheme() throws {
        let six = try ["5H", "5S", "JC", "QD", "3C", "9H"].map(Card.init(parsing:))
        let drill = Drill(kind: .throwDealer, decision: .keep(six: six, role: .dealer, score: nil), themes: [.ownCrib],
                          origin: .clear, source: nil, gap: 1)
        let written = String(decoding: try JSONEncoder().encode(drill), as: UTF8.self)
        let future = written.replacingOccurrences(of: "\"themes\":[\"own-crib\"]", with: "\"themes\":[\"own-crib\",\"tempo\"]")
        #expect(future != written)
        let read = try JSONDecoder().decode(Drill.self, from: Data(future.utf8))
        #expect(read.themes == [.ownCrib] && read.unknownThemes == [.unknown("tempo")])
        #expect(read.unknownThemes.map(\.text) == ["'tempo' (unknown)"])
        let again = String(decoding: try JSONEncoder().encode(read), as: UTF8.self)
        #expect(again.contains("\"themes\":[\"own-crib\",\"tempo\"]"), "\(again)")
        // A name with a control character is shown escaped.
        #expect(Recorded<DrillTheme>("a\u{1B}[31m").text == "'a\\u{1B}[31m' (unknown)")
    }
}
