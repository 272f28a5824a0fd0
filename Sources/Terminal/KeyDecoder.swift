import Canvas

/// Turns the bytes a terminal sends into inputs: UTF-8 text (or single bytes outside a UTF-8
/// locale), control codes, CSI and SS3 escape sequences (arrows, page keys, function keys, in
/// both cursor-key modes), X10 and SGR mouse reports, and bracketed pastes. A byte that fits
/// nowhere is `.unknown`, never an end of input.
///
///     KeyDecoder.decode([0x1B, 0x5B, 0x41], utf8: true, final: false)   // (.up, 3)
enum KeyDecoder {
    static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)
    /// A sequence longer than this without its final byte is garbage, not a key.
    static let longestSequence = 32

    /// The first input at the start of `bytes` and how many bytes it took; nil when the bytes
    /// may be the start of a longer sequence and more may come. With `final`, no more are
    /// coming soon: whatever is there is decoded (a lone escape is the escape key).
    static func decode(_ bytes: ArraySlice<UInt8>, utf8: Bool, final: Bool) -> (KeyInput, Int)? {
        var interrupted: Interruption?
        return decode(bytes, utf8: utf8, final: final, interrupted: &interrupted)
    }

    /// A sequence that broke off (its bytes stopped coming, or another sequence began inside
    /// it): its tail, when it comes, is swallowed, never read as keys.
    enum Interruption: Hashable, Sendable {
        /// `ESC [` and the parameters so far: more parameters and a final byte may follow.
        case csi([UInt8])
        /// `ESC O`: its final byte may follow.
        case ss3
        /// An X10 mouse report short of this many bytes.
        case mouse(Int)
        /// A bracketed paste without its end: what follows is text up to `ESC [201~`, of which the
        /// first `endMatched` bytes have come.
        case paste(endMatched: Int)
    }

    /// As `decode(_:utf8:final:)`, carrying what broke off from one call to the next: a
    /// sequence cut short at `final` sets `interrupted`, and the bytes that continue it are
    /// `.unknown` (a paste's are more of the paste). The caller clears it when no byte has come
    /// for a while.
    static func decode(_ bytes: ArraySlice<UInt8>, utf8: Bool, final: Bool,
                       interrupted: inout Interruption?) -> (KeyInput, Int)? {
        guard let first = bytes.first else { return nil }
        if let state = interrupted {
            if let (input, count, next) = tail(of: state, in: bytes, utf8: utf8, final: final) {
                interrupted = next
                return (input, count)
            }
            if case .paste = state { return nil }
        }
        interrupted = nil
        if first == 0x1B {
            guard let (input, count) = escape(bytes, utf8: utf8, final: final) else { return nil }
            if final, count == bytes.count { interrupted = Self.interruption(of: bytes, decodedAs: input) }
            return (input, count)
        }
        if first < 0x80 { return (control(first), 1) }
        guard utf8 else { return (.unknown, 1) }
        return text(bytes, final: final)
    }

    /// A byte below 0x80 other than escape.
    static func control(_ byte: UInt8) -> KeyInput {
        switch byte {
        case 10, 13: return .enter
        case 9: return .tab
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(byte + UInt8(ascii: "a") - 1)))
        case 0..<32: return .unknown
        default: return .character(Character(Unicode.Scalar(byte)))
        }
    }

    /// One UTF-8 encoded scalar (Unicode's well-formed table: no overlongs, no surrogates).
    private static func text(_ bytes: ArraySlice<UInt8>, final: Bool) -> (KeyInput, Int)? {
        let start = bytes.startIndex
        let lead = bytes[start]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: return (.unknown, 1)
        }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length {
            guard start + offset < bytes.endIndex else { return final ? (.unknown, offset) : nil }
            let byte = bytes[start + offset]
            guard (offset == 1 ? secondRange : 0x80...0xBF).contains(byte) else { return (.unknown, offset) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value), !(0x80..<0xA0).contains(value) else { return (.unknown, length) }
        return (.character(Character(scalar)), length)
    }

    private static func escape(_ bytes: ArraySlice<UInt8>, utf8: Bool, final: Bool) -> (KeyInput, Int)? {
        let start = bytes.startIndex
        guard bytes.count > 1 else { return final ? (.escape, 1) : nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            return csi(bytes, utf8: utf8, final: final)
        case UInt8(ascii: "O"):
            guard bytes.count > 2 else { return final ? (.unknown, 2) : nil }
            if bytes[start + 2] == 0x1B { return (.unknown, 2) }
            let key: KeyInput = switch bytes[start + 2] {
            case UInt8(ascii: "A"): .up
            case UInt8(ascii: "B"): .down
            case UInt8(ascii: "C"): .right
            case UInt8(ascii: "D"): .left
            case UInt8(ascii: "H"): .home
            case UInt8(ascii: "F"): .end
            case UInt8(ascii: "M"): .enter
            case UInt8(ascii: "P")...UInt8(ascii: "S"): .function(Int(bytes[start + 2] - UInt8(ascii: "P")) + 1)
            default: .unknown
            }
            return (key, 3)
        default:
            // Escape, then whatever follows as its own key (alt-x is escape, x).
            return (.escape, 1)
        }
    }

    /// What a sequence decoded at `final` from all the bytes there were left unfinished.
    private static func interruption(of bytes: ArraySlice<UInt8>, decodedAs input: KeyInput) -> Interruption? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        if case .paste = input {
            return bytes.firstRange(of: pasteEnd) == nil ? .paste(endMatched: partialEnd(bytes.dropFirst(pasteStart.count))) : nil
        }
        guard input == .unknown else { return nil }
        if bytes[start + 1] == UInt8(ascii: "O") { return bytes.count == 2 ? .ss3 : nil }
        let last = bytes[bytes.endIndex - 1]
        if bytes.count >= 3, bytes[start + 2] == UInt8(ascii: "M"), bytes.count < 6 { return .mouse(6 - bytes.count) }
        return (0x20...0x3F).contains(last) || bytes.count == 2 ? .csi(Array(bytes.dropFirst(2).prefix(longestSequence))) : nil
    }

    /// The tail of a broken sequence at the start of `bytes`: how many bytes it takes, as
    /// `.unknown` (or a paste), and what is still to come; nil when the bytes are not its tail
    /// (or, for a paste, may yet be).
    private static func tail(of state: Interruption, in bytes: ArraySlice<UInt8>, utf8: Bool,
                             final: Bool) -> (KeyInput, Int, Interruption?)? {
        let start = bytes.startIndex
        switch state {
        case .ss3:
            guard (0x40...0x7E).contains(bytes[start]) else { return nil }
            return (.unknown, 1, nil)
        case .mouse(let missing):
            let taken = bytes.prefix(missing).prefix { $0 != 0x1B }.count
            guard taken > 0 else { return nil }
            return (.unknown, taken, taken < missing ? .mouse(missing - taken) : nil)
        case .csi(let head):
            var index = start
            while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]), index - start < longestSequence {
                index += 1
            }
            let parameters = head + bytes[start..<index]
            if index < bytes.endIndex, (0x40...0x7E).contains(bytes[index]) {
                // An X10 report's `M` with no parameters: its three bytes follow; a paste's start:
                // its text follows.
                let next: Interruption? = switch (bytes[index], parameters) {
                case (UInt8(ascii: "M"), []): .mouse(3)
                case (UInt8(ascii: "~"), Array("200".utf8)): .paste(endMatched: 0)
                default: nil
                }
                return (.unknown, index - start + 1, next)
            }
            guard index > start else { return nil }
            return (.unknown, index - start, index == bytes.endIndex ? .csi(Array(parameters.prefix(longestSequence))) : nil)
        case .paste(let matched):
            let rest = pasteEnd[matched...]
            if matched > 0 {
                if bytes.starts(with: rest) { return (.paste(""), rest.count, nil) }
                if rest.starts(with: bytes) {
                    return final ? (.unknown, bytes.count, .paste(endMatched: matched + bytes.count)) : nil
                }
            }
            let end = bytes.firstRange(of: pasteEnd)
            guard end != nil || final else { return nil }
            if let end { return (.paste(pasteText(bytes[..<end.lowerBound], utf8: utf8)), end.upperBound - start, nil) }
            let held = partialEnd(bytes)
            return (.paste(pasteText(bytes.dropLast(held), utf8: utf8)), bytes.count, .paste(endMatched: held))
        }
    }

    /// How many bytes at the end of a paste's text may be the start of its end, `ESC [201~`.
    private static func partialEnd(_ bytes: ArraySlice<UInt8>) -> Int {
        (1..<pasteEnd.count).reversed().first { bytes.suffix($0).elementsEqual(pasteEnd.prefix($0)) && bytes.count >= $0 } ?? 0
    }

    /// `ESC [` parameters, intermediates, then a final byte in 0x40...0x7E.
    private static func csi(_ bytes: ArraySlice<UInt8>, utf8: Bool, final: Bool) -> (KeyInput, Int)? {
        let start = bytes.startIndex
        if bytes.starts(with: pasteStart) { return paste(bytes, utf8: utf8, final: final) }
        var index = start + 2
        while index < bytes.endIndex, !(0x40...0x7E).contains(bytes[index]) {
            // Another sequence beginning inside this one ends it: the escape is the next one's.
            if bytes[index] == 0x1B { return (.unknown, index - start) }
            guard index - start < longestSequence, (0x20...0x3F).contains(bytes[index]) else {
                return (.unknown, index - start + 1)
            }
            index += 1
        }
        guard index < bytes.endIndex else { return final ? (.unknown, index - start) : nil }
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        let length = index - start + 1
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let firstNumber = (numbers.first ?? nil) ?? 0
        switch bytes[index] {
        case UInt8(ascii: "A"): return (.up, length)
        case UInt8(ascii: "B"): return (.down, length)
        case UInt8(ascii: "C"): return (.right, length)
        case UInt8(ascii: "D"): return (.left, length)
        case UInt8(ascii: "H"): return (.home, length)
        case UInt8(ascii: "F"): return (.end, length)
        case UInt8(ascii: "P")...UInt8(ascii: "S"):
            return (.function(Int(bytes[index] - UInt8(ascii: "P")) + 1), length)
        case UInt8(ascii: "M") where parameters.isEmpty:
            // X10 mouse: button, column and row follow, each plus 32, from 1.
            if let escape = bytes[(start + length)...].prefix(3).firstIndex(of: 0x1B) { return (.unknown, escape - start) }
            guard bytes.count >= length + 3 else { return final ? (.unknown, bytes.count) : nil }
            let report = bytes[(start + length)..<(start + length + 3)].map { Int($0) - 32 }
            return (click(button: report[0], column: report[1], row: report[2]), length + 3)
        case UInt8(ascii: "M") where parameters.hasPrefix("<"):
            let values = parameters.dropFirst().split(separator: ";").compactMap { Int($0) }
            guard values.count == 3 else { return (.unknown, length) }
            return (click(button: values[0], column: values[1], row: values[2]), length)
        case UInt8(ascii: "~"):
            let key: KeyInput = switch firstNumber {
            case 1, 7: .home
            case 4, 8: .end
            case 3: .delete
            case 5: .pageUp
            case 6: .pageDown
            case 11...15: .function(firstNumber - 10)
            case 17...21: .function(firstNumber - 11)
            case 23, 24: .function(firstNumber - 12)
            default: .unknown
            }
            return (key, length)
        default:
            return (.unknown, length)
        }
    }

    /// A left-button press at a 1-based column and row, or a notch of the wheel (buttons 64 and
    /// 65, wherever the pointer is); anything else (a release, a drag, another button) is
    /// `.unknown`. Shift, alt and ctrl (4, 8, 16) do not change what the button is.
    private static func click(button: Int, column: Int, row: Int) -> KeyInput {
        guard column >= 1, row >= 1 else { return .unknown }
        switch button & 0b1110_0011 {
        case 0: return .click(row: row - 1, column: column - 1)
        case 64: return .scrollUp
        case 65: return .scrollDown
        default: return .unknown
        }
    }

    /// `ESC [200~` text `ESC [201~`: the text, control codes dropped and line breaks kept as
    /// `\n`. An unfinished paste waits for its end unless `final`.
    private static func paste(_ bytes: ArraySlice<UInt8>, utf8: Bool, final: Bool) -> (KeyInput, Int)? {
        let body = bytes.dropFirst(pasteStart.count)
        let end = body.firstRange(of: pasteEnd)
        guard end != nil || final else { return nil }
        let content = end.map { body[..<$0.lowerBound] } ?? body.dropLast(partialEnd(body))
        return (.paste(pasteText(content, utf8: utf8)), (end?.upperBound ?? body.endIndex) - bytes.startIndex)
    }

    /// A paste's bytes as text: control codes dropped, line breaks kept as `\n`.
    private static func pasteText(_ content: ArraySlice<UInt8>, utf8: Bool) -> String {
        var text = ""
        var index = content.startIndex
        while index < content.endIndex {
            let byte = content[index]
            if byte == 13 || byte == 10 {
                // CR LF is one line break.
                if byte == 13, index + 1 < content.endIndex, content[index + 1] == 10 { index += 1 }
                text.append("\n")
                index += 1
            } else if byte < 0x20 || byte == 0x7F {
                index += 1
            } else if byte < 0x80 {
                text.unicodeScalars.append(Unicode.Scalar(byte))
                index += 1
            } else if utf8, let (input, count) = self.text(content[index...], final: true) {
                if case .character(let character) = input { text.append(character) }
                index += count
            } else {
                index += 1
            }
        }
        return text
    }
}
