import Foundation
import TestSupport
import Testing
@testable import CribbageCore

@Suite("odds: the chance to win from the scores before a deal")
struct OddsCommandTests {
    @Test("the lines: the chance as the shipped table has it, the match points, how sure")
    func text() throws {
        let result = runInProcess(["odds", "35", "37", "--dealer"])
        #expect(result.status == 0 && result.stderr == "")
        let (table, largest) = WinTable.shipped(.long)
        let win = (table.dealerWins(dealer: 35, pone: 37) * 100).decimal(places: 1)
        let margin = (1.96 * largest * 100).decimal(places: 1)
        #expect(result.stdout.hasPrefix("You 35, they 37, you deal, in a game to 121:\n  you win \(win)% of games (within ±\(margin) at 95%)\n"))
        #expect(result.stdout.contains("match points +"))
    }

    @Test("the pone's chance is the dealer's complement with the scores the other way round; match points likewise")
    func pone() throws {
        let dealing = try JSONSerialization.jsonObject(with: Data(runInProcess(["odds", "80", "95", "--dealer", "--json"]).stdout.utf8)) as! [String: Any]
        let poning = try JSONSerialization.jsonObject(with: Data(runInProcess(["odds", "95", "80", "--pone", "--json"]).stdout.utf8)) as! [String: Any]
        let win = try #require(dealing["win"] as? Double), other = try #require(poning["win"] as? Double)
        #expect(abs(win + other - 1) < 1e-12)
        let points = try #require(dealing["gamePoints"] as? Double), otherPoints = try #require(poning["gamePoints"] as? Double)
        #expect(abs(points + otherPoints) < 1e-12)
        #expect(poning["dealing"] as? Bool == false && poning["target"] as? Int == 121 && poning["mine"] as? Int == 95)
    }

    @Test("to 61 reads the short table")
    func short() {
        let result = runInProcess(["odds", "30", "40", "--pone", "--to", "61"])
        let (table, _) = WinTable.shipped(.short)
        let win = ((1 - table.dealerWins(dealer: 40, pone: 30)) * 100).decimal(places: 1)
        #expect(result.stdout.contains("in a game to 61:\n  you win \(win)% of games"))
    }

    @Test("bad input: one line naming it", arguments: [
        BadArguments(["odds", "121", "3", "--dealer"], names: "'121'"),
        BadArguments(["odds", "61", "3", "--dealer", "--to", "61"], names: "'61'"),
        BadArguments(["odds", "-1", "3", "--dealer"], names: "'-1'"),
        BadArguments(["odds", "x", "3", "--pone"], names: "'x'"),
        BadArguments(["odds", "3", "--pone"], names: "your score and theirs"),
        BadArguments(["odds", "3", "4", "5", "--pone"], names: "'5'"),
        BadArguments(["odds", "3", "4"], names: "--dealer or --pone"),
        BadArguments(["odds", "3", "4", "--dealer", "--pone"], names: "--dealer"),
        BadArguments(["odds", "3", "4", "--pone", "--to", "100"], names: "'100'"),
        BadArguments(["odds", "3", "4", "--deal"], names: "'--deal'"),
        BadArguments(["odds", "99999999999999999999", "4", "--pone"], names: "'99999999999999999999'"),
    ])
    func badInput(_ bad: BadArguments) throws {
        let result = runInProcess(bad.arguments)
        #expect(result.status == 2)
        try expectOneLineError(result, naming: bad.names)
    }
}

