import Foundation
import TestSupport
import Testing

/// `discard … --score`'s table rows: keep, discard, then Win, Net and By net, and a `*` or not.
private func rows(_ stdout: String) -> [(keep: [String], win: Double, net: Double, byNet: Int, marked: Bool)] {
    let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let rule = lines.firstIndex(where: { $0.hasPrefix("---") }) else { return [] }
    return lines[(rule + 1)...].prefix { !$0.isEmpty }.map { line in
        let words = line.split(separator: " ").map(String.init)
        return (Array(words[0..<4]), Double(words[6].dropLast())!, Double(words[7])!, Int(words[8])!, words.count == 10)
    }
}

@Suite("discard --score: the keeps by the chance to win")
struct DiscardScoreCommandTests {
    @Test("near the end: every keep by its chance, the net beside it, the net's best marked, and why in one line")
    func dealerNeedingThree() throws {
        let result = runInProcess(["discard", "5S", "4D", "JD", "4C", "5C", "5H", "--dealer", "--score", "118,112"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines[1] == "Role   dealer (your crib), you 118 and they 112 in a game to 121")
        let table = rows(result.stdout)
        #expect(table.count == 15)
        #expect(zip(table, table.dropFirst()).allSatisfy { $0.win >= $1.win })
        #expect(Set(table.map(\.byNet)) == Set(1...15))
        let first = try #require(table.first)
        #expect(first.keep == ["5S", "4D", "JD", "4C"])
        let marked = table.filter(\.marked)
        #expect(marked.count == 1)
        #expect(marked.first?.keep == ["5S", "JD", "5C", "5H"] && marked.first?.byNet == 1)
        #expect(lines.contains("* the best keep by net"))
        let why = try #require(lines.last)
        #expect(why.hasPrefix("At 118 to 112 as dealer, keep the cards that peg: you need 3 (you peg out in "))
        #expect(why.contains("% of deals against ") && why.hasSuffix("% keeping 5S JD 5C 5H)."))
    }

    @Test("far from the end the two agree, nothing is marked, and the line says so")
    func farFromTheEnd() throws {
        let result = runInProcess(["discard", "5S", "4D", "JD", "4C", "5C", "5H", "--dealer", "--score", "40,50"])
        #expect(result.status == 0)
        let table = rows(result.stdout)
        #expect(table.first?.keep == ["5S", "JD", "5C", "5H"] && table.first?.byNet == 1)
        #expect(table.allSatisfy { !$0.marked })
        #expect(result.stdout.hasSuffix("At 40 to 50 as dealer, the chance to win and the net agree on the best keep.\n"))
    }

    @Test("the pone keeps the hand that counts, and the short game takes scores to 60")
    func poneAndShortGame() throws {
        let pone = runInProcess(["discard", "5D", "2S", "3D", "KH", "5S", "9H", "--pone", "--score", "115,118"])
        #expect(rows(pone.stdout).first?.keep == ["5D", "KH", "5S", "9H"])
        #expect(pone.stdout.contains("At 115 to 118 as pone, keep the cards that count: you need 6"))
        let short = runInProcess(["discard", "5D", "2S", "3D", "KH", "5S", "9H", "--pone", "--score", "60,0", "--to", "61"])
        #expect(short.status == 0)
        #expect(short.stdout.contains("you 60 and they 0 in a game to 61"))
    }

    @Test("--json: the score, the keeps best first by the chance with win and how the deal ends, and bestByNet")
    func json() throws {
        let (_, object) = try runJSON(["discard", "5S", "4D", "JD", "4C", "5C", "5H", "--dealer", "--score", "118,112", "--json"])
        let score = try #require(object["score"] as? [String: Any])
        #expect(score["mine"] as? Int == 118 && score["theirs"] as? Int == 112 && score["target"] as? Int == 121)
        #expect(object["pegging"] as? Bool == true)
        let keeps = try #require(object["keeps"] as? [[String: Any]])
        #expect(keeps.count == 15)
        let wins = keeps.compactMap { $0["win"] as? Double }
        #expect(wins.count == 15 && zip(wins, wins.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(wins.allSatisfy { (0...1).contains($0) })
        let deal = try #require(keeps[0]["deal"] as? [String: Double])
        #expect(Set(deal.keys) == ["pegOut", "peggedOut", "countOut", "countedOut"])
        #expect(keeps[0]["keep"] as? [String] == ["5S", "4D", "JD", "4C"])
        #expect(object["bestByNet"] as? [String] == ["5S", "JD", "5C", "5H"])
    }

    @Test("--goal game-points: the keeps by the game points, shown beside the chance; the JSON says the goal")
    func gamePointsGoal() throws {
        let arguments = ["discard", "5S", "4D", "JD", "4C", "5C", "5H", "--dealer", "--score", "112,84", "--goal", "game-points"]
        let result = runInProcess(arguments)
        #expect(result.status == 0 && result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("Keep") })
        #expect(header.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") == "Keep Discard Win Game pts Net By net")
        let rule = try #require(lines.firstIndex { $0.hasPrefix("---") })
        let points = lines[(rule + 1)...].prefix { !$0.isEmpty }.map { line in
            Double(line.split(separator: " ")[7])!
        }
        #expect(points.count == 15 && zip(points, points.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(lines.last { !$0.isEmpty }?.contains("you expect +1.349 game points against +1.318 keeping 5S JD 5C 5H") == true)
        let (_, object) = try runJSON(arguments + ["--json"])
        let score = try #require(object["score"] as? [String: Any])
        #expect(score["goal"] as? String == "game-points")
        let keeps = try #require(object["keeps"] as? [[String: Any]])
        let expected = keeps.compactMap { $0["gamePoints"] as? Double }
        #expect(expected.count == 15 && zip(expected, expected.dropFirst()).allSatisfy { $0 >= $1 })
        let (_, forWin) = try runJSON(Array(arguments.dropLast(2)) + ["--json"])
        #expect((forWin["score"] as? [String: Any])?["goal"] as? String == "win")
    }

    @Test("a goal without --score, or an unknown goal, is one line naming it and exit 2")
    func badGoal() throws {
        let cards = ["5S", "4D", "JD", "4C", "5C", "5H", "--dealer"]
        #expect(runInProcess(["discard"] + cards + ["--goal", "win"]).stderr
                == "twentynine: --goal 'win' is for --score: what to play for from the scores\n")
        let unknown = runInProcess(["discard"] + cards + ["--score", "100,100", "--goal", "skunk"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "twentynine: unknown goal 'skunk': --goal takes win or game-points\n")
    }

    @Test("a bad score, or one without a role, is one line naming it and exit 2")
    func badScore() throws {
        for arguments in [["--pone", "--score", "115"], ["--pone", "--score", "115,121"], ["--score", "115,118"],
                          ["--dealer", "--score", "3,4", "--to", "62"]] {
            let result = runInProcess(["discard", "5S", "4D", "JD", "4C", "5C", "5H"] + arguments)
            #expect(result.status == 2, "\(arguments)")
            try expectOneLineError(result, naming: "'")
        }
        #expect(runInProcess(["discard", "5S", "4D", "JD", "4C", "5C", "5H", "--score", "115,118"]).stderr
                == "twentynine: --score '115,118' needs --dealer or --pone: the chance to win depends on who deals\n")
    }
}
