/// Deals positions and keeps those with the answer a tier asks for: one clear best (ahead of the
/// next distinct option by 0.5 points or more at a neutral score), the harder tier (0.1 to 0.5),
/// or, at a score near the end, a keep where the chance to win and the points disagree.
///
///     var generator = DrillGenerator(seed: 29)
///     let drill = generator.drill(.throwPone, tier: .clear)
public struct DrillGenerator: Sendable {
    private var random: SplitMix64
    public let limit: Limit

    public init(seed: UInt64, limit: Limit = .advice) {
        random = SplitMix64(seed: seed)
        self.limit = limit
    }

    /// The gap a generated drill must have.
    public enum Tier: String, Hashable, Sendable, CaseIterable {
        /// The best ahead by `clearGap` points or more.
        case clear
        /// Ahead by `harderGap`.
        case harder
        /// A keep at a score where the best by the chance to win is not the best by the points,
        /// by `atScoreGap` points of win chance or more.
        case atScore = "at-score"
    }

    public static let clearGap = 0.5
    public static let harderGap = 0.1..<0.5
    public static let atScoreGap = 1.0

    /// A drill of `kind` and `tier` from at most `attempts` positions dealt; nil when none
    /// qualified. Peg-outs and at-score drills are at a score; the rest at a neutral one.
    public mutating func drill(_ kind: Drill.Kind, tier: Tier = .clear, attempts: Int = 60) -> Drill? {
        for _ in 0..<attempts {
            if let drill = attempt(kind, tier: tier) { return drill }
        }
        return nil
    }

    /// One position dealt and judged: the drill, or nil when its gap is not the tier's.
    public mutating func attempt(_ kind: Drill.Kind, tier: Tier = .clear) -> Drill? {
        guard let decision = position(kind, atScore: tier == .atScore) else { return nil }
        let analysis = analyse(decision, by: .strongest, limit: limit)
        let gap: Double
        if tier == .atScore {
            guard let disagreement = Self.disagreement(analysis) else { return nil }
            gap = disagreement
            guard gap >= Self.atScoreGap else { return nil }
        } else {
            gap = Self.gap(analysis)
            switch tier {
            case .clear: guard gap >= Self.clearGap else { return nil }
            case .harder: guard Self.harderGap.contains(gap) else { return nil }
            case .atScore: break
            }
        }
        let origin: Drill.Origin = switch tier {
        case .clear: .clear
        case .harder: .harder
        case .atScore: .atScore
        }
        return Drill(kind: kind, decision: decision, themes: DrillThemes.tag(analysis), origin: origin, source: nil, gap: gap)
    }

    /// A decision of the kind dealt at random, or nil when the deal has none (a play where the
    /// player has no choice).
    mutating func position(_ kind: Drill.Kind, atScore: Bool) -> Decision? {
        let cards = random.deal(13)
        switch kind {
        case .throwDealer, .throwPone:
            let role: Role = kind == .throwDealer ? .dealer : .pone
            return .keep(six: Array(cards[0..<6]), role: role, score: atScore ? nearScore() : nil)
        case .count:
            let hand = try! Hand(Array(cards[0..<4]), cut: cards[4])
            let crib = random.below(3) == 0
            return .count(hand, rules: crib ? .crib : .hand, role: crib ? .dealer : (random.below(2) == 0 ? .dealer : .pone), score: nil)
        case .lead, .reply, .goOr31, .pegOut:
            return layPosition(kind, cards: cards)
        }
    }

    /// Scores near the end of a game to 121: both past 90.
    private mutating func nearScore() -> GameScore {
        GameScore(mine: 91 + random.below(29), theirs: 91 + random.below(29), target: 121)
    }

