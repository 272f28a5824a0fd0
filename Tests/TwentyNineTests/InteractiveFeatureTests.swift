import Foundation
import TestSupport
import Testing

/// The Discard Advisor, practice mode and the ASCII fallback end to end: the real binary in tmux.
@Suite(.serialized, .tags(.tmux), .slow, .enabled(if: Tmux.isInstalled, "needs tmux"))
struct InteractiveFeatureTests {
    @Test func discardAdvisorRanksTheKeepsAndTakesOneToHandSelection() throws {
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        try tmux.send("d")
        try tmux.waitFor("Deal six cards: 6 left")
        try tmux.send("Space")
        try tmux.waitFor("Deal six cards: 5 left")
        try tmux.send("BSpace")
        try tmux.waitFor("Deal six cards: 6 left")
        try tmux.enterCards("5s 4d jd 4c 5c 5h")
        // The dealer's role by default, the play counted; against the solved throw by default, and o
        // switches to a random opponent and the figures follow.
        // Waits for the row itself: a capture can catch a frame half drawn under load.
        let best = try Regex(">?\\s*5♠ 5♥ 5♣ J♦\\s+4♦ 4♣\\s+16\\.63\\s+14\\s+29\\s+5\\.32\\s+\\+1\\.34\\s+23\\.29")
        let keeps = try tmux.waitFor("the dealer's best keep against the solved throw") {
            $0.contains("best keeps for the dealer") && $0.contains(best)
        }
        #expect(keeps.contains("Role: dealer  vs solved"))
        // The mouse wheel (SGR 1006 reports, as a terminal sends them) moves the highlight.
        try tmux.sendBytes(Array("\u{1B}[<65;10;10M".utf8))
        try tmux.waitFor("the wheel highlights the second keep") { $0.contains(try Regex(">\\s*4♦ 5♠ 5♥ 5♣")) }
        try tmux.sendBytes(Array("\u{1B}[<64;10;10M".utf8))
        try tmux.waitFor("the wheel goes back up") { $0.contains(try Regex(">\\s*5♠ 5♥ 5♣ J♦")) }
        try tmux.send("o")
        let againstRandom = try Regex(">?\\s*5♠ 5♥ 5♣ J♦\\s+4♦ 4♣\\s+16\\.63\\s+14\\s+29\\s+5\\.76\\s+\\+1\\.34\\s+23\\.73")
        try tmux.waitFor("the same keep against a random crib") {
            $0.contains("Role: dealer  vs random") && $0.contains(againstRandom)
        }
        try tmux.send("r")
        try tmux.waitFor("best keeps for the pone")
        try tmux.send("r")
        try tmux.waitFor("best keeps by the hand alone")
        try tmux.send("Enter")
        try tmux.waitFor("back at Hand Selection with the keep") {
            $0.contains(try Regex("Hand\\s+5♠ 5♥ 5♣ J♦")) && $0.contains("Select the cut card")
        }
        try tmux.enterCards("5d 5s jd 5c 5h")
        try tmux.waitFor("Count: 29")
    }

    @Test func practiceModeHidesTheCountAndGradesTheAnswer() throws {
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        try tmux.send("p")
        try tmux.waitFor("Practice")
        try tmux.enterCards("kd 3c 4h 5s 7d")
        let asking = try tmux.waitFor("Your count?")
        #expect(!asking.contains("Count: 7"))
        try tmux.type("4")
        try tmux.send("Enter")
        try tmux.waitFor("Muggins! You missed a run of three (3): the count is 7")
        try tmux.enterCards("5d 5h 5c 5s jd")
        try tmux.waitFor("Your count?")
        try tmux.type("29")
        try tmux.send("Enter")
        try tmux.waitFor("Right: 29. Streak: 1")
    }

    @Test func aLocaleThatIsNotUTF8GetsASCIISuits() throws {
        let tmux = try Tmux.counter(locale: "C")
        defer { tmux.stop() }
        let screen = try tmux.screen()
        #expect(screen.contains(try Regex("AS\\s+2S\\s+3S")))
        #expect(screen.contains(try Regex("10C\\s+JC\\s+QC\\s+KC")))
        #expect(!screen.contains("♠"))
        try tmux.enterCards("5d 5h 5c 5s jd")
        try tmux.waitFor("Count: 29")
        try tmux.send("b")
        let breakdown = try tmux.waitFor("the total bar") { $0.contains(try Regex("Total +29")) }
        #expect(breakdown.contains("Hand  5H 5C 5S JD    Cut  5D"))
        #expect(breakdown.contains("-----"))
    }
}