@Suite("odds --hand: the chance from the deal in progress")
struct DealOddsCommandTests {
    private func object(_ arguments: [String]) throws -> [String: Any] {
        let result = runInProcess(arguments)
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test("the lines: the deal's chance and match points as the core reckons them, the chance before the deal beside it")
    func text() throws {
        let result = runInProcess(["odds", "110", "112", "--pone", "--hand", "5H", "5S", "5C", "JD", "--discards", "9C", "KS",
                                   "--cut", "5D"])
        #expect(result.status == 0 && result.stderr == "")
        let chances = try assess(DealPosition(hand: Card.parseDistinct(["5H", "5S", "5C", "JD"]),
                                              discards: Card.parseDistinct(["9C", "KS"]), cut: Card(parsing: "5D"),
                                              role: .pone, score: GameScore(mine: 110, theirs: 112, target: 121)))
        let before = 1 - WinTable.shipped(.long).table.dealerWins(dealer: 112, pone: 110)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0] == "You 110, they 112, they deal, in a game to 121:")
        #expect(lines[1] == "keeping 5H 5S 5C JD, thrown 9C KS, the cut 5D:")
        #expect(lines[2] == "  you win \((chances.win * 100).decimal(places: 1))% of games (before the deal: \((before * 100).decimal(places: 1))%)")
        #expect(lines[3].hasPrefix("  match points +\(chances.gamePoints!.decimal(places: 3)) a game"))
        // 29 in the pone's hand from 110: the game is won at the show, if not in the play.
        #expect(lines[2].hasPrefix("  you win 100.0%") && lines[4].contains("you count out"))
    }

    @Test("without the cut, the chance is discard --score's for that keep")
    func sameAsDiscardScore() throws {
        let deal = try object(["odds", "118", "112", "--dealer", "--hand", "5S", "4D", "JD", "4C", "--discards", "5C", "5H", "--json"])
        let discard = try object(["discard", "5S", "4D", "JD", "4C", "5C", "5H", "--dealer", "--score", "118,112", "--json"])
        let keeps = try #require(discard["keeps"] as? [[String: Any]])
        let keep = try #require(keeps.first { ($0["keep"] as? [String]) == ["5S", "4D", "JD", "4C"] })
        #expect(deal["win"] as? Double == keep["win"] as? Double)
        #expect(deal["cut"] is NSNull && deal["hand"] as? [String] == ["5S", "4D", "JD", "4C"])
        let before = try #require(deal["before"] as? [String: Any])
        #expect(abs(try #require(before["win"] as? Double) - WinTable.shipped(.long).table.dealerWins(dealer: 118, pone: 112)) < 1e-12)
        let parts = try #require(deal["deal"] as? [String: Double])
        #expect(Set(parts.keys) == ["pegOut", "peggedOut", "countOut", "countedOut"])
    }

    @Test("the cut changes the figure: a jack cut wins the dealer on 119 his heels")
    func heels() throws {
        let jack = try object(["odds", "119", "119", "--dealer", "--hand", "2H", "3S", "9C", "KD", "--discards", "4C", "7S",
                               "--cut", "JH", "--json"])
        let other = try object(["odds", "119", "119", "--dealer", "--hand", "2H", "3S", "9C", "KD", "--discards", "4C", "7S",
                                "--cut", "6H", "--json"])
        #expect(abs(try #require(jack["win"] as? Double) - 1) < 1e-9 && jack["cut"] as? String == "JH")
        #expect(try #require(other["win"] as? Double) < 1)
    }

    @Test("during the play: the tokens so far shown and in the JSON, the figure the core's for them")
    func play() throws {
        let arguments = ["odds", "118", "112", "--dealer", "--hand", "5S", "4D", "JD", "4C", "--discards", "5C", "5H",
                         "--cut", "KS", "--play", "6H", "4D"]
        let result = runInProcess(arguments)
        #expect(result.status == 0 && result.stderr == "")
        #expect(result.stdout.contains("keeping 5S 4D JD 4C, thrown 5C 5H, the cut KS, the play so far 6H 4D:\n"))
        let json = try object(arguments + ["--json"])
        #expect(json["play"] as? [String] == ["6H", "4D"])
        var play = Play(players: 2)
        for token in ["6H", "4D"] { try play.apply(PlayToken(parsing: token)) }
        let chances = try assess(DealPosition(hand: Card.parseDistinct(["5S", "4D", "JD", "4C"]), discards: Card.parseDistinct(["5C", "5H"]),
                                              cut: Card(parsing: "KS"), play: play, role: .dealer,
                                              score: GameScore(mine: 118, theirs: 112, target: 121)))
        #expect(abs(try #require(json["win"] as? Double) - chances.win) < 1e-12)
    }

    @Test("bad input: one line naming it", arguments: [
        BadArguments(["odds", "3", "4", "--dealer", "--hand", "5S", "4D", "JD", "4C", "--discards", "5C", "5H", "--play", "6H"],
                     names: "--cut"),
        BadArguments(["odds", "3", "4", "--dealer", "--hand", "5S", "4D", "JD", "4C", "--discards", "5C", "5H", "--cut", "KS",
                      "--play", "6H", "4D", "5S"], names: "5S"),
        BadArguments(["odds", "3", "4", "--dealer", "--hand", "5S", "4D", "JD", "4C", "--discards", "5C", "5H", "--cut", "KS",
                      "--play", "6H", "xx"], names: "'xx'"),
        BadArguments(["odds", "3", "4", "--dealer", "--play", "6H"], names: "--hand"),
        BadArguments(["odds", "3", "4", "--pone", "--hand", "5H", "5S", "5C", "--discards", "9C", "KS"], names: "'5C'"),
        BadArguments(["odds", "3", "4", "--pone", "--hand", "5H", "5S", "5C", "JD", "4D", "--discards", "9C", "KS"], names: "'4D'"),
        BadArguments(["odds", "3", "4", "--pone", "--hand", "5H", "5S", "5C", "JX", "--discards", "9C", "KS"], names: "'JX'"),
        BadArguments(["odds", "3", "4", "--pone", "--hand", "5H", "5S", "5C", "JD", "--discards", "9C"], names: "'9C'"),
        BadArguments(["odds", "3", "4", "--pone", "--hand", "5H", "5S", "5C", "JD", "--discards", "9C", "KS", "--cut", "5S"], names: "'5S'"),
        BadArguments(["odds", "3", "4", "--pone", "--hand", "5H", "5S", "5C", "JD", "--discards", "9C", "KS", "--cut", "5Z"], names: "'5Z'"),
        BadArguments(["odds", "3", "4", "--pone", "--hand", "5H", "5S", "5C", "JD"], names: "--discards"),
        BadArguments(["odds", "3", "4", "--pone", "--cut", "5D"], names: "--hand"),
        BadArguments(["odds", "3", "4", "--pone", "--discards", "9C", "KS"], names: "--hand"),
        BadArguments(["odds", "3", "4", "--hand", "5H", "5S", "5C", "JD", "--discards", "9C", "KS"], names: "--dealer or --pone"),
    ])
    func badInput(_ bad: BadArguments) throws {
        let result = runInProcess(bad.arguments)
        #expect(result.status == 2)
        try expectOneLineError(result, naming: bad.names)
    }
}
