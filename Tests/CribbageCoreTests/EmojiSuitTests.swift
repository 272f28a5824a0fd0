import Testing
@testable import CribbageCore

@Suite("Emoji suits")
struct EmojiSuitTests {
    @Test(arguments: [("5♥\u{FE0F}", "5H"), ("J♦\u{FE0F}", "JD"), ("10♠\u{FE0E}", "10S"), ("a♣\u{FE0F}", "AC")])
    func suitsWithAVariationSelectorRead(token: String, canonical: String) throws {
        #expect(try Card(parsing: token).description == canonical)
    }

    @Test func aLoneVariationSelectorIsStillNotACard() {
        #expect(throws: CardParseError.self) { try Card(parsing: "\u{FE0F}") }
        #expect(throws: CardParseError.self) { try Card(parsing: "5\u{FE0F}") }
    }
}
