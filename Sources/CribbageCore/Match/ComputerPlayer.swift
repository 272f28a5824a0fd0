/// How strong the computer opponent plays, weakest first: each level is a `Policy`, and each is
/// measured against the others and the baselines (Docs/Measurements.md, "The levels").
public enum ComputerLevel: String, CaseIterable, Hashable, Sendable, Codable {
    /// Keeps the best hand alone, the crib not counted (`Policy.handAlone`), and lays the card that
    /// pegs most now: a level a new player can beat.
    case novice
    /// Greedy (`Policy.greedy`): keeps the best hand ± crib against a random crib, and lays the
    /// card that pegs most now (ties at random).
    case beginner
    /// Keeps the best hand ± crib against the solved crib (`Policy.club`) and pegs with the engine,
    /// for points throughout.
    case club
    /// The strongest the project has (`Policy.strongest`): keeps counting hand, crib against an
    /// solved crib and the keep's pegging, and pegs with the engine; near the end it plays to the
    /// score for the chance to win, its throw and its cards: the advice's own policy.
    case expert

    /// How this level decides.
    public var policy: Policy {
        switch self {
        case .novice: .handAlone
        case .beginner: .greedy
        case .club: .club
        case .expert: .strongest
        }
    }

    /// "novice, beginner, club or expert".
    public static var names: String {
        allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " or " + allCases.last!.rawValue
    }
}

/// A player of the program: how it throws and how it lays, deciding only from what it may know
/// (its six cards and role, then a `PeggingView` and the score), through the one analysis
/// (`analyse`) with its policy, so the hint with the same policy shows its choice first. The
/// table's computer is one at its level's policy; self-play's players are others.
///
///     let computer = ComputerPlayer(level: .expert)
///     let (kept, thrown) = computer.keep(six, dealer: true)
public struct ComputerPlayer: CribbagePlayer, Hashable, Sendable {
    public let policy: Policy
    /// The work each decision may do: `.move`, the standard sizes and only the figures that rank.
    public let limit: Limit

    public init(policy: Policy, limit: Limit = .move) {
        self.policy = policy
        self.limit = limit
    }

    public init(level: ComputerLevel, limit: Limit = .move) {
        self.init(policy: level.policy, limit: limit)
    }

    /// The analysis of its throw from six cards; `score`, the scores before the deal.
    public func keepAnalysis(_ six: [Card], dealer: Bool, score: GameScore? = nil, limit: Limit? = nil) -> Analysis {
        analyse(.keep(six: six, role: dealer ? .dealer : .pone, score: score), by: policy, limit: limit ?? self.limit)
    }

    /// The four cards it keeps and the two it throws; `score`, the scores before the deal.
    public func keep(_ six: [Card], dealer: Bool, score: GameScore? = nil) -> (kept: [Card], thrown: [Card]) {
        let best = keepAnalysis(six, dealer: dealer, score: score).best.keep!
        return (best.cards, best.discard)
    }

    /// Its throw: two of six, `role` the dealer's for its own crib.
    public func keep(_ six: [Card], role: Role, score: GameScore?, random: inout SplitMix64) -> [Card] {
        keep(six, dealer: role == .dealer, score: score).thrown
    }

    /// Its throw with three players or two teams: one of five, by the hand alone at the policy that
    /// keeps the hand alone, else by the hand and the crib (`GroupThrow`).
    public func throwOne(_ five: [Card], players: Int, ownCrib: Bool, score: GameScore?, random: inout SplitMix64) -> Card {
        GroupThrow.ranked(five, players: players, ownCrib: ownCrib,
                          crib: policy.keep == .handAlone ? nil : GroupCrib.shipped(players: players))[0].thrown
    }

    public func lay(_ view: PeggingView, score: GameScore?, random: inout SplitMix64) -> PlayToken {
        token(for: view, score: score, random: &random)
    }

    /// The card it lays, or go when it has none to lay; `random` breaks the greedy level's ties.
    public func token(for view: PeggingView, score: GameScore?, random: inout SplitMix64) -> PlayToken {
        let analysis = analyse(.lay(view, score: score), by: policy, limit: limit)
        guard policy.lay == .mostNow else { return analysis.best.token! }
        guard analysis.best.token != .go else { return .go }
        // The tie drawn from in the order held, whatever order the greedy rule shows them in.
        let legal = view.legalCards
        let tied = analysis.tiedBest.compactMap(\.token).sorted { a, b in
            legal.firstIndex { .card($0) == a }! < legal.firstIndex { .card($0) == b }!
        }
        return tied[random.below(tied.count)]
    }
}
