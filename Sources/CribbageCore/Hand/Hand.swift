/// Four hand cards and the cut (the starter): what gets counted.
///
///     let hand = try Hand(parsing: ["5H", "5C", "5S", "JD"], cut: "5D")
public struct Hand: Hashable, Sendable {
    /// The four cards held, in the order given.
    public let cards: [Card]
    /// The cut card, turned up from the pack and shared by every hand.
    public let cut: Card

    /// A hand from four distinct cards and a cut that is none of them.
    public init(_ cards: [Card], cut: Card) throws(HandError) {
        guard cards.count == 4 else { throw .wrongCount(cards.count, expected: 4) }
        let all = cards + [cut]
        if let again = Card.firstRepeat(in: all) { throw .duplicate(all[again], token: all[again].description) }
        self.cards = cards
        self.cut = cut
    }

    /// The five cards: hand then cut.
    public var allCards: [Card] { cards + [cut] }

    /// A cut jack is "his heels": 2 to the dealer at the cut, not part of the hand's count.
    public var isHisHeels: Bool { cut.rank == .jack }
}

/// Why a set of cards is not a valid hand or deal.
public enum HandError: Error, Hashable, Sendable, CustomStringConvertible {
    case card(CardParseError)
    case duplicate(Card, token: String)
    case wrongCount(Int, expected: Int)

    public var description: String {
        switch self {
        case .card(let error): error.description
        case .duplicate(_, let token): "duplicate card \(token.quotedToken): each card can appear only once"
        case .wrongCount(let count, let expected):
            "expected \(expected) cards, got \(count)"
        }
    }
}

extension Hand {
    /// Parses four hand cards and the cut in card notation.
    public init(parsing cards: [String], cut: String) throws(HandError) {
        let parsed = try Card.parseDistinct(cards + [cut])
        try self.init(Array(parsed.dropLast()), cut: parsed[parsed.count - 1])
    }
}

extension Card {
    /// Parses every token, failing on the first one that is not a card.
    public static func parseAll(_ tokens: [String]) throws(HandError) -> [Card] {
        var cards: [Card] = []
        for token in tokens {
            do { cards.append(try Card(parsing: token)) } catch { throw .card(error) }
        }
        return cards
    }

    /// Parses every token and rejects a card that appears twice.
    public static func parseDistinct(_ tokens: [String]) throws(HandError) -> [Card] {
        let cards = try parseAll(tokens)
        if let again = firstRepeat(in: cards) { throw .duplicate(cards[again], token: tokens[again]) }
        return cards
    }

    /// Where a card comes a second time in `cards`, or nil when they are all distinct: the one
    /// duplicate-card check.
    ///
    ///     Card.firstRepeat(in: [fiveOfHearts, jackOfDiamonds, fiveOfHearts])   // 2
    public static func firstRepeat(in cards: [Card]) -> Int? {
        var seen = Deck.empty
        for (index, card) in cards.enumerated() {
            if seen.contains(card) { return index }
            seen.insert(card)
        }
        return nil
    }
}
