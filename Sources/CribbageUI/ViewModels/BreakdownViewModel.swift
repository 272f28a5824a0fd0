import CribbageCore

/// What the HandRank Breakdown shows: every scoring combination by HandRank, the total and the
/// spoken count.
struct BreakdownViewModel: Hashable, Sendable {
    struct Section: Hashable, Sendable {
        let title: String
        let points: Int
        let combinations: [Breakdown.Combination]
    }

    let hand: [Card]
    let cut: Card
    let rulesLabel: String
    let sections: [Section]
    let total: Int
    let spokenCount: String
    let note: String?

    init?(state: AppState) {
        guard let complete = state.completeHand else { return nil }
        let breakdown = complete.breakdown(rules: state.rules)
        hand = complete.cards
        cut = complete.cut
        rulesLabel = state.rules.label
        sections = breakdown.categories.map {
            Section(title: $0.rank.title, points: $0.points, combinations: $0.combinations)
        }
        total = breakdown.total
        spokenCount = breakdown.spokenCount
        note = complete.isHisHeels ? hisHeelsNote(complete.cut) : nil
    }
}
