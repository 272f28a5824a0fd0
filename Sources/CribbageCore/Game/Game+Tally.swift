extension Game {
    /// What one player scored in a game, by kind: the play, his heels, the hands and cribs
    /// counted (with how many), and corrections.
    public struct Tally: Hashable, Sendable, Codable {
        public var pegged = 0
        public var heels = 0
        public var hands = 0
        public var handsCounted = 0
        public var cribs = 0
        public var cribsCounted = 0
        public var corrections = 0

        public init() {}

        /// Adds another tally's points and counts, kind by kind.
        public static func += (tally: inout Tally, other: Tally) {
            tally.pegged += other.pegged
            tally.heels += other.heels
            tally.hands += other.hands
            tally.handsCounted += other.handsCounted
            tally.cribs += other.cribs
            tally.cribsCounted += other.cribsCounted
            tally.corrections += other.corrections
        }

        /// All the points the tally holds.
        public var total: Int { pegged + heels + hands + cribs + corrections }
    }

    /// Each player's tally, in seat order, from the log.
    public var tallies: [Tally] {
        var tallies = Array(repeating: Tally(), count: seating.players)
        for entry in log {
            switch entry.score {
            case .play: tallies[entry.player].pegged += entry.points
            case .heels: tallies[entry.player].heels += entry.points
            case .hand:
                tallies[entry.player].hands += entry.points
                tallies[entry.player].handsCounted += 1
            case .crib:
                tallies[entry.player].cribs += entry.points
                tallies[entry.player].cribsCounted += 1
            case .correction: tallies[entry.player].corrections += entry.points
            }
        }
        return tallies
    }
}
