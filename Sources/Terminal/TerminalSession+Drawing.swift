import CNCurses
import Canvas

extension TerminalSession {
    /// Shows a frame: every cell goes to the screen and ncurses sends only what changed. A frame
    /// larger than the terminal is clipped; the rest of a larger terminal is blank. A wide
    /// character is drawn once, over its continuation cell; one that would not fit whole at the
    /// right edge is left out.
    public func draw(_ buffer: ScreenBuffer) {
        let window = cncurses_stdscr()
        let height = Int(cncurses_getmaxy(window)), width = Int(cncurses_getmaxx(window))
        let rows = min(buffer.size.height, height), columns = min(buffer.size.width, width)
        werase(window)
        var wide = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
        var cell = cchar_t()
        for row in 0..<rows {
            var column = 0
            while column < columns {
                let source = buffer[row, column]
                let cells = source.character.displayWidth == 2 ? 2 : 1
                defer { column += cells }
                // werase left a blank; a stray continuation cell stays blank too.
                if source.isContinuation || (source.character == " " && source.style == .plain) { continue }
                guard column + cells <= columns else { continue }
                fill(&wide, with: source.character)
                setcchar(&cell, wide, attributes(source.style), colors ? source.style.color.pair : 0, nil)
                if row == height - 1 && column + cells >= width {
                    // Adding at the bottom-right corner would move the cursor off the screen;
                    // inserting leaves it in place.
                    mvwins_wch(window, Int32(row), Int32(column), &cell)
                } else {
                    mvwadd_wch(window, Int32(row), Int32(column), &cell)
                }
            }
        }
        wrefresh(window)
    }

    /// One spacing character and its combining marks, zero-terminated; a control character
    /// becomes `?` so that it cannot move the cursor.
    private func fill(_ wide: inout [wchar_t], with character: Character) {
        var count = 0
        for scalar in character.unicodeScalars where count < wide.count - 1 {
            let value = scalar.value
            let printable = value >= 0x20 && !(0x7F..<0xA0).contains(value)
            wide[count] = wchar_t(bitPattern: printable ? value : UInt32(UInt8(ascii: "?")))
            count += 1
            if !printable { break }
        }
        wide[count] = 0
    }

    private func attributes(_ style: Style) -> attr_t {
        var attributes = cncurses_a_normal()
        if style.bold { attributes |= cncurses_a_bold() }
        if style.reverse { attributes |= cncurses_a_reverse() }
        if style.underline { attributes |= cncurses_a_underline() }
        if style.dim { attributes |= cncurses_a_dim() }
        return attributes
    }
}
