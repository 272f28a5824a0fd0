/// Why one option beats another, part by part, from the analysis's own figures: the hand, the crib
/// and the play in the deal's points (each the better option's figure less the other's, so that
/// they add up to the difference of their nets), and the board (the chance to win, where the score
/// is known). The review's, the tutor's and the drills' why is written from these.
public struct WhyPart: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case hand, crib, play, board
    }

    public let kind: Kind
    /// What the better option gains by this part: in the deal's points for the hand, the crib and
    /// the play (negative where it gives some back); in points of win chance for the board.
    public let gain: Double
    /// The part in words, with its figures: "their crib 4.1 less (2.2 with 7-K against 6.3 with 4-4)".
    public let text: String
}

extension ReviewWords {
    /// The parts of the deal's points by which `better` beats `other`, largest first (by size):
    /// the hand, the crib and the play; a part under 0.05 either way is left out. `role` says whose
    /// crib it is (nil for a card: the play alone).
    public static func pointParts(better: Analysis.Option, other: Analysis.Option, role: Role?) -> [WhyPart] {
        let (b, o) = (better.value, other.value)
        var parts: [WhyPart] = []
        let hand = b.mine.hand - o.mine.hand
        if abs(hand) >= 0.05 {
            parts.append(WhyPart(kind: .hand, gain: hand,
                                 text: "the hand \(one(abs(hand))) \(hand > 0 ? "more" : "less") (\(one(b.mine.hand)) against \(one(o.mine.hand)))"))
        }
        let crib = (b.mine.crib - b.theirs.crib) - (o.mine.crib - o.theirs.crib)
        if abs(crib) >= 0.05, let role, role != .none {
            let with = { (option: Analysis.Option) in option.keep.map { " with \(ranks($0.discard))" } ?? "" }
            if role == .dealer {
                parts.append(WhyPart(kind: .crib, gain: crib,
                                     text: "your crib \(one(abs(crib))) \(crib > 0 ? "more" : "less") (\(one(b.mine.crib))\(with(better)) "
                                        + "against \(one(o.mine.crib))\(with(other)))"))
            } else {
                parts.append(WhyPart(kind: .crib, gain: crib,
                                     text: "their crib \(one(abs(crib))) \(crib > 0 ? "less" : "more") (\(one(b.theirs.crib))\(with(better)) "
                                        + "against \(one(o.theirs.crib))\(with(other)))"))
            }
        }
        let play = (b.mine.pegs - b.theirs.pegs) - (o.mine.pegs - o.theirs.pegs)
        if abs(play) >= 0.05 {
            parts.append(WhyPart(kind: .play, gain: play,
                                 text: "the play \(one(abs(play))) \(play > 0 ? "more" : "less") (you peg \(one(b.mine.pegs)) and they "
                                    + "\(one(b.theirs.pegs)), against \(one(o.mine.pegs)) and \(one(o.theirs.pegs)))"))
        }
        return parts.sorted { abs($0.gain) > abs($1.gain) }
    }

    /// The board's part, where the score is known: the chance to win of each, and how the deal can
    /// end the game where that differs: "the board: at 112 to 116 in a game to 121, 48.0% to win
    /// against 41.2%; you go out in this deal 31% of the time against 18%".
    public static func boardPart(better: Analysis.Option, other: Analysis.Option, score: GameScore?) -> WhyPart? {
        guard let b = GradedDecision.value(of: better), let o = GradedDecision.value(of: other) else { return nil }
        let at = score.map { "at \($0.mine) to \($0.theirs) in a game to \($0.target), " } ?? ""
        if better.value.winsNow { return WhyPart(kind: .board, gain: (b - o) * 100, text: "the board: \(at)it wins the game now") }
        var text = "the board: \(at)\(b.percent) to win against \(o.percent)"
        if let be = better.value.chances?.ending, let oe = other.value.chances?.ending {
            let (bOut, oOut) = (be.pegOut + be.countOut, oe.pegOut + oe.countOut)
            let (bIn, oIn) = (be.peggedOut + be.countedOut, oe.peggedOut + oe.countedOut)
            if abs(bOut - oOut) >= 0.01 { text += ", you go out in this deal \(whole(bOut)) of the time against \(whole(oOut))" }
            if abs(bIn - oIn) >= 0.01 { text += ", they go out in it \(whole(bIn)) against \(whole(oIn))" }
        }
        return WhyPart(kind: .board, gain: (b - o) * 100, text: text)
    }

    /// Every part of why `better` beats `other`: the deal's points largest first, then the board
    /// (first where the points favour `other` or tie: the score decides); `brief`, the first alone.
    public static func parts(better: Analysis.Option, other: Analysis.Option, role: Role?, score: GameScore?,
                             brief: Bool = false) -> [WhyPart] {
        let points = pointParts(better: better, other: other, role: role)
        guard let board = boardPart(better: better, other: other, score: score) else { return brief ? Array(points.prefix(1)) : points }
        let all = better.value.net - other.value.net < 0.05 ? [board] + points : points + [board]
        return brief ? Array(all.prefix(1)) : all
    }

