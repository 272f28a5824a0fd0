import CribbageCore
import Foundation
import TestSupport
import Testing

/// The text table of `score`, read back: its sections, their lines, the total.
struct ScoreTable {
    let lines: [String]

    init(_ stdout: String) {
        lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    static let sectionTitles = ["Fifteens", "Pairs", "Runs", "Flush", "Nobs"]

    /// The lines from the first section heading to the total, inclusive.
    var tableLines: [String] {
        guard let first = lines.firstIndex(where: { $0.hasPrefix("Fifteens") }),
              let total = lines.firstIndex(where: { $0.hasPrefix("Total") }) else { return [] }
        return Array(lines[first...total])
    }

    /// The points on a heading or total line: its last word.
    func points(of title: String) -> Int? {
        lines.first { $0.hasPrefix(title + " ") }
            .flatMap { $0.split(separator: " ").last }
            .flatMap { Int($0) }
    }

    /// The combination lines under a section heading: its cards and `+N`.
    func combinations(in title: String) -> [(cards: [String], points: String)] {
        guard let start = lines.firstIndex(where: { $0.hasPrefix(title + " ") }) else { return [] }
        return lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.map { line in
            let words = line.split(separator: " ").map(String.init)
            return (Array(words.dropLast()), words.last ?? "")
        }
    }
}

@Suite("score: the text table")
struct ScoreTextTests {
    @Test("the 29 hand: heading, every section with its points and combinations, total, spoken count")
    func twentyNine() throws {
        let result = runInProcess(["score", "5H", "5C", "5S", "JD", "--cut", "5D"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let table = ScoreTable(result.stdout)

        #expect(table.lines[0] == "Hand  5H 5C 5S JD")
        #expect(table.lines[1] == "Cut   5D")
        let headings = table.lines.filter { line in ScoreTable.sectionTitles.contains { line.hasPrefix($0 + " ") } }
        #expect(headings.map { String($0.prefix { $0 != " " }) } == ScoreTable.sectionTitles)
        #expect(ScoreTable.sectionTitles.map { table.points(of: $0) } == [16, 12, 0, 0, 1])
        #expect(table.points(of: "Total") == 29)

        let fifteens = table.combinations(in: "Fifteens")
        #expect(fifteens.count == 8)
        #expect(fifteens.allSatisfy { $0.points == "+2" })
        for fifteen in fifteens {
            let cards = try fifteen.cards.map { try Card(parsing: $0) }
            #expect(cards.reduce(0) { $0 + $1.rank.value } == 15, "\(fifteen.cards)")
        }
        let pairs = table.combinations(in: "Pairs")
        #expect(pairs.count == 6)
        #expect(pairs.allSatisfy { $0.cards.count == 2 && $0.points == "+2" })
        #expect(table.combinations(in: "Runs").isEmpty)
        #expect(table.combinations(in: "Flush").isEmpty)
        #expect(table.combinations(in: "Nobs").map(\.cards) == [["JD", "5D"]])
        #expect(table.combinations(in: "Nobs").map(\.points) == ["+1"])

        #expect(table.lines.contains(
            "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, "
                + "fifteen fourteen, fifteen sixteen, a double pair royal is twenty-eight, "
                + "and one for his nobs makes twenty-nine"
        ))
        #expect(!result.stdout.contains("his heels"))
    }

    @Test("the table is aligned: every line from the first section to the total is the same width")
    func aligned() throws {
        for hand in WorkedHand.all {
            let result = runInProcess(["score"] + hand.cards + ["--cut", hand.cut])
            let widths = Set(ScoreTable(result.stdout).tableLines.map(\.count))
            #expect(widths.count == 1, "\(hand.testDescription): widths \(widths.sorted())")
        }
    }

    @Test("each worked hand's total and spoken count", arguments: WorkedHand.all)
    func workedHand(_ hand: WorkedHand) throws {
        let result = runInProcess(["score"] + hand.cards + ["--cut", hand.cut])
        #expect(result.status == 0)
        let table = ScoreTable(result.stdout)
        #expect(table.points(of: "Total") == hand.handTotal)
        let sections = ScoreTable.sectionTitles.compactMap { table.points(of: $0) }
        #expect(sections.count == 5)
        #expect(sections.reduce(0, +) == hand.handTotal)
        for title in ScoreTable.sectionTitles {
            let lines = table.combinations(in: title)
            #expect(lines.reduce(0) { $0 + (Int($1.points.dropFirst()) ?? -100) } == table.points(of: title))
        }
        let spoken = try Hand(parsing: hand.cards, cut: hand.cut).breakdown().spokenCount
        #expect(table.lines.contains(spoken))
        #expect(spoken.hasSuffix(hand.handTotal == 0 ? "nineteen (nothing to count)" : "makes \(NumberWords.spelled(hand.handTotal))"))
    }

