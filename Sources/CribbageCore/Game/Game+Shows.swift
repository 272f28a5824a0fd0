// What the board knows of a round besides its scores: the cards laid in the play (as cards, or
// as ranks), the starter told, and the show's counts made from them. The game keeps them by
// round, checks every one against the others as it is made, and reads them back through the
// same checks.
extension Game {
    /// A count of the show the board made from the cards: the flush and his nobs said for them,
    /// and for the crib, its four ranks as told (a hand's cards are those its player laid).
    public struct ShownCount: Hashable, Sendable {
        public let suits: ShowHand.Suits
        /// The crib's ranks; empty for a hand.
        public let cribRanks: [Rank]

        public init(suits: ShowHand.Suits, cribRanks: [Rank] = []) {
            self.suits = suits
            self.cribRanks = cribRanks
        }
    }

    /// The cards each seat laid in this round's play, with their suits, and the ranks each laid
    /// by rank alone (their suits stand-ins).
    public var laidThisRound: (cards: [[Card]], ranks: [[Rank]]) {
        var cards = Array(repeating: [Card](), count: seating.players)
        var ranks = Array(repeating: [Rank](), count: seating.players)
        guard let kept = roundPlay, let play = kept.play(players: seating.players) else { return (cards, ranks) }
        for (index, step) in play.steps.enumerated() {
            guard case .card(let card) = step.token else { continue }
            let seat = showOrder[step.player]
            if kept.unsuited.contains(index) { ranks[seat].append(card.rank) } else { cards[seat].append(card) }
        }
        return (cards, ranks)
    }

    /// The show's next count as the known cards make it: a hand's four cards laid in this
    /// round's play, or the crib's four ranks told, with the round's starter; nil when they are
    /// not known.
    public func showHand(cribRanks: [Rank] = []) -> ShowHand? {
        guard let starter = roundCut, let next = nextCount else { return nil }
        if next.rules == .crib { return ShowHand(ranks: cribRanks, starter: starter, rules: .crib) }
        let laid = laidThisRound
        return ShowHand(suited: laid.cards[next.player], ranks: laid.ranks[next.player], starter: starter, rules: .hand)
    }

    /// The show's next count made from the known cards (`showHand`) with the flush and nobs
    /// said: a hand from the cards its player laid, the crib from its four ranks. The count is
    /// the cards', never a number typed, and the game keeps how it was made.
    @discardableResult
    public mutating func count(fromTheCards suits: ShowHand.Suits, cribRanks: [Rank] = []) throws(GameError) -> Entry {
        try checkNotOver()
        guard let next = nextCount else { fatalError("a game not over has a next count") }
        guard let show = showHand(cribRanks: cribRanks) else { throw .cardsNotKnown(describe(next)) }
        if next.rules == .crib {
            for rank in Set(cribRanks) where laidCount(of: rank) + cribRanks.count(where: { $0 == rank })
                + (show.starter.rank == rank ? 1 : 0) > 4 {
                throw .fifthOfARank(rank)
            }
        }
        guard let breakdown = show.breakdown(suits) else { throw .suitsNotHeld(describe(next)) }
        let entry = try count(points: breakdown.total, cards: nil, cut: show.starter)
        shows[log.count - 1] = ShownCount(suits: suits, cribRanks: next.rules == .crib ? cribRanks : [])
        return entry
    }

    /// A count of this round was made from the cards laid in its play: the play cannot change now.
    public var countedFromTheCardsThisRound: Bool {
        shows.keys.contains { log.indices.contains($0) && log[$0].round == progress.round }
    }

    /// Checks a card of `rank` laid by its rank alone: with the starter and the cards laid, the
    /// round shows at most four of a rank.
    public func checkLaid(rank: Rank) throws(GameError) {
        guard laidCount(of: rank) + (roundCut?.rank == rank ? 1 : 0) < 4 else { throw .fifthOfARank(rank) }
    }

    /// How many cards of `rank` this round's play has laid, with their suits or by rank alone.
    func laidCount(of rank: Rank) -> Int {
        let laid = laidThisRound
        return laid.cards.joined().count { $0.rank == rank } + laid.ranks.joined().count { $0 == rank }
    }

    /// A round's play as a saved game kept it, at the start of its round: tokens the rules allow
    /// for the game's players, each card laid with its suit checked against the starter told.
    mutating func restorePlay(_ kept: RoundPlay) throws(GameError) {
        guard let play = kept.play(players: seating.players) else { throw .playRefused(round: kept.round) }
        let told = starters[progress.round]
        for (index, step) in play.steps.enumerated() {
            guard case .card(let card) = step.token, !kept.unsuited.contains(index), card == told else { continue }
            throw .cardInTwoPlaces(card, first: "the cut", second: "the cards \(names[showOrder[step.player]]) laid")
        }
        if let told, play.laid.joined().count(where: { $0.rank == told.rank }) >= 4 { throw .fifthOfARank(told.rank) }
        plays[progress.round] = kept
    }


    /// What the board knew of the rounds, to be told again as a replay reaches each round.
    struct Knowledge {
        var starters: [Int: Card] = [:]
        var plays: [Int: RoundPlay] = [:]
        var shows: [Int: ShownCount] = [:]
    }

    var knowledge: Knowledge { Knowledge(starters: starters, plays: plays, shows: shows) }

    /// Why a replay stopped: a round's starter or play, or an entry, that the rules refuse.
    enum ReplayError: Error {
        case round(Int, GameError)
        case entry(Int, GameError)
    }

    /// A fresh game with the same set-up and `entries` scored again through the rules, each
    /// round's starter and play (from `knowing`) told as the round begins, and each count made
    /// from the cards made from them again; `scored` is handed each entry as the rules make it,
    /// with the entry it replays. A starter or play of a round the entries do not reach is left
    /// out.
    func replaying(_ entries: some Sequence<Entry>, knowing: Knowledge,
                   scored: (Entry, Entry) throws -> Void = { _, _ in }) throws -> Game {
        var game = try Game(seating: seating, target: target, dealer: firstDealer, names: names, matchPoints: matchPoints)
        func begin(_ round: Int) throws(ReplayError) {
            do throws(GameError) {
                if let starter = knowing.starters[round] { try game.restoreStarter(starter) }
                if let play = knowing.plays[round] { try game.restorePlay(play) }
            } catch {
                throw .round(round, error)
            }
        }
        try begin(1)
        for entry in entries {
            let round = game.round, index = game.log.count
            let made: Entry
            do throws(GameError) {
                if let shown = knowing.shows[index] {
                    guard shown.cribRanks.isEmpty == (game.nextCount?.rules == .hand) else { throw .cribRanksMisplaced }
                    made = try game.count(fromTheCards: shown.suits, cribRanks: shown.cribRanks)
                } else {
                    made = try game.score(like: entry)
                }
            } catch {
                throw ReplayError.entry(index, error)
            }
            try scored(made, entry)
            if game.round != round { try begin(game.round) }
        }
        return game
    }
}
