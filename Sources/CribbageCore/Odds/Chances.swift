/// A side's prospects in the game, from its own point of view: the chance to win and the game
/// points to expect (a win counts its match points, 1, 2 for a skunk, 3 for a double skunk; a
/// loss as many against). Every chance to win the program shows is one of these: a keep's or a
/// card's (`DiscardOdds`, the decision model), the win tables' at the start of a deal, and the
/// board's through a round.
public struct Chances: Hashable, Sendable {
    public var win: Double
    /// Nil where only the chance to win is worked out (the board's figure through a round).
    public var gamePoints: Double?
    /// How this deal can end the game, where the deal is modelled (a keep's or a card's chances).
    public var ending: Ending?

    /// How a deal can end the game, from the side's point of view.
    public struct Ending: Hashable, Sendable {
        /// The chance you reach the target in this deal's play (his heels included), and that they do.
        public var pegOut: Double
        public var peggedOut: Double
        /// The chance you reach it at this deal's show, and that they do.
        public var countOut: Double
        public var countedOut: Double

        public init(pegOut: Double, peggedOut: Double, countOut: Double, countedOut: Double) {
            self.pegOut = pegOut
            self.peggedOut = peggedOut
            self.countOut = countOut
            self.countedOut = countedOut
        }
    }

    public init(win: Double, gamePoints: Double? = nil, ending: Ending? = nil) {
        self.win = win
        self.gamePoints = gamePoints
        self.ending = ending
    }

    /// The other side's prospects: the chance to lose, the game points negated, the ending's
    /// sides swapped.
    public var otherSide: Chances {
        Chances(win: 1 - win, gamePoints: gamePoints.map { -$0 },
                ending: ending.map { Ending(pegOut: $0.peggedOut, peggedOut: $0.pegOut, countOut: $0.countedOut, countedOut: $0.countOut) })
    }
}
