import Canvas
import CribbageCore

/// The 4 × 13 card grid that Hand Selection and the Discard Advisor share: where its cells
/// are (on the 80×24 design, moved by the placement), for drawing and for mouse hits, and how a
/// card on it stands.
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
        /// Out of the deck: thrown to the crib.
        let isThrown: Bool
    }

    /// Four suit rows (♠ ♥ ♦ ♣) of thirteen cards (A … K).
    static func cells(cursor: GridPosition, cut: Card?, thrown: [Card] = [], chosen: (Card) -> Bool) -> [[Cell]] {
        Suit.allCases.map { suit in
            Rank.allCases.map { rank in
                let card = Card(rank, suit)
                return Cell(card: card, isCursor: cursor.card == card, isCut: cut == card, isChosen: chosen(card),
                            isThrown: thrown.contains(card))
            }
        }
    }

    static func column(of rankIndex: Int) -> Int { firstCardColumn + rankIndex * cardPitch }

    /// The card drawn at a screen cell, if any.
    static func card(atRow row: Int, column: Int, placement: Placement) -> Card? {
        let gridRow = row - placement.row - firstRow
        let offset = column - placement.column - firstCardColumn
        guard (0..<GridPosition.rows).contains(gridRow), offset >= 0, offset % cardPitch < 4 else { return nil }
        let gridColumn = offset / cardPitch
        guard gridColumn < GridPosition.columns else { return nil }
        return GridPosition(row: gridRow, column: gridColumn).card
    }

    static func draw(_ grid: [[Cell]], placement: Placement, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let (top, left) = (placement.row, placement.column)
        for rank in Rank.allCases {
            let notation = rank.notation
            buffer.write(notation, row: top + rankHeaderRow,
                         column: left + column(of: rank.order - 1) + 2 - notation.count, style: .dim)
        }
        for (rowIndex, row) in grid.enumerated() {
            let y = top + firstRow + rowIndex
            let suit = Suit.allCases[rowIndex]
            buffer.write(glyphs.unicode ? String(suit.symbol) : String(suit.letter), row: y, column: left + 2,
                         style: Style(bold: true, color: suit.isRed ? .red : .normal))
            for cell in row {
                drawCell(cell, row: y, left: left, glyphs: glyphs, into: &buffer)
            }
        }
    }

    /// The mark beside the cut: `C`, or `^` in ASCII, where `C` would read as clubs (`5CC`).
    static func cutMark(_ glyphs: Glyphs) -> String { glyphs.unicode ? "C" : "^" }

    /// One card: rank right-aligned in two cells, the suit, and a mark (the cut mark, * for a
    /// chosen card, x for one thrown to the crib); the cursor in reverse video, chosen cards bold.
    private static func drawCell(_ cell: Cell, row: Int, left: Int, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let card = cell.card
        let mark = cell.isCut ? cutMark(glyphs) : cell.isChosen ? "*" : cell.isThrown ? "x" : " "
        let notation = card.rank.notation
        let text = String(repeating: " ", count: 2 - notation.count) + notation
            + (glyphs.unicode ? String(card.suit.symbol) : String(card.suit.letter)) + mark
        var style = cell.isThrown ? Style.dim : CardText.style(card, bold: cell.isCut || cell.isChosen)
        style.reverse = cell.isCursor
        buffer.write(text, row: row, column: left + column(of: card.rank.order - 1), style: style)
    }
}
