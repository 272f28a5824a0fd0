/// How strong the computer opponent plays.
public enum ComputerLevel: String, CaseIterable, Hashable, Sendable, Codable {
    /// Greedy: keeps the best hand ± crib against a random crib, and lays the card that pegs
    /// most now (ties at random).
    case beginner
    /// The strongest the project has: keeps counting hand, crib against an expert crib and
    /// the keep's pegging, and pegs with the engine; near the end it plays to the score for the
    /// game points, its throw and its cards.
    case expert
}

/// The computer opponent: how it throws and how it lays, deciding only from what it may know
/// (its six cards and role, then a `PeggingView` and the score).
///
///     let computer = ComputerPlayer(level: .expert)
///     let (kept, thrown) = computer.keep(six, dealer: true)
public struct ComputerPlayer: Hashable, Sendable {
    public let level: ComputerLevel
    public let engine: PeggingEngine

    public init(level: ComputerLevel, engine: PeggingEngine = PeggingEngine()) {
        self.level = level
        self.engine = engine
    }

    /// What the expert plays for near the end: the table's match counts a skunk 2 and a double
    /// skunk 3, so the game points.
    public static let goal = ScoreGoal.gamePoints

    /// The keeps of six cards in the order this level ranks them, best first; `score`, the
    /// scores before the deal.
    public func rankedKeeps(_ six: [Card], dealer: Bool, score: PeggingScore? = nil) -> [Keep] {
        let role: Role = dealer ? .dealer : .pone
        switch level {
        case .beginner:
            return try! DiscardAdvisor.analyze(six).ranked(for: role)
        case .expert:
            if let odds = keepOdds(six, dealer: dealer, score: score) { return odds.ranked }
            return try! DiscardAdvisor.analyze(six, role: role, opponent: .expert).ranked(for: role, pegging: true)
        }
    }

    /// The expert's reckoning of its keeps played to the score (`DiscardOdds`, for `goal`) when
    /// either side is within `PeggingEngine.nearTheEnd` of the target before the deal; nil
    /// otherwise, and for the beginner.
    public func keepOdds(_ six: [Card], dealer: Bool, score: PeggingScore?) -> DiscardOdds? {
        guard level == .expert, let score, score.target - max(score.mine, score.theirs) <= PeggingEngine.nearTheEnd
        else { return nil }
        return try! DiscardOdds(six, role: dealer ? .dealer : .pone, score: score.playing(for: Self.goal))
    }

    /// The four cards it keeps and the two it throws; `score`, the scores before the deal.
    public func keep(_ six: [Card], dealer: Bool, score: PeggingScore? = nil) -> (kept: [Card], thrown: [Card]) {
        let best = rankedKeeps(six, dealer: dealer, score: score)[0]
        return (best.cards, best.discard)
    }

    /// The card it lays, or go when it has none to lay; `random` breaks the beginner's ties.
    public func token(for view: PeggingView, score: PeggingScore?, random: inout SplitMix64) -> PlayToken {
        switch level {
        case .beginner:
            return Self.greedyToken(for: view, random: &random)
        case .expert:
            guard let score else { return engine.advice(for: view)!.best.token }
            return engine.advice(for: view, score: score.playing(for: Self.goal))!.best.token
        }
    }

    /// The card that pegs most now, ties at random; go when none can be laid.
    public static func greedyToken(for view: PeggingView, random: inout SplitMix64) -> PlayToken {
        let legal = view.legalCards
        guard !legal.isEmpty else { return .go }
        let points = legal.map { view.play.points(laying: $0)! }
        let most = points.max()!
        let best = legal.indices.filter { points[$0] == most }
        return .card(legal[best[random.below(best.count)]])
    }
}
