import CribbageCore

/// A place on the 4 × 13 card grid: row 0…3 is the suit (♠ ♥ ♦ ♣), column 0…12 the rank (A…K).
struct GridPosition: Hashable, Sendable {
    var row: Int
    var column: Int

    static let rows = 4
    static let columns = 13

    init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    init(_ card: Card) {
        self.init(row: Int(card.suit.rawValue), column: card.rank.order - 1)
    }

    var card: Card { Card(Rank(rawValue: UInt8(column + 1))!, Suit(rawValue: UInt8(row))!) }

    /// Moves the cursor, wrapping around the edges of the grid.
    mutating func move(_ move: GridMove) {
        switch move {
        case .step(.up): row = (row + Self.rows - 1) % Self.rows
        case .step(.down): row = (row + 1) % Self.rows
        case .step(.left): column = (column + Self.columns - 1) % Self.columns
        case .step(.right): column = (column + 1) % Self.columns
        case .rowStart: column = 0
        case .rowEnd: column = Self.columns - 1
        case .first: self = GridPosition(row: 0, column: 0)
        case .last: self = GridPosition(row: Self.rows - 1, column: Self.columns - 1)
        }
    }
}

/// A cursor move on the card grid.
enum GridMove: Hashable, Sendable {
    case step(Direction)
    /// The ace of the row, and the king.
    case rowStart, rowEnd
    /// The first card of the grid (A♠), and the last (K♣).
    case first, last
}

enum Direction: Hashable, Sendable {
    case up, down, left, right
}

/// The keys and clicks every scene on the card grid shares: the cursor moves, and the card
/// under it, or a clicked one, is toggled (the cursor goes to a clicked card).
enum GridAction: Hashable, Sendable {
    case cursorMoved(GridMove)
    case cursorCardToggled
    case cardToggled(Card)
}

/// A scene's actions that take the grid's: `.grid(.cursorMoved(.first))` read as the scene's own
/// `.cursorMoved(.first)`.
protocol GridSceneAction {
    static func grid(_ action: GridAction) -> Self
}

extension GridSceneAction {
    static func cursorMoved(_ move: GridMove) -> Self { .grid(.cursorMoved(move)) }
    static var cursorCardToggled: Self { .grid(.cursorCardToggled) }
    static func cardToggled(_ card: Card) -> Self { .grid(.cardToggled(card)) }
}

extension GridPosition {
    /// Moves the cursor for a grid action; returns the card to toggle, if the action toggles one.
    mutating func reduce(_ action: GridAction) -> Card? {
        switch action {
        case .cursorMoved(let move):
            self.move(move)
            return nil
        case .cursorCardToggled:
            return card
        case .cardToggled(let card):
            self = GridPosition(card)
            return card
        }
    }
}
