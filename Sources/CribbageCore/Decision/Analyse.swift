/// Analyses a decision as `policy` decides it: every option with its value, best first. The one
/// analysis behind every figure a player sees and every choice the program makes.
///
/// - A keep: the 15 keeps of the six (`DiscardAdvisor`, under the policy's crib model), each with
///   its hand, crib and, as dealer or pone, pegging (`KeepPegging`); with a score and the expert
///   crib, each keep's chances (`DiscardOdds`). Ranked by the net, or near the end (the policy's
///   `toScore`) by the chance to win or the game points, equal figures in the net's order.
/// - A lay: every legal card (or the go) with the pegs to expect for each side to the end of the
///   play (the engine's search, or the points now for `mostNow`); with a score, each card's race to
///   the target and, with two players and the discards known, its chances. A card that reaches the
///   target now comes first when the policy plays to the score; near the end the chances rank.
/// - A count: every claim from the count down to 0; muggins gives the opponent what is missed.
public func analyse(_ decision: Decision, by policy: Policy = .strongest, limit: Limit = .advice) -> Analysis {
    switch decision {
    case .keep(let six, let role, let score):
        return KeepAnalyst(policy: policy, limit: limit).analyse(decision, six: six, role: role, score: score)
    case .lay(let view, let score):
        return LayAnalyst(policy: policy, limit: limit).analyse(decision, view: view, score: score)
    case .count(let hand, let rules, let role, let score):
        return countAnalysis(decision, hand: hand, rules: rules, role: role, score: score, policy: policy, limit: limit)
    }
}

/// Far from the end, where the policy that plays to the score near it ranks by the deal's points,
/// each option's chance as the points rank it: the first option's chance from the model, and each
/// other's that changed by what its net's difference from the first's is worth at this score (the
/// win table's chances with the net moved, `WinTable.chances(mine:theirs:dealing:movedBy:)`, the
/// next deal's dealer `dealingNext`'s side). There the model's own order plays weaker than the
/// points' (Rules.md, "One voice far from the end"), so its figure follows them: the hint, the
/// computer, the advisor and the review rank every option alike. Each option keeps its own ending
/// (its chances of pegging or counting out).
func anchoredToPoints(_ options: [Analysis.Option], score: GameScore, dealingNext: Bool) -> [Analysis.Option] {
    guard let first = options.first, let anchor = first.value.chances,
          let target = Game.Target(rawValue: score.target) else { return options }
    let table = WinTable.shipped(target).table
    let here = table.chances(mine: score.mine, theirs: score.theirs, dealing: dealingNext)
    return options.map { option in
        guard !option.value.winsNow, option.value.chances != nil else { return option }
        let moved = table.chances(mine: score.mine, theirs: score.theirs, dealing: dealingNext,
                                  movedBy: option.value.net - first.value.net)
        var value = option.value
        value.chances = Chances(win: min(1, max(0, anchor.win + (moved.win - here.win))),
                                gamePoints: anchor.gamePoints.flatMap { a in moved.gamePoints.map { a + ($0 - (here.gamePoints ?? 0)) } },
                                ending: option.value.chances?.ending)
        return Analysis.Option(choice: option.choice, value: value)
    }
}

/// Chances are compared in steps of this (a tenth of a percentage point), and equal steps are ties:
/// the model is not sharper.
let chanceStep = 0.001

extension ScoreGoal {
    /// Whether `a` ranks before `b` under this goal, nil for a tie (the points' order decides).
    /// The chance to win, in steps of `chanceStep`, and between equal chances the game points (a
    /// game all but lost is still lost by less without a skunk); the game points, exactly.
    func prefers(_ a: Chances, to b: Chances) -> Bool? {
        switch self {
        case .win:
            let (p, q) = ((a.win / chanceStep).rounded(), (b.win / chanceStep).rounded())
            if p != q { return p > q }
            if let x = a.gamePoints, let y = b.gamePoints, ((x - y) / chanceStep).rounded() != 0 { return x > y }
            return nil
        case .gamePoints:
            let (x, y) = (a.value(for: .gamePoints), b.value(for: .gamePoints))
            return x != y ? x > y : nil
        }
    }
}

private struct KeepAnalyst {
    let policy: Policy
    let limit: Limit

