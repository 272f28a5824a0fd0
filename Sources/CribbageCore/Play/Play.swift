/// The play (pegging) for 2, 3 or 4 players, counted card by card: tokens come in turn order,
/// and each is scored as it is applied. With four players, 0 and 2 are partners against 1 and 3.
///
///     var play = Play(players: 2)
///     try play.apply(.card(Card(.five, .hearts)))   // []
///     try play.apply(.card(Card(.ten, .clubs)))     // [Peg(player: 1, score: .fifteen)]
public struct Play: Hashable, Sendable {
    /// Each player lays four cards.
    public static let cardsPerPlayer = 4

    public let players: Int
    /// Every token applied so far, as scored.
    public private(set) var steps: [PlayStep] = []
    /// The index of the player to lay a card or say go; player 0, left of the dealer, leads the
    /// play. Nil once the play is complete.
    public private(set) var turn: Int? = 0
    /// The running count of the current count, 0 to 31.
    public private(set) var count = 0
    /// The cards of the current count, in the order laid.
    public private(set) var countCards: [Card] = []
    /// The players who have said go in the current count; they are skipped until it ends.
    public private(set) var saidGo: Set<Int> = []
    /// The cards each player has laid, in order.
    public private(set) var laid: [[Card]]
    /// Each player's points pegged so far.
    public private(set) var totals: [Int]

    /// The index in `steps` of the last card of the current count.
    private var lastCardStep: Int?

    /// An empty play; `players` is 2, 3 or 4.
    public init(players: Int) {
        precondition((2...4).contains(players), "the play is for 2, 3 or 4 players")
        self.players = players
        laid = Array(repeating: [], count: players)
        totals = Array(repeating: 0, count: players)
    }

    /// Every player has laid four cards.
    public var isComplete: Bool { laid.allSatisfy { $0.count == Self.cardsPerPlayer } }

    /// With four players, the points of each partnership: players 0 and 2, then 1 and 3.
    public var partnershipTotals: [Int]? {
        players == 4 ? [totals[0] + totals[2], totals[1] + totals[3]] : nil
    }

    /// Applies the next token for the player whose turn it is, and returns what it pegged: the
    /// card's own scores, a go or last card, or for a go that ends the count, the last layer's go.
    @discardableResult
    public mutating func apply(_ token: PlayToken) throws(PlayError) -> [Peg] {
        guard let player = turn else { throw .complete(token) }
        switch token {
        case .card(let card):
            if let owner = laid.firstIndex(where: { $0.contains(card) }) {
                throw .alreadyLaid(card, player: owner)
            }
            guard count + card.rank.value <= 31 else { throw .passesThirtyOne(card, count: count) }
            count += card.rank.value
            countCards.append(card)
            laid[player].append(card)
            let scores = PlayScore.scores(of: countCards)
            steps.append(PlayStep(player: player, token: token, count: count, scores: scores))
            lastCardStep = steps.count - 1
            for score in scores { totals[player] += score.points }
            var pegs = scores.map { Peg(player: player, score: $0) }

            if isComplete {
                if count != 31 { pegs.append(awardLastCardStep(.lastCard)) }
                endCount(leaderAfter: player)
            } else if count == 31 {
                endCount(leaderAfter: player)
            } else if let next = nextPlayer(after: player) {
                turn = next
            } else {
                // The player laid their last card and everyone else has said go.
                pegs.append(awardLastCardStep(.go))
                endCount(leaderAfter: player)
            }
            return pegs

        case .go:
            guard count >= 22 else { throw .goWhileACardFits(count: count) }
            saidGo.insert(player)
            steps.append(PlayStep(player: player, token: .go, count: count, scores: []))
            if let next = nextPlayer(after: player) {
                turn = next
                return []
            }
            let peg = awardLastCardStep(.go)
            endCount(leaderAfter: peg.player)
            return [peg]
        }
    }

    /// Applies tokens in order, stopping at the first that cannot come next.
    public mutating func apply(_ tokens: some Sequence<PlayToken>) throws(PlayError) {
        for token in tokens { try apply(token) }
    }

    /// The next player after `player`, in turn order and wrapping round to `player` itself, who
    /// still holds a card and has not said go.
    private func nextPlayer(after player: Int) -> Int? {
        for offset in 1...players {
            let next = (player + offset) % players
            if laid[next].count < Self.cardsPerPlayer && !saidGo.contains(next) { return next }
        }
        return nil
    }

    /// Adds a go or last card to the last card laid, for the player who laid it.
    private mutating func awardLastCardStep(_ score: PlayScore) -> Peg {
        let index = lastCardStep!
        steps[index].scores.append(score)
        totals[steps[index].player] += score.points
        return Peg(player: steps[index].player, score: score)
    }

    /// Ends the count at the last step and starts a new one, led by the next player after
    /// `layer` who still holds a card.
    private mutating func endCount(leaderAfter layer: Int) {
        steps[steps.count - 1].endsCount = true
        count = 0
        countCards = []
        saidGo = []
        lastCardStep = nil
        turn = nextPlayer(after: layer)
    }
}
