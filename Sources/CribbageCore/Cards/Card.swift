/// A playing card.
///
///     let card = try Card(parsing: "5h")
///     card.description   // "5H"
///     card.symbol        // "5♥"
public struct Card: Hashable, Sendable {
    public let rank: Rank
    public let suit: Suit

    public init(_ rank: Rank, _ suit: Suit) {
        self.rank = rank
        self.suit = suit
    }

    /// A dense index, 0..<52: suits in grid order, ranks ace to king within a suit.
    public var index: Int { Int(suit.rawValue) * 13 + Int(rank.rawValue) - 1 }

    /// The card with a dense index, 0..<52.
    public init(index: Int) {
        precondition((0..<52).contains(index), "card index out of range")
        self.init(Rank(rawValue: UInt8(index % 13 + 1))!, Suit(rawValue: UInt8(index / 13))!)
    }

    /// Rank and suit symbol, as on the card grid: `5♥`, `10♦`.
    public var symbol: String { rank.notation + String(suit.symbol) }

    /// Rank and suit letter, for plain text: `5H`.
    public var ascii: String { rank.notation + String(suit.letter) }

    /// All 52 cards, in index order.
    public static let all: [Card] = (0..<52).map(Card.init(index:))
}

extension Card: CustomStringConvertible {
    /// The canonical notation: `5H`, `10D`, `JD`.
    public var description: String { ascii }
}

extension Card: Comparable {
    /// Orders by rank, then suit: the order hands are shown in.
    public static func < (lhs: Card, rhs: Card) -> Bool {
        (lhs.rank.rawValue, lhs.suit.rawValue) < (rhs.rank.rawValue, rhs.suit.rawValue)
    }
}