    /// The parts in one phrase: "their crib 4.1 less (…), the hand 3.8 more (…); the board: …".
    static func partsText(_ parts: [WhyPart]) -> String {
        var groups: [String] = []
        var points: [String] = []
        for part in parts {
            if part.kind == .board {
                if !points.isEmpty { groups.append(points.joined(separator: ", ")); points = [] }
                groups.append(part.text)
            } else {
                points.append(part.text)
            }
        }
        if !points.isEmpty { groups.append(points.joined(separator: ", ")) }
        return groups.joined(separator: "; ")
    }

    /// How much `better` beats `other` (named `name`) in the deal's points, or that the score
    /// decides: "7.9 better in the deal than 4-7-Q-K", "better than the 5 at this score, though
    /// 0.3 fewer points in the deal".
    static func margin(_ better: Analysis.Option, _ other: Analysis.Option, than name: String) -> String {
        let points = better.value.net - other.value.net
        if points >= 0.05 { return "\(one(points)) better in the deal than \(name)" }
        return "better than \(name) at this score" + (points <= -0.05 ? ", though \(one(-points)) fewer points in the deal" : "")
    }

    /// A chance as a whole percentage: "31%".
    static func whole(_ chance: Double) -> String { (chance * 100).decimal(places: 0) + "%" }

    /// The option next to the best: the first after it that is not the same choice (for a card, of
    /// another rank).
    static func runnerUp(_ analysis: Analysis, to best: Analysis.Option) -> Analysis.Option? {
        analysis.options.first { option in
            guard option != best else { return false }
            if let a = option.token, let b = best.token { return !sameRank(a, b) }
            return true
        }
    }
}

extension ReviewWords {
    /// A keep's why: the parts of the deal by which the best beats the keep chosen (or, for the best
    /// keep, the next keep), then where the best breaks a book rule, what the rule misses.
    static func keepWhy(analysis: Analysis, chosen: Analysis.Option, best: Analysis.Option, role: Role, score: GameScore?,
                        brief: Bool = false) -> String {
        guard let better = best.keep, let kept = chosen.keep else { return "" }
        let text: String
        if chosen == best || chosen.value.net == best.value.net && GradedDecision.value(of: chosen) == GradedDecision.value(of: best) {
            guard let next = runnerUp(analysis, to: best), let nextKeep = next.keep else { return "the only keep" }
            text = "the best keep: \(ranks(kept.cards)) is \(margin(best, next, than: ranks(nextKeep.cards) + ", the next")): "
                + partsText(parts(better: best, other: next, role: role, score: score, brief: brief))
        } else {
            text = "kept \(ranks(kept.cards)); \(ranks(better.cards)) is \(margin(best, chosen, than: ranks(kept.cards))): "
                + partsText(parts(better: best, other: chosen, role: role, score: score, brief: brief))
        }
        return brief ? text : text + bookText(analysis, best: best, role: role)
    }

    /// Where the engine's keep breaks a book rule, what it sees that the rule misses: "keep the
    /// points" (the keep with the most in the hand) and, as pone, "never give the dealer a five".
    static func bookText(_ analysis: Analysis, best: Analysis.Option, role: Role) -> String {
        guard let keep = best.keep else { return "" }
        var notes: [String] = []
        if let points = analysis.options.max(by: { $0.value.mine.hand < $1.value.mine.hand }), let held = points.keep,
           points.value.mine.hand - best.value.mine.hand >= 0.05, best.value.net - points.value.net >= 0.05 {
            let sees = pointParts(better: best, other: points, role: role).filter { $0.kind != .hand && $0.gain > 0 }
            notes.append("the book keeps the points, \(ranks(held.cards)) (the hand \(one(points.value.mine.hand))), "
                         + "but the engine sees " + (sees.isEmpty ? "the whole deal" : sees.map(\.text).joined(separator: " and "))
                         + ": \(one(best.value.net - points.value.net)) better in all")
        }
        if role == .pone, keep.discard.contains(where: { $0.rank == .five }),
           let safe = analysis.options.first(where: { $0.keep?.discard.contains { $0.rank == .five } == false }), let held = safe.keep,
           best.value.net - safe.value.net >= 0.05 {
            let sees = pointParts(better: best, other: safe, role: role).filter { $0.kind != .crib && $0.gain > 0 }
            notes.append("the book never gives the dealer a five, but the best keep that does not, \(ranks(held.cards)), "
                         + "costs " + (sees.isEmpty ? "more" : sees.map(\.text).joined(separator: " and "))
                         + ": \(one(best.value.net - safe.value.net)) worse in all")
        }
        return notes.isEmpty ? "" : "; " + notes.joined(separator: "; ")
    }

