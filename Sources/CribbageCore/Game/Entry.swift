extension Game {
    /// One score in the log: who, how many, what for, in which round, and every side's total
    /// after it.
    public struct Entry: Hashable, Sendable {
        /// The round, from 1.
        public let round: Int
        /// The seat (0-based, in order to the left) that scored.
        public let player: Int
        /// The side it scored for: the player, or the player's team.
        public let side: Int
        public let points: Int
        public let score: Score
        /// Every side's score after this entry.
        public let totals: [Int]

        /// The HandRank breakdown of a hand or crib counted from its cards.
        public var breakdown: Breakdown? {
            switch score {
            case .hand(let hand?): hand.breakdown(rules: .hand)
            case .crib(let hand?): hand.breakdown(rules: .crib)
            default: nil
            }
        }
    }

    /// What an entry was for.
    public enum Score: Hashable, Sendable {
        /// A jack turned as the starter: 2 to the dealer.
        case heels
        /// A card in the play, with its reasons; none when the points were typed as a number.
        case play([PlayScore])
        /// A hand in the show: the cards when they were counted here, nil when typed.
        case hand(Hand?)
        /// The dealer's crib, likewise.
        case crib(Hand?)
        /// A correction: points added or taken back by hand.
        case correction

        /// The word used in the log and the save file: heels, play, hand, crib, correction.
        public var name: String {
            switch self {
            case .heels: "heels"
            case .play: "play"
            case .hand: "hand"
            case .crib: "crib"
            case .correction: "correction"
            }
        }

        /// The counted cards of a hand or crib.
        public var cards: Hand? {
            switch self {
            case .hand(let hand), .crib(let hand): hand
            default: nil
            }
        }
    }

    /// Whose count comes next in the show, and of what.
    public struct Count: Hashable, Sendable {
        public let player: Int
        /// `.hand` for a hand, `.crib` for the dealer's crib.
        public let rules: Rules
    }

    /// Where the current round is.
    public enum Phase: Hashable, Sendable {
        /// The starter has just been cut: his heels, the play, or the first count may come.
        case cut
        /// Pegging under way; the first count ends it.
        case play
        /// The show: the next count due.
        case show(Count)
        /// A side reached the target.
        case over(Result)
    }
}
