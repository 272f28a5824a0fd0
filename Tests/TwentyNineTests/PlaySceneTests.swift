import Foundation
import TestSupport
import Testing

/// The Play end to end: the real binary in tmux, cards laid with the keyboard and the mouse.
@Suite(.serialized, .tags(.tmux), .slow, .enabled(if: Tmux.isInstalled, "needs tmux"))
struct PlaySceneTests {
    /// Player 1 pegs one for the go, fifteen for two and thirty-one for two; player 2 a pair and
    /// one for last.
    @Test func aWholePlayWithAGoAThirtyOneAndTheLastCard() throws {
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        try tmux.send("t")
        try tmux.waitFor("Player 1 leads: lay a card")
        // The cursor starts on A♠: nine steps right is 10♠.
        for _ in 0..<9 { try tmux.send("Right") }
        try tmux.send("Space")
        try tmux.waitFor("Player 1 laid 10♠: no points")
        try tmux.click("10♥")
        try tmux.waitFor("Player 2 laid 10♥: a pair for two")
        try tmux.click("5♣")
        try tmux.waitFor("Player 2 to lay a card of 6 or less, or go")
        try tmux.click("7♦")
        try tmux.waitFor("7♦ would pass 31 at 25: only 6 or less fits, or g for go")
        try tmux.send("g")
        try tmux.waitFor("Player 2 said go")
        try tmux.send("g")
        try tmux.waitFor("Player 1 said go: one for the go to Player 1")
        try tmux.waitFor("Player 2 leads a new count")
        try tmux.send("g")
        try tmux.waitFor("No go at 0: any card fits at 21 or less")
        try tmux.click("K♥")
        try tmux.click("5♦")
        try tmux.waitFor("Player 1 laid 5♦: fifteen for two")
        try tmux.click("6♥")
        try tmux.click("J♠")
        try tmux.waitFor("Player 1 laid J♠: thirty-one for two")
        // A take-back and the same card again.
        try tmux.send("BSpace")
        try tmux.waitFor("Player 2 laid 6♥: no points")
        try tmux.click("J♠")
        try tmux.waitFor("Player 1 laid J♠: thirty-one for two")
        try tmux.click("2♥")
        let done = try tmux.waitFor("Player 2 laid 2♥: one for last")
        #expect(done.contains("The play is complete"))
        #expect(done.contains(try Regex("Player 1  pone\\s+5  10♠ 5♣ 5♦ J♠")))
        #expect(done.contains(try Regex("Player 2  dealer\\s+3  10♥ K♥ 6♥ 2♥")))
        try tmux.send("Escape")
        try tmux.waitFor("Select the cut card")
    }

    @Test func fourPlayersInPartnershipsAtTheSmallestSize() throws {
        let tmux = try Tmux("env -u NO_COLOR LANG=C.UTF-8 LC_ALL=C.UTF-8 \(shellQuoted(twentyNineBinary))",
                            width: 74, height: 22)
        defer { tmux.stop() }
        try tmux.waitFor("Select the cut card")
        try tmux.send("t")
        try tmux.send("p", "p")
        try tmux.waitFor("4 players, partners")
        for card in ["5♥", "5♠", "5♦", "5♣"] { try tmux.click(card) }
        try tmux.waitFor("Player 4 laid 5♣: a double pair royal for twelve")
        try tmux.waitFor("Players 1 & 3  8    Players 2 & 4  14")
        try tmux.resize(width: 80, height: 24)
        // The header's "? help" ends at the right edge: column 73 of 80.
        try tmux.waitFor("the Play redrawn at 80×24") { position(of: "? help", in: $0)?.column == 73 }
        try tmux.waitFor("Players 1 & 3  8    Players 2 & 4  14")
    }
}
