import Foundation
import TestSupport
import Testing

@Suite("stats")
struct StatsCommandTests {
    @Test("the oracle file reads as 30 scores for each rule set")
    func oracle() throws {
        let published = try Oracle.shared()
        #expect(published.hand.count == 30 && !published.hand.contains(-1))
        #expect(published.crib.count == 30 && !published.crib.contains(-1))
        #expect(published.hand.reduce(0, +) == Oracle.combinations)
        #expect(published.crib.reduce(0, +) == Oracle.combinations)
    }

    @Test("--json: hands, and for hand and crib rules the 30 counts and the mean")
    func json() throws {
        let result = runInProcess(["stats", "--json"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix(#"{"hands":12994800,"hand":{"counts":["#))
        #expect(result.stdout.filter { $0 == "\n" }.count == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(json.keys) == ["hands", "hand", "crib"])
        #expect(json["hands"] as? Int == Oracle.combinations)

        let published = try Oracle.shared()
        for (rules, expected) in [("hand", published.hand), ("crib", published.crib)] {
            let distribution = try #require(json[rules] as? [String: Any], "\(rules)")
            #expect(Set(distribution.keys) == ["counts", "mean"])
            let counts = try #require(distribution["counts"] as? [Int])
            #expect(counts.count == 30)
            #expect(counts == expected, "\(rules)")
            #expect(counts.reduce(0, +) == Oracle.combinations)
            let mean = try #require(distribution["mean"] as? Double)
            #expect(abs(mean - (rules == "hand" ? published.handMean : published.cribMean).value) < 1e-12, "\(rules)")
        }
        let handMean = try #require((json["hand"] as? [String: Any])?["mean"] as? Double)
        let cribMean = try #require((json["crib"] as? [String: Any])?["mean"] as? Double)
        #expect(abs(handMean - 61_974_180.0 / 12_994_800) < 1e-12)
        #expect(abs(cribMean - 61_528_020.0 / 12_994_800) < 1e-12)
        #expect(abs(handMean - 4.769152) < 5e-7)
        #expect(abs(cribMean - 4.734819) < 5e-7)
    }

    @Test("the table: a row per score with counts and shares, the totals and means at the bottom")
    func table() throws {
        let result = runInProcess(["stats"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("12,994,800") == true)
        let header = try #require(lines.first { $0.hasPrefix("Score ") })
        #expect(header.split(separator: " ") == ["Score", "Hand", "%", "Crib", "%"])

        let published = try Oracle.shared()
        let rows = lines.compactMap { line -> [String]? in
            let cells = line.split(separator: " ").map(String.init)
            return cells.first.flatMap(Int.init) == nil ? nil : cells
        }
        #expect(rows.map { Int($0[0]) } == Array(0...29))
        for row in rows {
            let score = try #require(Int(row[0]))
            #expect(row.count == 5, "\(row)")
            #expect(Int(row[1].replacingOccurrences(of: ",", with: "")) == published.hand[score], "\(row)")
            #expect(Int(row[3].replacingOccurrences(of: ",", with: "")) == published.crib[score], "\(row)")
            for (count, share, rules) in [(published.hand[score], row[2], "hand"), (published.crib[score], row[4], "crib")] {
                #expect(share.hasSuffix("%"), "\(row)")
                let percent = Double(count) * 100 / Double(Oracle.combinations)
                if let shown = Double(share.dropLast()) {
                    #expect(abs(shown - percent) <= 0.00005 + 1e-9, "\(rules) \(row)")
                } else {
                    #expect(share == "<0.0001%" && count > 0, "\(rules) \(row)")
                }
            }
        }

        let rowWidths = Set(lines.filter { $0.first?.isNumber == true || $0.hasPrefix("Total") }.map(\.count))
        #expect(rowWidths.count == 1, "the score rows and the total line up: \(rowWidths)")

        let total = try #require(lines.first { $0.hasPrefix("Total") })
        #expect(total.split(separator: " ") == ["Total", "12,994,800", "100.0000%", "12,994,800", "100.0000%"])
        let mean = try #require(lines.first { $0.hasPrefix("Mean") })
        #expect(mean.split(separator: " ") == ["Mean", "4.769152", "4.734819"])
    }
}