    func analyse(_ decision: Decision, six: [Card], role: Role, score: GameScore?) -> Analysis {
        precondition(role != .none || score == nil, "the chance to win needs a role")
        // The computer with a random crib needs only the random model's keeps; shown advice names
        // the other model's best too.
        let keeps = policy.crib == .random && limit.figures == .ranking
            ? try! DiscardAdvisor.analyze(six)
            : try! DiscardAdvisor.analyze(six, role: role, opponent: policy.crib)
        let pegging = policy.keep == .withPegging && role != .none
        let byPoints = policy.keep == .handAlone ? keeps.ranked(for: .none) : keeps.ranked(for: role, pegging: pegging)
        let toScore = score.flatMap { score in policy.toScore.flatMap { score.isNear(within: $0.near) ? $0 : nil } }
        var odds: DiscardOdds?
        if let score, keeps.opponent == .solved, role != .none, limit.figures == .everything || toScore != nil {
            odds = DiscardOdds(keeps, role: role, score: score, hands: limit.playedHands)
        }
        var options = byPoints.enumerated().map { index, keep in
            var value = Self.value(of: keep, role: role, pegging: pegging)
            value.chances = odds?.chances(of: keep)
            value.pointsOrder = index
            return Analysis.Option(choice: .keep(keep), value: value)
        }
        var ranking = Ranking.points
        if let toScore, odds != nil {
            ranking = .goal(toScore.goal)
            let chances = options.map { $0.value.chances! }
            options = options.indices.sorted { a, b in
                toScore.goal.prefers(chances[a], to: chances[b]) ?? (a < b)
            }.map { options[$0] }
        } else if let score, odds != nil, policy.toScore != nil {
            options = anchoredToPoints(options, score: score, dealingNext: role == .pone)
        }
        return Analysis(decision: decision, policy: policy, limit: limit, options: options, ranking: ranking,
                        keeps: keeps, method: nil)
    }

    /// A keep's points this deal: the hand, the crib to its side, and with `pegging` the play.
    static func value(of keep: Keep, role: Role, pegging: Bool) -> Analysis.Value {
        var mine = DealPoints(hand: keep.hand.mean), theirs = DealPoints()
        switch role {
        case .dealer: mine.crib = keep.cribMean
        case .pone: theirs.crib = keep.cribMean
        case .none: break
        }
        let play = pegging ? keep.pegging(for: role) : nil
        if let play {
            mine.pegs = play.mine
            theirs.pegs = play.theirs
        }
        return Analysis.Value(mine: mine, theirs: theirs, net: pegging ? keep.netWithPegging(for: role) : keep.net(for: role))
    }
}

private struct LayAnalyst {
    let policy: Policy
    let limit: Limit

    func analyse(_ decision: Decision, view: PeggingView, score: GameScore?) -> Analysis {
        precondition(view.play.turn == view.seat, "a lay is analysed for the player whose turn it is")
        let (options, method) = policy.lay == .mostNow ? mostNow(view) : searched(view, score: score)
        var ranked = options
        var ranking = Ranking.points
        if let score, let toScore = policy.toScore {
            let near = score.isNear(within: toScore.layNear)
            if near || limit.figures == .everything { ranked = withChances(ranked, view: view, score: score) }
            let goal: ScoreGoal? = near && ranked.contains { $0.value.chances != nil } ? toScore.goal : nil
            if let goal { ranking = .goal(goal) }
            let order = ranked.indices.sorted { a, b in
                let (x, y) = (ranked[a].value, ranked[b].value)
                if x.winsNow != y.winsNow { return x.winsNow }
                if let goal, let p = x.chances, let q = y.chances, let prefers = goal.prefers(p, to: q) { return prefers }
                return a < b
            }
            ranked = order.map { ranked[$0] }
            if goal == nil { ranked = anchoredToPoints(ranked, score: score, dealingNext: !view.isDealer) }
        } else if let score, limit.figures == .everything {
            ranked = withChances(ranked, view: view, score: score)
        }
        return Analysis(decision: decision, policy: policy, limit: limit, options: ranked, ranking: ranking,
                        keeps: nil, method: method)
    }

