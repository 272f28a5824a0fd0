/// A card's rank, ace low: A 2 3 … 10 J Q K.
///
///     Rank.queen.value   // 10 (for fifteens)
///     Rank.queen.order   // 12 (for runs)
public enum Rank: UInt8, CaseIterable, Sendable, Comparable {
    case ace = 1, two, three, four, five, six, seven, eight, nine, ten, jack, queen, king

    /// The rank's place in run order, 1 (ace) to 13 (king).
    public var order: Int { Int(rawValue) }

    /// The rank's value when counting fifteens: ace 1, pips at face value, court cards 10.
    public var value: Int { Swift.min(Int(rawValue), 10) }

    /// Canonical notation: `A`, `2` … `10`, `J`, `Q`, `K`.
    public var notation: String {
        switch self {
        case .ace: "A"
        case .jack: "J"
        case .queen: "Q"
        case .king: "K"
        default: String(rawValue)
        }
    }

    public static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Rank {
    /// Reads a rank, case-insensitively: `A`, `2`…`10`, `T` (ten), `J`, `Q`, `K`.
    init?(notation: Substring) {
        switch notation.uppercased() {
        case "A": self = .ace
        case "T", "10": self = .ten
        case "J": self = .jack
        case "Q": self = .queen
        case "K": self = .king
        default:
            // ASCII digits only: `wholeNumberValue` would also read "٥" or "²".
            guard notation.count == 1, let ascii = notation.first?.asciiValue,
                  (UInt8(ascii: "2")...UInt8(ascii: "9")).contains(ascii) else { return nil }
            self = Rank(rawValue: ascii - UInt8(ascii: "0"))!
        }
    }
}

extension Rank {
    /// The keys that name the rank on screen (the table's and the drills' rank keys): its
    /// notation in lower case (a, 2 … 9, j, q, k), and t or 0 for the ten.
    public var keys: [Character] {
        self == .ten ? ["t", "0"] : [Character(notation.lowercased())]
    }

    /// A rank alone, as a rank key names it or as it is written: `A`, `2`…`10`, `T` or `0` (the
    /// ten), `J`, `Q`, `K`, in any case.
    public init?(alone text: Substring) {
        if text == "0" { self = .ten } else if let rank = Rank(notation: text) { self = rank } else { return nil }
    }
}
