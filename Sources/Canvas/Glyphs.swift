/// The characters the screens draw with: Unicode suits and box lines, or plain ASCII for a
/// locale that is not UTF-8.
public struct Glyphs: Hashable, Sendable {
    public let unicode: Bool

    public init(unicode: Bool) { self.unicode = unicode }

    public static let unicode = Glyphs(unicode: true)
    public static let ascii = Glyphs(unicode: false)

    public var horizontal: Character { unicode ? "─" : "-" }
    public var vertical: Character { unicode ? "│" : "|" }
    /// The box corners: top left, top right, bottom left, bottom right.
    public var corners: (Character, Character, Character, Character) {
        unicode ? ("┌", "┐", "└", "┘") : ("+", "+", "+", "+")
    }
    /// Between items of a list on one line: "Fifteens 16 · Pairs 12".
    public var separator: String { unicode ? "·" : "-" }
    /// For nothing at all, and for ranges.
    public var dash: String { unicode ? "–" : "-" }
    public var minus: String { unicode ? "−" : "-" }
    /// Give or take, of a rating's deviation.
    public var plusMinus: String { unicode ? "±" : "+/-" }
    public var upArrow: String { unicode ? "↑" : "^" }
    public var downArrow: String { unicode ? "↓" : "v" }
    /// The end of text cut short.
    public var ellipsis: String { unicode ? "…" : "..." }

    /// Text in quotation marks.
    public func quoted(_ text: String) -> String { unicode ? "“\(text)”" : "\"\(text)\"" }
}
