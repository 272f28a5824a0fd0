/// A card laid on the board valued by the chance to win, as the table's review values it, where the
/// board cannot read what the table's model needs: the two cards each player threw are never told,
/// so the model of the deal in progress (`DiscardOdds.playChances`, which weighs the crib by the
/// throw) does not reach. The board values each card so instead:
///
/// - **The chance once the play is over** at the scores the card's expected pegs leave (the engine's,
///   both sides', to the play's end), with the show to come in its order: the player's own hand
///   exactly (its four as laid and the starter), the opponent's hand and the crib as they came in the
///   expert's deals (`ShowCounts.shipped`, the board's chance line's model), the first to the target
///   winning there, else the win table at the next deal. Between whole points, by straight lines.
/// - **Near the end** (either side within the strongest policy's `layNear` of the target), each
///   card's race in the play (the engine's chance that it pegs out, or the opponent does) first:
///   won + the rest × the chance once the play is over; the cards ranked by it as the table ranks them.
/// - **Far from the end**, as the table does there (`anchoredToPoints`): the best card's chance as
///   above, and each other's moved by what its net's difference from the best's is worth at this
///   score, so that the table and the board grade alike.
///
/// The labels come from the chance so found, on the table's lines (`ReviewSettings`).
enum BoardChances {
    /// `analysis` of a lay at `score` with each option's chance to win; as it was where the model
    /// does not reach (not two players, a score at the target, chances already there).
    static func valued(_ analysis: Analysis, view: PeggingView, score: GameScore) -> Analysis {
        guard view.play.players == 2, let target = Game.Target(rawValue: score.target),
              score.mine < score.target, score.theirs < score.target,
              !analysis.options.contains(where: { $0.value.chances != nil }),
              let hand = try? Hand(view.hand, cut: view.cut) else { return analysis }
        let table = WinTable.shipped(target).table
        let own = FastScorer.shared.total(hand: hand, rules: .hand)
        let shows = Game.showChances(.shipped, known: [view.isDealer ? .dealerHand : .poneHand: own])
        let top = score.target - 1
        // The player's chance with the play over at `mine` to `theirs`, the whole show to come.
        func afterPlay(mine: Int, theirs: Int) -> Double {
            let (mine, theirs) = (min(top, max(0, mine)), min(top, max(0, theirs)))
            let (dealer, pone) = view.isDealer ? (mine, theirs) : (theirs, mine)
            let dealerWins = Game.dealerWins(dealer: dealer, pone: pone, [.poneHand, .dealerHand, .crib][...], chances: shows, table: table)
            return view.isDealer ? dealerWins : 1 - dealerWins
        }
        // Between whole points by straight lines, both ways.
        func afterPlay(mine: Double, theirs: Double) -> Double {
            let (m, t) = (mine.rounded(.down), theirs.rounded(.down))
            let (x, y) = (mine - m, theirs - t)
            let (a, b) = (Int(m), Int(t))
            return (1 - x) * (1 - y) * afterPlay(mine: a, theirs: b) + x * (1 - y) * afterPlay(mine: a + 1, theirs: b)
                + (1 - x) * y * afterPlay(mine: a, theirs: b + 1) + x * y * afterPlay(mine: a + 1, theirs: b + 1)
        }
        let near = score.isNear(within: Policy.strongest.toScore?.layNear ?? ToScore.standardNear)
        let options = analysis.options.map { option in
            guard !option.value.winsNow else { return option }
            let race = option.value.race ?? Analysis.Race(won: 0, lost: 0)
            let rest = max(0, 1 - race.won - race.lost)
            let over = afterPlay(mine: Double(score.mine) + option.value.mine.pegs, theirs: Double(score.theirs) + option.value.theirs.pegs)
            var value = option.value
            value.chances = Chances(win: min(1, max(0, race.won + rest * over)))
            return Analysis.Option(choice: option.choice, value: value)
        }
        guard near else {
            return Analysis(decision: analysis.decision, policy: analysis.policy, limit: analysis.limit,
                            options: anchoredToPoints(options, score: score, dealingNext: !view.isDealer),
                            ranking: analysis.ranking, keeps: analysis.keeps, method: analysis.method)
        }
        // Near the end the chance ranks, as at the table: a card that wins now first, equal chances in the points' order.
        let goal = ScoreGoal.win
        let order = options.indices.sorted { a, b in
            let (x, y) = (options[a].value, options[b].value)
            if x.winsNow != y.winsNow { return x.winsNow }
            if let p = x.chances, let q = y.chances, let prefers = goal.prefers(p, to: q) { return prefers }
            return a < b
        }
        return Analysis(decision: analysis.decision, policy: analysis.policy, limit: analysis.limit, options: order.map { options[$0] },
                        ranking: .goal(goal), keeps: analysis.keeps, method: analysis.method)
    }
}

extension BoardReview {
    /// A card laid on the board, graded: the strongest policy's analysis, each card valued by the
    /// chance to win where the game has a score (`BoardChances`), on the table's lines.
    public static func grade(_ point: DecisionPoint, settings: ReviewSettings = .standard, limit: Limit = .advice) -> GradedDecision {
        var analysis = analyse(point.decision, by: .strongest, limit: limit)
        if case .lay(let view, let score?) = point.decision { analysis = BoardChances.valued(analysis, view: view, score: score) }
        return GradedDecision(point, analysis: analysis, settings: settings)
    }
}
