import Canvas
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

        CardGrid.draw(model.grid, glyphs: glyphs, into: &buffer)

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
        Chrome.drawFoot(notice: model.notice, noticeRow: Layout.noticeRow, entry: model.entry,
                        prompt: "Cards, cut first", hintScopes: model.hintScopes, glyphs: glyphs, into: &buffer)
    }
}
