/// One deal of a two-player game as the board sees it: the dealer's and the pone's points in the
/// order they arrive. His heels at the cut, each peg of the play, then the pone's hand, the
/// dealer's hand and the crib; the first side to reach the target wins where it gets there.
///
///     DealScores(heels: 0, pegs: [.pone(2), .dealer(3), .dealer(1)], poneHand: 8, dealerHand: 6, crib: 4)
public struct DealScores: Hashable, Sendable {
    /// A step of the play that pegged, its points summed: for the dealer or for the pone. (The
    /// play's own `Peg` names each way a card scored and the player; a deal's chances need only
    /// the side and the points, in order.)
    public struct Step: Hashable, Sendable {
        public var dealer: Bool
        public var points: Int

        public init(dealer: Bool, points: Int) {
            self.dealer = dealer
            self.points = points
        }

        public static func dealer(_ points: Int) -> Step { Step(dealer: true, points: points) }
        public static func pone(_ points: Int) -> Step { Step(dealer: false, points: points) }
    }

    /// The dealer's 2 for a jack cut, else 0.
    public var heels: Int
    /// The play's pegs, in the order pegged.
    public var pegs: [Step]
    public var poneHand: Int
    public var dealerHand: Int
    public var crib: Int

    public init(heels: Int = 0, pegs: [Step], poneHand: Int, dealerHand: Int, crib: Int) {
        self.heels = heels
        self.pegs = pegs
        self.poneHand = poneHand
        self.dealerHand = dealerHand
        self.crib = crib
    }

    /// A two-player deal from its play, as `Play` counted it (player 0, left of the dealer, is
    /// the pone), each step's points one peg in the order laid.
    public init(heels: Int, play: Play, poneHand: Int, dealerHand: Int, crib: Int) {
        self.init(heels: heels, pegs: Self.pegs(of: play), poneHand: poneHand, dealerHand: dealerHand, crib: crib)
    }

    /// A two-player play's pegs so far, in the order laid (player 1 the dealer).
    static func pegs(of play: Play) -> [Step] {
        precondition(play.players == 2, "a deal's scores are for two players")
        return play.steps.filter { $0.points > 0 }.map { Step(dealer: $0.player == 1, points: $0.points) }
    }

    /// The dealer's points in the deal: heels, pegs, hand and crib.
    public var dealerTotal: Int { dealerPlay + dealerHand + crib }
    /// The pone's points in the deal: pegs and hand.
    public var poneTotal: Int { ponePlay + poneHand }
    /// The dealer's heels and pegs.
    public var dealerPlay: Int { heels + pegs.reduce(0) { $0 + ($1.dealer ? $1.points : 0) } }
    /// The pone's pegs.
    public var ponePlay: Int { pegs.reduce(0) { $0 + ($1.dealer ? 0 : $1.points) } }
}

/// How a deal ends a game, or the scores it leaves for the next deal.
enum DealOutcome: Hashable, Sendable {
    /// The dealer reaches the target; the pone has `loser` then.
    case dealerWins(loser: Int)
    /// The pone reaches the target; the dealer has `loser` then.
    case poneWins(loser: Int)
    /// Nobody reaches it: the scores after the deal.
    case next(dealer: Int, pone: Int)
}

extension DealScores {
    /// What the deal makes of a game where the dealer has `dealer` and the pone `pone` before it,
    /// played to `target`: points are added in the order they arrive and the first to the target
    /// wins there, with the other side's score at that moment.
    func outcome(dealer: Int, pone: Int, target: Int) -> DealOutcome {
        var (d, p) = (dealer + heels, pone)
        if d >= target { return .dealerWins(loser: p) }
        for peg in pegs {
            if peg.dealer {
                d += peg.points
                if d >= target { return .dealerWins(loser: p) }
            } else {
                p += peg.points
                if p >= target { return .poneWins(loser: d) }
            }
        }
        p += poneHand
        if p >= target { return .poneWins(loser: d) }
        d += dealerHand + crib
        if d >= target { return .dealerWins(loser: p) }
        return .next(dealer: d, pone: p)
    }
}
