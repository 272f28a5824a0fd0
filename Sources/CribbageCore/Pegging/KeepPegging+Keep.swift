extension DiscardAnalysis {
    /// The keeps by net for the role, best first; with `pegging`, the net counts each keep's
    /// pegging too (`Keep.netWithPegging`; the role `.none` has no play to count). Ties go to the
    /// higher hand mean, then to deal order.
    public func ranked(for role: Role, pegging: Bool) -> [Keep] {
        guard pegging && role != .none else { return ranked(for: role) }
        return ranked(by: keeps.map { $0.netWithPegging(for: role) })
    }
}

extension Keep {
    /// What the keep is worth in the play as dealer or pone (`KeepPegging.shipped`, by its
    /// ranks); nil for `.none`, which has no play.
    public func pegging(for role: Role) -> KeepPegging? {
        role == .none ? nil : KeepPegging.shipped(cards, dealer: role == .dealer)
    }

    /// The net with the play counted: hand ± crib plus the pegging net (the keeper's expected
    /// pegs less the opponent's); the plain net for `.none`.
    public func netWithPegging(for role: Role) -> Double {
        net(for: role) + (pegging(for: role)?.net ?? 0)
    }
}
