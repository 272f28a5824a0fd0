import Canvas
import CribbageCore

/// What frames every scene: the header row, the footer's key hints, the notice and the
/// typed-entry line.
enum Frame {
    /// Below this size the screens say "Terminal too small" instead.
    static let minimumSize = Size(width: 74, height: 22)

    /// Row 0: the program's name and the scene's, practice mode, what is in force (the rules,
    /// the role), and where help is. The scenes that do not pass their glyphs yet get Unicode.
    static func drawHeader(_ title: String, status: String, practice: Bool, glyphs: Glyphs,
                           into buffer: inout ScreenBuffer) {
        var end = buffer.write(" TwentyNine", row: 0, column: 0, style: .bold)
        if !title.isEmpty { end = buffer.write(" \(glyphs.separator) \(title)", row: 0, column: end) }
        let right = "\(status)    ? help"
        let statusColumn = buffer.size.width - right.displayWidth - 1
        buffer.write(status, row: 0, column: statusColumn, style: .bold)
        if practice {
            // Closer to the status when the title leaves no room.
            buffer.write("Practice", row: 0, column: Swift.max(statusColumn - 11, end + 1),
                         style: Style(bold: true, color: .cyan))
        }
        buffer.write("? help", row: 0, column: buffer.size.width - 7, style: .dim)
    }

    /// The last row: the keys that matter along this scope chain, from the key table. The
    /// scroll keys show only when the view `scrolls` (its content is taller than it). When they
    /// do not fit, the way back and the last (quit) stay, then the others in order while they
    /// fit: a later, shorter one may take the place of a longer one that does not.
    /// `offers` leaves out the hints of keys that do nothing in the scene's state now.
    static func drawHints(for chain: [KeyScope], scrolls: Bool = false, offers: (Action) -> Bool = { _ in true },
                          glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        var taken: Set<KeyInput> = []
        // One hint an action: a scene's own quit key (Q at the table) hides the global q's.
        var hinted: Set<Action> = []
        var hints: [(key: String, hint: String, isBack: Bool)] = []
        // While typing, characters are text: only the typing keys are worth a hint.
        for scope in chain.first == .typing ? [.typing] : chain {
            for command in KeyMap.group(scope).commands {
                defer { taken.formUnion(command.keys) }
                guard let hint = command.hint, taken.isDisjoint(with: command.keys),
                      scrolls || !command.scrolls,
                      command.bindings.contains(where: { offers($0.action) }),
                      !command.bindings.allSatisfy({ hinted.contains($0.action) }) else { continue }
                hinted.formUnion(command.bindings.map(\.action))
                let isBack = command.bindings.contains { $0.action == .backRequested }
                hints.append((command.hintKey(glyphs: glyphs), hint, isBack))
            }
        }
        func width(_ index: Int) -> Int { hints[index].key.displayWidth + hints[index].hint.displayWidth + 3 }
        let kept = hints.indices.filter { hints[$0].isBack || $0 == hints.count - 1 }
        // One leading space; the last hint needs no gap after it.
        var used = 1 - 2 + kept.reduce(0) { $0 + width($1) }
        var shown = Set(kept)
        for index in hints.indices where !shown.contains(index) && used + width(index) <= buffer.size.width {
            shown.insert(index)
            used += width(index)
        }
        hints = hints.indices.filter(shown.contains).map { hints[$0] }
        let row = buffer.size.height - 1
        buffer.write(String(repeating: " ", count: buffer.size.width), row: row, column: 0)
        var column = 1
        for (key, hint, _) in hints {
            column = buffer.write(key, row: row, column: column, style: .bold)
            column = buffer.write(" \(hint)  ", row: row, column: column, style: .dim)
        }
    }

    /// The bottom of a scene with a grid: the notice if there is one, then the typed-entry
    /// line while it is open, and the key hints.
    static func drawFoot(notice: Notice?, noticeRow: Int, entry: TypedEntry?, chain: [KeyScope],
                         offers: (Action) -> Bool = { _ in true }, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        if let notice {
            buffer.write(" " + Wording.text(notice, glyphs: glyphs), row: noticeRow, column: 0,
                         style: Style(bold: true, color: .yellow))
        }
        if let entry { drawEntry(entry, glyphs: glyphs, into: &buffer) }
        drawHints(for: chain, offers: offers, glyphs: glyphs, into: &buffer)
    }

