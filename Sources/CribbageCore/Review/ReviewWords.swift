/// Why a graded decision lost what it lost, or why the best is best, in cribbage words, from the
/// analysis's own figures (`WhyPart`): every part of the deal by which the better choice wins,
/// largest first, each with its figures; what a better card does in the play; where the engine's
/// keep breaks a book rule, what it sees that the rule misses: "kept 4-7-Q-K; 4-4-7-Q is 7.9
/// better in the deal than 4-7-Q-K: their crib 4.1 less (…), the hand 3.8 more (…)".
public enum ReviewWords {
    static func why(point: DecisionPoint, analysis: Analysis, chosen: Analysis.Option?, best: Analysis.Option, loss: Double,
                    scored: Bool, brief: Bool = false) -> String {
        guard let chosen else { return "" }
        switch point.decision {
        case .keep(_, let role, let score):
            return keepWhy(analysis: analysis, chosen: chosen, best: best, role: role, score: scored ? score : nil, brief: brief)
        case .lay(let view, let score):
            return layWhy(analysis: analysis, view: view, chosen: chosen, best: best, score: scored ? score : nil, brief: brief)
        case .count(let hand, let rules, _, _):
            guard let claimed = chosen.claim else { return "" }
            let actual = FastScorer.shared.total(hand: hand, rules: rules)
            guard claimed < actual else { return "counted in full" }
            let missed = missedCategories(hand, rules: rules, claimed: claimed)
            return "counted \(claimed) of \(actual): muggins gave them \(actual - claimed)" + (missed.isEmpty ? "" : " (\(missed))")
        }
    }

    static func verb(_ view: PeggingView) -> String { view.play.count == 0 ? "leading" : "laying" }

    static func name(_ token: PlayToken) -> String {
        if case .card(let card) = token { return "the \(card.rank.notation)" }
        return "go"
    }

    static func sameRank(_ a: PlayToken, _ b: PlayToken) -> Bool {
        if case .card(let x) = a, case .card(let y) = b { return x.rank == y.rank }
        return a == b
    }

    static func ranks(_ cards: [Card]) -> String {
        cards.sorted { $0.rank < $1.rank }.map(\.rank.notation).joined(separator: "-")
    }

    static func one(_ value: Double) -> String { value.decimal(places: 1) }

    /// The kinds of points a claim left out, as far as the breakdown tells: the smallest set of its
    /// categories that makes up the difference, else nothing.
    static func missedCategories(_ hand: Hand, rules: Rules, claimed: Int) -> String {
        let breakdown = hand.breakdown(rules: rules)
        let missed = breakdown.total - claimed
        let parts = breakdown.categories.filter { $0.points > 0 }
        if let exact = parts.first(where: { $0.points == missed }) { return "the \(exact.rank.title.lowercased()), \(exact.points)" }
        return ""
    }
}

extension ReviewWords {
    /// What a decision was, as the review names it: "the throw as dealer at 45 to 52", "the lead",
    /// "a card at 21", "the count of the crib".
    public static func decisionText(_ decision: Decision) -> String {
        switch decision {
        case .keep(_, let role, let score):
            "the throw as \(role.rawValue)" + (score.map { " at \($0.mine) to \($0.theirs)" } ?? "")
        case .lay(let view, _):
            view.play.steps.isEmpty ? "the lead" : "a card at \(view.play.count)"
        case .count(_, let rules, _, _):
            "the count of the \(rules == .crib ? "crib" : "hand")"
        }
    }

    /// An option as the review names it, each card as `card` writes it: "keep 5H 5C JD QS throw 4H 6C",
    /// "7S", "go", "claim 12".
    public static func choiceText(_ option: Analysis.Option?, card: (Card) -> String = \.description) -> String {
        guard let option else { return "?" }
        switch option.choice {
        case .keep(let keep):
            // Sorted as the table shows a hand (`Card`'s order: by rank, then suit).
            return "keep \(keep.cards.sorted().map(card).joined(separator: " ")) throw \(keep.discard.sorted().map(card).joined(separator: " "))"
        case .lay(.go): return "go"
        case .lay(.card(let laid)): return card(laid)
        case .count(let points): return "claim \(points)"
        }
    }

    /// An option's figures: its chance to win (or "wins now") and its net, or the net alone.
    public static func figureText(_ option: Analysis.Option, minus: String = "-") -> String {
        let net = signed(option.value.net, minus: minus)
        guard let chances = option.value.chances else { return "net \(net)" }
        return "\(option.value.winsNow ? "wins now" : chances.win.percent) (net \(net))"
    }

    /// A figure with its sign, to one place: "+2.5", "-1.0" (with `minus` for the minus sign).
    public static func signed(_ value: Double, minus: String = "-") -> String {
        value.signed(places: 1).replacing("-", with: minus)
    }
}

