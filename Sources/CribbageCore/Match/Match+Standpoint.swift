extension Match {
    /// Where `seat` stands now, from what it may know: two players only (nil with more).
    public func standpoint(of seat: Int) -> Standpoint? {
        guard setup.seating == .twoPlayers else { return nil }
        let score = score(for: seat)
        if case .over(let result) = stage { return .over(won: result.winner == seat) }
        guard let deal, stage != .cutForDeal, stage != .show else {
            // Before the first deal, or the deal's counts all made: the next deal's chance.
            let dealsNext = deal.map { $0.dealer != seat } ?? (setup.dealer == seat)
            return .between(score, dealing: dealsNext)
        }
        let role: Role = deal.dealer == seat ? .dealer : .pone
        guard let before = scoreBeforeDeal(for: seat) else { return nil }
        guard let kept = deal.kept[seat] else {
            return .deciding(.keep(six: deal.sixes[seat], role: role, score: before))
        }
        if stage == .play, let view = view(of: seat), !view.legalCards.isEmpty {
            return .deciding(.lay(view, score: score))
        }
        return .dealt(DealPosition(hand: kept, discards: deal.thrown[seat], cut: deal.isCut ? deal.cut : nil,
                                   play: deal.isCut ? deal.play : Play(players: 2), role: role, score: before))
    }
}

extension Analysis.Option {
    /// The move that chooses this option, by the player at `seat`.
    public func move(seat: Int) -> Match.Move {
        switch choice {
        case .keep(let keep): .discard(seat: seat, keep.discard)
        case .lay(.card(let card)): .lay(seat: seat, card)
        case .lay(.go): .next
        case .count(let points): .claim(points: points)
        }
    }
}
