/// A count of the show known by its cards' ranks (with the suits of those laid with theirs) and
/// the round's starter. Suits matter only for a flush and his nobs, so the count is the ranks'
/// count plus the flush and the nobs the player says the cards hold, where the cards allow them.
///
///     let show = ShowHand(ranks: [.five, .five, .jack, .king], starter: Card(.five, .hearts), rules: .hand)!
///     show.breakdown(.none)?.total                              // 20: fifteens 14, pairs 6
///     show.breakdown(ShowHand.Suits(flush: 0, nobs: true))?.total  // 21
public struct ShowHand: Hashable, Sendable {
    /// What the suits add: a flush of 4 or 5 cards (0 for none), and his nobs.
    public struct Suits: Hashable, Sendable {
        public var flush: Int
        public var nobs: Bool

        public init(flush: Int, nobs: Bool) {
            self.flush = flush
            self.nobs = nobs
        }

        public static let none = Suits(flush: 0, nobs: false)
    }

    /// The cards laid with their suits.
    public let suited: [Card]
    /// The ranks of the cards laid by rank alone.
    public let ranks: [Rank]
    public let starter: Card
    public let rules: Rules
    /// For each choice the cards allow, four cards with these ranks (and known suits) that make
    /// exactly it: stand-ins for the real cards, alike in everything the count sees.
    private let standIns: [Suits: Hand]

    /// Nil unless the cards are four.
    public init?(suited: [Card] = [], ranks: [Rank], starter: Card, rules: Rules) {
        guard suited.count + ranks.count == 4 else { return nil }
        self.suited = suited
        self.ranks = ranks
        self.starter = starter
        self.rules = rules
        var standIns: [Suits: Hand] = [:]
        // Every way to give the unsuited ranks suits: at most 4^4.
        for code in 0..<(1 << (2 * ranks.count)) {
            let cards = suited + ranks.enumerated().map { index, rank in
                Card(rank, Suit.allCases[(code >> (2 * index)) & 3])
            }
            guard !cards.contains(starter), Set(cards).count == 4, let hand = try? Hand(cards, cut: starter) else { continue }
            let suits = Self.suits(of: hand, rules: rules)
            if standIns[suits] == nil { standIns[suits] = hand }
        }
        self.standIns = standIns
    }

    /// The choices the cards allow, none first, then by what they add.
    public var choices: [Suits] {
        standIns.keys.sorted { ($0.flush + ($0.nobs ? 1 : 0), $0.flush) < ($1.flush + ($1.nobs ? 1 : 0), $1.flush) }
    }

    /// The count with these suits: nil when the cards cannot hold them.
    public func breakdown(_ suits: Suits) -> Breakdown? {
        standIns[suits]?.breakdown(rules: rules)
    }

    /// The flush and the nobs a hand holds under these rules.
    private static func suits(of hand: Hand, rules: Rules) -> Suits {
        let suit = hand.cards[0].suit
        var flush = 0
        if hand.cards.allSatisfy({ $0.suit == suit }) {
            flush = hand.cut.suit == suit ? 5 : rules == .hand ? 4 : 0
        }
        return Suits(flush: flush, nobs: hand.cards.contains { $0.rank == .jack && $0.suit == hand.cut.suit })
    }
}
