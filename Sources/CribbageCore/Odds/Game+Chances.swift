extension Game {
    /// Each side's chance to win, from the shipped win table (`WinTable.shipped`), at the start of
    /// the current round: with the totals before its first entry, and whether an entry of the
    /// round has been made since (then the figure is the round's start, not the moment's). Nil
    /// where the model does not reach: three players or two teams (the table is of two-player
    /// deals), and a game that is over.
    public var chancesToWin: (sides: [Double], roundBegun: Bool)? {
        guard let start = roundStart else { return nil }
        let dealerSide = seating.side(of: dealer)
        let table = WinTable.shipped(target).table
        let dealerWins = table.dealerWins(dealer: start[dealerSide], pone: start[1 - dealerSide])
        var sides = [0.0, 0.0]
        sides[dealerSide] = dealerWins
        sides[1 - dealerSide] = 1 - dealerWins
        return (sides, log.last?.round == round)
    }

    /// Each side's total before the current round's first entry, within the board (0 to one
    /// short of the target), for a two-player game not yet over; nil otherwise.
    public var roundStart: [Int]? {
        guard seating == .twoPlayers, result == nil else { return nil }
        let lastBefore = log.last { $0.round < round }
        return (lastBefore?.totals ?? [0, 0]).map { Swift.min(Swift.max($0, 0), target.points - 1) }
    }

    /// The scores before the current round for the side that deals it (`role` dealer) or the
    /// other (pone), as the chance to win takes them; nil where `roundStart` is, or for no role.
    public func roundStartScore(for role: Role) -> PeggingScore? {
        guard let start = roundStart, role != .none else { return nil }
        let dealerSide = seating.side(of: dealer)
        let mine = role == .dealer ? dealerSide : 1 - dealerSide
        return PeggingScore(mine: start[mine], theirs: start[1 - mine], target: target.points)
    }
}
