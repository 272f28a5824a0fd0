import Foundation
import TestSupport
import Testing

/// The interactive counter end to end: the real binary in a tmux pane, driven by keys, read
/// back from the screen. Each test has a tmux server of its own.
@Suite(.serialized, .tags(.tmux), .slow, .enabled(if: Tmux.isInstalled, "needs tmux"))
struct InteractiveTests {
    // MARK: - Every way out restores the terminal

    @Test func withoutATerminalItSaysSoOnOneLine() throws {
        let result = try runTwentyNine([])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.stderr.contains("needs a terminal"))
        #expect(result.stderr.contains("twentynine score"))
    }

    @Test func quittingWithQRestoresTheTerminal() throws {
        let shell = try TmuxShell()
        defer { shell.tmux.stop() }
        try shell.launchCounter()
        try shell.tmux.waitFor("Select the cut card")
        try shell.tmux.send("q")
        let check = try shell.checkTerminal()
        #expect(check.status == 0)
        expectRestored(check)
    }

    // ctrl-c, ctrl-z, every other signal and crashes: SignalTests.

    // MARK: - The screen follows the terminal

    /// COLUMNS and LINES in the environment do not pin the size: the pane's is used, and followed.
    @Test func tooSmallAThenBigEnoughTerminalRedrawsTheGrid() throws {
        let tmux = try Tmux.counter(environment: "COLUMNS=40 LINES=10")
        defer { tmux.stop() }
        try tmux.waitFor("K♣")
        try tmux.resize(width: 30, height: 10)
        try tmux.waitFor("Terminal too small")
        try tmux.resize(width: 80, height: 24)
        try tmux.waitFor("the grid again") { $0.contains("K♣") && !$0.contains("Terminal too small") }
    }

    @Test func ctrlLRepaintsOverGarbage() throws {
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        let garbage = "GARBAGE-WRITTEN-BEHIND-CURSES-BACK"
        let tty = try #require(FileHandle(forWritingAtPath: try tmux.format("#{pane_tty}")))
        tty.write(Data("\r\n\(garbage)\r\n".utf8))
        try tty.close()
        try tmux.waitFor(garbage)
        try tmux.send("C-l")
        try tmux.waitFor("a clean repaint") { !$0.contains(garbage) && $0.contains("Select the cut card") }
    }

    @Test func colourUnlessNoColorAndTheCursorInReverseEither() throws {
        let red = try Regex("\u{1B}\\[([0-9]+;)*31(;[0-9]+)*m")
        let reverse = try Regex("\u{1B}\\[([0-9]+;)*7(;[0-9]+)*m")
        let coloured = try Tmux.counter()
        defer { coloured.stop() }
        let screen = try coloured.screen(escapes: true)
        #expect(screen.contains(red))
        #expect(screen.contains(reverse))

        for (environment, arguments) in [("NO_COLOR=1", ""), ("", "--no-color")] {
            let plain = try Tmux.counter(environment: environment, arguments: arguments)
            defer { plain.stop() }
            let screen = try plain.screen(escapes: true)
            #expect(!screen.contains(red), "\(environment)\(arguments)")
            #expect(screen.contains(reverse), "\(environment)\(arguments)")
        }
    }

    // MARK: - Keys and the mouse

    @Test func arrowsVimKeysSpaceAndEnterPickTheCutThenTheHand() throws {
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        try tmux.send("Space")  // A♠ is the cut
        try tmux.waitFor("Select 4 hand cards: 4 left")
        try tmux.send("Right", "Space")  // 2♠
        try tmux.waitFor("Select 4 hand cards: 3 left")
        try tmux.send("l", "Space")  // 3♠
        try tmux.waitFor("Select 4 hand cards: 2 left")
        try tmux.send("j", "Space")  // 3♥
        try tmux.waitFor("Select 4 hand cards: 1 left")
        try tmux.send("Down", "Enter")  // 3♦: three runs of A 2 3 and three pairs of threes
        try tmux.waitFor("Count: 15")
    }

    @Test func clickingACardSelectsIt() throws {
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        try tmux.click("5♥")
        try tmux.waitFor("Select 4 hand cards: 4 left")
        try tmux.waitFor("5♥ as the cut") { $0.contains(try Regex("Cut\\s+5♥")) }
    }

    @Test func typedEntryBreakdownCribHelpAndNewHand() throws {
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        try tmux.enterCards("5d 5h 5c 5s jd")
        try tmux.waitFor("Count: 29")
        try tmux.waitFor("5♦ as the cut") { $0.contains(try Regex("Cut\\s+5♦")) }

        try tmux.send("b")
        let top = try tmux.waitFor("the total bar") { $0.contains(try Regex("Total +29")) }
        for text in ["Fifteens", "Pairs", "makes twenty-nine"] {
            #expect(top.contains(text), "\(text)")
        }
        try tmux.send("End")
        let bottom = try tmux.waitFor("Nobs")
        for text in ["Runs", "Flush", "Total"] {
            #expect(bottom.contains(text), "\(text)")
        }
        try tmux.send("Escape")
        try tmux.waitFor("the hand again") { $0.contains("Count: 29") && !$0.contains("Total") }

        try tmux.send("x")
        try tmux.waitFor("Crib rules")

        try tmux.send("?")
        try tmux.waitFor("move the cursor")
        try tmux.send("Escape")
        try tmux.waitFor("help closed") { !$0.contains("move the cursor") && $0.contains("Crib rules") }

        try tmux.send("n")
        try tmux.waitFor("Select the cut card")
    }

    /// Row and column (0-based) of the first occurrence of `text` on a captured screen.
}
