/// Every option of a decision with what it is worth to the decider, best first by the policy that
/// analysed it. The hint, the Discard Advisor, the commands, the computer, the review and the
/// drills all read their figures from one of these, so they never disagree about the same choice.
///
///     let analysis = analyse(.keep(six: cards, role: .dealer, score: nil))
///     analysis.best.keep   // the keep the strongest policy throws
public struct Analysis: Hashable, Sendable {
    public let decision: Decision
    public let policy: Policy
    public let limit: Limit
    /// Every option, best first by `ranking`; equal options in the points' order.
    public let options: [Option]
    /// What put the options in their order.
    public let ranking: Ranking
    /// A keep: the analysis of the six under the policy's crib model (each keep's hand and crib,
    /// the other model's best).
    public let keeps: DiscardAnalysis?
    /// A lay: how the engine worked its figures out.
    public let method: PeggingAdvice.Method?

    /// The choice the policy makes (the greedy lay breaks a tie at random among `tiedBest`).
    public var best: Option { options[0] }

    /// The options the ranking cannot tell from the best.
    public var tiedBest: [Option] { options.prefix { rankingFigure(of: $0) == rankingFigure(of: best) && winsNow($0) == winsNow(best) } }

    /// The options in the order the deal's points alone rank them (the net), best first.
    public var byPoints: [Option] {
        options.indices.sorted { a, b in
            let (x, y) = (options[a], options[b])
            if x.value.pointsOrder != y.value.pointsOrder { return x.value.pointsOrder < y.value.pointsOrder }
            return a < b
        }.map { options[$0] }
    }

    /// The option of a choice, if the decision has it.
    public func option(_ choice: Choice) -> Option? { options.first { $0.choice == choice } }

    /// The figure the ranking compares: the net, or the goal's figure (the chance to win or the game
    /// points) where the ranking plays to the score.
    public func rankingFigure(of option: Option) -> Double {
        switch ranking {
        case .points: option.value.net
        case .goal(let goal): option.value.chances.map { $0.value(for: goal) } ?? option.value.net
        }
    }

    private func winsNow(_ option: Option) -> Bool { option.value.winsNow }

    /// What a choice is graded by (the review, the tutor, the drills): its chance to win where the
    /// score is known (1 for a card that wins the game now), else nil and the deal's net grades.
    /// The options come in its order: far from the end the chances follow the points
    /// (`anchoredToPoints`), near it they rank.
    public static func gradingValue(of option: Option) -> Double? {
        if option.value.winsNow { return 1 }
        return option.value.chances?.win
    }

    /// A keep: the keep hand and crib alone rank first, where the policy counts the play and that
    /// changes the first keep; nil elsewhere.
    public var bestWithoutPegging: Keep? {
        guard policy.keep == .withPegging, let plain = firstByHandAndCrib, plain != byPoints.first?.keep else { return nil }
        return plain
    }

    /// A keep with a role: the keep hand and crib alone rank first.
    public var firstByHandAndCrib: Keep? {
        guard case .keep(_, let role, _) = decision, role != .none else { return nil }
        return keeps?.ranked(for: role).first
    }
}

/// What ordered an analysis's options.
public enum Ranking: Hashable, Sendable {
    /// The deal's points (the net of the policy's parts), far from the end or with no score.
    case points
    /// Played to the score: the chance to win or the game points.
    case goal(ScoreGoal)
}

/// One side's points in a deal, by where they come from.
public struct DealPoints: Hashable, Sendable {
    public var hand: Double
    public var crib: Double
    public var pegs: Double

    public init(hand: Double = 0, crib: Double = 0, pegs: Double = 0) {
        self.hand = hand
        self.crib = crib
        self.pegs = pegs
    }

    public var total: Double { hand + crib + pegs }
}

extension Analysis {
    /// One option of a decision and its value.
    public struct Option: Hashable, Sendable {
        public let choice: Choice
        public let value: Value

        public init(choice: Choice, value: Value) {
            self.choice = choice
            self.value = value
        }

        /// The keep of a keep decision's option.
        public var keep: Keep? {
            switch choice {
            case .keep(let keep): return keep
            default: return nil
            }
        }
        /// The card (or go) of a lay decision's option.
        public var token: PlayToken? {
            switch choice {
            case .lay(let token): return token
            default: return nil
            }
        }
        /// The claim of a count decision's option.
        public var claim: Int? {
            switch choice {
            case .count(let points): return points
            default: return nil
            }
        }
    }

    /// A choice a decision offers.
    public enum Choice: Hashable, Sendable {
        case keep(Keep)
        case lay(PlayToken)
        case count(Int)
    }

    /// What an option is worth, from the decider's point of view: the prospects in the game where the
    /// score is known, and the points of this deal each side can expect from it.
    public struct Value: Hashable, Sendable {
        /// The chance to win and the game points, where the score is known (and the limit asked for
        /// them); for a keep or a card, with how the deal can end the game.
        public var chances: Chances?
        /// The decider's points this deal from the option on: the hand, the crib (when it is theirs)
        /// and the pegs; what the decision cannot change is left at 0.
        public var mine: DealPoints
        /// The opponent's: the crib (when it is theirs), the pegs; a muggins claim's missed points as
        /// their hand's.
        public var theirs: DealPoints
        /// The deal's net as the policy ranks it: exact for keeps (equal keeps compare equal).
        public var net: Double
        /// A lay raced to a score: the chance the decider reaches the target in this play and the
        /// opponent does not, and the other way round.
        public var race: Race?
        /// A lay that reaches the target now: it wins the game at once.
        public var winsNow = false
        /// The option's place in the points' order (0 the best).
        var pointsOrder = 0

        public init(chances: Chances? = nil, mine: DealPoints, theirs: DealPoints, net: Double, race: Race? = nil, winsNow: Bool = false) {
            self.chances = chances
            self.mine = mine
            self.theirs = theirs
            self.net = net
            self.race = race
            self.winsNow = winsNow
        }
    }

    /// The race to the target in one play: won (the decider gets there and the opponent does not) and
    /// lost (the other way round).
    public struct Race: Hashable, Sendable {
        public var won: Double
        public var lost: Double
    }
}
