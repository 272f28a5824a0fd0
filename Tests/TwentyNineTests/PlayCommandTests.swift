import Foundation
import TestSupport
import Testing

/// A whole two-player play: fifteen, runs of 3 and 4, two gos, a pair and a pair royal, the
/// last card. Player 1 holds 7H 9S 6D KD, player 2 8C KS KH QD.
let twoPlayerTokens = ["7H", "8C", "9S", "go", "6D", "go", "KS", "KD", "KH", "go", "QD"]

@Suite("play: the text table")
struct PlayTextTests {
    @Test("a line per token with its count, points and reasons; a blank line between counts; the totals")
    func wholePlay() throws {
        let result = runInProcess(["play"] + twoPlayerTokens)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            Player  Card  Count  Points
                 1  7H        7       0
                 2  8C       15       2  fifteen 2
                 1  9S       24       3  run of 3 3
                 2  go       24       0
                 1  6D       30       5  run of 4 4, go 1
                 1  go       30       0

                 2  KS       10       0
                 1  KD       20       2  pair 2
                 2  KH       30       7  pair royal 6, go 1
                 2  go       30       0

                 2  QD       10       1  last card 1

            Totals
              player 1   10
              player 2   10

            Complete: every player has laid 4 cards.

            """)
    }

    @Test("a play in progress: no last card, and whose turn it is")
    func inProgress() throws {
        let result = runInProcess(["play", "5h", "td", "5D"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == "     1  5H        5       0")
        #expect(lines[2] == "     2  10D      15       2  fifteen 2", "cards are shown canonically")
        #expect(lines.contains("In progress: player 2 to lay a card, at a count of 20."))
        let atTwentyFive = runInProcess(["play", "KH", "QC", "5D"])
        #expect(atTwentyFive.stdout.hasSuffix("In progress: player 2 to lay a card or say go, at a count of 25.\n"))
        #expect(!result.stdout.contains("last card"))
        let afterThirtyOne = runInProcess(["play", "KH", "QC", "5D", "6S"])
        #expect(afterThirtyOne.stdout.contains("     2  6S       31       2  thirty-one 2\n"))
        #expect(afterThirtyOne.stdout.contains("In progress: player 1 leads a new count."))
    }

    @Test("three players: a total each, no partnerships")
    func threePlayers() throws {
        let result = runInProcess(["play", "--players", "3", "10H", "10C", "5D", "go", "4S", "go", "go"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("     2  4S       29       1  go 1\n"))
        #expect(result.stdout.contains("  player 1    0\n  player 2    3\n  player 3    0\n"))
        #expect(!result.stdout.contains("players 1 and 3"))
        #expect(result.stdout.contains("In progress: player 3 leads a new count."))
    }

    @Test("four players: a total each and per partnership, 1 and 3 against 2 and 4")
    func fourPlayers() throws {
        let result = runInProcess(["play", "--players", "4", "5H", "10C", "5D", "5S", "5C"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("""
            Totals
              player 1           6
              player 2           2
              player 3           0
              player 4           2
              players 1 and 3    6
              players 2 and 4    4
            """))
    }
}

@Suite("play: help")
struct PlayHelpTests {
    @Test("play is listed in the root help, and has help of its own")
    func help() throws {
        let root = runInProcess(["--help"])
        #expect(root.status == 0)
        #expect(root.stdout.contains("play"))
        let own = runInProcess(["play", "--help"])
        #expect(own.status == 0)
        #expect(own.stdout.contains("--players"))
        #expect(own.stdout.contains("go"))
    }
}

@Suite("play: --json")
struct PlayJSONTests {
    @Test("players, plays, totals, complete, keys in that order; each play's points the sum of its scores")
    func schema() throws {
        let (text, object) = try runJSON(["play", "--json"] + twoPlayerTokens)
        #expect(text.hasPrefix("{\"players\":2,\"plays\":[{\"player\":1,\"card\":\"7H\",\"count\":7,\"points\":0,\"scores\":[]},"))
        #expect(text.hasSuffix("],\"totals\":[10,10],\"complete\":true}\n"))
        #expect(object["players"] as? Int == 2)
        #expect(object["complete"] as? Bool == true)
        #expect(object["partnerships"] == nil)
        let plays = try #require(object["plays"] as? [[String: Any]])
        #expect(plays.count == twoPlayerTokens.count)
        for (play, token) in zip(plays, twoPlayerTokens) {
            if token == "go" {
                #expect(play["go"] as? Bool == true)
                #expect(play["card"] == nil)
            } else {
                #expect(play["card"] as? String == token)
                #expect(play["go"] == nil)
            }
            let scores = try #require(play["scores"] as? [[String: Any]])
            #expect(play["points"] as? Int == scores.reduce(0) { $0 + ($1["points"] as? Int ?? -100) })
        }
        #expect(plays.map { $0["player"] as? Int } == [1, 2, 1, 2, 1, 1, 2, 1, 2, 2, 2])
        #expect(plays.map { $0["count"] as? Int } == [7, 15, 24, 24, 30, 30, 10, 20, 30, 30, 10])
        let totals = try #require(object["totals"] as? [Int])
        for player in 1...2 {
            let pegged = plays.filter { $0["player"] as? Int == player }.reduce(0) { $0 + ($1["points"] as? Int ?? 0) }
            #expect(totals[player - 1] == pegged)
        }
    }

    @Test("score kinds: fifteen, run with its length, go on the last card laid, pairRoyal, last")
    func kinds() throws {
        let (text, _) = try runJSON(["play", "--json"] + twoPlayerTokens)
        #expect(text.contains("{\"player\":2,\"card\":\"8C\",\"count\":15,\"points\":2,\"scores\":[{\"kind\":\"fifteen\",\"points\":2}]}"))
        #expect(text.contains("{\"player\":1,\"card\":\"6D\",\"count\":30,\"points\":5,\"scores\":[{\"kind\":\"run\",\"length\":4,\"points\":4},{\"kind\":\"go\",\"points\":1}]}"))
        #expect(text.contains("{\"player\":1,\"go\":true,\"count\":30,\"points\":0,\"scores\":[]}"))
        #expect(text.contains("{\"kind\":\"pair\",\"points\":2}"))
        #expect(text.contains("{\"kind\":\"pairRoyal\",\"points\":6}"))
        #expect(text.contains("{\"player\":2,\"card\":\"QD\",\"count\":10,\"points\":1,\"scores\":[{\"kind\":\"last\",\"points\":1}]}"))
        let (fours, _) = try runJSON(["play", "--json", "7H", "7C", "7D", "7S"])
        #expect(fours.contains("{\"kind\":\"doublePairRoyal\",\"points\":12}"))
        let (thirtyOne, _) = try runJSON(["play", "--json", "KH", "QC", "5D", "6S"])
        #expect(thirtyOne.contains("{\"kind\":\"thirtyOne\",\"points\":2}"))
    }

    @Test("a play in progress is not complete and has no last card")
    func inProgress() throws {
        let (text, object) = try runJSON(["play", "--json", "5H", "10C"])
        #expect(object["complete"] as? Bool == false)
        #expect(object["totals"] as? [Int] == [0, 2])
        #expect(!text.contains("\"last\""))
    }

    @Test("four players: partnerships after the totals")
    func partnerships() throws {
        let (text, object) = try runJSON(["play", "--players", "4", "--json", "5H", "10C", "5D", "5S", "5C"])
        #expect(text.hasSuffix("\"totals\":[6,2,0,2],\"partnerships\":[6,4],\"complete\":false}\n"))
        #expect(object["players"] as? Int == 4)
    }
}

/// Arguments `play` must refuse, and what its one-line message must contain.
enum BadPlayInput {
    static let all = [
        // A card that would pass 31, with the count.
        BadArguments(["KH", "QC", "5D", "7S"], names: "'7S': 7S would pass 31: the count is 25"),
        // A go while any card fits.
        BadArguments(["go"], names: "'go': go at a count of 0"),
        BadArguments(["KH", "AC", "QD", "Go"], names: "'Go': go at a count of 21"),
        // A card laid twice.
        BadArguments(["5H", "6C", "5h"], names: "'5h': 5H was laid already, by player 1"),
        // After the play is complete: a fifth card, or a go.
        BadArguments(twoPlayerTokens + ["2C"], names: "token 12 '2C': the play is complete: every player has laid 4 cards, so 2C would be a fifth"),
        BadArguments(twoPlayerTokens + ["go"], names: "token 12 'go': the play is complete"),
        // An unknown card, or an empty token.
        BadArguments(["5H", "5X"], names: "'5X'"),
        BadArguments(["5H", "gone"], names: "'gone'"),
        BadArguments(["5H", "-4D"], names: "'-4D'"),
        BadArguments(["5H", ""], names: "''"),
        BadArguments(["5H", "J\nD"], names: "unknown card"),
        // No tokens, a bad player count, an unknown option.
        BadArguments([], names: "no tokens"),
        BadArguments(["--players", "5", "5H"], names: "'5'"),
        BadArguments(["--players", "1", "5H"], names: "'1'"),
        BadArguments(["--players", "two", "5H"], names: "'two'"),
        BadArguments(["5H", "--player"], names: "'--player'"),
        BadArguments(["5H", "--players"], names: "--players"),
        // --json changes nothing for bad input.
        BadArguments(["--json", "KH", "QC", "5D", "7S"], names: "'7S'"),
    ]
}

@Suite("play: bad input")
struct PlayBadInputTests {
    @Test("one line on standard error naming the token, exit status 2, nothing on standard output",
          arguments: BadPlayInput.all)
    func refused(_ bad: BadArguments) throws {
        let result = runInProcess(["play"] + bad.arguments)
        #expect(result.status == 2)
        try expectOneLineError(result, naming: bad.names)
    }

    @Test("the first bad token is the one named, even with good tokens after it")
    func firstBadToken() throws {
        let result = runInProcess(["play", "5H", "5X", "5H", "go"])
        try expectOneLineError(result, naming: "'5X'")
    }
}
