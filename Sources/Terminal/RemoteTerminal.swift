import CNCurses
import Canvas

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The escape sequences of a terminal that is not the process's own (an SSH client's), looked
/// up in terminfo by its TERM name: the process's own terminal is never touched
/// (`cncurses_terminfo_lookup` saves and restores `cur_term` under a lock). An unknown or
/// unusable name falls back to plain ANSI (VT100 and the xterm mouse and paste modes).
///
///     let terminal = RemoteTerminal(term: "xterm-256color")
///     terminal.moveTo(row: 0, column: 0)   // "\e[1;1H"
public struct RemoteTerminal: Sendable {
    /// The name asked for, and whether terminfo knew it (false: the ANSI fallback).
    public let term: String
    public let fromTerminfo: Bool
    let cup: String
    let sgr0: String
    let bold: String
    let reverse: String
    let underline: String
    let dim: String
    let clear: String
    let hideCursor: String
    let showCursor: String
    let enterScreen: String
    let exitScreen: String
    let keypadOn: String
    let keypadOff: String
    /// `setaf` for colours 0 to 7, empty when the terminal has no colours.
    let foreground: [String]
    /// Writing the bottom-right cell would scroll the screen (automatic margins without the
    /// delayed wrap): that cell is left out.
    let scrollsAtCorner: Bool
    /// cup is the standard `ESC [ row ; column H` (1-based): moves are formatted here.
    let standardCup: Bool

    /// At most this long, and only letters, digits and `.`, `_`, `+`, `-` (not first): a name
    /// that is anything else is never looked up (it would name a file under terminfo).
    public static func isLookupName(_ term: String) -> Bool {
        let bytes = Array(term.utf8)
        guard (1...64).contains(bytes.count), bytes[0] != UInt8(ascii: "."), bytes[0] != UInt8(ascii: "-") else { return false }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "._+-".utf8.contains(byte)
        }
    }

    static let names = ["cup", "sgr0", "bold", "rev", "smul", "dim", "clear", "civis", "cnorm", "smcup", "rmcup", "smkx", "rmkx"]

    public init(term: String) {
        self.term = term
        var values: [String?] = Array(repeating: nil, count: Self.names.count)
        var colours: [String?] = Array(repeating: nil, count: 8)
        var count: Int32 = -1
        var margins: Int32 = 0
        let found = Self.isLookupName(term) && Self.lookUp(term, into: &values, setaf: &colours, colors: &count, margins: &margins)
        let ansi = ["\u{1B}[%i%p1%d;%p2%dH", "\u{1B}[0m", "\u{1B}[1m", "\u{1B}[7m", "\u{1B}[4m", "\u{1B}[2m",
                    "\u{1B}[H\u{1B}[2J", "\u{1B}[?25l", "\u{1B}[?25h", "\u{1B}[?1049h", "\u{1B}[?1049l",
                    "\u{1B}[?1h\u{1B}=", "\u{1B}[?1l\u{1B}>"]
        // Without cursor addressing no frame can be drawn: such a terminal (dumb) gets ANSI.
        let usable = found && values[0] != nil && values[6] != nil
        fromTerminfo = usable
        func value(_ index: Int) -> String {
            usable ? Self.withoutPadding(values[index] ?? "") : Self.withoutPadding(ansi[index])
        }
        cup = usable ? Self.withoutPadding(values[0]!) : ansi[0]
        sgr0 = value(1); bold = value(2); reverse = value(3); underline = value(4); dim = value(5)
        clear = value(6); hideCursor = value(7); showCursor = value(8)
        enterScreen = value(9); exitScreen = value(10); keypadOn = value(11); keypadOff = value(12)
        if usable {
            foreground = count >= 8 && colours.allSatisfy({ $0 != nil }) ? colours.map { Self.withoutPadding($0!) } : []
        } else {
            foreground = (0..<8).map { "\u{1B}[3\($0)m" }
        }
        scrollsAtCorner = usable && margins != 0
        standardCup = cup == "\u{1B}[%i%p1%d;%p2%dH"
    }

    private static func lookUp(_ term: String, into values: inout [String?], setaf: inout [String?],
                               colors: inout Int32, margins: inout Int32) -> Bool {
        let cNames = names.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        var pointers: [UnsafePointer<CChar>?] = cNames.map { UnsafePointer($0) }
        var out = [UnsafeMutablePointer<CChar>?](repeating: nil, count: names.count)
        var colourOut = [UnsafeMutablePointer<CChar>?](repeating: nil, count: 8)
        let status = pointers.withUnsafeMutableBufferPointer { namesBuffer in
            cncurses_terminfo_lookup(term, namesBuffer.baseAddress, Int32(names.count), &out, &colourOut, &colors, &margins)
        }
        guard status == 0 else { return false }
        for (index, pointer) in out.enumerated() {
            if let pointer { values[index] = String(cString: pointer); free(pointer) }
        }
        for (index, pointer) in colourOut.enumerated() {
            if let pointer { setaf[index] = String(cString: pointer); free(pointer) }
        }
        return true
    }

    /// Terminfo's padding (`$<5>`, `$<2*/>`) is for real serial lines: left out.
    static func withoutPadding(_ value: String) -> String {
        guard value.contains("$<") else { return value }
        var result = ""
        var rest = Substring(value)
        while let start = rest.firstRange(of: "$<") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: ">") else { rest = rest[start.lowerBound...]; break }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// Moves the cursor (rows and columns from 0).
    public func moveTo(row: Int, column: Int) -> String {
        if standardCup { return "\u{1B}[\(row + 1);\(column + 1)H" }
        guard let pointer = cncurses_terminfo_expand(cup, Int32(row), Int32(column)) else { return "" }
        defer { free(pointer) }
        return Self.withoutPadding(String(cString: pointer))
    }

    /// What starts a session: the alternate screen, keypad mode, the cursor hidden, the mouse
    /// (buttons, SGR coordinates) and bracketed paste on, the screen cleared.
    public var start: String {
        enterScreen + keypadOn + hideCursor + "\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h" + sgr0 + clear
    }

    /// What ends it: every mode off, the cursor back, the screen the client had.
    public var end: String {
        "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?2004l" + sgr0 + keypadOff + showCursor + exitScreen
    }

    /// The sequence that draws `style` from nothing (after `sgr0`).
    func attributes(_ style: Style, colors: Bool) -> String {
        var text = sgr0
        if style.bold { text += bold }
        if style.reverse { text += reverse }
        if style.underline { text += underline }
        if style.dim { text += dim }
        if colors, !foreground.isEmpty, let index = style.color.ansi { text += foreground[index] }
        return text
    }
}

