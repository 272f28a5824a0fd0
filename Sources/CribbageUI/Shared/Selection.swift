import CribbageCore

/// The cards chosen to count: the cut, then up to four hand cards. The app owns it; Hand
/// Selection and the Discard Advisor change it.
///
/// The first card selected is the cut; the next four are the hand. Deselecting the cut leaves
/// the hand as it is and makes the next selection the cut again.
public struct Selection: Hashable, Sendable {
    /// The cut, once chosen.
    public private(set) var cut: Card?
    /// The hand cards chosen, in the order chosen (at most four).
    public private(set) var hand: [Card] = []

    public init() {}

    /// The chosen cards, cut first.
    public var cards: [Card] { (cut.map { [$0] } ?? []) + hand }

    /// The cards still in the deck: 52 less the selection.
    public var deck: Deck { Deck.full.subtracting(Deck(cards)) }

    /// The hand and cut, once all five are chosen.
    public var completeHand: Hand? {
        guard let cut, hand.count == 4 else { return nil }
        return try? Hand(hand, cut: cut)
    }

    public func contains(_ card: Card) -> Bool { cut == card || hand.contains(card) }

    /// Selects a card from the deck (the cut first, then the hand), or puts a selected one
    /// back; refuses a sixth card.
    mutating func toggle(_ card: Card) -> Notice? {
        if cut == card {
            cut = nil
        } else if let index = hand.firstIndex(of: card) {
            hand.remove(at: index)
        } else if cut == nil {
            cut = card
        } else if hand.count < 4 {
            hand.append(card)
        } else {
            return .handIsFull(refused: card)
        }
        return nil
    }

    /// Replaces the whole selection.
    mutating func replace(cut: Card?, hand: [Card]) {
        self.cut = cut
        self.hand = hand
    }
}
