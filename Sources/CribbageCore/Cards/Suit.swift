/// One of the four suits, in the order the card grid shows them (♠ ♥ ♦ ♣).
///
///     Suit.hearts.symbol   // "♥"
public enum Suit: UInt8, CaseIterable, Sendable {
    case spades, hearts, diamonds, clubs

    /// The letter used in card notation: `S`, `H`, `D`, `C`.
    public var letter: Character {
        switch self {
        case .spades: "S"
        case .hearts: "H"
        case .diamonds: "D"
        case .clubs: "C"
        }
    }

    /// The suit symbol: `♠`, `♥`, `♦`, `♣`.
    public var symbol: Character {
        switch self {
        case .spades: "♠"
        case .hearts: "♥"
        case .diamonds: "♦"
        case .clubs: "♣"
        }
    }

    /// Hearts and diamonds.
    public var isRed: Bool { self == .hearts || self == .diamonds }
}

extension Suit {
    /// Reads a suit letter or symbol, case-insensitively: `h`, `H`, `♥`.
    init?(notation: Substring) {
        switch notation.uppercased() {
        case "S", "♠", "♤": self = .spades
        case "H", "♥", "♡": self = .hearts
        case "D", "♦", "♢": self = .diamonds
        case "C", "♣", "♧": self = .clubs
        default: return nil
        }
    }
}
