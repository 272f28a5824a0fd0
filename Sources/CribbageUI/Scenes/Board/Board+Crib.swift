import CribbageCore

/// The crib's cards told this round by their rank keys, or its total typed instead.
struct CribEntry: Hashable, Sendable {
    var ranks: [Rank] = []
    /// This round's crib is typed as a total: its cards are not asked.
    var typed = false
}

/// The crib's keys while the board asks for its cards.
enum CribAction: Hashable, Sendable {
    case rankPressed(Rank)
    case rankErased
    /// Type the crib's total instead.
    case typedInstead
}

extension BoardScene {
    /// The crib's mode: its ranks one key each (a fifth card of a rank the round has shown is
    /// refused), the last taken back, or its total typed instead.
    static func reduce(_ state: inout BoardState, _ action: CribAction, laid: LaidCards) {
        switch action {
        case .rankPressed(let rank):
            guard state.seen(rank, laid: laid) < 4 else {
                state.message = .fifthOfARank(rank)
                return
            }
            state.crib.ranks.append(rank)
            state.message = nil
        case .rankErased:
            if !state.crib.ranks.isEmpty { state.crib.ranks.removeLast() }
        case .typedInstead:
            state.crib.typed = true
        }
    }
}
