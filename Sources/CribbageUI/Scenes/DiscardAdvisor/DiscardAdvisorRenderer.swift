import Canvas
import CribbageCore

/// Where the Discard Advisor puts things: the dealt row, and the table of keeps; the mouse
/// hits the keeps here too.
enum DiscardAdvisorLayout {
    static let dealtRow = 8
    static let instructionRow = 10
    static let noticeRow = 13
    static let tableTop = 3

    /// The keep drawn on a screen row, by its place in the table.
    static func keep(atRow row: Int, size: Size) -> Int? {
        let index = row - tableTop - 1
        return index >= 0 && index < 15 && row < size.height - 3 ? index : nil
    }
    /// Right edges of the number columns, and where the card columns start.
    static let columns = (keep: 3, discard: 21, hand: 35, minimum: 40, maximum: 45, crib: 53, peg: 61, net: 69)
}

/// Draws the Discard Advisor: the grid while dealing, then the table of keeps.
enum DiscardAdvisorRenderer {
    static func render(_ model: DiscardAdvisorViewModel, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        typealias Layout = DiscardAdvisorLayout
        Frame.drawHeader(Scene.discardAdvisor.title, status: model.roleLabel, practice: model.isPractice,
                         glyphs: glyphs, into: &buffer)
        let instructionRow = buffer.size.height - 3
        let placement = Placement(size: buffer.size)
        if let grid = model.grid {
            CardGrid.draw(grid, placement: placement, glyphs: glyphs, into: &buffer)
            drawDealt(model.picks, row: placement.row + Layout.dealtRow, column: placement.column, glyphs: glyphs,
                      into: &buffer)
            buffer.write(" " + model.instruction, row: placement.row + Layout.instructionRow, column: placement.column)
        } else {
            let end = drawDealt(model.picks, row: 1, column: 0, glyphs: glyphs, into: &buffer)
            buffer.write("   " + model.roleExplanation(glyphs: glyphs), row: 1, column: end, style: .dim)
            var notes = model.why.map { [$0] } ?? []
            if let best = model.bestWithoutThePlay {
                notes.append("the play changes the best keep: hand and crib alone rank "
                             + best.map { CardText.text($0, glyphs: glyphs) }.joined(separator: " ") + " first")
            }
            // The mark's legend after the advice when both fit, else the advice alone.
            if let legend = model.markLegend,
               notes.isEmpty || (notes + [legend]).joined(separator: "  \(glyphs.separator)  ").count + Layout.columns.keep <= buffer.size.width {
                notes.append(legend)
            }
            if !notes.isEmpty {
                // Moved left as far as the indent when the line is a little too long for it.
                let line = notes.joined(separator: "  \(glyphs.separator)  ")
                buffer.write(line, row: Layout.tableTop - 1,
                             column: min(Layout.columns.keep, max(0, buffer.size.width - line.count)), style: .dim)
            }
            drawTable(model.rows, glyphs: glyphs, into: &buffer)
            buffer.write(" " + model.instruction, row: instructionRow, column: 0)
        }
        // Below the grid while dealing; over the instruction line once the keeps fill the screen.
        let noticeRow = model.grid == nil ? instructionRow : placement.row + Layout.noticeRow
        Frame.drawFoot(notice: model.notice, noticeRow: noticeRow, entry: model.entry, chain: model.chain,
                       glyphs: glyphs, into: &buffer)
    }

    @discardableResult
    private static func drawDealt(_ picks: [Card], row: Int, column: Int, glyphs: Glyphs,
                                  into buffer: inout ScreenBuffer) -> Int {
        var column = buffer.write(" Dealt  ", row: row, column: column, style: .bold)
        column = CardText.draw(picks, row: row, column: column, glyphs: glyphs, into: &buffer)
        for index in picks.count..<6 {
            column = buffer.write(index == 0 ? "__" : " __", row: row, column: column, style: .dim)
        }
        return column
    }

    private static func drawTable(_ rows: [DiscardAdvisorViewModel.Row], glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let c = DiscardAdvisorLayout.columns
        let header = DiscardAdvisorLayout.tableTop
        buffer.write("Keep", row: header, column: c.keep, style: .bold)
        buffer.write("Discard", row: header, column: c.discard, style: .bold)
        let hasPeg = rows.first?.peg != nil
        // Ranked by the chance to win, the chance takes the place of the hand's least and most.
        let byChance = rows.first?.win != nil
        let spread = byChance ? [("Win", c.maximum)] : [("min", c.minimum), ("max", c.maximum)]
        for (title, end) in [("Hand", c.hand)] + spread + [("Crib", c.crib)]
            + (hasPeg ? [("Peg", c.peg)] : []) + [("Net", c.net)] {
            buffer.write(title, row: header, column: end - title.count, style: .bold)
        }
        for (offset, row) in rows.enumerated() {
            let y = header + 1 + offset
            guard y < buffer.size.height - 3 else { break }
            if row.isHighlighted {
                buffer.write(">", row: y, column: 1, style: .bold)
            }
            CardText.draw(row.keep, row: y, column: c.keep, glyphs: glyphs, bold: row.isHighlighted, into: &buffer)
            CardText.draw(row.discard, row: y, column: c.discard, glyphs: glyphs, into: &buffer)
            let spread = row.win.map { [($0, c.maximum)] } ?? [(String(row.minimum), c.minimum), (String(row.maximum), c.maximum)]
            for (text, end) in [(row.handMean, c.hand)] + spread + [(row.cribMean, c.crib), (row.peg ?? "", c.peg), (row.net, c.net)] {
                buffer.write(text, row: y, column: end - text.count, style: row.isHighlighted ? .bold : .plain)
            }
            if row.isBestUnderOtherModel || row.isBestByPoints {
                buffer.write(row.isBestByPoints ? DiscardAdvisorViewModel.pointsMark : DiscardAdvisorViewModel.mark,
                             row: y, column: c.keep - 1, style: .bold)
            }
            if row.isHighlighted {
                buffer.restyle(row: y, columns: 0..<(c.net + 1)) { $0.reverse = true }
            }
        }
    }
}
