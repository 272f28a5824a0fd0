import Foundation
import TestSupport
import Testing

/// `play --advise`: the engine's ranking of the cards the player may lay next, end to end.
@Suite("play --advise")
struct PlayAdviseCommandTests {
    /// The dealer holds 5H 9C 9D KS after the pone's king: 5H makes fifteen.
    static let dealerAfterAKing = ["play", "KD", "--hand", "5H", "9C", "9D", "KS", "--cut", "7H", "--dealer", "--advise"]

    @Test("the table of the play, then every card the player may lay, best first, with its points and the net")
    func table() throws {
        let result = try runTwentyNine(Self.dealerAfterAKing)
        #expect(result.status == 0 && result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("In progress: player 2 to lay a card, at a count of 10."), "the play's table first")
        let header = try #require(lines.firstIndex { $0.hasPrefix("Advice for player 2 (the dealer)") })
        #expect(lines[header + 2].split(separator: " ") == ["Card", "You", "Opponent", "Net"])
        let rows = lines[(header + 3)...].filter { !$0.isEmpty }.map { $0.split(separator: " ").map(String.init) }
        #expect(rows.map(\.[0]) .sorted() == ["5H", "9C", "9D", "KS"])
        #expect(rows[0][0] == "5H" && rows[0].last == "best", "the fifteen is best")
        #expect(rows.dropFirst().allSatisfy { $0.count == 4 }, "only the best is marked")
        for row in rows {
            let (mine, theirs, net) = (Double(row[1])!, Double(row[2])!, Double(row[3])!)
            #expect(abs(mine - theirs - net) <= 0.011, "\(row)")
        }
        #expect(zip(rows, rows.dropFirst()).allSatisfy { Double($0[3])! >= Double($1[3])! }, "best net first")
    }

    @Test("--json adds an advice object: the player, the role, each option with mine, theirs and net, the hands solved")
    func json() throws {
        let (_, object) = try runJSON(Self.dealerAfterAKing + ["--json"])
        let advice = try #require(object["advice"] as? [String: Any])
        #expect(advice["player"] as? Int == 2 && advice["role"] as? String == "dealer")
        let options = try #require(advice["options"] as? [[String: Any]])
        #expect(options.map { $0["card"] as? String } == ["5H", "9C", "9D", "KS"])
        for option in options {
            let (mine, theirs, net) = try (#require(option["mine"] as? Double), #require(option["theirs"] as? Double),
                                           #require(option["net"] as? Double))
            #expect(abs(mine - theirs - net) < 1e-9)
        }
        let hands = try #require(advice["hands"] as? [String: Int])
        #expect(hands["solved"]! > 0 && hands["solved"]! <= min(48, hands["possible"]!))
        #expect((object["plays"] as? [Any])?.count == 1, "the play's own members are unchanged")
    }

    @Test("no card fits: go is the only option; the pone's lead needs no tokens")
    func goAndTheLead() throws {
        let go = try runTwentyNine(["play", "KH", "5D", "9D", "3C", "--hand", "KH", "QC", "9D", "9S", "--cut", "AH", "--pone", "--advise"])
        #expect(go.status == 0)
        let rows = go.stdout.split(separator: "\n").filter { $0.hasPrefix("  go ") || $0.hasPrefix("  QC") || $0.hasPrefix("  9S") }
        #expect(rows.count == 1 && rows[0].hasSuffix("best") && rows[0].hasPrefix("  go "))
        let (_, lead) = try runJSON(["play", "--hand", "5H", "KC", "3D", "8S", "--discards", "2C", "6D", "--cut", "AH",
                                     "--pone", "--advise", "--json"])
        let options = try #require((lead["advice"] as? [String: Any])?["options"] as? [[String: Any]])
        #expect(options.count == 4 && options[0]["card"] as? String != "5H", "not the five")
    }

    @Test("bad input is one line naming what is wrong, exit 2", arguments: [
        (["KD", "--hand", "5H", "9C", "9D", "KS", "--cut", "7H", "--pone", "--advise"],
         "KD was laid by player 1, but is not among that player's four kept cards"),
        (["KD", "--hand", "5H", "9C", "KD", "KS", "--cut", "7H", "--dealer", "--advise"],
         "KD was laid by player 1, but it is among the cards kept, thrown or cut here"),
        (["KD", "QD", "KH", "--hand", "5H", "9C", "9D", "KS", "--cut", "7H", "--dealer", "--advise"],
         "QD was laid by player 2, but is not among that player's four kept cards"),
        (["KD", "QD", "5S", "7C", "--hand", "KD", "9C", "5S", "KS", "--cut", "7H", "--pone", "--advise"],
         "token 4 '7C': 7C would pass 31"),
        (["KD", "--hand", "KD", "9C", "9D", "5S", "--cut", "7H", "--pone", "--advise"],
         "it is player 2's turn, not the pone's (player 1): --advise is for the player to lay next"),
        (["KD", "--hand", "5H", "9C", "9D", "--cut", "7H", "--dealer", "--advise"], "too few hand cards: got 3"),
        (["KD", "--hand", "5H", "9C", "9D", "KS", "--cut", "7H", "--dealer"], "are for --advise"),
        (["KD", "--hand", "5H", "9C", "9D", "KS", "--cut", "7H", "--advise"], "--advise needs --dealer or --pone"),
        (["KD", "--hand", "5H", "9C", "9D", "KS", "--dealer", "--advise"], "--advise needs --cut"),
        (["KD", "--hand", "5H", "9C", "9D", "KS", "--cut", "5H", "--dealer", "--advise"], "5H is given twice"),
        (["KD", "--hand", "5H", "9X", "9D", "KS", "--cut", "7H", "--dealer", "--advise"], "unknown card '9X'"),
        (["KD", "--hand", "5H", "9C", "9D", "KS", "--cut", "7H", "--discards", "2C", "--dealer", "--advise"],
         "1 cards thrown to the crib: each player throws 2 here"),
        (["KD", "--hand", "5H", "9C", "9D", "KS", "--cut", "7H", "--dealer", "--advise", "--score", "119"],
         "--score '119': your score and theirs"),
        (["KD", "--hand", "5H", "9C", "9D", "KS", "--cut", "7H", "--dealer", "--advise", "--score", "121,3"],
         "--score '121,3'"),
        (["KD", "--hand", "5H", "9C", "9D", "KS", "--cut", "7H", "--dealer", "--advise", "--score", "1,3", "--to", "100"],
         "--to '100': a game goes to 121 or 61"),
        (["KD", "--score", "1,3"], "are for --advise"),
        (["KD", "--goal", "win"], "are for --advise"),
        (["KD", "--hand", "5H", "9C", "9D", "KS", "--cut", "7H", "--dealer", "--advise", "--goal", "win"],
         "--goal 'win' is for --score"),
        (["KD", "--hand", "5H", "9C", "9D", "KS", "--cut", "7H", "--dealer", "--advise", "--score", "1,3", "--goal", "most"],
         "unknown goal 'most': --goal takes win or game-points"),
    ])
    func badInput(arguments: [String], message: String) throws {
        let result = try runTwentyNine(["play"] + arguments)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("twentynine: ") && result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }
}

@Suite("play --advise --score: playing to the board")
struct PlayAdviseScoreTests {
    @Test func aCardThatWinsNowComesFirstAndEachOptionCarriesItsRace() throws {
        let (_, json) = try runJSON(["play", "5H", "--hand", "10C", "5S", "9D", "2C", "--cut", "7H", "--dealer", "--advise",
                                     "--score", "119,100", "--json"])
        let options = try #require((json["advice"] as? [String: Any])?["options"] as? [[String: Any]])
        #expect(options.first?["card"] as? String == "10C")
        #expect(abs((options.first?["racesWon"] as? Double ?? 0) - 1) < 1e-9)
        // Far from the end, the same command without the score ranks by points alone, and no race.
        let (_, plain) = try runJSON(["play", "5H", "--hand", "10C", "5S", "9D", "2C", "--cut", "7H", "--dealer", "--advise",
                                      "--score", "10,20", "--json"])
        let far = try #require((plain["advice"] as? [String: Any])?["options"] as? [[String: Any]])
        #expect(far.allSatisfy { $0["racesWon"] as? Double == 0 && $0["racesLost"] as? Double == 0 })
        let text = runInProcess(["play", "5H", "--hand", "10C", "5S", "9D", "2C", "--cut", "7H", "--dealer", "--advise",
                                 "--score", "100,119"]).stdout
        #expect(text.contains("Played to the score"))
        #expect(text.contains("Won") && text.contains("Lost"))
        #expect(!text.contains("Win is your chance"), "without --discards the crib cannot be reckoned")
    }

