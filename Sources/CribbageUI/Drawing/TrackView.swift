import Canvas

/// A side's street on a cribbage board, as the Board and the table draw it: 60 holes a row (one
/// row for a game to 61, two for 121), a start hole before them, the skunk lines across, the game
/// hole at the end, and the side's two pegs, the front one at its score and the back one where
/// it stood before.
///
/// Two forms: the Board's spreads the holes in groups of five with a line in the gap before a
/// group, 74 columns; the compact one (the table's) sets the holes side by side, alternate groups
/// dim, with a column for each line inside a row, 63 columns for 121, so that a label fits before it.
struct TrackView {
    enum Form {
        case spread, compact
    }

    static let holesPerRow = 60
    /// Each side's colour, in the order of the sides.
    static let colors: [Style.Color] = [.red, .blue, .green]
    /// The Board's street: a start column, a gap, the holes with a gap every five, the game hole.
    static let spreadWidth = 2 + holesPerRow + holesPerRow / 5 - 1 + 1

    let target: Int
    /// The holes marked as skunk lines.
    let skunkLines: [Int]
    let form: Form
    let glyphs: Glyphs

    /// Rows of holes: two for 121, one for 61.
    var holeRows: Int { (target - 1) / Self.holesPerRow }

    /// The columns a street takes.
    var width: Int {
        switch form {
        case .spread: Self.spreadWidth
        case .compact: 1 + Self.holesPerRow + gaps.count + 1
        }
    }

    /// In the compact form, the places in a row (0 to 59) before which a column is left for a
    /// line: each line's place, but where it falls on a row's first hole (the start column takes it).
    private var gaps: [Int] {
        Set(skunkLines.map { ($0 - 1) % Self.holesPerRow }).filter { $0 > 0 }.sorted()
    }

    private var marks: (hole: String, front: String, back: String, line: String, game: String) {
        glyphs.unicode ? ("·", "●", "○", "┆", "◎") : (".", "O", "o", "|", "*")
    }

    /// The row (from 0) and column (from the street's start) of a hole, 1 to target - 1.
    func place(hole: Int) -> (row: Int, column: Int) {
        let index = (hole - 1) % Self.holesPerRow
        let row = (hole - 1) / Self.holesPerRow
        switch form {
        case .spread: return (row, 2 + index + index / 5)
        case .compact: return (row, 1 + index + gaps.count { $0 <= index })
        }
    }

    /// Where a peg at `score` stands: the start hole, a hole, or the game hole.
    func place(score: Int) -> (row: Int, column: Int) {
        if score <= 0 { return (0, 0) }
        if score >= target { return (holeRows - 1, width - 1) }
        return place(hole: score)
    }

    /// Draws a street with its top row at `row` and its start column at `column`: the holes, the
    /// lines, the game hole, then the back peg and the front one in `color`.
    func draw(front: Int, back: Int, color: Style.Color, row: Int, column: Int, into buffer: inout ScreenBuffer) {
        let marks = marks
        for hole in 1..<(holeRows * Self.holesPerRow + 1) {
            let place = place(hole: hole)
            // The compact street tells its groups of five apart by style, having no gaps.
            let plain = form == .compact && ((hole - 1) % Self.holesPerRow / 5) % 2 == 1
            buffer.write(marks.hole, row: row + place.row, column: column + place.column, style: plain ? Style() : .dim)
        }
        for line in skunkLines where line < target {
            let place = place(hole: line)
            buffer.write(marks.line, row: row + place.row, column: column + place.column - 1, style: .bold)
        }
        buffer.write(marks.game, row: row + holeRows - 1, column: column + width - 1, style: .bold)
        for (score, glyph, bold) in [(back, marks.back, false), (front, marks.front, true)] {
            let place = place(score: score)
            buffer.write(glyph, row: row + place.row, column: column + place.column, style: Style(bold: bold, color: color))
        }
    }
}
