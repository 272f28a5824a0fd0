import Canvas
import Testing
@testable import Terminal

/// Another terminal's sequences from terminfo, frames as differences, and keys from bytes in
/// pieces: what `twentynine serve` draws and reads over a channel.
@Suite("Remote terminal")
struct RemoteTerminalTests {
    @Test func xtermComesFromTerminfoAndAnUnknownNameFallsBackToANSI() {
        let xterm = RemoteTerminal(term: "xterm")
        #expect(xterm.fromTerminfo)
        #expect(xterm.moveTo(row: 0, column: 0) == "\u{1B}[1;1H")
        #expect(xterm.moveTo(row: 23, column: 79) == "\u{1B}[24;80H")
        #expect(xterm.foreground.count == 8)
        for name in ["no-such-terminal", "../../etc/passwd", "", String(repeating: "x", count: 65), "x\u{1B}"] {
            let fallback = RemoteTerminal(term: name)
            #expect(!fallback.fromTerminfo)
            #expect(fallback.moveTo(row: 4, column: 9) == "\u{1B}[5;10H")
        }
        // dumb has no cursor addressing: ANSI.
        #expect(!RemoteTerminal(term: "dumb").fromTerminfo)
    }

    @Test func aTerminfoCupThatIsNotANSIIsExpandedByTiparm() throws {
        // vt52 moves with ESC Y and two bytes.
        let vt52 = RemoteTerminal(term: "vt52")
        try #require(vt52.fromTerminfo, "Debian's ncurses-base has vt52")
        #expect(vt52.moveTo(row: 2, column: 3) == "\u{1B}Y\(Character(Unicode.Scalar(32 + 2)))\(Character(Unicode.Scalar(32 + 3)))")
    }

    @Test func lookingUpATerminalLeavesTheProcessOwnTerminalAlone() {
        // The lookup runs under its own lock and puts back cur_term: many at once still agree.
        let results = (0..<16).map { _ in RemoteTerminal(term: "xterm-256color").moveTo(row: 1, column: 1) }
        #expect(Set(results) == ["\u{1B}[2;2H"])
    }

    @Test func framesGoAsTheirDifferences() {
        var encoder = FrameEncoder(terminal: RemoteTerminal(term: "xterm"), utf8: true, colors: true)
        var frame = ScreenBuffer(size: Size(width: 20, height: 5))
        frame.write("Count: 29", row: 1, column: 2, style: .bold)
        let first = String(decoding: encoder.encode(frame, screen: Size(width: 20, height: 5)), as: UTF8.self)
        #expect(first.contains("Count: 29"))
        #expect(first.contains("\u{1B}[2;3H"))
        // Nothing changed: nothing sent.
        #expect(encoder.encode(frame, screen: Size(width: 20, height: 5)).isEmpty)
        frame.write("28", row: 1, column: 9, style: .bold)
        let second = String(decoding: encoder.encode(frame, screen: Size(width: 20, height: 5)), as: UTF8.self)
        #expect(second.contains("\u{1B}[2;11H"))
        #expect(second.hasSuffix("8"))
        #expect(!second.contains("Count"))
        // A resize repaints all.
        let third = String(decoding: encoder.encode(frame, screen: Size(width: 30, height: 5)), as: UTF8.self)
        #expect(third.contains("Count: 28"))
    }

    @Test func withoutUTF8NothingBeyondASCIIIsSentNorAnyControl() {
        var encoder = FrameEncoder(terminal: RemoteTerminal(term: "xterm"), utf8: false, colors: false)
        var frame = ScreenBuffer(size: Size(width: 10, height: 2))
        frame.write("5♥ ─", row: 0, column: 0)
        frame.write("\u{1B}x", row: 1, column: 0)
        let bytes = encoder.encode(frame, screen: Size(width: 10, height: 2))
        #expect(bytes.allSatisfy { $0 < 0x80 })
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("5? ?"))
        // The escape in the text is never sent as one.
        #expect(text.contains("?x"))
    }

    @Test func keysFromBytesInPieces() {
        var keys = KeyStream(utf8: true)
        keys.append([0x1B])
        #expect(keys.next(final: false) == nil)
        keys.append([0x5B, 0x41])
        #expect(keys.next(final: false) == .up)
        keys.append(Array("q".utf8))
        #expect(keys.next(final: false) == .character("q"))
        keys.append([0x1B])
        #expect(keys.next(final: false) == nil)
        #expect(keys.waiting)
        #expect(keys.next(final: true) == .escape)
        keys.append(Array("\u{1B}[200~hello\u{1B}[201~".utf8))
        #expect(keys.next(final: false) == .paste("hello"))
    }
}
