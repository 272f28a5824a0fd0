import Canvas
import Testing
@testable import Terminal

/// The bytes a terminal sends, decoded: nothing a terminal can send ends the input.
@Suite("Key decoder")
struct KeyDecoderTests {
    /// Every input in `bytes`, as the reader would take them once input is idle.
    private func decodeAll(_ bytes: [UInt8], utf8: Bool = true) -> [KeyInput] {
        var inputs: [KeyInput] = []
        var start = 0
        while start < bytes.count {
            guard let (input, count) = KeyDecoder.decode(bytes[start...], utf8: utf8, final: true) else {
                Issue.record("no input from \(bytes[start...])")
                break
            }
            #expect(count > 0)
            inputs.append(input)
            start += count
        }
        return inputs
    }

    @Test(arguments: [[0xFF], [0x80], [0xC0], [0xE2], [0xED, 0xA0, 0x80], [0x9B], [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x80, 0xAF]] as [[UInt8]])
    func invalidUTF8IsUnknownAndTheArrowAfterItStillDecodes(bytes: [UInt8]) {
        let inputs = decodeAll(bytes + [0x1B, 0x5B, 0x43])
        #expect(inputs.last == .right)
        #expect(inputs.dropLast().allSatisfy { $0 == .unknown })
    }

    @Test func validUTF8IsOneCharacter() {
        #expect(decodeAll(Array("é漢🂡".utf8)) == [.character("é"), .character("漢"), .character("🂡")])
    }

    @Test func anUnfinishedCharacterWaitsForItsLastByte() {
        let bytes = Array("漢".utf8)
        #expect(KeyDecoder.decode(bytes[0..<2], utf8: true, final: false) == nil)
        #expect(KeyDecoder.decode(bytes[0..<2], utf8: true, final: true)?.0 == .unknown)
    }

    @Test func outsideUTF8EveryHighByteIsUnknown() {
        #expect(decodeAll(Array("é".utf8) + [0x61], utf8: false) == [.unknown, .unknown, .character("a")])
    }

    @Test func arrowsInBothCursorKeyModesAndPageKeys() {
        let sequences = ["\u{1B}[A", "\u{1B}OB", "\u{1B}[1;5C", "\u{1B}OD", "\u{1B}[H", "\u{1B}OF", "\u{1B}[5~",
                         "\u{1B}[6~", "\u{1B}[3~", "\u{1B}OP", "\u{1B}[15~", "\u{1B}[24~"]
        let inputs = decodeAll(Array(sequences.joined().utf8))
        #expect(inputs == [.up, .down, .right, .left, .home, .end, .pageUp, .pageDown, .delete,
                           .function(1), .function(5), .function(12)])
    }

    @Test func aLoneEscapeWaitsThenIsTheEscapeKey() {
        #expect(KeyDecoder.decode([0x1B], utf8: true, final: false) == nil)
        #expect(KeyDecoder.decode([0x1B], utf8: true, final: true)?.0 == .escape)
        #expect(decodeAll([0x1B, 0x71]) == [.escape, .character("q")])
    }

    @Test func controlCodes() {
        #expect(decodeAll([13, 10, 9, 127, 8, 12, 0]) == [.enter, .enter, .tab, .backspace, .backspace, .control("l"), .unknown])
    }

    @Test func mouseReportsX10AndSGR() {
        #expect(decodeAll([0x1B, 0x5B, 0x4D, 32, 33 + 10, 33 + 4]) == [.click(row: 4, column: 10)])
        #expect(decodeAll(Array("\u{1B}[<0;301;120M\u{1B}[<0;301;120m\u{1B}[<2;5;5M".utf8))
                == [.click(row: 119, column: 300), .unknown, .unknown])
    }

    @Test func theWheelScrollsInSGRAndX10() {
        // SGR 1006: buttons 64 and 65 (with ctrl, 80; a release, `m`, is nothing).
        #expect(decodeAll(Array("\u{1B}[<64;5;5M\u{1B}[<65;300;120M\u{1B}[<80;1;1M\u{1B}[<64;5;5m".utf8))
                == [.scrollUp, .scrollDown, .scrollUp, .unknown])
        // X10: the same buttons plus 32; a drag with the wheel bit (96) is not a notch.
        #expect(decodeAll([0x1B, 0x5B, 0x4D, 32 + 64, 33, 33, 0x1B, 0x5B, 0x4D, 32 + 65, 33, 33,
                           0x1B, 0x5B, 0x4D, 32 + 96, 33, 33])
                == [.scrollUp, .scrollDown, .unknown])
    }

    @Test func aBracketedPasteIsOneInput() {
        let bytes = Array("\u{1B}[200~5d 5h\r\nq\u{1B}\r\u{1B}[201~x".utf8)
        #expect(decodeAll(bytes) == [.paste("5d 5h\nq\n"), .character("x")])
        #expect(KeyDecoder.decode(bytes[0..<10], utf8: true, final: false) == nil)
    }

    @Test func garbageThatNeverEndsIsBounded() {
        let bytes = [0x1B, 0x5B] + [UInt8](repeating: 0x31, count: 100)
        let inputs = decodeAll(bytes)
        #expect(inputs.first == .unknown)
        #expect(inputs.count < 100)
    }
}
