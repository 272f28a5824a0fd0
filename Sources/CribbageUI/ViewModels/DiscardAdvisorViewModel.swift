import CribbageCore

/// What the Discard Advisor shows: the grid while six cards are dealt, then the 15 keeps
/// ranked for the role.
struct DiscardAdvisorViewModel: Hashable, Sendable {
    /// One keep, its figures formatted for the table.
    struct Row: Hashable, Sendable {
        let keep: [Card]
        let discard: [Card]
        let handMean: String
        let minimum: Int
        let maximum: Int
        let cribMean: String
        let net: String
        let isHighlighted: Bool
    }

    let roleLabel: String
    let roleExplanation: String
    let picks: [Card]
    /// The grid while dealing (nil once six are dealt).
    let grid: [[HandSelectionViewModel.CardCell]]?
    let rows: [Row]
    let instruction: String
    let notice: String?
    let entry: TypedEntry?
    let hintScopes: [KeyScope]

    init(state: AppState) {
        let discard = state.discard
        roleLabel = "Role: \(discard.role.rawValue)"
        roleExplanation = switch discard.role {
        case .dealer: "best keeps for the dealer: hand + crib"
        case .pone: "best keeps for the pone: hand − crib"
        case .none: "best keeps by the hand alone"
        }
        picks = discard.picks
        if discard.analysis == nil {
            grid = Suit.allCases.map { suit in
                Rank.allCases.map { rank in
                    let card = Card(rank, suit)
                    return .init(card: card, isCursor: state.cursor.card == card, isCut: false,
                                 isInHand: discard.picks.contains(card))
                }
            }
            instruction = "Deal six cards: \(6 - discard.picks.count) left"
        } else {
            grid = nil
            instruction = "enter keeps the highlighted four; then pick the cut"
        }
        let role = discard.role
        rows = discard.rankedKeeps.enumerated().map { index, keep in
            Row(keep: keep.keep, discard: keep.discard, handMean: fixed(keep.hand.mean),
                minimum: keep.hand.minimum, maximum: keep.hand.maximum, cribMean: fixed(keep.cribMean),
                net: fixed(keep.net(for: role)), isHighlighted: index == discard.highlighted)
        }
        notice = state.notice
        entry = state.entry
        hintScopes = state.keyScopes
    }
}

/// A number with two decimal places: "16.63", "-2.40".
func fixed(_ value: Double) -> String {
    let hundredths = Int((abs(value) * 100).rounded())
    let fraction = hundredths % 100
    return (value < 0 && hundredths > 0 ? "-" : "") + "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
}