    /// A card's why: the play's figures of the best card against the one laid (or, for the best, the
    /// next), what the better card does at once (the fifteen or thirty-one it makes and with what,
    /// the pair), the pair or count it leaves that the other does not, and the board.
    static func layWhy(analysis: Analysis, view: PeggingView, chosen: Analysis.Option, best: Analysis.Option, score: GameScore?,
                       brief: Bool = false) -> String {
        guard let token = chosen.token, let bestToken = best.token else { return "" }
        if best.value.winsNow && !chosen.value.winsNow { return "\(name(bestToken)) pegged out: it won the game at once" }
        let right = sameRank(token, bestToken)
        guard let other = right ? runnerUp(analysis, to: best) : chosen, let otherToken = other.token else {
            return right ? "the only choice" : ""
        }
        let head = right ? "the best card: \(name(bestToken)) is \(margin(best, other, than: name(otherToken) + ", the next"))"
            : "\(verb(view)) \(name(token)); \(name(bestToken)) is \(margin(best, other, than: name(otherToken)))"
        let does = brief ? [doesText(bestToken, view: view)].compactMap(\.self)
            : [doesText(bestToken, view: view), avoidsText(better: bestToken, other: otherToken, view: view)].compactMap(\.self)
        let parts = partsText(parts(better: best, other: other, role: nil, score: score, brief: brief))
        return head + ": " + ([parts].filter { !$0.isEmpty } + does).joined(separator: "; ")
    }

    /// What a card scores as it is laid, and with which cards: "the 5 makes fifteen with the K (2
    /// at once)", "the 7 makes thirty-one", "the 8 makes a pair with the 8".
    static func doesText(_ token: PlayToken, view: PeggingView) -> String? {
        guard case .card(let card) = token else { return nil }
        let count = view.play.countCards
        let scores = PlayScore.scores(of: count + [card])
        guard !scores.isEmpty else { return nil }
        let words: [String] = scores.map { score in
            switch score {
            case .fifteen: "fifteen with " + list(count.map { "the \($0.rank.notation)" })
            case .thirtyOne: "thirty-one"
            case .pair: "a pair with the \(card.rank.notation)"
            case .pairRoyal: "a pair royal"
            case .doublePairRoyal: "a double pair royal"
            case .run(let length): "a run of \(length)"
            case .go, .lastCard: score.name
            }
        }
        let points = scores.reduce(0) { $0 + $1.points }
        return "\(name(token)) makes \(list(words)) (\(points) at once)"
    }

    /// The pair, or the fifteen or thirty-one, the other card leaves the opponent that the better
    /// card does not, as the engine believes their hand: "the 2 is paired less: they hold a 5 41%
    /// of the time, a 2 12%", "the 5 leaves the count at 5, where a ten-card makes fifteen: they
    /// hold one 62% of the time, against 20% after the 2".
    static func avoidsText(better: PlayToken, other: PlayToken, view: PeggingView) -> String? {
        guard case .card(let b) = better, case .card(let o) = other, view.play.players == 2 else { return nil }
        let belief = PeggingEngine.belief(for: view)
        let total = belief.hands.reduce(0) { $0 + $1.chance }
        guard total > 0 else { return nil }
        func holds(_ test: (UInt8) -> Bool) -> Double {
            belief.hands.reduce(0.0) { $0 + ($1.ranks.contains(where: test) ? $1.chance : 0) } / total
        }
        // A reply that makes fifteen or thirty-one on the count a card leaves, and the chance they hold one.
        func reply(_ card: Card) -> (text: String, chance: Double)? {
            let count = view.play.count + card.rank.value
            let needed = count < 15 ? 15 - count : 31 - count
            guard (1...10).contains(needed), let rank = Rank(rawValue: UInt8(needed)) else { return nil }
            let held = holds { Rank(rawValue: $0).map { $0.value == needed } ?? false }
            return ("the count at \(count), where \(needed == 10 ? "a ten-card" : a(rank)) makes \(count < 15 ? "fifteen" : "thirty-one")", held)
        }
        var notes: [String] = []
        let pair = (b: holds { $0 == b.rank.rawValue }, o: holds { $0 == o.rank.rawValue })
        if pair.o - pair.b >= 0.1 {
            notes.append("\(name(better)) is paired less: they hold \(a(o.rank)) \(whole(pair.o)) of the time, \(a(b.rank)) \(whole(pair.b))")
        }
        if let r = reply(o), r.chance - (reply(b)?.chance ?? 0) >= 0.1 {
            notes.append("\(name(other)) leaves \(r.text): they hold one \(whole(r.chance)) of the time"
                         + (reply(b).map { ", against \(whole($0.chance)) after \(name(better))" } ?? ""))
        }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }

    /// A rank with its article, as a player says it: "a 5", "an 8", "an ace".
    static func a(_ rank: Rank) -> String {
        switch rank {
        case .ace: "an ace"
        case .eight: "an 8"
        default: "a \(rank.notation)"
        }
    }

    /// "the 5", "the 5 and the K", "the 5, the 6 and the 4".
    static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
