/// How much work an analysis may do: the sample sizes of the models, and which figures it works
/// out. Every advice path passes one; the computer plays with `.move`, the advice shown to a player
/// is `.advice`.
public struct Limit: Hashable, Sendable {
    /// The opponent's believed hands a lay's search solves, at most (`PeggingEngine.hands`).
    public var searchedHands: Int
    /// The opponent's believed fours a deal's play is played out against to reckon a chance to win
    /// (`DiscardOdds`).
    public var playedHands: Int
    /// Which figures are worked out.
    public var figures: Figures
    /// How the search weighs the opponent's possible hands (`PeggingEngine.Inference`).
    public var inference: PeggingEngine.Inference = .consistent
    /// Whether the search finds the opponent's replies as one who cannot see the player's cards
    /// (`PeggingEngine.hiddenReplies`).
    public var hiddenReplies: Int? = PeggingEngine.standardReplies

    /// Every figure of every option, or only what ranks the options (a chance to win only where it
    /// decides, as the computer needs).
    public enum Figures: Hashable, Sendable {
        case everything
        case ranking
    }

    public init(searchedHands: Int = PeggingEngine.standardHands, playedHands: Int = DiscardOdds.playedHands,
                figures: Figures = .everything) {
        precondition(searchedHands > 0 && playedHands > 0, "a limit lets the models look at one hand at least")
        self.searchedHands = searchedHands
        self.playedHands = playedHands
        self.figures = figures
    }

    /// What a player is shown: every figure, at the models' standard sizes.
    public static let advice = Limit()
    /// What a player of the program decides with: the same sizes, only the figures that rank.
    public static let move = Limit(figures: .ranking)

    /// The engine with this limit's search size.
    public var engine: PeggingEngine { PeggingEngine(hands: searchedHands, inference: inference, hiddenReplies: hiddenReplies) }
}
