// Each card of a round is in one place only: one hand, the crib, the cut, or laid in the play
// by the player whose hand it is. These checks refuse a card seen in two places and name both.
extension Game {
    /// The counts of this round made from their cards, oldest first.
    var countedThisRound: [(count: Count, hand: Hand)] {
        var counted: [(count: Count, hand: Hand)] = []
        for entry in log.reversed() {
            guard entry.round == round else { break }
            if let hand = entry.score.cards {
                let rules: Rules = if case .crib = entry.score { .crib } else { .hand }
                counted.append((Count(player: entry.player, rules: rules), hand))
            }
        }
        return counted.reversed()
    }

    /// Checks `hand` as the show's next count against the counts already made this round and
    /// the cards each seat laid in the play (`laid[seat]`); `laidRanks[seat]` are the ranks a
    /// seat laid by rank alone (their suits unsaid), which its own hand must hold besides.
    public func checkRoundCards(of hand: Hand, laid: [[Card]], laidRanks: [[Rank]] = []) throws(GameError) {
        guard let next = nextCount else { return }
        let place = describe(next)
        for earlier in countedThisRound {
            if let card = hand.cards.first(where: earlier.hand.cards.contains) {
                throw .cardInTwoPlaces(card, first: describe(earlier.count), second: place)
            }
        }
        for (seat, cards) in laid.enumerated() {
            for card in cards {
                if card == hand.cut {
                    throw .cardInTwoPlaces(card, first: "the cut", second: "the cards \(names[seat]) laid")
                }
                let sameHand = next.rules == .hand && seat == next.player
                if sameHand && !hand.cards.contains(card) {
                    throw .laidCardNotInHand(card, player: names[seat], hand: place)
                }
                if !sameHand && hand.cards.contains(card) {
                    throw .cardInTwoPlaces(card, first: "the cards \(names[seat]) laid", second: place)
                }
            }
        }
        guard next.rules == .hand, laidRanks.indices.contains(next.player) else { return }
        // The hand's cards not laid with their suits, one for each rank laid without.
        var left = hand.cards.filter { !(laid.indices.contains(next.player) && laid[next.player].contains($0)) }
        for rank in laidRanks[next.player] {
            guard let index = left.firstIndex(where: { $0.rank == rank }) else {
                throw .laidRankNotInHand(rank, player: names[next.player], hand: place)
            }
            left.remove(at: index)
        }
    }

    /// Checks a card `seat` lays in the play against the cut and the counts made this round.
    public func checkLaid(_ card: Card, by seat: Int) throws(GameError) {
        let laidPlace = "the cards \(names[seat]) laid"
        if roundCut == card { throw .cardInTwoPlaces(card, first: "the cut", second: laidPlace) }
        for earlier in countedThisRound {
            if earlier.hand.cut == card { throw .cardInTwoPlaces(card, first: "the cut", second: laidPlace) }
            let own = earlier.count.rules == .hand && earlier.count.player == seat
            if !own && earlier.hand.cards.contains(card) {
                throw .cardInTwoPlaces(card, first: describe(earlier.count), second: laidPlace)
            }
        }
        try checkLaid(rank: card.rank)
    }
}
