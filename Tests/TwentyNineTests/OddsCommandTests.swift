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
