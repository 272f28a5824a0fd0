import CribbageCore

/// What Hand Selection shows, built from AppState: the grid, the cut and hand, the next step.
struct HandSelectionViewModel: Hashable, Sendable {
    /// One card on the grid and how it stands.
    struct CardCell: Hashable, Sendable {
        let card: Card
        let isCursor: Bool
        let isCut: Bool
        let isInHand: Bool
    }

    let rulesLabel: String
    /// Four suit rows (♠ ♥ ♦ ♣) of thirteen cards (A … K).
    let grid: [[CardCell]]
    let cut: Card?
    let hand: [Card]
    /// What to do next, or `Count: N` once five cards are chosen.
    let instruction: String
    let isCounted: Bool
    /// The his-heels note, when the cut is a jack.
    let note: String?
    let notice: String?
    let entry: TypedEntry?

    init(state: AppState) {
        rulesLabel = state.rules.label
        grid = Suit.allCases.map { suit in
            Rank.allCases.map { rank in
                let card = Card(rank, suit)
                return CardCell(card: card, isCursor: state.cursor.card == card,
                                isCut: state.cut == card, isInHand: state.hand.contains(card))
            }
        }
        cut = state.cut
        hand = state.hand
        if let complete = state.completeHand {
            instruction = "Count: \(complete.breakdown(rules: state.rules).total)"
            isCounted = true
        } else if state.cut == nil {
            instruction = state.hand.isEmpty
                ? "Select the cut card"
                : "Select the cut card (the next card you select is the cut)"
            isCounted = false
        } else {
            let left = 4 - state.hand.count
            instruction = "Select 4 hand cards: \(left) left"
            isCounted = false
        }
        note = state.cut?.rank == .jack ? hisHeelsNote(state.cut!) : nil
        notice = state.notice
        entry = state.entry
    }
}

extension Rules {
    /// "Hand rules" or "Crib rules", as the header shows it.
    var label: String { self == .hand ? "Hand rules" : "Crib rules" }
}

func hisHeelsNote(_ cut: Card) -> String {
    "His heels: the cut \(cut.symbol) pegs 2 for the dealer, not part of the hand"
}
