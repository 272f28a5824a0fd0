import Canvas
@testable import CribbageUI
import Testing

@Suite("ScreenBuffer")
struct ScreenBufferTests {
    @Test("a wide character takes two cells, the second a continuation", arguments: ["漢", "😀", "♠️"])
    func wideCharacter(text: String) {
        var buffer = ScreenBuffer(size: Size(width: 6, height: 1))
        let end = buffer.write("a\(text)b", row: 0, column: 0)
        #expect(end == 4)
        #expect(buffer[0, 1].character == Character(text))
        #expect(buffer[0, 2].isContinuation)
        #expect(buffer[0, 3].character == "b")
        #expect(buffer.line(0) == "a\(text)b")
    }

    @Test("a wide character that would not fit whole at the right edge is left out")
    func wideAtTheEdge() {
        var buffer = ScreenBuffer(size: Size(width: 3, height: 1))
        buffer.write("ab漢", row: 0, column: 0)
        #expect(buffer.line(0) == "ab")
        #expect(!buffer[0, 2].isContinuation)
    }

    @Test("a control character is drawn as ?, never moving the cursor")
    func controlCharacter() {
        var buffer = ScreenBuffer(size: Size(width: 4, height: 1))
        #expect(buffer.write("a\u{1B}b", row: 0, column: 0) == 3)
        #expect(buffer.line(0) == "a?b")
    }

    @Test("a bidirectional control is drawn as ?, never sent to reorder the line",
          arguments: ["\u{202E}", "\u{202D}", "\u{2067}", "\u{200F}", "\u{061C}"])
    func bidirectionalControl(control: String) {
        var buffer = ScreenBuffer(size: Size(width: 4, height: 1))
        #expect(buffer.write("a\(control)b", row: 0, column: 0) == 3)
        #expect(buffer.line(0) == "a?b")
    }

    @Test("display widths", arguments: [("5♠", 2), ("漢字", 4), ("10♦", 3), ("", 0), ("👍🏽", 2)])
    func widths(text: String, width: Int) {
        #expect(text.displayWidth == width)
    }
}

@Suite("Text snapshots")
struct SnapshotHelperTests {
    @Test func aWideCharacterPrintsOnceSoTheTextLinesUp() {
        var buffer = ScreenBuffer(size: Size(width: 4, height: 1))
        buffer.write("a漢b", row: 0, column: 0)
        let lines = snapshotText(buffer).split(separator: "\n")
        #expect(lines[2] == "|a漢b|")
        #expect(lines[2].displayWidth == lines[1].displayWidth)
    }

    @Test func aDifferingSnapshotShowsTheLinesThatDiffer() {
        let diff = lineDiff(expected: "one\ntwo\nthree", actual: "one\n2\nthree\nfour")
        #expect(diff == "2 -two\n2 +2\n4 +four")
    }
}
