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
    /// Where the count stands among all hands, shown with it.
    let standing: String?
    let isPractice: Bool
    /// In practice mode, before the player's count is graded: the digits typed so far.
    let answer: String?
    /// The grade of the player's count, and the streak.
    let verdict: String?
    let verdictIsRight: Bool
    /// The key scopes whose hints the footer shows.
    let hintScopes: [KeyScope]
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
        isPractice = state.practice.isOn
        answer = state.isAnswering ? state.practice.answer : nil
        verdict = state.practice.verdict.map { verdict in
            verdict.isRight ? "\(verdict.message). Streak: \(state.practice.streak)" : verdict.message
        }
        verdictIsRight = state.practice.verdict?.isRight ?? false
        hintScopes = state.keyScopes
        if let complete = state.completeHand {
            let total = complete.breakdown(rules: state.rules).total
            instruction = "Count: \(total)"
            isCounted = true
            standing = Standings.distribution(for: state.rules).standing(of: total)
        } else if state.cut == nil {
            standing = nil
            instruction = state.hand.isEmpty
                ? "Select the cut card"
                : "Select the cut card (the next card you select is the cut)"
            isCounted = false
        } else {
            standing = nil
            let left = 4 - state.hand.count
            instruction = "Select 4 hand cards: \(left) left"
            isCounted = false
        }
        note = state.cut?.rank == .jack ? hisHeelsNote(state.cut!) : nil
        notice = state.notice
        entry = state.entry
    }
}

/// The exact score distributions, computed once when the counter starts.
enum Standings {
    static let hand = ScoreDistribution.exact(rules: .hand)
    static let crib = ScoreDistribution.exact(rules: .crib)

    static func distribution(for rules: Rules) -> ScoreDistribution {
        rules == .hand ? hand : crib
    }
}

extension Rules {
    /// "Hand rules" or "Crib rules", as the header shows it.
    var label: String { self == .hand ? "Hand rules" : "Crib rules" }
}

func hisHeelsNote(_ cut: Card) -> String {
    "His heels: the cut \(cut.symbol) pegs 2 for the dealer, not part of the hand"
}
