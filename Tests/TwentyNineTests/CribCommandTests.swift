import Foundation
import TestSupport
import Testing

private let ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

/// A `crib` table object's checks: its role and model, the ranks, 13 × 13 numbers, symmetric.
private func table(_ object: Any?, role: String, opponent: String,
                   sourceLocation: SourceLocation = #_sourceLocation) throws -> [[Double]] {
    let table = try #require(object as? [String: Any], sourceLocation: sourceLocation)
    #expect(Set(table.keys) == ["role", "opponent", "ranks", "crib"], sourceLocation: sourceLocation)
    #expect(table["role"] as? String == role, sourceLocation: sourceLocation)
    #expect(table["opponent"] as? String == opponent, sourceLocation: sourceLocation)
    #expect(table["ranks"] as? [String] == ranks, sourceLocation: sourceLocation)
    let rows = try #require(table["crib"] as? [[NSNumber]], sourceLocation: sourceLocation).map { $0.map(\.doubleValue) }
    #expect(rows.count == 13 && rows.allSatisfy { $0.count == 13 }, sourceLocation: sourceLocation)
    for i in rows.indices { for j in rows.indices { #expect(rows[i][j] == rows[j][i], sourceLocation: sourceLocation) } }
    return rows
}

@Suite("crib: the tables")
struct CribCommandTests {
    @Test("--json with a role: one table, the published 5-5 cell within 0.02")
    func oneTable() throws {
        let (text, dealer) = try runJSON(["crib", "--dealer", "--json"])
        #expect(text.hasPrefix(#"{"role":"dealer","opponent":"solved","ranks":["A","2","#))
        #expect(try table(dealer, role: "dealer", opponent: "solved")[4][4].distance(to: 8.95).magnitude <= 0.02)
        let (_, pone) = try runJSON(["crib", "--pone", "--opponent", "expert", "--json"])
        #expect(try table(pone, role: "pone", opponent: "solved")[4][4].distance(to: 9.39).magnitude <= 0.02)
    }

    @Test("--json without a role: {\"tables\": [dealer, pone]}")
    func bothTables() throws {
        let (text, object) = try runJSON(["crib", "--json"])
        #expect(text.hasPrefix(#"{"tables":[{"role":"dealer""#))
        let tables = try #require(object["tables"] as? [Any])
        #expect(tables.count == 2)
        let dealer = try table(tables[0], role: "dealer", opponent: "solved")
        let pone = try table(tables[1], role: "pone", opponent: "solved")
        // 4-6: a poor throw to one's own crib, and the pone's throw meets an expert dealer's.
        #expect(abs(dealer[3][5] - 3.87) <= 0.02 && abs(pone[3][5] - 5.47) <= 0.02)
    }

    @Test("--opponent random: the same table for both roles, 4-6 worth more than to an expert's crib")
    func random() throws {
        let (_, dealer) = try runJSON(["crib", "--dealer", "--opponent", "random", "--json"])
        let (_, pone) = try runJSON(["crib", "--pone", "--opponent", "RANDOM", "--json"])
        let dealerRows = try table(dealer, role: "dealer", opponent: "random")
        #expect(try table(pone, role: "pone", opponent: "random") == dealerRows)
        #expect(dealerRows[3][5] > 4.5)
    }

    @Test("the text: a title, the ranks across and down, two decimals")
    func text() throws {
        let result = runInProcess(["crib", "--dealer"])
        #expect(result.status == 0 && result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Expected crib by the two ranks thrown: dealer (your own crib), against the solved throw")
        #expect(lines[2].split(separator: " ").map(String.init) == ranks)
        let rows = lines[3..<16].map { $0.split(separator: " ").map(String.init) }
        #expect(rows.map { $0[0] } == ranks)
        #expect(rows.allSatisfy { $0.count == 14 && $0.dropFirst().allSatisfy { $0.wholeMatch(of: /\d+\.\d\d/) != nil } })
        #expect(rows[4][5] == "8.95")

        let both = runInProcess(["crib"]).stdout
        #expect(both.contains("dealer (your own crib)") && both.contains("pone (thrown to the opponent's crib)"))
    }

    @Test("--solve prints what the shipped tables print, to the solver's tolerance")
    func solve() throws {
        let (_, shipped) = try runJSON(["crib", "--json"])
        let (_, solved) = try runJSON(["crib", "--solve", "--json"])
        let shippedTables = try #require(shipped["tables"] as? [Any]), solvedTables = try #require(solved["tables"] as? [Any])
        for (role, index) in [("dealer", 0), ("pone", 1)] {
            let a = try table(shippedTables[index], role: role, opponent: "solved")
            let b = try table(solvedTables[index], role: role, opponent: "solved")
            for (x, y) in zip(a.joined(), b.joined()) { #expect(abs(x - y) <= 0.0005) }
        }
    }

}

@Suite("crib: bad input")
struct CribBadInputTests {
    static let bad = [
        BadArguments(["--dealer", "--pone"], names: "'--pone'"),
        BadArguments(["--opponent", "smart"], names: "'smart'"),
        BadArguments(["--opponent", ""], names: "''"),
        BadArguments(["--opponent"], names: "--opponent"),
        BadArguments(["--expert"], names: "'--expert'"),
        BadArguments(["5", "5"], names: "'5'"),
        BadArguments(["--pone", "--json", "--opponent", "nobody"], names: "'nobody'"),
        BadArguments(["--swift"], names: "'--swift'"),
    ]

    @Test("one line on standard error naming the token, exit status 2, nothing on standard output", arguments: bad)
    func refused(_ input: BadArguments) throws {
        let result = runInProcess(["crib"] + input.arguments)
        try expectOneLineError(result, naming: input.names)
        #expect(result.status == 2)
    }

    @Test("the messages say what is wrong")
    func messages() throws {
        #expect(runInProcess(["crib", "--dealer", "--pone"]).stderr.hasPrefix("twentynine: both '--dealer' and '--pone'"))
        #expect(runInProcess(["crib", "--opponent", "smart"]).stderr
            == "twentynine: unknown opponent 'smart': --opponent takes solved or random\n")
    }
}

@Suite("crib and discard: one role option")
struct RoleOptionTests {
    /// The help's lines from `--dealer` to the line before `--opponent`.
    private func roleLines(_ command: String) throws -> String {
        let help = runInProcess([command, "--help"]).stdout
        let start = try #require(help.range(of: "  --dealer"))
        let end = try #require(help.range(of: "  --opponent"))
        return String(help[start.lowerBound..<end.lowerBound])
    }

    @Test("--dealer and --pone read the same in both commands' help, and both together are refused alike")
    func shared() throws {
        let crib = try roleLines("crib")
        #expect(crib.contains("--pone"))
        #expect(crib == (try roleLines("discard")))
        let both = runInProcess(["crib", "--pone", "--dealer"])
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("twentynine: both '--dealer' and '--pone'"))
        #expect(both.stderr == (runInProcess(["discard", "5S", "4D", "JD", "4C", "5C", "5H", "--dealer", "--pone"]).stderr))
    }
}

@Suite("discard: --opponent")
struct DiscardOpponentTests {
    private let deal = ["4S", "5H", "7D", "9C", "JS", "QH"]

    @Test("the solved throw by default; JSON says which, and marks the keep the other model ranks first")
    func json() throws {
        for (flags, model, other) in [([String](), "solved", ["4S", "5H", "JS", "QH"]),
                                       (["--opponent", "random"], "random", ["5H", "7D", "JS", "QH"])] {
            let (_, object) = try runJSON(["discard"] + deal + ["--pone", "--json"] + flags)
            #expect(object["opponent"] as? String == model)
            let keeps = try #require(object["keeps"] as? [[String: Any]])
            let marked = keeps.filter { $0["bestUnderOtherModel"] as? Bool == true }
            #expect(marked.count == 1)
            #expect(marked.first?["keep"] as? [String] == other)
            #expect(keeps[0]["bestUnderOtherModel"] == nil)
        }
    }

    @Test("the text says which model, and stars the other model's best keep")
    func text() throws {
        let result = runInProcess(["discard"] + deal + ["--pone"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines[2] == "Crib   against the solved throw")
        let starred = lines.filter { $0.hasSuffix("  *") }
        #expect(starred.count == 1 && starred[0].hasPrefix("4S 5H JS QH"))
        #expect(lines.last == "* the best keep against a random throw")

        let random = runInProcess(["discard"] + deal + ["--pone", "--opponent", "random"]).stdout
        #expect(random.contains("Crib   against a random throw"))
    }

    @Test("a bad or missing model is refused, naming it",
          arguments: [(["--opponent", "smart"], "'smart'"), (["--opponent", ""], "''"), (["--opponent"], "--opponent")])
    func bad(_ flags: [String], _ names: String) throws {
        let result = runInProcess(["discard"] + deal + flags)
        try expectOneLineError(result, naming: names)
        #expect(result.status == 2)
    }
}
