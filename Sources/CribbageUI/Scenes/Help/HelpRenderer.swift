import Canvas

/// Where the help box goes: centred, as tall as the key table or the screen allows.
struct HelpLayout {
    let lines: Int
    let size: Size

    /// Key table lines visible at once inside the box.
    var visibleLines: Int { Swift.max(1, Swift.min(lines, size.height - 4)) }
    var maximumScroll: Int { Swift.max(0, lines - visibleLines) }
}

/// Draws the help overlay, a box listing the key table, over whatever is beneath; it scrolls
/// when the table is taller than the screen.
enum HelpRenderer {
    static func render(_ model: HelpViewModel, scroll: Int, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let layout = HelpLayout(lines: model.lines.count, size: buffer.size)
        let bindings = model.lines.compactMap { line -> (keys: String, summary: String)? in
            if case .binding(let keys, let summary) = line { return (keys, summary) }
            return nil
        }
        let keysWidth = bindings.map(\.keys.displayWidth).max() ?? 0
        let summaryWidth = bindings.map(\.summary.displayWidth).max() ?? 0
        let introWidth = model.lines.map { if case .intro(let text) = $0 { text.displayWidth } else { 0 } }.max() ?? 0
        let innerWidth = Swift.min(buffer.size.width - 4, Swift.max(2 + keysWidth + 3 + summaryWidth, introWidth))
        let height = layout.visibleLines + 2
        let left = Swift.max(0, (buffer.size.width - innerWidth - 4) / 2)
        let top = Swift.max(0, (buffer.size.height - height) / 2)

        // The box's rows are its own across the screen: no end of a line beneath shows beside it.
        let blankRow = String(repeating: " ", count: buffer.size.width)
        for row in top..<Swift.min(buffer.size.height - 1, top + height) {
            buffer.write(blankRow, row: row, column: 0)
        }
        let horizontal = String(repeating: glyphs.horizontal, count: innerWidth + 2)
        let corners = glyphs.corners
        buffer.write("\(corners.0)\(horizontal)\(corners.1)", row: top, column: left)
        let title = " \(Scene.help.title) "
        buffer.write(title, row: top, column: left + (innerWidth + 4 - title.count) / 2, style: .bold)
        let visible = model.lines.dropFirst(scroll).prefix(layout.visibleLines)
        for (offset, line) in visible.enumerated() {
            let row = top + 1 + offset
            let blank = String(repeating: " ", count: innerWidth + 2)
            buffer.write(String(glyphs.vertical) + blank + String(glyphs.vertical), row: row, column: left)
            switch line {
            case .intro(let text):
                buffer.write(text.clipped(to: innerWidth, glyphs: glyphs), row: row, column: left + 2)
            case .heading(let title):
                buffer.write(title, row: row, column: left + 2, style: Style(underline: true))
            case .binding(let keys, let summary):
                buffer.write(keys, row: row, column: left + 4, style: .bold)
                let column = left + 4 + keysWidth + 3
                buffer.write(summary.clipped(to: left + innerWidth + 2 - column, glyphs: glyphs), row: row, column: column)
            }
        }
        buffer.write("\(corners.2)\(horizontal)\(corners.3)", row: top + height - 1, column: left)
        let more = scroll < layout.maximumScroll ? " \(glyphs.downArrow) more " : ""
        let close = KeyMap.keys(for: .helpToggled, in: [.help]).reversed() + [KeyMap.key(for: .helpToggled, in: [.global])]
        let footer = " \(close.dropLast().joined(separator: ", ")) or \(close.last!) to close \(more)"
        buffer.write(footer, row: top + height - 1, column: left + (innerWidth + 4 - footer.count) / 2, style: .dim)
        if scroll > 0 {
            buffer.write(" \(glyphs.upArrow) more ", row: top, column: left + innerWidth - 6, style: .dim)
        }
        // The keys go to the help now: its hints replace the scene's.
        Frame.drawHints(for: model.chain, scrolls: layout.maximumScroll > 0, glyphs: glyphs, into: &buffer)
    }
}