    @Test("a cut jack: the his heels note, no nobs for the cut")
    func hisHeels() throws {
        let result = runInProcess(["score", "5H", "5C", "5S", "5D", "--cut", "JH"])
        #expect(result.status == 0)
        let table = ScoreTable(result.stdout)
        #expect(table.points(of: "Total") == 28)
        #expect(table.points(of: "Nobs") == 0)
        let note = try #require(table.lines.first { $0.contains("his heels") })
        #expect(note.contains("JH"))
        #expect(note.contains("2 to the dealer"))
        #expect(note.contains("not part of"))
        #expect(table.lines.contains("fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, "
            + "fifteen twelve, fifteen fourteen, fifteen sixteen, and a double pair royal makes twenty-eight"))
    }

    @Test("cards are read in any case and notation, and shown canonically")
    func notation() throws {
        let result = runInProcess(["score", "5h", "T♦", "10c", "j♠", "--cut", "5♣"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let table = ScoreTable(result.stdout)
        #expect(table.lines[0] == "Hand  5H 10D 10C JS")
        #expect(table.lines[1] == "Cut   5C")
        #expect(table.points(of: "Fifteens") == 12)
        #expect(table.points(of: "Pairs") == 4)
        #expect(table.points(of: "Nobs") == 0)
        #expect(table.points(of: "Total") == 16)
    }

    @Test("--crib: the heading says so, and a four-card flush does not count")
    func crib() throws {
        let fourFlush = runInProcess(["score", "2H", "4H", "6H", "8H", "--cut", "KS", "--crib"])
        #expect(fourFlush.status == 0)
        let table = ScoreTable(fourFlush.stdout)
        #expect(table.lines[0].hasPrefix("Crib  2H 4H 6H 8H"))
        #expect(table.points(of: "Flush") == 0)
        #expect(table.points(of: "Total") == 0)

        let asHand = ScoreTable(runInProcess(["score", "2H", "4H", "6H", "8H", "--cut", "KS"]).stdout)
        #expect(asHand.points(of: "Flush") == 4)
        #expect(asHand.combinations(in: "Flush").map(\.cards) == [["2H", "4H", "6H", "8H"]])

        let fiveFlush = ScoreTable(runInProcess(["score", "--crib", "2H", "4H", "6H", "8H", "--cut", "KH"]).stdout)
        #expect(fiveFlush.points(of: "Flush") == 5)
        #expect(fiveFlush.combinations(in: "Flush").map(\.points) == ["+5"])
        #expect(fiveFlush.points(of: "Total") == 5)
    }

    @Test("each worked hand's crib count", arguments: WorkedHand.all)
    func workedCrib(_ hand: WorkedHand) throws {
        let result = runInProcess(["score"] + hand.cards + ["--cut", hand.cut, "--crib"])
        #expect(result.status == 0)
        #expect(ScoreTable(result.stdout).points(of: "Total") == hand.cribTotal)
    }
}

@Suite("score --json")
struct ScoreJSONTests {
    static let categoryNames = ["fifteens", "pairs", "runs", "flush", "nobs"]

    /// Runs `score … --json` and decodes its one object. JSONSerialization reads `false` and `0`
    /// alike, so the booleans are also checked in the text.
    func score(_ arguments: [String]) throws -> [String: Any] {
        let (text, json) = try runJSON(["score"] + arguments + ["--json"])
        #expect(text.hasSuffix("}\n"))
        for key in ["crib", "hisHeels"] {
            let value = json[key] as? Bool ?? false
            #expect(text.contains("\"\(key)\":\(value)"), "\(key) is not a JSON boolean")
        }
        return json
    }

    @Test("the 29 hand: every field")
    func twentyNine() throws {
        let json = try score(["5h", "5c", "5s", "jd", "--cut", "5d"])
        #expect(Set(json.keys) == ["hand", "cut", "crib", "total", "hisHeels", "categories", "percentile"])
        #expect(json["hand"] as? [String] == ["5H", "5C", "5S", "JD"])
        #expect(json["cut"] as? String == "5D")
        #expect(json["crib"] as? Bool == false)
        #expect(json["hisHeels"] as? Bool == false)
        #expect(json["total"] as? Int == 29)

        let categories = try #require(json["categories"] as? [[String: Any]])
        #expect(categories.map { $0["name"] as? String } == Self.categoryNames)
        #expect(categories.map { $0["points"] as? Int } == [16, 12, 0, 0, 1])
        for category in categories {
            #expect(Set(category.keys) == ["name", "points", "combinations"])
            let combinations = try #require(category["combinations"] as? [[String: Any]])
            for combination in combinations {
                #expect(Set(combination.keys) == ["cards", "points"])
            }
        }
        let fifteens = try #require(categories[0]["combinations"] as? [[String: Any]])
        #expect(fifteens.count == 8)
        for fifteen in fifteens {
            let cards = try #require(fifteen["cards"] as? [String]).map { try Card(parsing: $0) }
            #expect(cards.reduce(0) { $0 + $1.rank.value } == 15)
            #expect(fifteen["points"] as? Int == 2)
        }
        let nobs = try #require(categories[4]["combinations"] as? [[String: Any]])
        #expect(nobs.count == 1)
        #expect(nobs.first?["cards"] as? [String] == ["JD", "5D"])
        #expect(nobs.first?["points"] as? Int == 1)
        #expect((categories[2]["combinations"] as? [Any])?.isEmpty == true)
        #expect((categories[3]["combinations"] as? [Any])?.isEmpty == true)
    }

    @Test("keys come in the issue's order")
    func keyOrder() throws {
        let text = runInProcess(["score", "5H", "5C", "5S", "JD", "--cut", "5D", "--json"]).stdout
        #expect(text.hasPrefix(#"{"hand":["5H","5C","5S","JD"],"cut":"5D","crib":false,"total":29,"hisHeels":false,"categories":[{"name":"fifteens","points":16,"combinations":[{"cards":["#))
        #expect(text.filter { $0 == "\n" }.count == 1)
    }

    @Test("every worked hand, hand and crib rules: totals, sums, all five categories in order",
          arguments: WorkedHand.all, [false, true])
    func workedHand(_ hand: WorkedHand, crib: Bool) throws {
        let json = try score(hand.cards + ["--cut", hand.cut] + (crib ? ["--crib"] : []))
        #expect(json["hand"] as? [String] == hand.cards)
        #expect(json["cut"] as? String == hand.cut)
        #expect(json["crib"] as? Bool == crib)
        #expect(json["hisHeels"] as? Bool == hand.cut.hasPrefix("J"))
        let total = try #require(json["total"] as? Int)
        #expect(total == (crib ? hand.cribTotal : hand.handTotal))

        let categories = try #require(json["categories"] as? [[String: Any]])
        #expect(categories.map { $0["name"] as? String } == Self.categoryNames)
        var sum = 0
        for category in categories {
            let points = try #require(category["points"] as? Int)
            let combinations = try #require(category["combinations"] as? [[String: Any]])
            #expect(combinations.reduce(0) { $0 + ($1["points"] as? Int ?? -100) } == points)
            for combination in combinations {
                let cards = try #require(combination["cards"] as? [String])
                #expect(!cards.isEmpty)
                #expect(cards.allSatisfy { (try? Card(parsing: $0))?.description == $0 }, "canonical: \(cards)")
            }
            sum += points
        }
        #expect(sum == total)
    }

    @Test("a cut jack sets hisHeels and scores no nobs")
    func hisHeels() throws {
        let json = try score(["5H", "5C", "5S", "5D", "--cut", "JH"])
        #expect(json["hisHeels"] as? Bool == true)
        #expect(json["total"] as? Int == 28)
        let categories = try #require(json["categories"] as? [[String: Any]])
        #expect(categories[4]["points"] as? Int == 0)
    }

    @Test("--crib sets crib and drops the four-card flush")
    func crib() throws {
        let json = try score(["2H", "4H", "6H", "8H", "--cut", "KS", "--crib"])
        #expect(json["crib"] as? Bool == true)
        #expect(json["total"] as? Int == 0)
        let categories = try #require(json["categories"] as? [[String: Any]])
        #expect(categories[3]["points"] as? Int == 0)
        #expect((categories[3]["combinations"] as? [Any])?.isEmpty == true)
    }
}

/// Arguments `score` must refuse, and a word its one-line message must contain.
enum BadScoreInput {
    static let all = [
        // An unknown card, in the hand or as the cut.
        BadArguments(["ZZ", "5C", "5S", "JD", "--cut", "5D"], names: "'ZZ'"),
        BadArguments(["5H", "5C", "5S", "1D", "--cut", "5D"], names: "'1D'"),
        BadArguments(["5H", "5C", "5S", "JD", "--cut", "5X"], names: "'5X'"),
        BadArguments(["5H", "5C", "5S", "11D", "--cut", "5D"], names: "'11D'"),
        // A duplicate, the cut included.
        BadArguments(["5H", "5h", "5S", "JD", "--cut", "5D"], names: "'5h'"),
        BadArguments(["5H", "5C", "5S", "JD", "--cut", "jd"], names: "'jd'"),
        BadArguments(["5H", "5C", "5S", "J♦", "--cut", "JD"], names: "'JD'"),
        // The wrong number of hand cards.
        BadArguments(["5H", "5C", "5S", "--cut", "5D"], names: "'5S'"),
        BadArguments(["5H", "5C", "5S", "JD", "6C", "--cut", "5D"], names: "'6C'"),
        BadArguments(["5H", "5C", "5S", "JD", "6C", "7C", "--cut", "5D"], names: "'6C'"),
        BadArguments(["--cut", "5D"], names: "hand cards"),
        BadArguments([], names: "hand cards"),
        // An empty argument.
        BadArguments(["5H", "", "5S", "JD", "--cut", "5D"], names: "''"),
        BadArguments(["5H", "5C", "5S", "JD", "--cut", ""], names: "''"),
        BadArguments(["5H", "5C", " ", "JD", "--cut", "5D"], names: "' '"),
        // A missing --cut.
        BadArguments(["5H", "5C", "5S", "JD"], names: "--cut"),
        BadArguments(["5H", "5C", "5S", "JD", "5D"], names: "--cut"),
        // A token that would break the line.
        BadArguments(["5H", "5C", "5S", "J\nD", "--cut", "5D"], names: "unknown card"),
        // An option score does not have, or a card that looks like one.
        BadArguments(["5H", "5C", "5S", "JD", "--cut", "5D", "--bogus"], names: "'--bogus'"),
        BadArguments(["5H", "5C", "5S", "JD", "--cutt", "5D"], names: "'--cutt'"),
        BadArguments(["5H", "-5C", "5S", "JD", "--cut", "5D"], names: "'-5C'"),
        // --json changes nothing for bad input.
        BadArguments(["5H", "5C", "5S", "QQ", "--cut", "5D", "--json"], names: "'QQ'"),
    ]
}

@Suite("score: bad input")
struct ScoreBadInputTests {
    @Test("one line on standard error naming the token, a non-zero exit, nothing on standard output",
          arguments: BadScoreInput.all)
    func refused(_ input: BadArguments) throws {
        try expectOneLineError(runInProcess(["score"] + input.arguments), naming: input.names)
    }

    @Test("the messages say what is wrong")
    func messages() throws {
        func message(_ arguments: [String]) throws -> String {
            runInProcess(["score"] + arguments).stderr
        }
        #expect(try message(["ZZ", "5C", "5S", "JD", "--cut", "5D"]).hasPrefix("twentynine: unknown card 'ZZ'"))
        #expect(try message(["5H", "5C", "5S", "JD", "--cut", "5h"]).hasPrefix("twentynine: duplicate card '5h'"))
        #expect(try message(["5H", "5C", "5S", "JD"]).hasPrefix("twentynine: missing --cut"))
        #expect(try message(["5H", "5C", "5S", "--cut", "5D"]).hasPrefix("twentynine: too few hand cards"))
        #expect(try message(["5H", "5C", "5S", "JD", "6C", "--cut", "5D"]).hasPrefix("twentynine: too many hand cards"))
        #expect(try message(["5H", "", "5S", "JD", "--cut", "5D"]).hasPrefix("twentynine: empty card '' for hand card 2"))
        #expect(try message(["5H", "5C", "5S", "JD", "--cut", "5D", "--jsn"]).hasPrefix("twentynine: unknown option '--jsn'"))
        #expect(try message(["5H", "5C", "5S", "J\nD", "--cut", "5D"]).hasPrefix(#"twentynine: unknown card 'J\u{A}D'"#))
    }
}
