import Canvas
import CribbageCore

/// Where Hand Selection puts what is not the grid.
enum HandSelectionLayout {
    static let cutAndHandRow = 8
    static let instructionRow = 10
    static let verdictRow = 11
    static let noteRow = 12
    static let noticeRow = 13
}

/// Draws Hand Selection into a buffer.
enum HandSelectionRenderer {
    static func render(_ model: HandSelectionViewModel, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        typealias Layout = HandSelectionLayout
        Frame.drawHeader("", status: Wording.label(model.rules), practice: model.isPractice, into: &buffer)

        CardGrid.draw(model.grid, glyphs: glyphs, into: &buffer)

        var column = buffer.write(" Cut  ", row: Layout.cutAndHandRow, column: 0, style: .bold)
        if let cut = model.cut {
            column = CardText.draw([cut], row: Layout.cutAndHandRow, column: column, glyphs: glyphs, into: &buffer)
            column = buffer.write(" C", row: Layout.cutAndHandRow, column: column, style: .dim)
        } else {
            column = buffer.write("__", row: Layout.cutAndHandRow, column: column, style: .dim)
        }
        column = buffer.write("      Hand  ", row: Layout.cutAndHandRow, column: Swift.max(column, 12), style: .bold)
        column = CardText.draw(model.hand, row: Layout.cutAndHandRow, column: column, glyphs: glyphs, into: &buffer)
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
        if let cut = model.hisHeels {
            buffer.write(" " + Wording.hisHeels(cut, glyphs: glyphs), row: Layout.noteRow, column: 0, style: .dim)
        }
        Frame.drawFoot(notice: model.notice, noticeRow: Layout.noticeRow, entry: model.entry, chain: model.chain,
                       glyphs: glyphs, into: &buffer)
    }
}
