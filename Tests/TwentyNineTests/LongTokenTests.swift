import CribbageCore
import Foundation
import TestSupport
import Testing

/// A bad token of any length is named in a line that can be read: cut to its first 40
/// characters, its length said (issue 30, item 8), whichever command and argument it is.
@Suite("Command line: a long bad token")
struct LongTokenTests {
    static let long = String(repeating: "x", count: 100_000)
    static let name = String(repeating: "A", count: 20_000)

    static let cases: [BadArguments] = [
        BadArguments(["score", long], names: "100,000 characters"),
        BadArguments(["score", "5H", "5C", "5S", "JD", "--cut", long], names: "100,000 characters"),
        BadArguments(["discard", "5H", "5C", "5S", "JD", "5D", long], names: "100,000 characters"),
        BadArguments(["discard", "5H", "5C", "5S", "JD", "5D", "4C", "--pegging", long], names: "100,000 characters"),
        BadArguments(["discard", "5H", "5C", "5S", "JD", "5D", "4C", "--opponent", long], names: "100,000 characters"),
        BadArguments(["crib", long], names: "100,002 characters"),
        BadArguments(["play", long], names: "100,000 characters"),
        BadArguments(["play", "--players", long], names: "100,000 characters"),
        BadArguments(["odds", long, "3"], names: "100,000 characters"),
        BadArguments(["stats", long], names: "100,002 characters"),
        BadArguments(["game", "new", "--names", "Ann,\(name)"], names: "'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…' (20,000 characters)"),
        BadArguments(["game", "new", "--names", name], names: "20,000 characters"),
        BadArguments(["game", "peg", "1", "2", "--reason", long], names: "100,000 characters"),
        BadArguments(["game", "correct", "1", long], names: "100,000 characters"),
        BadArguments(["game", "hand", long], names: "100,000 characters"),
        BadArguments(["table", "--level", long], names: "100,000 characters"),
        BadArguments(["table", "--seed", long], names: "100,000 characters"),
        BadArguments(["--" + long], names: "100,004 characters"),
        BadArguments([long], names: "100,002 characters"),
    ]

    @Test(arguments: cases)
    func aLongTokenIsCutAndItsLengthSaid(bad: BadArguments) throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let result = runInProcess(bad.arguments, environment: folder.environment)
        try expectOneLineError(result, naming: bad.names)
        #expect(result.stderr.count < 300, "\(result.stderr.count) characters: \(result.stderr.prefix(300))")
    }

    @Test func aShortTokenIsQuotedWhole() {
        #expect("5X".quotedToken == "'5X'")
        #expect(String(repeating: "y", count: 40).quotedToken == "'\(String(repeating: "y", count: 40))'")
        #expect(String(repeating: "y", count: 41).quotedToken == "'\(String(repeating: "y", count: 40))…' (41 characters)")
        #expect(String(repeating: "y", count: 1_234_567).quotedToken.hasSuffix("' (1,234,567 characters)"))
    }
}
