/// Why a card could not be read; the message names the offending token.
public struct CardParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The token as the user typed it.
    public let token: String

    public var description: String {
        token.isEmpty
            ? "empty card: expected a card such as 5H, 10D or J♦"
            : "unknown card \(token.quotedToken): expected a rank (A 2-10 T J Q K) and a suit (S H D C or ♠ ♥ ♦ ♣), such as 5H"
    }
}

extension Card {
    /// Reads card notation, case-insensitively: rank `A 2 … 10 T J Q K`, then suit `S H D C`
    /// or `♠ ♥ ♦ ♣`. Accepts `5h`, `10D`, `td`, `J♦`, and the emoji form `J♦️` that phone
    /// keyboards send (the suit with a variation selector).
    public init(parsing text: String) throws(CardParseError) {
        var plain = String.UnicodeScalarView()
        plain.append(contentsOf: text.unicodeScalars.filter { $0 != "\u{FE0F}" && $0 != "\u{FE0E}" })
        let trimmed = String(plain).trimmingWhitespace()
        guard let suitCharacter = trimmed.last else { throw CardParseError(token: text) }
        let rankText = trimmed.dropLast()
        guard let suit = Suit(notation: Substring(String(suitCharacter))),
              let rank = Rank(notation: rankText),
              !rankText.isEmpty
        else { throw CardParseError(token: text) }
        self.init(rank, suit)
    }
}

extension String {
    func trimmingWhitespace() -> Substring {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return slice
    }
}
