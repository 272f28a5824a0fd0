import Foundation
import TestSupport
import Testing

/// No input ends the session: invalid bytes, non-ASCII keys in the C locale, pastes, wide
/// characters, odd terminals and sizes. The real binary in tmux.
@Suite(.serialized, .tags(.tmux), .slow, .enabled(if: Tmux.isInstalled, "needs tmux"))
struct InputRobustnessTests {
    /// Each sequence, then an arrow: the arrow still moves the cursor, and the program runs on.
    @Test func invalidBytesAreIgnoredAndTheNextArrowWorks() throws {
        let sequences: [[UInt8]] = [[0xFF], [0x80], [0xC0], [0xE2], [0xED, 0xA0, 0x80], [0x9B, 0x41]]
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        for bytes in sequences {
            try tmux.sendBytes(bytes)
            try tmux.send("Right")
        }
        try tmux.send("Space")
        // Six moves right from A♠.
        try tmux.waitFor("7♠ as the cut") { $0.contains(try Regex("Cut\\s+7♠")) }
        #expect(try tmux.format("#{pane_current_command}") == "twentynine")
    }

    /// `ESC [`, and before its escape delay is out a mouse report whose bytes are `q`: the broken
    /// sequence ends where the next one begins, and nothing of either is a key (it quit, before).
    @Test func anInterruptedSequenceLeaksNoKeys() throws {
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        try tmux.sendBytes([0x1B, 0x5B] + [0x1B, 0x5B, 0x4D, 0x20, 0x71, 0x71])
        try tmux.sendBytes([0x1B, 0x5B, 0x3C, 0x30] + [0x1B, 0x5B, 0x4D, 0x20, 0x71, 0x71])
        try tmux.send("Right")
        try tmux.send("Space")
        try tmux.waitFor("2♠ as the cut") { $0.contains(try Regex("Cut\\s+2♠")) }
        #expect(try tmux.format("#{pane_current_command}") == "twentynine")
    }

    @Test func nonASCIIKeysInTheCLocaleAreIgnored() throws {
        let tmux = try Tmux.counter(locale: "C")
        defer { tmux.stop() }
        for text in ["é", "♠", "漢"] {
            try tmux.type(text)
            try tmux.send("Right")
        }
        try tmux.send("Space")
        try tmux.waitFor("4S as the cut") { $0.contains(try Regex("Cut\\s+4S")) }
        #expect(try tmux.format("#{pane_current_command}") == "twentynine")
    }

    /// A paste of several lines into the `:` entry: the first line is the entry, the line
    /// break applies it, the rest (a `q` among it) is never taken as keys.
    @Test func aPasteOfSeveralLinesTypesOnlyItsFirstLine() throws {
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        try tmux.send(":")
        try tmux.paste("5d 5h 5c 5s jd\nq\nn\n")
        try tmux.waitFor("Count: 29")
        try tmux.send("b")
        try tmux.waitFor("the total bar") { $0.contains(try Regex("Total +29")) }
        #expect(try tmux.format("#{pane_current_command}") == "twentynine")
    }

    @Test func aPasteOnTheGridIsNotTakenAsKeys() throws {
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        try tmux.paste("q")
        try tmux.send("Space")
        try tmux.waitFor("Select 4 hand cards: 4 left")
        #expect(try tmux.format("#{pane_current_command}") == "twentynine")
    }

    /// 20,000 characters in one paste: its first line is counted, and the `q` on its second line
    /// is dropped, not taken as the quit key. The wait is generous only so that a lost paste
    /// cannot hang the run; its speed is `make bench`'s.
    @Test func aTwentyThousandCharacterPasteIsHandled() throws {
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        let cards = "5d 5h 5c 5s jd"
        let text = String(repeating: " ", count: 20_000 - cards.count) + cards + "\nq"
        try tmux.send(":")
        try tmux.paste(text)
        try tmux.waitFor("Count: 29", timeout: .seconds(60))
        #expect(try tmux.format("#{pane_current_command}") == "twentynine")
    }

    /// A wide character is drawn once: its second cell is not drawn over it.
    @Test func wideCharactersInTheEntryAreDrawnWhole() throws {
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        try tmux.send(":")
        try tmux.type("漢字テスト")
        try tmux.waitFor("漢字テスト")
    }

    @Test func aTerminalWithoutCursorMovementGetsOneLineAndExit1() throws {
        let shell = try TmuxShell()
        defer { shell.tmux.stop() }
        try shell.run("TERM=dumb \"$TN\"")
        let screen = try shell.waitForShell()
        #expect(screen.contains("twentynine: the counter needs a terminal with cursor movement"))
        let check = try shell.checkTerminal()
        #expect(check.status == 1)
        expectRestored(check)
    }

    /// A huge terminal: what is drawn is clamped, so a key stays cheap and memory small.
    @Test func aHugeTerminalKeepsKeysCheapAndMemorySmall() throws {
        let tmux = try Tmux.counter()
        defer { tmux.stop() }
        let pid = try #require(Int32(try tmux.format("#{pane_pid}")))
        try tmux.resize(width: 2_000, height: 1_000)
        try tmux.send("Right", "Space")
        try tmux.waitFor("2♠ as the cut") { $0.contains(try Regex("Cut\\s+2♠")) }
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        let kilobytes = try #require(Int(line.split(separator: " ").dropFirst().first ?? ""))
        #expect(kilobytes < 100_000, "peak resident memory \(kilobytes) kB")
    }
}
