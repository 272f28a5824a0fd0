import CribbageCore

/// The starter as its keys are pressed: a rank key and a suit key, in either order.
struct StarterEntry: Hashable, Sendable {
    var rank: Rank?
    var suit: Suit?
}

/// The starter's keys while the board asks for it.
enum StarterAction: Hashable, Sendable {
    /// Tell the round's starter: its rank key and suit key follow.
    case asked
    case rankPressed(Rank)
    case suitPressed(Suit)
    /// Not now: back to the board.
    case cancelled
}

extension BoardScene {
    /// The starter's mode: asked, its two keys, then told to the game (a rank the round has
    /// shown four of is refused), his heels scored at the cut when it is a jack.
    static func reduce(_ state: inout BoardState, _ action: StarterAction, laid: LaidCards) {
        switch action {
        case .asked:
            state.starterEntry = StarterEntry()
            state.message = nil
            return
        case .cancelled:
            state.starterEntry = nil
            return
        case .rankPressed(let rank):
            state.starterEntry?.rank = rank
        case .suitPressed(let suit):
            state.starterEntry?.suit = suit
        }
        guard let rank = state.starterEntry?.rank, let suit = state.starterEntry?.suit else { return }
        state.starterEntry = nil
        let card = Card(rank, suit)
        guard state.game.roundCut?.rank == rank || state.seen(rank, laid: laid) < 4 else {
            state.message = .fifthOfARank(rank)
            return
        }
        do throws(GameError) {
            try state.game.tellStarter(card)
            state.message = nil
            if rank == .jack, state.game.phase == .cut {
                score(&state) { game throws(GameError) in return try game.heels() }
            }
        } catch {
            state.message = .refused(error)
        }
    }
}
