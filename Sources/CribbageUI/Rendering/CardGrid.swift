import Canvas
import CribbageCore

/// The 4 × 13 card grid that Hand Selection and the Discard Advisor share.
enum CardGrid {
    static func draw(_ grid: [[HandSelectionViewModel.CardCell]], glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        typealias Layout = HandSelectionLayout
        for rank in Rank.allCases {
            let notation = rank.notation
            buffer.write(notation, row: Layout.rankHeaderRow,
                         column: Layout.column(of: rank.order - 1) + 2 - notation.count, style: .dim)
        }
        for (rowIndex, row) in grid.enumerated() {
            let y = Layout.firstGridRow + rowIndex
            let suit = Suit.allCases[rowIndex]
            buffer.write(glyphs.unicode ? String(suit.symbol) : String(suit.letter), row: y, column: 2,
                         style: Style(bold: true, color: suit.isRed ? .red : .normal))
            for cell in row {
                drawCell(cell, row: y, glyphs: glyphs, into: &buffer)
            }
        }
    }

    /// One card: rank right-aligned in two cells, the suit, and a mark (C for the cut, * for a
    /// chosen card); the cursor in reverse video, chosen cards bold.
    private static func drawCell(_ cell: HandSelectionViewModel.CardCell, row: Int, glyphs: Glyphs,
                                 into buffer: inout ScreenBuffer) {
        let card = cell.card
        let mark = cell.isCut ? "C" : cell.isInHand ? "*" : " "
        let notation = card.rank.notation
        let text = String(repeating: " ", count: 2 - notation.count) + notation
            + (glyphs.unicode ? String(card.suit.symbol) : String(card.suit.letter)) + mark
        var style = Chrome.cardStyle(card, bold: cell.isCut || cell.isInHand)
        style.reverse = cell.isCursor
        buffer.write(text, row: row, column: HandSelectionLayout.column(of: card.rank.order - 1), style: style)
    }
}
