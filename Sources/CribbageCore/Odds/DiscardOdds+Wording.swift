/// Why the chance to win ranks its best keep first, in words shared by `discard --score`, the
/// table's hint and the Discard Advisor.
extension DiscardOdds {
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

    private var position: String { "At \(score.mine) to \(score.theirs) as \(role == .dealer ? "dealer" : "pone")" }

    private func advice(figures: Bool) -> String {
        let (need, theyNeed) = (score.target - score.mine, score.target - score.theirs)
        guard let reason else { return "the chance to win and the net agree on the best keep" }
        let (best, pointsBest) = (chances(of: ranked[0]), chances(of: rankedByPoints[0]))
        let other = rankedByPoints[0].cards.map(\.description).joined(separator: " ")
        func against(_ figure: KeyPath<Chances, Double>, of what: String = "deals", _ words: String) -> String {
            guard figures else { return "" }
            return " (\(words) \(best[keyPath: figure].percent) of \(what) against \(pointsBest[keyPath: figure].percent) keeping \(other))"
        }
        if score.goal == .gamePoints {
            let expect = figures
                ? " (you expect \(best.gamePoints.signed(places: 3)) game points against \(pointsBest.gamePoints.signed(places: 3)) keeping \(other))"
                : ""
            guard best.gamePoints - pointsBest.gamePoints >= 0.01 else {
                return "the best keep by net is within a hundredth of a game point of the best by the game points\(expect)"
            }
            guard best.win - pointsBest.win >= 0.01 else {
                return "keep the cards that weigh the skunks, the chance to win being within a point either way\(expect)"
            }
        }
        guard best.win - pointsBest.win >= 0.01 else {
            return "the best keep by net is within a point of the best by the chance to win\(against(\.win, of: "games", "you win"))"
        }
        return switch reason {
        case .pegOut: "keep the cards that peg: you need \(need)\(against(\.pegOut, "you peg out in"))"
        case .holdTheirPegging:
            "keep the cards that give them least in the play: they need \(theyNeed)\(against(\.peggedOut, "they peg out in"))"
        case .countOut: "keep the cards that count: you need \(need)\(against(\.countOut, "you count out in"))"
        case .holdTheirCount:
            "keep the cards that stop them counting out: they need \(theyNeed)\(against(\.countedOut, "they count out in"))"
        case .nextDeals:
            "keep the cards that leave the better board for the deals after this one\(against(\.win, of: "games", "you win"))"
        }
    }
}
