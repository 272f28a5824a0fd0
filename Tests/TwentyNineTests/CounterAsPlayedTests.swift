import Foundation
import TestSupport
import Testing

/// The counter as players use it (issue 8), end to end: the real binary in tmux.
@Suite(.serialized, .tags(.tmux), .slow, .enabled(if: Tmux.isInstalled, "needs tmux"))
struct CounterAsPlayedTests {
    @Test func theCutPutRightWithOneKeyAndTypedAfterASlash() throws {
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        try tmux.enterCards("5h 5c 5s jd 5d")
        try tmux.waitFor("Count: 28")
        try tmux.send("Down", "c")
        try tmux.waitFor("Count: 29")
        try tmux.waitFor("5♦ as the cut") { $0.contains(try Regex("Cut\\s+5♦")) }
        try tmux.send("u")
        try tmux.waitFor("Count: 28")
        try tmux.enterCards("5h 5c 5s jd / 5d")
        try tmux.waitFor("Count: 29")
    }

    @Test func theBreakdownAndTheSummaryFit80x24() throws {
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        try tmux.enterCards("5d 5h 5c 5s jd")
        try tmux.waitFor("Fifteens 16 · Pairs 12 · Runs 0 · Flush 0 · Nobs 1")
        try tmux.waitFor("the best hand there is")
        try tmux.send("b")
        let breakdown = try tmux.waitFor("Total")
        for text in ["Fifteens", "Pairs", "Runs", "Flush", "Nobs", "makes twenty-nine"] {
            #expect(breakdown.contains(text), "\(text)")
        }
        try tmux.send("x")
        try tmux.waitFor("Crib rules")
        try tmux.send("Escape")
        try tmux.enterCards("ks 2h 4h 6h 8h")
        try tmux.waitFor("only a five-card flush counts in the crib (4 → 0)")
        try tmux.enterCards("10c 2c 4d 6h 8s")
        try tmux.waitFor("Count: 0   nineteen")
    }

    @Test func practiceDealsAtRandomAndTheBreakdownGivesItAway() throws {
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        try tmux.send("p", "r")
        try tmux.waitFor("Your count?")
        try tmux.send("b")
        try tmux.waitFor("Total")
        try tmux.send("Escape")
        try tmux.waitFor("The breakdown gave it away")
        try tmux.waitFor("0 of 1 right this session")
    }

    @Test func aKeepTakesItsDiscardsOutOfTheDeckAndTheCutAloneCompletesIt() throws {
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        try tmux.send("d")
        try tmux.enterCards("5s 4d jd 4c 5c 5h")
        try tmux.waitFor("best keeps for the dealer")
        try tmux.send("Enter")
        try tmux.waitFor("Thrown")
        try tmux.enterCards("4d")
        try tmux.waitFor("4♦ was thrown to the crib")
        try tmux.send("Escape")
        try tmux.enterCards("5d")
        try tmux.waitFor("Count: 29")
        try tmux.send("d", "n", "Escape")
        try tmux.waitFor("Count: 29")
    }

    @Test func helpExplainsAndClosesWithQAndAnUnboundKeySaysSo() throws {
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        try tmux.send("?")
        try tmux.waitFor("Pick the cut, then four hand cards")
        try tmux.send("n", "q")
        try tmux.waitFor("help closed, still running") {
            !$0.contains("Pick the cut, then four hand cards") && $0.contains("Select the cut card")
        }
        try tmux.send("z")
        try tmux.waitFor("z does nothing in Hand Selection")
    }

    @Test func asciiTellsTheCutFromClubs() throws {
        let tmux = try Tmux.counter(locale: "C")
        defer { tmux.stop() }
        try tmux.enterCards("5c 5h 5d 5s jc")
        let screen = try tmux.waitFor("5C^")
        #expect(!screen.contains("5CC"))
    }
}
