import CribbageCore

/// Positions the drills' tests share.
public enum DrillPositions {
    /// A card to lay where none may be: the count at 29 (K♠ Q♥ 9♦), the pone holding only a 5, 6
    /// and 7 of clubs, so go is the one answer.
    public static func noCardToLay() throws -> Decision {
        let cards = { (text: String) in try Card.parseDistinct(text.split(separator: " ").map(String.init)) }
        var play = Play(players: 2)
        for card in try cards("KS QH 9D") { _ = try play.apply(.card(card)) }
        let view = try PeggingView(hand: cards("QH 5C 6C 7C"), discards: cards("2D 3D"), cut: cards("AH")[0], seat: 1, play: play)
        return .lay(view, score: nil)
    }
}