    @Test("near the end, with the discards, each card's chance to win ranks the cards")
    func theChanceToWinRanksNearTheEnd() throws {
        let arguments = ["play", "--hand", "10C", "5S", "9D", "2C", "--discards", "3D", "4S", "--cut", "7H", "--pone", "--advise"]
        let (_, json) = try runJSON(arguments + ["--score", "118,118", "--json"])
        let options = try #require((json["advice"] as? [String: Any])?["options"] as? [[String: Any]])
        let wins = options.compactMap { $0["win"] as? Double }
        #expect(wins.count == 4 && wins.allSatisfy { (0...1).contains($0) })
        #expect(wins == wins.sorted(by: >))
        #expect(options.first?["card"] as? String == "2C")
        // The points alone lead another card.
        let nets = options.compactMap { $0["net"] as? Double }
        #expect(nets.max() != nets.first)
        let text = runInProcess(arguments + ["--score", "118,118"]).stdout
        #expect(text.contains("Win is your chance") && text.contains("%  best"))
        // Far from the end the advice's figures: the net ranks, each card's chance follows it.
        let (_, far) = try runJSON(arguments + ["--score", "60,70", "--json"])
        let farOptions = try #require((far["advice"] as? [String: Any])?["options"] as? [[String: Any]])
        let farWins = farOptions.compactMap { $0["win"] as? Double }
        let farNets = farOptions.compactMap { $0["net"] as? Double }
        #expect(farWins.count == farOptions.count && farWins == farWins.sorted(by: >) && farNets == farNets.sorted(by: >))
    }

    @Test("--goal game-points: each card's game points shown and ranking, the chance to win beside them")
    func theGamePointsRankForThatGoal() throws {
        let arguments = ["play", "5H", "--hand", "10C", "5S", "9D", "2C", "--discards", "3D", "4S", "--cut", "7H", "--dealer",
                         "--advise", "--score", "112,86", "--goal", "game-points"]
        let (_, json) = try runJSON(arguments + ["--json"])
        let options = try #require((json["advice"] as? [String: Any])?["options"] as? [[String: Any]])
        let points = options.compactMap { $0["gamePoints"] as? Double }
        #expect(points.count == 4 && points.allSatisfy { (-3...3).contains($0) })
        #expect(zip(points, points.dropFirst()).allSatisfy { ($0 * 1000).rounded() >= ($1 * 1000).rounded() })
        #expect(options.compactMap { $0["win"] as? Double }.count == 4)
        let text = runInProcess(arguments).stdout
        #expect(text.contains("Game pts the game") && text.contains("Win  Game pts"))
        let forWin = runInProcess(Array(arguments.dropLast(2))).stdout
        #expect(!forWin.contains("Game pts"))
    }
}
