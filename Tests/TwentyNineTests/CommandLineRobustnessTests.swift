import CribbageCore
import Foundation
import TestSupport
import Testing

/// The command line as an adversary uses it: repeated options, output nowhere to go, thousands
/// of arguments, tokens that would break the one-line message, and `--version`.
@Suite("Command-line robustness")
struct CommandLineRobustnessTests {
    @Test func anOptionGivenTwiceIsRefusedNamingTheSecond() throws {
        let result = try runTwentyNine(["score", "5H", "5C", "5S", "JD", "--cut", "XX", "--cut", "5D"])
        #expect(result.status == 2)
        try expectOneLineError(result, naming: "--cut 5D")
        let joined = try runTwentyNine(["score", "5H", "5C", "5S", "JD", "--cut=5D", "--cut=4D"])
        try expectOneLineError(joined, naming: "--cut=4D")
    }

    @Test(arguments: [
        "\"$TN\" stats > /dev/full",
        "\"$TN\" score 5H 5C 5S JD --cut 5D --json > /dev/full",
        "\"$TN\" score 5H 5C 5S JD --cut 5D >&-",
        "\"$TN\" discard 5S 4D JD 4C 5C 5H >&-",
    ])
    func outputThatCannotBeWrittenIsAnError(script: String) throws {
        let result = try runShell(script)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.hasPrefix("twentynine: cannot write the output"))
    }

    @Test func aReaderThatLeavesEarlyEndsItQuietly() throws {
        // `true` exits at once: every write of the table meets a closed pipe.
        let result = try runShell("\"$TN\" stats | true; \"$TN\" discard 5S 4D JD 4C 5C 5H | head -c 1 >/dev/null")
        #expect(result.stderr == "")
    }

    /// Refused before ArgumentParser sees them (it takes quadratic time over positionals), naming
    /// the first argument past the limit: twice as many arguments are refused in the same words,
    /// but for the count, so the refusal reads no further than the limit.
    @Test func fortyThousandArgumentsAreRefusedAtOnce() throws {
        func refusal(_ count: Int) throws -> String {
            let arguments = ["score"] + (0..<count).map { ["5H", "5C", "5S", "JD"][$0 % 4] } + ["--cut", "5D"]
            let refused = try runTwentyNine(arguments)
            #expect(refused.status == 2)
            try expectOneLineError(refused, naming: "is argument 65")
            return refused.stderr.replacingOccurrences(of: "got \(arguments.count),", with: "got N,")
        }
        #expect(try refusal(40_000) == refusal(80_000))
    }

    @Test(arguments: ["J\u{202E}D", "5\u{200B}H", "5\u{2028}H", "\u{1B}[31m5H"])
    func controlAndBidiCharactersInATokenAreEscaped(token: String) throws {
        let result = try runTwentyNine(["score", "5C", "5S", "JD", token, "--cut", "5D"])
        #expect(result.status == 2)
        let escaped = token.unicodeScalars.first { $0.value == 0x1B || $0.value > 0x7F }.map {
            "\\u{\(String($0.value, radix: 16, uppercase: true))}"
        }
        try expectOneLineError(result, naming: try #require(escaped))
        #expect(!result.stderr.unicodeScalars.contains { [0x1B, 0x202E, 0x200B, 0x2028].contains($0.value) })
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try runTwentyNine(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.contains(try Regex("^[0-9]+\\.[0-9]+\\.[0-9]+\\n$")))
    }

    @Test("--version --verbose adds the engine's fingerprint, every level's, and each engine-made table with what made it")
    func verboseVersion() throws {
        for arguments in [["--version", "--verbose"], ["--verbose", "--version"]] {
            let result = runInProcess(arguments)
            #expect(result.status == 0 && result.stderr == "")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 6 && lines[0].hasPrefix("twentynine "))
            #expect(lines[1] == "engine   \(Fingerprint.engine)" && lines[2] == "players  \(Fingerprint.players)")
            #expect(lines[3] == "table keep-pegging: \(KeepPegging.digest), made by engine \(KeepPegging.provenance.engine)")
        }
        // --verbose alone is no option.
        #expect(runInProcess(["--verbose"]).status == 2)
    }
}
