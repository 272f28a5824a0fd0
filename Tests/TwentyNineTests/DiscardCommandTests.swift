import Foundation
import TestSupport
import Testing

private let deal = ["5S", "4D", "JD", "4C", "5C", "5H"]

/// The text table of `discard`, read back: its keep rows as cells.
private struct DiscardTableText {
    let lines: [String]

    init(_ stdout: String) {
        lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The rows under the rule line, up to the blank line, each as: keep (4 cards), discard
    /// (2 cards), hand mean, min, max, crib mean, net.
    var rows: [(keep: [String], discard: [String], figures: [String])] {
        guard let rule = lines.firstIndex(where: { $0.hasPrefix("---") }) else { return [] }
        return lines[(rule + 1)...].prefix { !$0.isEmpty }.map { line in
            let words = line.split(separator: " ").map(String.init)
            return (Array(words[0..<4]), Array(words[4..<6]), Array(words[6...]))
        }
    }
}

/// Runs `discard … --json` and decodes its one object.
private func discardJSON(_ arguments: [String]) throws -> (text: String, object: [String: Any]) {
    try runJSON(["discard"] + arguments + ["--json"])
}

@Suite("discard: the text table")
struct DiscardTextTests {
    @Test("the deal, the role, a header and 15 keeps with their figures, best first")
    func dealer() throws {
        let result = runInProcess(["discard"] + deal + ["--dealer", "--opponent", "random", "--pegging", "off"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let table = DiscardTableText(result.stdout)
        #expect(table.lines[0] == "Dealt  5S 4D JD 4C 5C 5H")
        #expect(table.lines[1].hasPrefix("Role   dealer"))
        let header = try #require(table.lines.first { $0.hasPrefix("Keep") })
        for column in ["Discard", "Hand mean", "Min", "Max", "Crib mean", "Net"] {
            #expect(header.contains(column))
        }

        let rows = table.rows
        #expect(rows.count == 15)
        let best = try #require(rows.first)
        #expect(best.keep == ["5S", "JD", "5C", "5H"])
        #expect(best.discard == ["4D", "4C"])
        #expect(best.figures == ["16.630", "14", "29", "5.759", "22.390"])
        let dealt = Set(deal)
        #expect(rows.allSatisfy { Set($0.keep + $0.discard) == dealt })
        #expect(Set(rows.map(\.keep)).count == 15)
    }

    @Test("cards typed any way come out canonical")
    func canonical() throws {
        let result = runInProcess(["discard", "5s", "4d", "j♦", "4C", "5c", "5♥"])
        #expect(result.status == 0)
        let table = DiscardTableText(result.stdout)
        #expect(table.lines[0] == "Dealt  5S 4D JD 4C 5C 5H")
        #expect(table.rows.first?.keep == ["5S", "JD", "5C", "5H"])
    }

    @Test("with --pegging off, each role sorts by its own hand and crib net, best first; no flag is role none",
          arguments: [(["--dealer"], "dealer", ["AS", "2H", "3D", "4C"]),
                      (["--pone"], "pone", ["2H", "3D", "4C", "5S"]),
                      ([], "none", ["AS", "4C", "5S", "6H"])])
    func ordering(flags: [String], role: String, second: [String]) throws {
        let result = runInProcess(["discard", "AS", "2H", "3D", "4C", "5S", "6H", "--pegging", "off"] + flags)
        #expect(result.status == 0)
        let table = DiscardTableText(result.stdout)
        #expect(table.lines[1].hasPrefix("Role   \(role)"))
        let rows = table.rows
        #expect(rows.count == 15)
        let nets = rows.map { Double($0.figures[4])! }
        #expect(zip(nets, nets.dropFirst()).allSatisfy { $0 >= $1 }, "\(nets)")
        for row in rows {
            let (hand, crib, net) = (Double(row.figures[0])!, Double(row.figures[3])!, Double(row.figures[4])!)
            let expected = switch role {
            case "dealer": hand + crib
            case "pone": hand - crib
            default: hand
            }
            #expect(abs(net - expected) <= 0.0011)
        }
        // Keeping the run 3-4-5-6 is best in hand; the dealer does better throwing 2 3 to his crib.
        #expect(rows[0].keep == (role == "dealer" ? ["AS", "4C", "5S", "6H"] : ["3D", "4C", "5S", "6H"]))
        #expect(rows[1].keep == second)
    }
}

@Suite("discard: --json")
struct DiscardJSONTests {
    @Test("with --pegging off: cards, role and 15 keeps, each with keep, discard, hand, crib and net, in that order",
          arguments: [([String](), "none"), (["--dealer"], "dealer"), (["--pone"], "pone")])
    func schema(flags: [String], role: String) throws {
        let (text, json) = try discardJSON(deal + flags + ["--pegging", "off"])
        #expect(text.hasPrefix(#"{"cards":["5S","4D","JD","4C","5C","5H"],"role":"\#(role)","opponent":"solved","pegging":false,"keeps":[{"keep":["#))
        #expect(text.contains(#""discard":["#) && text.contains(#""hand":{"mean":"#))
        #expect(text.contains(#","min":"#) && text.contains(#","max":"#) && text.contains(#"},"crib":{"mean":"#))
        #expect(text.hasSuffix("}]}\n"))
        #expect(Set(json.keys) == ["cards", "role", "opponent", "pegging", "keeps"])
        #expect(json["cards"] as? [String] == deal)
        #expect(json["role"] as? String == role)

        let keeps = try #require(json["keeps"] as? [[String: Any]])
        #expect(keeps.count == 15)
        var nets: [Double] = []
        for keep in keeps {
            #expect(Set(keep.keys).subtracting(["bestUnderOtherModel"]) == ["keep", "discard", "hand", "crib", "net"])
            let kept = try #require(keep["keep"] as? [String])
            let thrown = try #require(keep["discard"] as? [String])
            #expect(kept.count == 4 && thrown.count == 2)
            #expect(Set(kept + thrown) == Set(deal))
            // In the dealt order.
            #expect(kept.map { deal.firstIndex(of: $0)! } == kept.map { deal.firstIndex(of: $0)! }.sorted())
            let hand = try #require(keep["hand"] as? [String: Any])
            #expect(Set(hand.keys) == ["mean", "min", "max"])
            let mean = try #require((hand["mean"] as? NSNumber)?.doubleValue)
            let minimum = try #require((hand["min"] as? NSNumber)?.intValue)
            let maximum = try #require((hand["max"] as? NSNumber)?.intValue)
            #expect(Double(minimum) <= mean && mean <= Double(maximum))
            let crib = try #require(keep["crib"] as? [String: Any])
            #expect(Set(crib.keys) == ["mean"])
            let cribMean = try #require((crib["mean"] as? NSNumber)?.doubleValue)
            let net = try #require((keep["net"] as? NSNumber)?.doubleValue)
            let expected = switch role {
            case "dealer": mean + cribMean
            case "pone": mean - cribMean
            default: mean
            }
            #expect(abs(net - expected) < 1e-9)
            nets.append(net)
        }
        #expect(zip(nets, nets.dropFirst()).allSatisfy { $0 >= $1 })
    }

    @Test("the best keep for the dealer, to full precision")
    func figures() throws {
        let (_, json) = try discardJSON(deal + ["--dealer", "--opponent", "random"])
        let best = try #require((json["keeps"] as? [[String: Any]])?.first)
        #expect(best["keep"] as? [String] == ["5S", "JD", "5C", "5H"])
        #expect(best["discard"] as? [String] == ["4D", "4C"])
        let hand = try #require(best["hand"] as? [String: Any])
        #expect(abs(try #require((hand["mean"] as? NSNumber)?.doubleValue) - 765.0 / 46) < 1e-12)
        #expect((hand["min"] as? NSNumber)?.intValue == 14)
        #expect((hand["max"] as? NSNumber)?.intValue == 29)
        let cribMean = try #require(((best["crib"] as? [String: Any])?["mean"] as? NSNumber)?.doubleValue)
        #expect(abs(cribMean - 5.759) < 0.0005)
    }

    @Test("canonical cards from any notation")
    func canonical() throws {
        let (_, json) = try discardJSON(["5s", "4d", "j♦", "4C", "5c", "5♥"])
        #expect(json["cards"] as? [String] == deal)
        let (_, tens) = try discardJSON(["td", "10h", "TS", "10♣", "9d", "8h"])
        #expect(tens["cards"] as? [String] == ["10D", "10H", "10S", "10C", "9D", "8H"])
    }
}

/// Arguments `discard` must refuse, and what its one-line message must contain.
enum BadDiscardInput {
    static let all = [
        // Not six cards.
        BadArguments([], names: "no cards"),
        BadArguments(["5S", "4D"], names: "'4D'"),
        BadArguments(["5S", "4D", "JD", "4C", "5C"], names: "'5C'"),
        BadArguments(["5S", "4D", "JD", "4C", "5C", "5H", "7C"], names: "'7C'"),
        BadArguments(["--dealer"], names: "no cards"),
        // A duplicate.
        BadArguments(["5S", "4D", "JD", "4C", "5C", "5s"], names: "'5s'"),
        BadArguments(["5S", "4D", "J♦", "4C", "JD", "5H"], names: "'JD'"),
        // An unknown card.
        BadArguments(["5S", "4D", "ZZ", "4C", "5C", "5H"], names: "'ZZ'"),
        BadArguments(["5S", "4D", "JD", "1C", "5C", "5H"], names: "'1C'"),
        BadArguments(["5S", "4D", "JD", "4C", "5C", "11H"], names: "'11H'"),
        BadArguments(["5X", "4D", "JD", "4C", "5C", "5H"], names: "'5X'"),
        BadArguments(["5S", "-4D", "JD", "4C", "5C", "5H"], names: "'-4D'"),
        BadArguments(["5S", "4D", "J\nD", "4C", "5C", "5H"], names: "unknown card"),
        // An empty argument.
        BadArguments(["5S", "", "JD", "4C", "5C", "5H"], names: "''"),
        BadArguments(["5S", "4D", "JD", "4C", "5C", " "], names: "' '"),
        // Both roles.
        BadArguments(["5S", "4D", "JD", "4C", "5C", "5H", "--dealer", "--pone"], names: "'--pone'"),
        BadArguments(["--pone", "5S", "4D", "JD", "4C", "5C", "5H", "--dealer"], names: "'--dealer'"),
        BadArguments(["5S", "4D", "JD", "4C", "5C", "5H", "--pone", "--json", "--dealer"], names: "'--pone'"),
        // An opponent model discard does not have.
        BadArguments(["5S", "4D", "JD", "4C", "5C", "5H", "--opponent", "shark"], names: "'shark'"),
        // An option discard does not have.
        BadArguments(["5S", "4D", "JD", "4C", "5C", "5H", "--crib"], names: "'--crib'"),
        BadArguments(["5S", "4D", "JD", "4C", "5C", "5H", "--deal"], names: "'--deal'"),
        // A score that is not two numbers below the target, or without a role.
        BadArguments(["5S", "4D", "JD", "4C", "5C", "5H", "--pone", "--score", "115"], names: "'115'"),
        BadArguments(["5S", "4D", "JD", "4C", "5C", "5H", "--pone", "--score", "121,3"], names: "'121,3'"),
        BadArguments(["5S", "4D", "JD", "4C", "5C", "5H", "--pone", "--score", "5,-1"], names: "'5,-1'"),
        BadArguments(["5S", "4D", "JD", "4C", "5C", "5H", "--pone", "--score", "a,b"], names: "'a,b'"),
        BadArguments(["5S", "4D", "JD", "4C", "5C", "5H", "--pone", "--score", "61,3", "--to", "61"], names: "'61,3'"),
        BadArguments(["5S", "4D", "JD", "4C", "5C", "5H", "--pone", "--score", "6,3", "--to", "100"], names: "'100'"),
        BadArguments(["5S", "4D", "JD", "4C", "5C", "5H", "--score", "115,118"], names: "'115,118'"),
        BadArguments(["5S", "4D", "JD", "4C", "5C", "5H", "--pone", "--to", "61"], names: "'61'"),
        BadArguments(["5S", "4D", "JD", "4C", "5C", "5H", "--pone", "--score", "1,2", "--opponent", "random"], names: "--opponent random"),
        BadArguments(["5S", "4D", "JD", "4C", "5C", "5H", "--pone", "--score", "1,2", "--pegging", "off"], names: "--pegging off"),
        BadArguments(["5S", "4D", "JD", "4C", "5C", "5H", "--pone", "--score", "1,2", "--why"], names: "--why"),
        // --json changes nothing for bad input.
        BadArguments(["5S", "4D", "JD", "4C", "5C", "QQ", "--json"], names: "'QQ'"),
    ]
}

@Suite("discard: bad input")
struct DiscardBadInputTests {
    @Test("one line on standard error naming the token, a non-zero exit, nothing on standard output",
          arguments: BadDiscardInput.all)
    func refused(_ input: BadArguments) throws {
        try expectOneLineError(runInProcess(["discard"] + input.arguments), naming: input.names)
    }

    @Test("the messages say what is wrong")
    func messages() throws {
        func message(_ arguments: [String]) throws -> String {
            runInProcess(["discard"] + arguments).stderr
        }
        #expect(try message([]).hasPrefix("twentynine: no cards"))
        #expect(try message(["5S", "4D", "JD"]).hasPrefix("twentynine: too few cards: got 3 ('5S' '4D' 'JD')"))
        #expect(try message(deal + ["7C"]).hasPrefix("twentynine: too many cards: got 7, '7C' is the seventh"))
        #expect(try message(["5S", "4D", "JD", "4C", "5C", "5s"]).hasPrefix("twentynine: duplicate card '5s'"))
        #expect(try message(["5S", "4D", "ZZ", "4C", "5C", "5H"]).hasPrefix("twentynine: unknown card 'ZZ'"))
        #expect(try message(["5S", "", "JD", "4C", "5C", "5H"]).hasPrefix("twentynine: empty card '' for card 2"))
        #expect(try message(deal + ["--dealer", "--pone"]).hasPrefix("twentynine: both '--dealer' and '--pone'"))
        #expect(try message(deal + ["--crib"]).hasPrefix("twentynine: unknown option '--crib'"))
        #expect(try message(["5S", "4D", "J\nD", "4C", "5C", "5H"]).hasPrefix(#"twentynine: unknown card 'J\u{A}D'"#))
    }
}

@Suite("discard: the play counted")
struct DiscardPeggingTests {
    private let changing = ["10D", "JD", "QS", "3D", "KH", "6S"]

    @Test("with a role, Peg is each keep's pegging net and the net adds it", arguments: ["--dealer", "--pone"])
    func pegColumn(role: String) throws {
        let result = runInProcess(["discard"] + deal + [role])
        #expect(result.status == 0 && result.stderr == "")
        let table = DiscardTableText(result.stdout)
        #expect(table.lines[1].hasSuffix("+ pegging"))
        let rows = table.rows
        #expect(rows.count == 15)
        for row in rows {
            let (hand, crib, peg, net) = (Double(row.figures[0])!, Double(row.figures[3])!, Double(row.figures[4])!,
                                          Double(row.figures[5])!)
            #expect(abs(net - (role == "--dealer" ? hand + crib + peg : hand - crib + peg)) <= 0.0016)
        }
        let nets = rows.map { Double($0.figures[5])! }
        #expect(zip(nets, nets.dropFirst()).allSatisfy { $0 >= $1 }, "\(nets)")
    }

    @Test func theJSONCarriesEachKeepsPegsAndANetThatAddsThem() throws {
        let (_, json) = try discardJSON(deal + ["--pone"])
        #expect(json["pegging"] as? Bool == true)
        for keep in try #require(json["keeps"] as? [[String: Any]]) {
            let peg = try #require(keep["peg"] as? [String: Double])
            #expect(abs(peg["net"]! - (peg["mine"]! - peg["theirs"]!)) < 1e-12)
            let hand = try #require((keep["hand"] as? [String: Any])?["mean"] as? Double)
            let crib = try #require((keep["crib"] as? [String: Any])?["mean"] as? Double)
            #expect(abs(try #require(keep["net"] as? Double) - (hand - crib + peg["net"]!)) < 1e-9)
        }
        // No role, no play: the hand alone, as before.
        let (_, plain) = try discardJSON(deal)
        #expect(plain["pegging"] as? Bool == false)
        #expect((plain["keeps"] as? [[String: Any]])?.allSatisfy { $0["peg"] == nil } == true)
    }

    @Test func whereThePlayChangesTheBestKeepTheTableSaysSoAndPeggingOffRanksAsBefore() throws {
        let on = runInProcess(["discard"] + changing + ["--pone"])
        let off = runInProcess(["discard"] + changing + ["--pone", "--pegging", "off"])
        let bestOn = try #require(DiscardTableText(on.stdout).rows.first), bestOff = try #require(DiscardTableText(off.stdout).rows.first)
        #expect(bestOn.keep != bestOff.keep)
        let last = try #require(on.stdout.split(separator: "\n").last)
        #expect(last.hasPrefix("The play changes the best keep: hand and crib alone rank \(bestOff.keep.joined(separator: " ")) first"))
        #expect(!off.stdout.contains("The play changes"))
        let (_, json) = try discardJSON(changing + ["--pone"])
        #expect(json["bestWithoutPegging"] as? [String] == bestOff.keep)
        #expect((json["keeps"] as? [[String: Any]])?.first?["keep"] as? [String] == bestOn.keep)
    }

    @Test func whySaysEachKeepsPartsInOrder() throws {
        let result = runInProcess(["discard"] + changing + ["--pone", "--why"])
        let rows = DiscardTableText(result.stdout).rows
        let reasons = result.stdout.split(separator: "\n").filter { $0.contains(". Keep ") }
        #expect(reasons.count == 15)
        for (index, (reason, row)) in zip(reasons, rows).enumerated() {
            #expect(reason.hasPrefix("\(index + 1). Keep \(row.keep.joined(separator: " ")), throw \(row.discard.joined(separator: " ")): "))
            #expect(reason.contains("their crib takes") && reason.contains("the play") && reason.hasSuffix("in all."))
        }
    }

    @Test func aPeggingValueOtherThanOnOrOffIsNamed() throws {
        let result = runInProcess(["discard"] + deal + ["--dealer", "--pegging", "maybe"])
        try expectOneLineError(result, naming: "'maybe'")
        #expect(result.status == 2)
    }
}
