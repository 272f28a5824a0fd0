import Canvas
import CribbageCore

/// The 4 × 13 card grid that Hand Selection and the Discard Advisor share: where its cells
/// are, for drawing and for mouse hits, and how a card on it stands.
enum CardGrid {
    static let rankHeaderRow = 2
    static let firstRow = 3
    static let firstCardColumn = 5
    /// Each card takes four cells (rank, suit, mark) and a gap.
    static let cardPitch = 5

    /// One card on the grid and how it stands.
    struct Cell: Hashable, Sendable {
        let card: Card
        let isCursor: Bool
        let isCut: Bool
        let isChosen: Bool
    }

    /// Four suit rows (♠ ♥ ♦ ♣) of thirteen cards (A … K).
    static func cells(cursor: GridPosition, cut: Card?, chosen: (Card) -> Bool) -> [[Cell]] {
        Suit.allCases.map { suit in
            Rank.allCases.map { rank in
                let card = Card(rank, suit)
                return Cell(card: card, isCursor: cursor.card == card, isCut: cut == card, isChosen: chosen(card))
            }
        }
    }

    static func column(of rankIndex: Int) -> Int { firstCardColumn + rankIndex * cardPitch }

    /// The card drawn at a screen cell, if any.
    static func card(atRow row: Int, column: Int) -> Card? {
        let gridRow = row - firstRow
        let offset = column - firstCardColumn
        guard (0..<GridPosition.rows).contains(gridRow), offset >= 0, offset % cardPitch < 4 else { return nil }
        let gridColumn = offset / cardPitch
        guard gridColumn < GridPosition.columns else { return nil }
        return GridPosition(row: gridRow, column: gridColumn).card
    }

    static func draw(_ grid: [[Cell]], glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        for rank in Rank.allCases {
            let notation = rank.notation
            buffer.write(notation, row: rankHeaderRow, column: column(of: rank.order - 1) + 2 - notation.count, style: .dim)
        }
        for (rowIndex, row) in grid.enumerated() {
            let y = firstRow + rowIndex
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
    private static func drawCell(_ cell: Cell, row: Int, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let card = cell.card
        let mark = cell.isCut ? "C" : cell.isChosen ? "*" : " "
        let notation = card.rank.notation
        let text = String(repeating: " ", count: 2 - notation.count) + notation
            + (glyphs.unicode ? String(card.suit.symbol) : String(card.suit.letter)) + mark
        var style = CardText.style(card, bold: cell.isCut || cell.isChosen)
        style.reverse = cell.isCursor
        buffer.write(text, row: row, column: column(of: card.rank.order - 1), style: style)
    }
}
