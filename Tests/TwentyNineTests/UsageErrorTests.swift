import TestSupport
import Testing

/// ArgumentParser's own usage errors come out as one line and exit status 2, like bad cards.
@Suite("Usage errors")
struct UsageErrorTests {
    @Test(arguments: [
        (["score", "5H", "5C", "5S", "JD", "--cut"], "--cut"),
        (["stats", "--bogus"], "--bogus"),
        (["discard", "5S", "4D", "JD", "4C", "5C", "5H", "--dealer", "--bogus"], "--bogus"),
        (["frobnicate"], "frobnicate"),
    ])
    func usageErrorsAreOneLineNamingTheToken(arguments: [String], token: String) throws {
        let result = try runTwentyNine(arguments)
        #expect(result.status == 2)
        try expectOneLineError(result, naming: token)
    }

    @Test func helpStillPrintsUsage() throws {
        let result = try runTwentyNine(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("score"))
        #expect(result.stdout.contains("discard"))
        #expect(result.stdout.contains("stats"))
    }
}
