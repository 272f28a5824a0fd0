/// Draws the help overlay, a box listing the key table, over whatever is beneath.
enum HelpRenderer {
    static func render(_ model: HelpViewModel, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let keysWidth = model.lines.map(\.keys.count).max() ?? 0
        let summaryWidth = model.lines.map(\.summary.count).max() ?? 0
        let innerWidth = Swift.min(buffer.size.width - 4, keysWidth + 3 + summaryWidth)
        let height = model.lines.count + 2
        let left = Swift.max(0, (buffer.size.width - innerWidth - 4) / 2)
        let top = Swift.max(0, (buffer.size.height - height) / 2)

        let horizontal = String(repeating: glyphs.horizontal, count: innerWidth + 2)
        let corners: (String, String, String, String) = glyphs.unicode ? ("┌", "┐", "└", "┘") : ("+", "+", "+", "+")
        buffer.write(corners.0 + horizontal + corners.1, row: top, column: left)
        let title = " Keys "
        buffer.write(title, row: top, column: left + (innerWidth + 4 - title.count) / 2, style: .bold)
        let rows = model.lines.map { (Chrome.keyText($0.keys, glyphs: glyphs), $0.summary) }
        for (offset, line) in rows.enumerated() {
            let row = top + 1 + offset
            let blank = String(repeating: " ", count: innerWidth + 2)
            buffer.write(String(glyphs.vertical) + blank + String(glyphs.vertical), row: row, column: left)
            let keys = line.0.padding(toLength: keysWidth)
            buffer.write(keys, row: row, column: left + 2, style: .bold)
            buffer.write(line.1, row: row, column: left + 2 + keysWidth + 3)
        }
        buffer.write(corners.2 + horizontal + corners.3, row: top + height - 1, column: left)
        let footer = " esc or ? to close "
        buffer.write(footer, row: top + height - 1, column: left + (innerWidth + 4 - footer.count) / 2, style: .dim)
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
