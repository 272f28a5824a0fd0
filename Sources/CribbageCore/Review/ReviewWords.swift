/// Why a graded decision lost what it lost, in cribbage words, from the analysis's own figures:
/// "kept 5-5-J-Q: the hand averages 10.2, but 4-6 in your crib was worth 2.9 more", "leading the 5
/// leaves 5 for a ten-card fifteen: they hold a ten-card 82% of the time".
public enum ReviewWords {
    static func why(point: DecisionPoint, analysis: Analysis, chosen: Analysis.Option?, best: Analysis.Option, loss: Double,
                    scored: Bool) -> String {
        guard let chosen else { return "" }
        let chances = scored ? chancesText(chosen, best) : ""
        switch point.decision {
        case .keep(_, let role, _):
            guard chosen != best, let kept = chosen.keep, let better = best.keep else {
                return "the best keep" + chances
            }
            return keepWhy(kept: kept, chosen: chosen.value, better: better, best: best.value, role: role) + chances
        case .lay(let view, _):
            guard let token = chosen.token, let bestToken = best.token else { return "" }
            if best.value.winsNow && !chosen.value.winsNow { return "\(name(bestToken)) pegged out: it won the game at once" }
            let risk = riskText(token, view: view)
            guard sameRank(token, bestToken) == false else { return "the best card" + risk + chances }
            let (you, they) = (chosen.value.mine.pegs, chosen.value.theirs.pegs)
            let (bestYou, bestThey) = (best.value.mine.pegs, best.value.theirs.pegs)
            return "\(verb(view)) \(name(token)): you peg \(one(you)) and they \(one(they)) to the end of the play; "
                + "\(name(bestToken)) gives you \(one(bestYou)) and them \(one(bestThey))" + risk + chances
        case .count(let hand, let rules, _, _):
            guard let claimed = chosen.claim else { return "" }
            let actual = FastScorer.shared.total(hand: hand, rules: rules)
            guard claimed < actual else { return "counted in full" }
            let missed = missedCategories(hand, rules: rules, claimed: claimed)
            return "counted \(claimed) of \(actual): muggins gave them \(actual - claimed)" + (missed.isEmpty ? "" : " (\(missed))")
        }
    }

    /// The part of the deal where the better keep gains most: the hand, the crib, the play.
    static func keepWhy(kept: Keep, chosen: Analysis.Value, better: Keep, best: Analysis.Value, role: Role) -> String {
        let hand = best.mine.hand - chosen.mine.hand
        let crib = (best.mine.crib - best.theirs.crib) - (chosen.mine.crib - chosen.theirs.crib)
        let pegs = (best.mine.pegs - best.theirs.pegs) - (chosen.mine.pegs - chosen.theirs.pegs)
        let head = "kept \(ranks(kept.cards)): the hand averages \(one(chosen.mine.hand))"
        let whose = role == .dealer ? "your crib" : "their crib"
        let biggest = [("hand", hand), ("crib", crib), ("pegs", pegs)].max { $0.1 < $1.1 }!
        switch biggest.0 {
        case "hand": return head + ", but \(ranks(better.cards)) averages \(one(best.mine.hand)), \(one(hand)) more"
        case "crib" where role == .dealer:
            return head + ", but \(ranks(better.discard)) in \(whose) was worth \(one(crib)) more"
        case "crib": return head + ", but \(ranks(better.discard)) gives \(whose) \(one(crib)) less"
        default: return head + ", but \(ranks(better.cards)) pegs \(one(pegs)) more in the play"
        }
    }

    /// A card that leaves the count at 5 or 21, with the chance the opponent holds a ten-card (as the
    /// engine believes their hand).
    static func riskText(_ token: PlayToken, view: PeggingView) -> String {
        guard case .card(let card) = token, view.play.players == 2 else { return "" }
        let count = view.play.count + card.rank.value
        guard count == 5 || count == 21 else { return "" }
        let belief = PeggingEngine.belief(for: view)
        let total = belief.hands.reduce(0) { $0 + $1.chance }
        guard total > 0 else { return "" }
        let tens = belief.hands.reduce(0.0) { $0 + ($1.ranks.contains { $0 >= 10 } ? $1.chance : 0) } / total
        let what = count == 5 ? "fifteen" : "thirty-one"
        return "; it leaves \(count) for a ten-card \(what): they hold one \((tens * 100).decimal(places: 0))% of the time"
    }

    static func chancesText(_ chosen: Analysis.Option, _ best: Analysis.Option) -> String {
        guard let c = GradedDecision.value(of: chosen), let b = GradedDecision.value(of: best) else { return "" }
        return c == b ? " (\(c.percent) to win)" : " (\(c.percent) to win against \(b.percent))"
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
        guard let result = game.result, let loser = result.losers.first else {
            return "unfinished, " + game.totals.map(String.init).joined(separator: " to ")
        }
        let skunk = switch loser.skunk {
        case .none: ""
        case .skunk: ", and skunked \(names[loser.side])"
        case .doubleSkunk: ", and double-skunked \(names[loser.side])"
        }
        return "\(names[result.winner]) won \(game.target.points) to \(loser.total), by \(result.margin)" + skunk
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

    /// The result's parts of `review`, each figure written with `minus`.
    public static func resultParts(_ review: GameReview, minus: String = "-") -> ResultParts {
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
        return ResultParts(heading: heading, parts: named, notes: [hidden, luck])
    }
}
