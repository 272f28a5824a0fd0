/// Why a keep's analysis played to the score ranks its best keep first, in words shared by
/// `discard --score`, the table's hint and the Discard Advisor.
extension Analysis {
    /// What most separates the best keep by the chance to win from the best by the points: the part
    /// of the deal in which it gains the most.
    public enum Reason: Hashable, Sendable {
        /// It pegs out more often.
        case pegOut
        /// It lets the opponent peg out less often.
        case holdTheirPegging
        /// It reaches the target at the show more often.
        case countOut
        /// It lets the opponent count out less often.
        case holdTheirCount
        /// It leaves a better position for the deals after this one.
        case nextDeals
    }

    /// A keep's analysis with chances: the best keep by the chances (the ranking's goal, or the
    /// chance to win where the points rank) and the best by the points; nil without chances.
    public var bestByChanceAndPoints: (chance: Option, points: Option)? {
        guard case .keep = decision, options.allSatisfy({ $0.value.chances != nil }) else { return nil }
        let points = byPoints[0]
        switch ranking {
        case .goal: return (options[0], points)
        case .points:
            let chance = byPoints.indices.max { a, b in
                let (x, y) = (byPoints[a].value.chances!.win, byPoints[b].value.chances!.win)
                return x != y ? x < y : a > b
            }.map { byPoints[$0] }!
            return (chance, points)
        }
    }

    private var goal: ScoreGoal { if case .goal(let goal) = ranking { goal } else { .win } }

    /// Why the chance ranks another keep first than the points do; nil when they agree (or a keep's
    /// chances are not worked out).
    public var reason: Reason? {
        guard let (best, pointsBest) = bestByChanceAndPoints, best != pointsBest,
              let w = best.value.chances, let p = pointsBest.value.chances,
              let we = w.ending, let pe = p.ending else { return nil }
        let gains: [(Reason, Double)] = [
            (.pegOut, we.pegOut - pe.pegOut),
            (.holdTheirPegging, pe.peggedOut - we.peggedOut),
            (.countOut, we.countOut - pe.countOut),
            (.holdTheirCount, pe.countedOut - we.countedOut),
            (.nextDeals, (w.win - we.pegOut - we.countOut) - (p.win - pe.pegOut - pe.countOut)),
        ]
        return gains.max { $0.1 < $1.1 }!.0
    }

    /// One line: where the two rankings agree, or what the best keep by the chance gains over the
    /// best by the points, with both figures: "At 118 to 112 as dealer, keep the cards that peg:
    /// you need 3 (you peg out in 61.2% of deals against 20.4% keeping 5S JD 5C 5H)."
    public var why: String { "\(position), \(advice(figures: true))." }

    /// The same without the figures: "At 118 to 112 as dealer, keep the cards that peg: you need 3."
    public var shortWhy: String { "\(position), \(advice(figures: false))." }

    /// The advice alone, where the score and the role are shown already: "Keep the cards that
    /// peg: you need 3."
    public var advice: String {
        let words = advice(figures: false)
        return words.prefix(1).uppercased() + words.dropFirst() + "."
    }

    /// The best keep by the chances against the best-scoring keep (the best by the points), both
    /// figures and the reason, the cards named by `name`: "keep 4♥ 5♠ 6♦ J♣: 21.0% to win against
    /// 19.0% for the best-scoring keep 4♥ 5♠ 5♦ J♣, because you need 4 to peg out (you peg out in
    /// 30.2% of deals against 11.8%)". Played for the game points, or where the two chances read
    /// the same, the game points lead; far from the end,
    /// where the points rank, it says so. Nil where the two are one keep or suit twins, or the
    /// chances are not worked out. `minus` signs a negative figure.
    public func againstBestScoring(naming name: ([Card]) -> String, minus: String = "-") -> String? {
        func signed(_ value: Double, apartFrom other: Double) -> String {
            let text = Double.signedApart(value, other).0
            return text.hasPrefix("-") ? minus + text.dropFirst() : text
        }
        guard case .keep(let six, _, let score?) = decision, let (bestOption, pointsOption) = bestByChanceAndPoints,
              let keep = bestOption.keep, let other = pointsOption.keep, !Self.areSuitTwins(keep, other, six: six),
              let best = bestOption.value.chances, let pointsBest = pointsOption.value.chances else { return nil }
        let (win, pointsWin) = Double.percents(best.win, pointsBest.win)
        // The game points where they rank, or where the two chances read the same (then they decide).
        let figures = if goal == .gamePoints || win == pointsWin, let points = best.gamePoints, let pointsOther = pointsBest.gamePoints {
            "\(signed(points, apartFrom: pointsOther)) game points and \(win) to win against "
                + "\(signed(pointsOther, apartFrom: points)) and \(pointsWin)"
        } else {
            "\(win) to win against \(pointsWin)"
        }
        var words = "keep \(name(keep.cards)): \(figures) for the best-scoring keep \(name(other.cards))"
        if let reason, let w = best.ending, let p = pointsBest.ending {
            let (need, theyNeed) = (score.need, score.theyNeed)
            let because = switch reason {
            case .pegOut: "you need \(need) to peg out (you peg out in \(w.pegOut.percent) of deals against \(p.pegOut.percent))"
            case .holdTheirPegging:
                "they need \(theyNeed) to peg out (they peg out in \(w.peggedOut.percent) of deals against \(p.peggedOut.percent))"
            case .countOut:
                "you need \(need) to count out (you count out in \(w.countOut.percent) of deals against \(p.countOut.percent))"
            case .holdTheirCount:
                "they need \(theyNeed) to count out (they count out in \(w.countedOut.percent) of deals against "
                    + "\(p.countedOut.percent))"
            case .nextDeals:
                "it leaves the better board for the deals after this one (you win in them "
                    + "\((best.win - w.pegOut - w.countOut).percent) of games against \((pointsBest.win - p.pegOut - p.countOut).percent))"
            }
            words += ", because " + because
        }
        if case .points = ranking { words = "by the chance to win " + words + "; far from the end the points rank the keeps" }
        return words
    }

