/// A way to score during the play, pegged by the player who lays the card (or, for a go, who
/// laid the last card of the count).
///
///     PlayScore.scores(of: [Card(.five, .hearts), Card(.ten, .clubs)])   // [.fifteen]
public enum PlayScore: Hashable, Sendable {
    /// The count is exactly 15: 2.
    case fifteen
    /// The count is exactly 31: 2 (and no go).
    case thirtyOne
    /// The card matches the rank of the card before it: 2.
    case pair
    /// Three of a rank laid one after another: 6.
    case pairRoyal
    /// Four of a rank laid one after another: 12.
    case doublePairRoyal
    /// The last `length` cards of the count (3 or more) are consecutive ranks in any order.
    case run(length: Int)
    /// No one can lay a card: 1 to the last player to lay one, when the count is not 31.
    case go
    /// The last card of the whole play: 1, unless it makes 31.
    case lastCard

    public var points: Int {
        switch self {
        case .fifteen, .thirtyOne, .pair: 2
        case .pairRoyal: 6
        case .doublePairRoyal: 12
        case .run(let length): length
        case .go, .lastCard: 1
        }
    }

    /// What a player calls it: `fifteen`, `pair royal`, `run of 4`, `last card`.
    public var name: String {
        switch self {
        case .fifteen: "fifteen"
        case .thirtyOne: "thirty-one"
        case .pair: "pair"
        case .pairRoyal: "pair royal"
        case .doublePairRoyal: "double pair royal"
        case .run(let length): "run of \(length)"
        case .go: "go"
        case .lastCard: "last card"
        }
    }

    /// What the last of `cards`, the cards of one count in the order laid, scores when it is
    /// laid: a fifteen or thirty-one, then pairs, then the longest run. Go and last card depend on
    /// the other players and are for `Play` to add.
    public static func scores(of cards: [Card]) -> [PlayScore] {
        guard let last = cards.last else { return [] }
        var scores: [PlayScore] = []
        let count = cards.reduce(0) { $0 + $1.rank.value }
        if count == 15 { scores.append(.fifteen) }
        if count == 31 { scores.append(.thirtyOne) }

        let sameRank = cards.reversed().prefix { $0.rank == last.rank }.count
        switch sameRank {
        case 2: scores.append(.pair)
        case 3: scores.append(.pairRoyal)
        case 4: scores.append(.doublePairRoyal)
        default: break
        }

        if let length = runLength(endingWith: cards) { scores.append(.run(length: length)) }
        return scores
    }

    /// The longest n ≥ 3 such that the last n cards are n distinct consecutive ranks.
    private static func runLength(endingWith cards: [Card]) -> Int? {
        var longest: Int?
        var ranks: UInt16 = 0
        var low = Int.max, high = Int.min
        for (taken, card) in cards.reversed().enumerated() {
            let order = card.rank.order
            let bit: UInt16 = 1 << order
            // A repeated rank ends every longer window too.
            if ranks & bit != 0 { break }
            ranks |= bit
            low = min(low, order)
            high = max(high, order)
            let length = taken + 1
            if length >= 3 && high - low == length - 1 { longest = length }
        }
        return longest
    }
}

/// Points pegged for one player: what a token scored, and for whom.
///
///     try play.apply(.card(Card(.ten, .clubs)))   // [Peg(player: 1, score: .fifteen)]
public struct Peg: Hashable, Sendable {
    /// The player's index, 0 ..< players; 0 leads the play.
    public let player: Int
    public let score: PlayScore
}
