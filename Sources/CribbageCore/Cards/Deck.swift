/// A set of cards, as 52 bits: the deck a player picks from, or the cards still unseen.
///
///     var deck = Deck.full
///     deck.remove(Card(.five, .hearts))
///     deck.count   // 51
public struct Deck: Hashable, Sendable {
    private(set) var bits: UInt64

    init(bits: UInt64) { self.bits = bits & Deck.fullBits }

    private static let fullBits: UInt64 = (1 << 52) - 1

    /// All 52 cards.
    public static let full = Deck(bits: fullBits)

    /// No cards.
    public static let empty = Deck(bits: 0)

    /// A deck holding exactly these cards.
    public init<S: Sequence>(_ cards: S) where S.Element == Card {
        self.bits = 0
        for card in cards { insert(card) }
    }

    public var count: Int { bits.nonzeroBitCount }
    public var isEmpty: Bool { bits == 0 }

    public func contains(_ card: Card) -> Bool { bits & (1 << UInt64(card.index)) != 0 }

    public mutating func insert(_ card: Card) { bits |= 1 << UInt64(card.index) }

    public mutating func remove(_ card: Card) { bits &= ~(1 << UInt64(card.index)) }

    /// The cards of this deck that are not in `other`.
    public func subtracting(_ other: Deck) -> Deck { Deck(bits: bits & ~other.bits) }

    /// The cards in index order.
    public var cards: [Card] {
        var result: [Card] = []
        result.reserveCapacity(count)
        var rest = bits
        while rest != 0 {
            result.append(Card(index: rest.trailingZeroBitCount))
            rest &= rest - 1
        }
        return result
    }
}