    private var position: String {
        guard case .keep(_, let role, let score?) = decision else { return "" }
        return "At \(score.mine) to \(score.theirs) as \(role == .dealer ? "dealer" : "pone")"
    }

    private func advice(figures: Bool) -> String {
        guard case .keep(_, _, let score?) = decision, let (bestOption, pointsOption) = bestByChanceAndPoints else {
            return "the chance to win is not worked out"
        }
        let (need, theyNeed) = (score.need, score.theyNeed)
        let (best, pointsBest) = (bestOption.value.chances!, pointsOption.value.chances!)
        let other = pointsOption.keep!.cards.map(\.description).joined(separator: " ")
        if case .points = ranking {
            guard bestOption != pointsOption else { return "the chance to win and the net agree on the best keep" }
            let cards = bestOption.keep!.cards.map(\.description).joined(separator: " ")
            let (win, pointsWin) = Double.percents(best.win, pointsBest.win)
            let versus = figures ? " (\(win) against \(pointsWin))" : ""
            return "far from the end the net ranks the keeps; by the chance to win \(cards) comes first\(versus)"
        }
        guard let reason else { return "the chance to win and the net agree on the best keep" }
        func against(_ figure: KeyPath<Chances.Ending, Double>, of what: String = "deals", _ words: String) -> String {
            guard figures else { return "" }
            let (mine, others) = Double.percents(best.ending![keyPath: figure], pointsBest.ending![keyPath: figure])
            return " (\(words) \(mine) of \(what) against \(others) keeping \(other))"
        }
        func againstWin(_ words: String) -> String {
            guard figures else { return "" }
            let (win, pointsWin) = Double.percents(best.win, pointsBest.win)
            return " (\(words) \(win) of games against \(pointsWin) keeping \(other))"
        }
        if goal == .gamePoints {
            let (points, pointsOther) = (best.gamePoints ?? 0, pointsBest.gamePoints ?? 0)
            let (expected, expectedOther) = Double.signedApart(points, pointsOther)
            let expect = figures ? " (you expect \(expected) game points against \(expectedOther) keeping \(other))" : ""
            guard points - pointsOther >= 0.01 else {
                return "the best keep by net is within a hundredth of a game point of the best by the game points\(expect)"
            }
            guard best.win - pointsBest.win >= 0.01 else {
                return "keep the cards that weigh the skunks, the chance to win being within a point either way\(expect)"
            }
        }
        guard best.win - pointsBest.win >= 0.01 else {
            return "the best keep by net is within a point of the best by the chance to win\(againstWin("you win"))"
        }
        return switch reason {
        case .pegOut: "keep the cards that peg: you need \(need)\(against(\.pegOut, "you peg out in"))"
        case .holdTheirPegging:
            "keep the cards that give them least in the play: they need \(theyNeed)\(against(\.peggedOut, "they peg out in"))"
        case .countOut: "keep the cards that count: you need \(need)\(against(\.countOut, "you count out in"))"
        case .holdTheirCount:
            "keep the cards that stop them counting out: they need \(theyNeed)\(against(\.countedOut, "they count out in"))"
        case .nextDeals:
            "keep the cards that leave the better board for the deals after this one\(againstWin("you win"))"
        }
    }
}
