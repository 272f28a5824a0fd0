import Canvas
import CribbageCore

/// The parts every scene shares: the header, the key hints, card text and wrapping.
enum Chrome {
    /// Below this size the screens say "Terminal too small" instead.
    static let minimumSize = Size(width: 74, height: 22)

    /// Row 0: the program's name and the scene's, the rules in force, and where help is.
    static func drawHeader(_ title: String, rules: String, practice: Bool = false, into buffer: inout ScreenBuffer) {
        let end = buffer.write(" TwentyNine", row: 0, column: 0, style: .bold)
        if !title.isEmpty { buffer.write(" · \(title)", row: 0, column: end) }
        let right = "\(rules)    ? help"
        let rulesColumn = buffer.size.width - right.count - 1
        buffer.write(rules, row: 0, column: rulesColumn, style: .bold)
        if practice {
            buffer.write("Practice", row: 0, column: rulesColumn - 11, style: Style(bold: true, color: .cyan))
        }
        buffer.write("? help", row: 0, column: buffer.size.width - 7, style: .dim)
    }

    /// The last row: the keys that matter in these scopes, from the key table. When they do
    /// not fit, the ones before the last (quit) give way, from the end.
    static func drawHints(for scopes: [KeyScope], glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        var taken: Set<KeyInput> = []
        var hints: [(key: String, hint: String)] = []
        for scope in scopes {
            for binding in KeyTable.bindings(in: scope) {
                defer { taken.formUnion(binding.keys) }
                guard let hint = binding.hint, taken.isDisjoint(with: binding.keys) else { continue }
                hints.append((keyText(String(binding.label.split(separator: " ")[0]), glyphs: glyphs), hint))
            }
        }
        func width() -> Int { hints.reduce(0) { $0 + $1.key.count + $1.hint.count + 3 } }
        // One leading space; the last hint needs no gap after it.
        while hints.count > 1, 1 + width() - 2 > buffer.size.width { hints.remove(at: hints.count - 2) }
        var column = 1
        let row = buffer.size.height - 1
        for (key, hint) in hints {
            column = buffer.write(key, row: row, column: column, style: .bold)
            column = buffer.write(" \(hint)  ", row: row, column: column, style: .dim)
        }
    }

    /// A key label in the glyphs at hand: arrows become words in ASCII.
    static func keyText(_ label: String, glyphs: Glyphs) -> String {
        guard !glyphs.unicode else { return label }
        return label.replacing("←↑↓→", with: "arrows")
            .replacing("↑↓", with: "up/down")
    }

    static func cardText(_ card: Card, glyphs: Glyphs) -> String {
        glyphs.unicode ? card.symbol : card.ascii
    }

    static func cardStyle(_ card: Card, bold: Bool = false) -> Style {
        Style(bold: bold, color: card.suit.isRed ? .red : .normal)
    }

    /// Writes cards separated by spaces, each in its suit's colour; returns the next column.
    @discardableResult
    static func drawCards(_ cards: [Card], row: Int, column: Int, glyphs: Glyphs, bold: Bool = false,
                          into buffer: inout ScreenBuffer) -> Int {
        var col = column
        for (index, card) in cards.enumerated() {
            if index > 0 { col += 1 }
            col = buffer.write(cardText(card, glyphs: glyphs), row: row, column: col,
                               style: cardStyle(card, bold: bold))
        }
        return col
    }

    /// Breaks text into lines of at most `width` characters at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Replaces suit symbols with letters for an ASCII terminal.
    static func plain(_ text: String, glyphs: Glyphs) -> String {
        guard !glyphs.unicode else { return text }
        var result = ""
        for character in text {
            switch character {
            case "♠": result.append("S")
            case "♥": result.append("H")
            case "♦": result.append("D")
            case "♣": result.append("C")
            case "·", "–": result.append("-")
            case "“", "”": result.append("\"")
            default: result.append(character)
            }
        }
        return result
    }
}

/// Shown instead of any scene when the terminal is smaller than the minimum.
enum TooSmallRenderer {
    static func render(size: Size) -> ScreenBuffer {
        var buffer = ScreenBuffer(size: size)
        let needed = Chrome.minimumSize
        let lines = [
            "Terminal too small",
            "needs \(needed.width)x\(needed.height), is \(size.width)x\(size.height)",
            "enlarge it, or q to quit",
        ]
        let top = Swift.max(0, (size.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            buffer.write(line, row: top + offset, column: Swift.max(0, (size.width - line.count) / 2),
                         style: offset == 0 ? .bold : .plain)
        }
        return buffer
    }
}

extension Chrome {
    /// The bottom of a scene with a grid: a notice if there is one, then the typed-entry line
    /// while it is open, and the key hints.
    static func drawFoot(notice: String?, noticeRow: Int, entry: TypedEntry?, prompt: String,
                         hintScopes: [KeyScope], glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        if let notice {
            buffer.write(" " + plain(notice, glyphs: glyphs), row: noticeRow, column: 0,
                         style: Style(bold: true, color: .yellow))
        }
        if let entry {
            drawEntry(entry, prompt: prompt, into: &buffer)
            drawHints(for: [.typing], glyphs: glyphs, into: &buffer)
        } else {
            drawHints(for: hintScopes, glyphs: glyphs, into: &buffer)
        }
    }

    /// The typed-entry line at the bottom, with its error (wrapped, at most two lines) above it.
    static func drawEntry(_ entry: TypedEntry, prompt: String, into buffer: inout ScreenBuffer) {
        let row = buffer.size.height - 2
        if let error = entry.error {
            let lines = wrap(error, width: buffer.size.width - 2).prefix(2)
            for (offset, line) in lines.enumerated() {
                buffer.write(" " + line, row: row - lines.count + offset, column: 0, style: Style(bold: true, color: .red))
            }
        }
        let end = buffer.write(" \(prompt): ", row: row, column: 0, style: .bold)
        let after = buffer.write(entry.text, row: row, column: end)
        buffer.write(" ", row: row, column: after, style: .reverse)
    }
}
