import Foundation
import TestSupport
import Testing

/// `score` says where the hand stands among all 12,994,800, in text and as `"percentile"`.
@Suite("score: where the hand stands")
struct StandingCommandTests {
    @Test(arguments: [
        (["5H", "5C", "5S", "JD", "--cut", "5D"], 29, false),
        (["2C", "4D", "6H", "8S", "--cut", "10C"], 0, false),
        (["2H", "4H", "6H", "8H", "--cut", "KS", "--crib"], 0, true),
        (["3C", "4H", "5S", "7D", "--cut", "KD"], 7, false),
    ])
    func percentileIsTheShareOfHandsScoringLess(arguments: [String], total: Int, crib: Bool) throws {
        let published = try Oracle.shared()
        let counts = crib ? published.crib : published.hand
        let expected = 100 * Double(counts.prefix(total).reduce(0, +)) / Double(Oracle.combinations)

        let (_, object) = try runJSON(["score"] + arguments + ["--json"])
        #expect(object["total"] as? Int == total)
        let percentile = try #require(object["percentile"] as? Double)
        #expect(abs(percentile - expected) < 1e-9)
    }

    @Test func theTableSaysWhereTheHandStands() throws {
        let result = runInProcess(["score", "3C", "4H", "5S", "7D", "--cut", "KD"])
        #expect(result.stdout.contains("(better than 75.3% of hands under hand rules)"))
        let best = runInProcess(["score", "5H", "5C", "5S", "JD", "--cut", "5D", "--crib"])
        #expect(best.stdout.contains("(better than 99.99997% of hands under crib rules)"))
    }
}