    /// Both sides keep as the greedy baseline keeps, and lay at random, until the moment the kind
    /// asks for: the lead, the dealer's reply, a count of 16 or more with two ranks to choose
    /// from; a peg-out is such a moment where a card pegs, with the score set so that it wins.
    private mutating func layPosition(_ kind: Drill.Kind, cards: [Card]) -> Decision? {
        let sixes = [Array(cards[0..<6]), Array(cards[6..<12])]
        let keeps = (0...1).map { seat in
            analyse(.keep(six: sixes[seat], role: seat == 1 ? .dealer : .pone, score: nil), by: .greedy, limit: .move).best.keep!
        }
        let cut = cards[12]
        var play = Play(players: 2)
        let stop = kind == .lead ? 0 : kind == .reply ? 1 : 2 + random.below(5)
        while let seat = play.turn {
            let view = try! PeggingView(hand: keeps[seat].cards, discards: keeps[seat].discard, cut: cut, seat: seat, play: play)
            let legal = view.legalCards
            let ranks = Set(legal.map(\.rank))
            if play.steps.count >= stop && ranks.count >= 2 {
                switch kind {
                case .lead, .reply:
                    guard play.steps.count == stop else { return nil }
                    return .lay(view, score: nil)
                case .goOr31 where play.count >= 16:
                    return .lay(view, score: nil)
                case .pegOut:
                    let pegs = legal.map { play.points(laying: $0) ?? 0 }
                    if let most = pegs.max(), most > 0, pegs.contains(where: { $0 < most }) {
                        let theirs = 100 + random.below(21)
                        return .lay(view, score: GameScore(mine: 121 - most, theirs: theirs, target: 121))
                    }
                default: break
                }
            }
            if kind == .lead || kind == .reply, play.steps.count >= stop { return nil }
            if legal.isEmpty {
                _ = try! play.apply(.go)
            } else {
                _ = try! play.apply(.card(legal[random.below(legal.count)]))
            }
        }
        return nil
    }

    /// How far the best option is ahead of the next distinct one (suit twins, and cards of a rank
    /// in the play, are one option): in points, or points of win chance where every option has a
    /// chance to win.
    public static func gap(_ analysis: Analysis) -> Double {
        let scored = analysis.options.allSatisfy { GradedDecision.value(of: $0) != nil }
        let values = analysis.options.map { scored ? GradedDecision.value(of: $0)! * 100 : $0.value.net }
        guard let bestIndex = values.indices.max(by: { values[$0] < values[$1] }) else { return 0 }
        let others = values.indices.filter { !twins(analysis.options[$0], analysis.options[bestIndex], values[$0], values[bestIndex]) }
        guard let second = others.map({ values[$0] }).max() else { return 0 }
        return values[bestIndex] - second
    }

    /// At a score: the chance the best keep by the chance to win gains over the best by the deal's
    /// points, in points of win chance; nil where the two are one keep (or twins), or no chances.
    static func disagreement(_ analysis: Analysis) -> Double? {
        guard let byPoints = analysis.byPoints.first,
              let bestChance = analysis.options.max(by: { (GradedDecision.value(of: $0) ?? 0) < (GradedDecision.value(of: $1) ?? 0) }),
              let high = GradedDecision.value(of: bestChance), let low = GradedDecision.value(of: byPoints),
              !twins(bestChance, byPoints, high, low) else { return nil }
        return (high - low) * 100
    }

    /// Two options that are one choice: keeps of the same ranks worth the same, or cards of a rank.
    static func twins(_ a: Analysis.Option, _ b: Analysis.Option, _ x: Double, _ y: Double) -> Bool {
        if a == b { return true }
        if let p = a.keep, let q = b.keep {
            return abs(x - y) < 1e-9 && p.cards.map(\.rank).sorted() == q.cards.map(\.rank).sorted()
        }
        if case .card(let p)? = a.token, case .card(let q)? = b.token { return p.rank == q.rank }
        return false
    }
}

/// The themes a drill's analysis shows.
enum DrillThemes {
    static func tag(_ analysis: Analysis) -> [DrillTheme] {
        var themes: [DrillTheme] = []
        let best = analysis.best
        switch analysis.decision {
        case .keep(_, let role, _):
            guard let kept = best.keep else { break }
            let ranks = kept.cards.map(\.rank).sorted()
            let handBest = analysis.options.max { $0.value.mine.hand < $1.value.mine.hand }?.keep
            let cribDecides = handBest.map { $0.cards.map(\.rank).sorted() != ranks } ?? false
            if cribDecides { themes.append(role == .dealer ? .ownCrib : .balkCrib) }
            if let withoutPegging = analysis.firstByHandAndCrib,
               withoutPegging.cards.map(\.rank).sorted() != ranks {
                themes.append(.peggingCards)
            }
            if themes.isEmpty { themes.append(.hand) }
        case .lay(let view, _):
            let legal = view.legalCards
            if view.play.steps.isEmpty { themes.append(.lead) }
            if let last = view.play.countCards.last, legal.contains(where: { $0.rank == last.rank }) { themes.append(.pairing) }
            if view.play.count >= 21 || legal.contains(where: { view.play.count + $0.rank.value == 31 }) {
                themes.append(.thirtyOneAndGo)
            }
            if analysis.options.contains(where: \.value.winsNow) { themes.append(.pegOut) }
        case .count:
            themes.append(.counting)
        }
        if let score = analysis.decision.score, score.isNear(within: ToScore.standardNear), !themes.contains(.pegOut) {
            themes.append(score.mine >= score.theirs ? .defence : .offence)
        }
        return themes
    }
}