    /// The engine's options (its greedy rule with more than two players), in its order.
    private func searched(_ view: PeggingView, score: GameScore?) -> ([Analysis.Option], PeggingAdvice.Method) {
        let engine = limit.engine
        let advice = score.map { engine.advice(for: view, racingTo: $0)! } ?? engine.advice(for: view)!
        let need = score.map { $0.need }
        let options = advice.options.enumerated().map { index, option in
            var value = Analysis.Value(mine: DealPoints(pegs: option.mine), theirs: DealPoints(pegs: option.theirs), net: option.net,
                              race: score.map { _ in Analysis.Race(won: option.racesWon, lost: option.racesLost) },
                              winsNow: Self.winsNow(option.token, view: view, need: need))
            value.pointsOrder = index
            return Analysis.Option(choice: .lay(option.token), value: value)
        }
        return (options, advice.method)
    }

    /// The cards in the greedy rule's order (`PeggingEngine.greedyOrder`: what each pegs now, most
    /// first, then the count left off 5 and 21, then the higher card), the one greedy rule the
    /// group search's play-outs lay by too; go when none fits. The beginner breaks a tie of points
    /// at random among `tiedBest`.
    private func mostNow(_ view: PeggingView) -> ([Analysis.Option], PeggingAdvice.Method) {
        let legal = view.legalCards
        guard !legal.isEmpty else {
            return ([Analysis.Option(choice: .lay(.go), value: Analysis.Value(mine: DealPoints(), theirs: DealPoints(), net: 0))], .greedy)
        }
        let options = PeggingEngine.greedyOrder(legal, play: view.play).enumerated().map { index, entry in
            var value = Analysis.Value(mine: DealPoints(pegs: Double(entry.now)), theirs: DealPoints(), net: Double(entry.now))
            value.pointsOrder = index
            return Analysis.Option(choice: .lay(.card(entry.card)), value: value)
        }
        return (options, .greedy)
    }

    /// The options with each card's chances (by rank: cards of a rank are alike in the play), where
    /// the model reaches (two players, the discards known, neither score at the target).
    private func withChances(_ options: [Analysis.Option], view: PeggingView, score: GameScore) -> [Analysis.Option] {
        guard let chances = DiscardOdds.playChances(view, score: score, hands: limit.playedHands) else { return options }
        return options.map { option in
            let rank: Rank? = if case .card(let card) = option.choice.token { card.rank } else { nil }
            var value = option.value
            value.chances = chances.first { choice in
                if case .card(let card) = choice.token { card.rank == rank } else { rank == nil }
            }?.chances
            return Analysis.Option(choice: option.choice, value: value)
        }
    }

    private static func winsNow(_ token: PlayToken, view: PeggingView, need: Int?) -> Bool {
        guard let need, case .card(let card) = token else { return false }
        return (view.play.points(laying: card) ?? 0) >= need
    }
}

private extension Analysis.Choice {
    var token: PlayToken? { if case .lay(let token) = self { token } else { nil } }
}

/// Every claim from the count down to 0: what is claimed is the hand's, what is missed the
/// opponent's by muggins. With the score (as it stands before the count), each claim's chances: a
/// side that reaches the target with it wins there (the claimant first), else the win table's
/// chance at the next deal from the scores it leaves, the pone dealing next (the show's counts still
/// to come weigh both claims alike, and are left out).
private func countAnalysis(_ decision: Decision, hand: Hand, rules: Rules, role: Role, score: GameScore?, policy: Policy,
                           limit: Limit) -> Analysis {
    let actual = FastScorer.shared.total(hand: hand, rules: rules)
    let table = score.flatMap { Game.Target(rawValue: $0.target) }.map { WinTable.shipped($0).table }
    let options = (0...actual).reversed().enumerated().map { index, claim in
        let missed = actual - claim
        var value = Analysis.Value(mine: DealPoints(hand: Double(claim)), theirs: DealPoints(hand: Double(missed)),
                          net: Double(claim - missed))
        value.pointsOrder = index
        if let score, let table {
            let (mine, theirs) = (score.mine + claim, score.theirs + missed)
            if mine >= score.target {
                value.chances = Chances(win: 1, gamePoints: Double(table.matchPoints(beating: score.theirs)))
            } else if theirs >= score.target {
                value.chances = Chances(win: 0, gamePoints: -Double(table.matchPoints(beating: mine)))
            } else {
                value.chances = table.chances(mine: mine, theirs: theirs, dealing: role != .dealer)
            }
        }
        return Analysis.Option(choice: .count(claim), value: value)
    }
    return Analysis(decision: decision, policy: policy, limit: limit, options: options, ranking: .points, keeps: nil, method: nil)
}
