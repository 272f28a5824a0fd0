/// The characters the screens draw with: Unicode suits and box lines, or plain ASCII for a
/// locale that is not UTF-8.
public struct Glyphs: Hashable, Sendable {
    public let unicode: Bool

    public init(unicode: Bool) { self.unicode = unicode }

    public static let unicode = Glyphs(unicode: true)
    public static let ascii = Glyphs(unicode: false)

    public var horizontal: Character { unicode ? "─" : "-" }
    public var vertical: Character { unicode ? "│" : "|" }
    public var heavyHorizontal: Character { unicode ? "━" : "=" }
}
