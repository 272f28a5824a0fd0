import CribbageCore

/// Where Hand Selection puts things: the grid's cells, for drawing and for mouse hits.
enum HandSelectionLayout {
    static let rankHeaderRow = 2
    static let firstGridRow = 3
    static let firstCardColumn = 5
    /// Each card takes four cells (rank, suit, mark) and a gap.
    static let cardPitch = 5
    static let cutAndHandRow = 8
    static let instructionRow = 10
    static let verdictRow = 11
    static let noteRow = 12
    static let noticeRow = 13

    static func column(of rankIndex: Int) -> Int { firstCardColumn + rankIndex * cardPitch }

    /// The card drawn at a screen cell, if any.
    static func card(atRow row: Int, column: Int) -> Card? {
        let gridRow = row - firstGridRow
        let offset = column - firstCardColumn
        guard (0..<GridPosition.rows).contains(gridRow), offset >= 0, offset % cardPitch < 4 else { return nil }
        let gridColumn = offset / cardPitch
        guard gridColumn < GridPosition.columns else { return nil }
        return GridPosition(row: gridRow, column: gridColumn).card
    }
}

/// Draws Hand Selection into a buffer.
enum HandSelectionRenderer {
    static func render(_ model: HandSelectionViewModel, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        typealias Layout = HandSelectionLayout
        Chrome.drawHeader("", rules: model.rulesLabel, practice: model.isPractice, into: &buffer)

        for rank in Rank.allCases {
            let notation = rank.notation
            buffer.write(notation, row: Layout.rankHeaderRow,
                         column: Layout.column(of: rank.order - 1) + 2 - notation.count, style: .dim)
        }
        for (rowIndex, row) in model.grid.enumerated() {
            let y = Layout.firstGridRow + rowIndex
            let suit = Suit.allCases[rowIndex]
            buffer.write(glyphs.unicode ? String(suit.symbol) : String(suit.letter), row: y, column: 2,
                         style: Style(bold: true, color: suit.isRed ? .red : .normal))
            for cell in row {
                drawCell(cell, row: y, glyphs: glyphs, into: &buffer)
            }
        }

        var column = buffer.write(" Cut  ", row: Layout.cutAndHandRow, column: 0, style: .bold)
        if let cut = model.cut {
            column = Chrome.drawCards([cut], row: Layout.cutAndHandRow, column: column, glyphs: glyphs, into: &buffer)
            column = buffer.write(" C", row: Layout.cutAndHandRow, column: column, style: .dim)
        } else {
            column = buffer.write("__", row: Layout.cutAndHandRow, column: column, style: .dim)
        }
        column = buffer.write("      Hand  ", row: Layout.cutAndHandRow, column: Swift.max(column, 12), style: .bold)
        column = Chrome.drawCards(model.hand, row: Layout.cutAndHandRow, column: column, glyphs: glyphs, into: &buffer)
        for index in model.hand.count..<4 {
            column = buffer.write(index == 0 ? "__" : " __", row: Layout.cutAndHandRow, column: column, style: .dim)
        }

        if let answer = model.answer {
            var column = buffer.write(" Your count? ", row: Layout.instructionRow, column: 0, style: .bold)
            column = buffer.write(answer, row: Layout.instructionRow, column: column)
            buffer.write(" ", row: Layout.instructionRow, column: column, style: .reverse)
        } else {
            let column = buffer.write(" " + model.instruction, row: Layout.instructionRow, column: 0,
                                      style: model.isCounted ? .bold : .plain)
            if let standing = model.standing {
                buffer.write("   " + standing, row: Layout.instructionRow, column: column, style: .dim)
            }
        }
        if let verdict = model.verdict {
            buffer.write(" " + verdict, row: Layout.verdictRow, column: 0,
                         style: Style(bold: true, color: model.verdictIsRight ? .green : .red))
        }
        if let note = model.note {
            buffer.write(" " + Chrome.plain(note, glyphs: glyphs), row: Layout.noteRow, column: 0, style: .dim)
        }
        if let notice = model.notice {
            buffer.write(" " + Chrome.plain(notice, glyphs: glyphs), row: Layout.noticeRow, column: 0,
                         style: Style(bold: true, color: .yellow))
        }
        if let entry = model.entry {
            drawEntry(entry, into: &buffer)
            Chrome.drawHints(for: [.typing], glyphs: glyphs, into: &buffer)
        } else {
            Chrome.drawHints(for: model.hintScopes, glyphs: glyphs, into: &buffer)
        }
    }

    /// One card: rank right-aligned in two cells, the suit, and a mark (C for the cut, * for a
    /// hand card); the cursor in reverse video, selected cards bold.
    private static func drawCell(_ cell: HandSelectionViewModel.CardCell, row: Int, glyphs: Glyphs,
                                 into buffer: inout ScreenBuffer) {
        let card = cell.card
        let mark = cell.isCut ? "C" : cell.isInHand ? "*" : " "
        let notation = card.rank.notation
        let text = String(repeating: " ", count: 2 - notation.count) + notation
            + (glyphs.unicode ? String(card.suit.symbol) : String(card.suit.letter)) + mark
        let selected = cell.isCut || cell.isInHand
        var style = Chrome.cardStyle(card, bold: selected)
        style.reverse = cell.isCursor
        buffer.write(text, row: row, column: HandSelectionLayout.column(of: card.rank.order - 1), style: style)
    }

    private static func drawEntry(_ entry: TypedEntry, into buffer: inout ScreenBuffer) {
        let row = buffer.size.height - 2
        if let error = entry.error {
            let lines = Chrome.wrap(error, width: buffer.size.width - 2).prefix(2)
            for (offset, line) in lines.enumerated() {
                buffer.write(" " + line, row: row - lines.count + offset, column: 0, style: Style(bold: true, color: .red))
            }
        }
        let end = buffer.write(" Cards, cut first: ", row: row, column: 0, style: .bold)
        let after = buffer.write(entry.text, row: row, column: end)
        buffer.write(" ", row: row, column: after, style: .reverse)
    }
}
