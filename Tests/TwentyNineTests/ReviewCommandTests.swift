import CribbageCore
import Foundation
import GameStore
import TestSupport
import Testing

/// `twentynine review`: a finished table game from the history, reviewed in process.
@Suite("review", .tags(.solver), .slow)
struct ReviewCommandTests {
    /// A data folder holding one finished game at the table (the player's seat played by the
    /// beginner, the computer the expert at a quick limit), put into the history by the store.
    static func folderWithAGame(seed: UInt64 = 21) throws -> (GameFolder, TableGame) {
        let folder = try GameFolder()
        var table = TableGame(setup: .init(seed: seed, level: .expert), limit: Limit(searchedHands: 8, playedHands: 16, figures: .ranking))
        let player = ComputerPlayer(level: .beginner)
        while true {
            if case .over = table.stage { break }
            try table.apply(table.match.move(of: TableGame.player, by: player) ?? .next)
        }
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        try GameStore(folder: folder.path).withTableSession { session in
            session.saved = SavedTable(table: table)
            try session.save()
        }
        return (folder, table)
    }

    @Test("--last reviews the last game: every graded decision of yours, then both sides' figures and the result's parts")
    func last() throws {
        let (folder, table) = try Self.folderWithAGame()
        let result = runInProcess(["review", "--last"], environment: folder.environment)
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("Review of game ") && lines[0].contains("against the expert"))
        // The result in the screen's words: the board's scores (the winner at the target), the margin, who skunked whom.
        let ended = try table.record.replay().game
        #expect(lines[0].contains(": \(ReviewWords.resultText(ended)), in ") && lines[0].contains(" won \(ended.target.points) to "),
                "\(lines[0])")
        // Each side rated only where its decisions say something (the screen's words).
        #expect(lines.filter { $0.hasPrefix("  plays like: ") || $0.hasPrefix("  too few decisions yet to rate") }.count == 2)
        #expect(lines.contains("Your decisions:") && !lines.contains("The computer's decisions:"))
        #expect(lines.contains { $0.hasPrefix("You: error rate ") } && lines.contains { $0.hasPrefix("The computer: error rate ") })
        #expect(lines.contains { $0.hasPrefix("You lost: from ") || $0.hasPrefix("You won: from ") })
        #expect(lines.contains { $0.hasPrefix("  What your errors cost you: ") } && lines.contains { $0.hasPrefix("Hidden cards: with every card as it lay") })
        // The beginner's throws are graded: at least one decision line with a label and its why.
        #expect(lines.contains { $0.hasPrefix("  Deal 1, the throw as ") })
        #expect(lines.contains { $0.hasPrefix("    best ") && $0.contains("; why: ") })
        // The JSON: every option of every decision, the sides, the decomposition, the same game.
        let json = runInProcess(["review", "--last", "--json", "--side", "both"], environment: folder.environment)
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let decisions = try #require(object["decisions"] as? [[String: Any]])
        let record = table.record
        #expect(decisions.count == (try record.decisions()).count)
        #expect(decisions.allSatisfy { ($0["options"] as? [Any])?.isEmpty == false && ($0["loss"] as? Double ?? -1) >= 0 })
        let sides = try #require(object["sides"] as? [[String: Any]])
        #expect(sides.count == 2)
        // Your mistakes went into the drills once, on the first review: the second enrols none.
        let review = try GameReview(record)
        let mistakes = review.side(0).decisions.count { Drill.enrols($0) }
        // The deals whose luck moved your chance most: the review's own, named in the text and as `luckiestDeals`.
        let luckiest = try #require(object["luckiestDeals"] as? [[String: Any]])
        let deals = review.luckiestDeals()
        #expect(!deals.isEmpty && luckiest.compactMap { $0["deal"] as? Int } == deals.map(\.deal))
        #expect(luckiest.first?["starter"] as? String == deals.first?.starter.description)
        #expect(lines.contains { $0.hasPrefix("The luck that moved your chance most, yours less the computer's: deal \(deals[0].deal) ") })
        #expect(mistakes > 0 && lines.last == "\(mistakes) of your mistakes added to your drills: `twentynine drill` asks them.")
        #expect(object["enrolledInDrills"] as? Int == 0)
        let parts = try #require(object["decomposition"] as? [String: Double])
        let sum = parts["yourLuck"]! - parts["theirLuck"]! - parts["yourErrors"]! + parts["theirErrors"]! + parts["residual"]!
        #expect(abs(parts["total"]! - sum) < 1e-6)
        // gnubg's luck-adjusted result: the result (100 a win, 0 a loss) less your luck plus the computer's.
        let won = try #require(object["result"] as? Double)
        #expect(abs(parts["luckAdjusted"]! - (won * 100 - parts["yourLuck"]! + parts["theirLuck"]!)) < 1e-6)
        #expect(lines.contains { $0.hasPrefix("The luck taken out, your play was worth ") && $0.hasSuffix("less your luck plus the computer's") })
        // The review's figures are kept for the records: game --stats counts the game as reviewed.
        let kept = try GameStore(folder: folder.path).withSession { session in
            let games = session.history().games
            return session.reviews(of: games)
        }
        let yours = try #require(sides.first?["errorRate"] as? Double)
        #expect(kept.reviews.count == 1 && kept.notReviewed.isEmpty && abs(kept.reviews[0].summary.sides[0].errorRate - yours) < 1e-9)
        #expect(try folder.ok("--stats").contains("  last 10 reviewed games: \(yours.decimal(places: 1)), n = 1 (too few for an interval)"))
    }

    @Test("a game by its id from game --history --json; the computer's side alone")
    func byID() throws {
        let (folder, _) = try Self.folderWithAGame(seed: 4)
        let history = runInProcess(["game", "--history", "--json"], environment: folder.environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [String: Any])
        let id = try #require((object["games"] as? [[String: Any]])?.last?["id"] as? String)
        let result = runInProcess(["review", id, "--side", "computer"], environment: folder.environment)
        #expect(result.status == 0)
        #expect(result.stdout.contains("The computer's decisions:") && !result.stdout.contains("Your decisions:"))
    }

    @Test("a board game by its id: every player's cards graded, a hand typed wrong named, what the board cannot grade said")
    func boardGame() throws {
        let folder = try GameFolder()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        var game = try Game(seating: .twoPlayers, dealer: 0, names: ["Ann", "Bo"])
        try game.correct(player: 1, points: 117)
        try game.tellStarter(Card(parsing: "2C"))
        // Bo (the pone, at 117) leaves a fifteen and a pair (4 to 121) in the hand, then types 3
        // for a hand of none to win.
        try game.layRound([1: ["7H", "KS", "4C", "QD"], 0: ["4D", "3S", "8H", "9C"]])
        try game.count(points: 3)
        #expect(game.isOver)
        let id = try GameStore(folder: folder.path).withSession { session in
            session.saved = SavedGame(game: game)
            try session.save()
            return session.saved!.id
        }
        let result = runInProcess(["review", id], environment: folder.environment)
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("Review of game ") && lines[0].contains("kept on the board"))
        #expect(lines.contains { $0.hasPrefix("Not graded: the throws") })
        #expect(lines.contains("Bo's cards:") && lines.contains("Ann's cards:"))
        #expect(lines.contains { $0.contains("missed win") })
        #expect(lines.contains("  Deal 1, Bo's hand 4C 7H QD KS with 2C: typed 3, the cards make 0: 3 too many"))
        let json = runInProcess(["review", id, "--json"], environment: folder.environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "board")
        let counts = try #require(object["counts"] as? [[String: Any]])
        #expect(counts.count == 1 && counts[0]["missed"] as? Int == -3 && counts[0]["seat"] as? Int == 2)
        #expect((object["decisions"] as? [Any])?.count == 8)
    }

    @Test("bad input: one line naming it, exit 2; nothing to review, exit 1", arguments: [
        (["review"], "review takes a game's id or --last", Int32(2)),
        (["review", "abc", "--last"], "both an id and --last", 2),
        (["review", "--last", "--side", "them"], "unknown side 'them'", 2),
        (["review", "nope"], "no game 'nope' in the history", 2),
        (["review", String(repeating: "x", count: 5_000)], "(5,000 characters)", 2),
    ])
    func badInput(arguments: [String], message: String, status: Int32) throws {
        let folder = try GameFolder()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let result = runInProcess(arguments, environment: folder.environment)
        #expect(result.status == status && result.stdout == "")
        #expect(result.stderr.contains(message) && result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
    }

    @Test("--last with no game against the computer says so, exit 1")
    func nothingToReview() throws {
        let folder = try GameFolder()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let result = runInProcess(["review", "--last"], environment: folder.environment)
        #expect(result.status == 1 && result.stderr.contains("no finished two-player game against the computer to review"))
    }
}