extension ReviewWords {
    /// The game's end as the board shows it, the winner at the target (a last count past it is not
    /// pegged), then the loser's score, the margin and who skunked whom: "the computer won 61 to 43,
    /// by 18, and skunked you"; `names` by seat, seat 0 (you) first. An unfinished game's scores, yours first.
    public static func resultText(_ game: Game, names: [String] = ["you", "the computer"]) -> String {
        guard let result = game.result else {
            return "unfinished, " + game.totals.map(String.init).joined(separator: " to ")
        }
        return Game.resultText(winner: names[result.winner], target: game.target.points,
                          losers: result.losers.map { (names[$0.side], $0.total, $0.skunk) }, margin: result.margin)
    }

    /// What a side plays like, or that there are too few decisions to say (`SideReview.rating`):
    /// "plays like: club to beginner", "too few decisions yet to rate".
    public static func ratingText(_ side: SideReview) -> String {
        side.rating.map { "plays like: \($0)" } ?? "too few decisions yet to rate"
    }

    /// The result's parts, for you, in a player's words with the figures (`GameReview.decomposition`).
    public struct ResultParts: Hashable, Sendable {
        /// "You lost: from 56.1% to win at the start to 0%, −56.1 points, made of:".
        public let heading: String
        /// Each part's name and its value for you, in points of win chance.
        public let parts: [Part]
        /// What the hidden cards and the luck taken out mean for you.
        public let notes: [String]

        public struct Part: Hashable, Sendable {
            public let name: String
            public let value: Double
        }
    }

    /// A deal's luck for you, the starter's part named: "deal 9 +42.1 (the 5♠ cut +30.2, the sixes
    /// +11.9)", or in brief "deal 9 +42.1 (5♠ cut +30.2)"; the starter as `card` writes it.
    public static func swingText(_ swing: DealSwing, brief: Bool = false, card: (Card) -> String = \.description,
                                 minus: String = "-") -> String {
        let total = "deal \(swing.deal) \(signed(swing.total, minus: minus))"
        if brief { return total + " (\(card(swing.starter)) cut \(signed(swing.cut, minus: minus)))" }
        return total + " (the \(card(swing.starter)) cut \(signed(swing.cut, minus: minus)), the sixes \(signed(swing.sixes, minus: minus)))"
    }

    /// The deals whose luck moved your chance most, in words: "The luck that moved your chance most,
    /// yours less the computer's: deal 9 +42.1 (…); deal 7 …"; nil where no deal's luck reached a point.
    public static func luckiestText(_ review: GameReview, card: (Card) -> String = \.description, minus: String = "-") -> String? {
        let deals = review.luckiestDeals()
        guard !deals.isEmpty else { return nil }
        return "The luck that moved your chance most, yours less the computer's: "
            + deals.map { swingText($0, card: card, minus: minus) }.joined(separator: "; ")
    }

    /// The result's parts of `review`, each figure written with `minus`, each card with `card`.
    public static func resultParts(_ review: GameReview, minus: String = "-", card: (Card) -> String = \.description) -> ResultParts {
        let parts = review.decomposition
        let won = review.result >= 1
        let signed = { (value: Double) in Self.signed(value, minus: minus) }
        let heading = "\(won ? "You won" : "You lost"): from \(review.start.percent) to win at the start "
            + "to \(won ? "100" : "0")%, \(signed(parts.total)) points of win chance, made of:"
        let named = [
            ResultParts.Part(name: "Luck, yours less the computer's", value: parts.yourLuck - parts.theirLuck),
            ResultParts.Part(name: "What your errors cost you", value: -parts.yourErrors),
            ResultParts.Part(name: "What the computer's errors gave you", value: parts.theirErrors),
            ResultParts.Part(name: "Hidden cards", value: parts.residual),
        ]
        let residual = abs(parts.residual).decimal(places: 1)
        let hidden = abs(parts.residual) < 0.05
            ? "Hidden cards: the cards no one could see changed nothing the grades say"
            : "Hidden cards: with every card as it lay, the play's errors went \(residual) points "
                + "\(parts.residual < 0 ? "worse" : "better") for you than their grades say"
        let adjusted = parts.luckAdjusted.decimal(places: 1).replacing("-", with: minus)
        let luck = "The luck taken out, your play was worth \(adjusted) (a win 100, a loss 0): "
            + "the result, \(parts.result.decimal(places: 0)), less your luck plus the computer's"
        return ResultParts(heading: heading, parts: named, notes: [hidden, luck] + [luckiestText(review, card: card, minus: minus)].compactMap(\.self))
    }
}
