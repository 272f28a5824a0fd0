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
    let rules: Rules
    let isPractice: Bool
    let sections: [Section]
    let total: Int
    let spokenCount: String
    let hisHeels: Card?
    /// The hand rules' count, when crib rules count less.
    let handRulesTotal: Int?
    let chain: [KeyScope]

    init(state: BreakdownState, app: AppState) {
        let complete = state.hand
        let breakdown = complete.breakdown(rules: app.rules)
        hand = complete.cards
        cut = complete.cut
        rules = app.rules
        isPractice = app.practice.isOn
        sections = breakdown.categories.map {
            Section(title: $0.rank.title, points: $0.points, combinations: $0.combinations)
        }
        total = breakdown.total
        spokenCount = breakdown.spokenCount
        hisHeels = complete.isHisHeels ? complete.cut : nil
        let handTotal = app.rules == .crib ? complete.breakdown(rules: .hand).total : breakdown.total
        handRulesTotal = handTotal == breakdown.total ? nil : handTotal
        chain = app.keyChain
    }
}