extension Style.Color {
    /// The ANSI colour number; nil for the terminal's own.
    var ansi: Int? {
        switch self {
        case .normal: nil
        case .red: 1
        case .green: 2
        case .yellow: 3
        case .blue: 4
        case .cyan: 6
        }
    }
}

/// Turns frames into what a remote terminal is sent: each frame as the difference from the last
/// one sent (the rows that changed, from their first changed cell to their last), the whole
/// screen after a resize or `repaintAll`. Characters go as UTF-8, or as `?` beyond ASCII when the
/// client is not UTF-8; a control character is never sent.
///
///     var encoder = FrameEncoder(terminal: RemoteTerminal(term: "xterm"), utf8: true, colors: true)
///     let bytes = encoder.encode(frame, screen: Size(width: 80, height: 24))
public struct FrameEncoder: Sendable {
    public let terminal: RemoteTerminal
    public let utf8: Bool
    public let colors: Bool
    private var last: ScreenBuffer?
    private var lastScreen: Size?
    private var style: Style?

    public init(terminal: RemoteTerminal, utf8: Bool, colors: Bool) {
        self.terminal = terminal
        self.utf8 = utf8
        self.colors = colors
    }

    /// The next frame draws every cell.
    public mutating func repaintAll() { last = nil }

    /// The bytes that change the client's screen (`screen` cells) from the last frame to `frame`.
    public mutating func encode(_ frame: ScreenBuffer, screen: Size) -> [UInt8] {
        var out = ""
        let full = last == nil || last?.size != frame.size || lastScreen != screen
        if full {
            style = nil
            out += terminal.sgr0 + terminal.clear
        }
        let rows = min(frame.size.height, screen.height), columns = min(frame.size.width, screen.width)
        for row in 0..<rows {
            var first = 0, end = columns
            if !full, let last {
                while first < columns, last[row, first] == frame[row, first] { first += 1 }
                if first == columns { continue }
                while end > first, last[row, end - 1] == frame[row, end - 1] { end -= 1 }
                // Start at a wide character, not on its right half.
                while first > 0, frame[row, first].isContinuation || last[row, first].isContinuation { first -= 1 }
            } else {
                // A cleared screen is blank: leave out the plain blanks at either end.
                while first < columns, frame[row, first] == .blank { first += 1 }
                if first == columns { continue }
                while end > first, frame[row, end - 1] == .blank { end -= 1 }
            }
            // The bottom-right cell is left out where writing it would scroll the screen.
            if terminal.scrollsAtCorner, row == screen.height - 1, end >= screen.width { end = screen.width - 1 }
            guard first < end else { continue }
            out += terminal.moveTo(row: row, column: first)
            var column = first
            while column < end {
                let cell = frame[row, column]
                let width = cell.character.displayWidth == 2 ? 2 : 1
                if cell.isContinuation { out += show(" ", .plain); column += 1; continue }
                if width == 2, column + 1 >= columns
                    || (terminal.scrollsAtCorner && row == screen.height - 1 && column + 2 >= screen.width) {
                    out += show(" ", .plain); column += 1; continue
                }
                if !utf8, width == 2 {
                    out += show("?", cell.style) + show(" ", cell.style)
                } else {
                    out += show(cell.character, cell.style)
                }
                column += width
            }
        }
        last = frame
        lastScreen = screen
        return Array(out.utf8)
    }

    /// One cell: its style if it differs from the last, then its character.
    private mutating func show(_ shown: Character, _ cellStyle: Style) -> String {
        var text = ""
        if style != cellStyle {
            text += terminal.attributes(cellStyle, colors: colors)
            style = cellStyle
        }
        var character = ""
        for scalar in shown.unicodeScalars {
            let value = scalar.value
            let printable = value >= 0x20 && !(0x7F..<0xA0).contains(value)
            guard printable else { character = "?"; break }
            if !utf8, value >= 0x80 { character = "?"; break }
            character.unicodeScalars.append(scalar)
        }
        return text + (character.isEmpty ? " " : character)
    }
}
