import CribbageCore

/// The show's next count as the board makes it from the cards: the flush and his nobs said.
struct ShowEntry: Hashable, Sendable {
    var suits: ShowHand.Suits = .none
}

/// The keys of a count from the cards.
enum ShowAction: Hashable, Sendable {
    /// The next choice of flush the cards allow for the count the board makes.
    case flushToggled
    case nobsToggled
}

extension BoardState {
    /// The show's next count as the board counts it from its cards: the hand's four cards laid
    /// in The Play (or the crib's four told) with the told starter; nil when they are not known.
    func showHand(laid: LaidCards) -> ShowHand? {
        guard target == .show, starterEntry == nil, let starter = game.roundCut, let next = game.nextCount else { return nil }
        guard next.rules == .hand else { return ShowHand(ranks: crib.ranks, starter: starter, rules: .crib) }
        guard laid.cards.indices.contains(next.player), laid.ranks.indices.contains(next.player) else { return nil }
        return ShowHand(suited: laid.cards[next.player], ranks: laid.ranks[next.player], starter: starter, rules: .hand)
    }

    /// What the flush key chooses next for `show`: the flushes step none, four, five and round
    /// again, his nobs kept where the flush allows it and taken as the cards make it where not
    /// (a five-card flush holding the jack of the starter's suit has his nobs); nil when the cards
    /// allow one flush only.
    static func nextFlush(_ show: ShowHand, after suits: ShowHand.Suits) -> ShowHand.Suits? {
        let flushes = Set(show.choices.map(\.flush)).sorted()
        guard flushes.count > 1 else { return nil }
        let flush = flushes.first { $0 > suits.flush } ?? flushes[0]
        return show.choices.first { $0.flush == flush && $0.nobs == suits.nobs } ?? show.choices.first { $0.flush == flush }
    }

    /// The most the show's next cards can count with any flush and nobs they allow, and whether
    /// that is the only count they can make; nil when the board does not know the cards.
    func mostTheCardsHold(laid: LaidCards) -> (most: Int, only: Bool)? {
        guard let show = showHand(laid: laid) else { return nil }
        let totals = Set(show.choices.compactMap { show.breakdown($0)?.total })
        return totals.max().map { ($0, totals.count == 1) }
    }
}

extension BoardScene {
    /// The show's mode: the flush and nobs keys choose among what the cards allow.
    static func reduce(_ state: inout BoardState, _ action: ShowAction, laid: LaidCards) {
        guard let show = state.showHand(laid: laid) else { return }
        switch action {
        case .flushToggled:
            guard let next = BoardState.nextFlush(show, after: state.show.suits) else {
                state.message = .noFlush
                return
            }
            state.show.suits = next
        case .nobsToggled:
            let toggled = ShowHand.Suits(flush: state.show.suits.flush, nobs: !state.show.suits.nobs)
            guard show.choices.contains(toggled) else {
                state.message = .noNobs
                return
            }
            state.show.suits = toggled
        }
        state.message = nil
    }

    /// Enter on the show while the board knows its cards: a typed count over the most they hold
    /// is said, and scored on a second enter only; true when the entry should wait.
    static func holdsOvercount(_ state: inout BoardState, points: Int, laid: LaidCards) -> Bool {
        guard state.target == .show, !state.typed.isEmpty, let cards = state.mostTheCardsHold(laid: laid), points > cards.most
        else { return false }
        let overcount = BoardMessage.overcount(typed: points, most: cards.most, only: cards.only)
        guard state.message != overcount else { return false }
        state.message = overcount
        return true
    }
}