    /// The typed-entry line at the bottom, with its error (wrapped, at most two lines) above it.
    static func drawEntry(_ entry: TypedEntry, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let row = buffer.size.height - 2
        if let error = entry.error {
            let lines = Wording.text(error, glyphs: glyphs).wrapped(width: buffer.size.width - 2).prefix(2)
            for (offset, line) in lines.enumerated() {
                buffer.write(" " + line, row: row - lines.count + offset, column: 0, style: Style(bold: true, color: .red))
            }
        }
        let end = buffer.write(" \(entry.target.prompt): ", row: row, column: 0, style: .bold)
        let shown = visibleTail(of: entry.text, width: buffer.size.width - end - 1, glyphs: glyphs)
        let after = buffer.write(shown, row: row, column: end)
        buffer.write(" ", row: row, column: after, style: .reverse)
    }

    /// The end of the text that fits in `width` cells, measured by display width; when the
    /// start is cut off, a mark says so. The line scrolls as the text grows past the screen.
    /// Each character is measured once, from the end, and no further than the width.
    static func visibleTail(of text: String, width: Int, glyphs: Glyphs) -> String {
        let mark = glyphs.unicode ? "…" : "<"
        let room = width - mark.displayWidth
        var used = 0
        var start = text.endIndex
        var tail = text.endIndex
        while start > text.startIndex {
            let before = text.index(before: start)
            used += text[before].displayWidth
            if used > width { return mark + text[tail...] }
            start = before
            if used <= room { tail = start }
        }
        return text
    }
}

/// Cards as the screens write them: `5♥` (or `5H` in ASCII), red suits in red.
enum CardText {
    static func text(_ card: Card, glyphs: Glyphs) -> String {
        glyphs.unicode ? card.symbol : card.ascii
    }

    static func style(_ card: Card, bold: Bool = false) -> Style {
        Style(bold: bold, color: card.suit.isRed ? .red : .normal)
    }

    /// Writes cards separated by spaces, each in its suit's colour (those in `rankOnly`, laid by
    /// rank with their suits unsaid, as their rank alone); returns the next column.
    @discardableResult
    static func draw(_ cards: [Card], row: Int, column: Int, glyphs: Glyphs, bold: Bool = false,
                     rankOnly: Set<Card> = [], into buffer: inout ScreenBuffer) -> Int {
        var col = column
        for (index, card) in cards.enumerated() {
            if index > 0 { col += 1 }
            col = rankOnly.contains(card)
                ? buffer.write(card.rank.notation, row: row, column: col, style: Style(bold: bold))
                : buffer.write(text(card, glyphs: glyphs), row: row, column: col, style: style(card, bold: bold))
        }
        return col
    }

    /// Cards as one string: "5♥ 5♣ 5♠ J♦".
    static func list(_ cards: [Card], glyphs: Glyphs) -> String {
        cards.map { text($0, glyphs: glyphs) }.joined(separator: " ")
    }
}

extension String {
    /// The text with spaces before it, to `width` characters.
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }

    /// The text with spaces after it, to `width` cells.
    func padded(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - displayWidth)) }

    /// The text cut to at most `width` cells, ending in an ellipsis ("…", or "..." in ASCII)
    /// when cut.
    /// Each character is measured once, and none past the width.
    func clipped(to width: Int, glyphs: Glyphs = .unicode) -> String {
        let room = width - glyphs.ellipsis.displayWidth
        var used = 0
        var cut = startIndex
        for index in indices {
            used += self[index].displayWidth
            if used > width { return self[..<cut] + glyphs.ellipsis }
            if used <= room { cut = self.index(after: index) }
        }
        return self
    }

    /// Breaks the text into lines of at most `width` cells, at spaces.
    func wrapped(width: Int) -> [String] {
        var lines: [String] = []
        var line = "", used = 0
        for word in split(separator: " ") {
            let wide = word.displayWidth
            if line.isEmpty {
                (line, used) = (String(word), wide)
            } else if used + 1 + wide <= width {
                line += " " + word
                used += 1 + wide
            } else {
                lines.append(line)
                (line, used) = (String(word), wide)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

/// Shown instead of any scene when the terminal is smaller than the minimum.
enum TooSmallRenderer {
    static func render(size: Size) -> ScreenBuffer {
        var buffer = ScreenBuffer(size: size)
        let needed = Frame.minimumSize
        let lines = [
            "Terminal too small",
            "needs \(needed.width)x\(needed.height), is \(size.width)x\(size.height)",
            "enlarge it, or \(KeyMap.key(for: .quitRequested, in: [.global])) to quit",
        ]
        let top = Swift.max(0, (size.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            buffer.write(line, row: top + offset, column: Swift.max(0, (size.width - line.count) / 2),
                         style: offset == 0 ? .bold : .plain)
        }
        return buffer
    }
}
