/// Exactly what one player may know during the play, and all the pegging engine reads: its own
/// four kept cards, its discards, the cut, its seat, and the play so far (every card laid and
/// every go, which all players see). The other players' hands are not in it, so the engine
/// cannot look at them.
///
///     var play = Play(players: 2)
///     try play.apply(.card(Card(.ten, .spades)))
///     let view = try PeggingView(hand: dealerKeep, discards: dealerThrow, cut: cut, seat: 1, play: play)
public struct PeggingView: Hashable, Sendable {
    /// The four cards kept, as kept.
    public let hand: [Card]
    /// The cards thrown to the crib: two with two players, one with three or four; or none when
    /// not known (the engine then counts them among the unseen).
    public let discards: [Card]
    public let cut: Card
    /// The player's index in `play`; 0 leads, the dealer is the last.
    public let seat: Int
    public let play: Play

    /// A view of the play for the player at `seat`, or the first thing that makes it impossible.
    public init(hand: [Card], discards: [Card], cut: Card, seat: Int, play: Play) throws(PeggingViewError) {
        guard hand.count == Play.cardsPerPlayer else { throw .wrongHandCount(hand.count) }
        let thrown = play.players == 2 ? 2 : 1
        guard discards.count == thrown || discards.isEmpty else { throw .wrongDiscardCount(discards.count, expected: thrown) }
        let mine = hand + discards + [cut]
        if let again = Card.firstRepeat(in: mine) { throw .cardTwice(mine[again]) }
        guard (0..<play.players).contains(seat) else { throw .noSuchSeat(seat, players: play.players) }
        for (player, cards) in play.laid.enumerated() {
            for card in cards {
                if player == seat && !hand.contains(card) { throw .laidCardNotKept(card, player: seat) }
                if player != seat && mine.contains(card) { throw .yourCardLaidByAnother(card, player: player) }
            }
        }
        self.hand = hand
        self.discards = discards
        self.cut = cut
        self.seat = seat
        self.play = play
    }

    /// The player deals: it sits last in the play's turn order.
    public var isDealer: Bool { seat == play.players - 1 }

    /// The kept cards not laid yet, as kept.
    public var held: [Card] { hand.filter { !play.laid[seat].contains($0) } }

    /// The cards the player may lay now, as kept; empty when it must say go (or it is not its turn).
    public var legalCards: [Card] {
        guard play.turn == seat else { return [] }
        return held.filter { play.count + $0.rank.value <= 31 }
    }
}

/// Why a `PeggingView` cannot be what a player sees.
public enum PeggingViewError: Error, Hashable, Sendable, CustomStringConvertible {
    case wrongHandCount(Int)
    case wrongDiscardCount(Int, expected: Int)
    case cardTwice(Card)
    case noSuchSeat(Int, players: Int)
    /// The player laid a card it did not keep.
    case laidCardNotKept(Card, player: Int)
    /// Another player laid a card the player kept, threw or saw cut.
    case yourCardLaidByAnother(Card, player: Int)

    public var description: String {
        switch self {
        case .wrongHandCount(let count): "a player keeps 4 cards for the play, not \(count)"
        case .wrongDiscardCount(let count, let expected): "\(count) cards thrown to the crib: each player throws \(expected) here"
        case .cardTwice(let card): "\(card) is given twice among the hand, the discards and the cut"
        case .noSuchSeat(let seat, let players): "there is no player \(seat + 1) among \(players)"
        case .laidCardNotKept(let card, let player): "\(card) was laid by player \(player + 1), but is not among that player's four kept cards"
        case .yourCardLaidByAnother(let card, let player): "\(card) was laid by player \(player + 1), but it is among the cards kept, thrown or cut here"
        }
    }
}

extension Play {
    /// The points the player whose turn it is would peg now by laying `card`, counted by `apply`
    /// (go and last card included); nil when the card cannot come next.
    public func points(laying card: Card) -> Int? {
        guard let player = turn else { return nil }
        var next = self
        guard let pegs = try? next.apply(.card(card)) else { return nil }
        return pegs.reduce(0) { $0 + ($1.player == player ? $1.score.points : 0) }
    }
}
