import CribbageCore

/// The cards chosen to count: the cut, then up to four hand cards, and the cards thrown to the
/// crib (from the Discard Advisor), which stay out of the deck. The app owns it; Hand Selection
/// and the Discard Advisor change it.
///
/// The first card selected is the cut; the next four are the hand. Deselecting the cut leaves
/// the hand as it is and makes the next selection the cut again.
struct Selection: Hashable, Sendable {
    /// The cut, once chosen.
    private(set) var cut: Card?
    /// The hand cards chosen, in the order chosen (at most four).
    private(set) var hand: [Card] = []
    /// The two cards thrown to the crib when the hand came from the Discard Advisor: out of the
    /// deck, so neither can be the cut.
    private(set) var thrown: [Card] = []

    init() {}

    /// The chosen cards, cut first.
    var cards: [Card] { (cut.map { [$0] } ?? []) + hand }

    /// The cards still in the deck: 52 less the selection and the thrown cards.
    var deck: Deck { Deck.full.subtracting(Deck(cards + thrown)) }

    /// The hand and cut, once all five are chosen.
    var completeHand: Hand? {
        guard let cut, hand.count == 4 else { return nil }
        return try? Hand(hand, cut: cut)
    }

    func contains(_ card: Card) -> Bool { cut == card || hand.contains(card) }

    /// Selects a card from the deck (the cut first, then the hand), or puts a selected one
    /// back; refuses a sixth card and a thrown one.
    mutating func toggle(_ card: Card) -> Notice? {
        if cut == card {
            cut = nil
        } else if let index = hand.firstIndex(of: card) {
            hand.remove(at: index)
        } else if thrown.contains(card) {
            return .thrownToCrib(card)
        } else if cut == nil {
            cut = card
        } else if hand.count < 4 {
            hand.append(card)
        } else {
            return .handIsFull(refused: card)
        }
        return nil
    }

    /// Makes a card the cut: a hand card swaps places with the cut; a card from the deck
    /// becomes the cut and the old cut joins the hand, when there is room.
    mutating func makeCut(_ card: Card) -> Notice? {
        if cut == card { return .alreadyTheCut(card) }
        if thrown.contains(card) { return .thrownToCrib(card) }
        if let index = hand.firstIndex(of: card) {
            if let cut { hand[index] = cut } else { hand.remove(at: index) }
        } else if let cut {
            guard hand.count < 4 else { return .handIsFull(refused: card) }
            hand.append(cut)
        }
        cut = card
        return nil
    }

    /// Replaces the whole selection; the thrown cards go back to the deck unless given.
    mutating func replace(cut: Card?, hand: [Card], thrown: [Card] = []) {
        self.cut = cut
        self.hand = hand
        self.thrown = thrown
    }

    /// Sets the cut alone, keeping the hand: refused if the card is in the hand or thrown.
    mutating func setCut(_ card: Card) -> EntryError? {
        if hand.contains(card) { return .invalid(.duplicate(card, token: card.description)) }
        if thrown.contains(card) { return .thrown(card) }
        cut = card
        return nil
    }
}
