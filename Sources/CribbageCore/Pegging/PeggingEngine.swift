/// The pegging engine: the card to lay (or go), with what each choice is worth for the rest of
/// the play. It reads only a `PeggingView`, what the player may know.
///
/// With two players it searches: it weighs the opponent's possible hands (`PeggingBelief`),
/// takes up to `hands` of them, solves the rest of the play exactly for each as if both hands
/// were open (each player maximising its points minus the other's, on ranks), and averages.
/// With three or four players it samples: deals of the unseen cards to the other seats that fit
/// what was laid and every go said, each play finished by every seat laying greedily
/// (`GroupPegging`), and the card whose side nets most on average (measured against the greedy
/// rule alone in README, "Three and four players").
///
///     let advice = PeggingEngine().advice(for: view)!
///     advice.best.token   // .card(5H)
public struct PeggingEngine: Hashable, Sendable {
    /// How many of the opponent's possible hands a decision solves at most: when the belief
    /// holds more, they are chosen by systematic sampling (K evenly spaced points of the
    /// cumulative chances, in a fixed order), so the same view always gets the same advice.
    public let hands: Int

    /// The hands a decision solves unless a `Limit` says otherwise.
    public static let standardHands = 48

    public init(hands: Int = standardHands) {
        precondition(hands > 0, "the engine solves at least one hand")
        self.hands = hands
    }

    /// The options of the player whose view it is, best first; nil when it is not its turn.
    public func advice(for view: PeggingView) -> PeggingAdvice? {
        guard view.play.turn == view.seat else { return nil }
        return view.play.players == 2 ? searched(view, score: nil) : GroupPegging(deals: Self.groupDeals(hands)).advice(for: view)
    }

    /// The same options with each one's race to the target from `score` (the chance the player
    /// reaches it in this play and the opponent does not, and the other way round), measured and not
    /// followed: the order is `advice(for:)`'s. Playing to the score is a policy above the search
    /// (`Policy.toScore`, which ranks by the chance to win near the end).
    public func advice(for view: PeggingView, racingTo score: GameScore) -> PeggingAdvice? {
        guard view.play.turn == view.seat else { return nil }
        return view.play.players == 2 ? searched(view, score: score) : GroupPegging(deals: Self.groupDeals(hands)).advice(for: view)
    }

    // MARK: Two players

    /// What the player of a two-player view believes of the ranks the opponent still holds,
    /// given its cards, the cut and the opponent's cards and goes so far.
    static func belief(for view: PeggingView) -> PeggingBelief {
        var seen = InlineArray<13, Int>(repeating: 0)
        for card in view.hand + view.discards + [view.cut] { seen[card.rank.order - 1] += 1 }
        var laid: [UInt8] = [], goes: [(laid: Int, count: Int)] = []
        for step in view.play.steps where step.player != view.seat {
            switch step.token {
            case .card(let card): laid.append(card.rank.rawValue)
            case .go: goes.append((laid.count, step.count))
            }
        }
        var belief = PeggingBelief(seen: seen, opponentIsDealer: !view.isDealer, laid: laid, goes: goes)
        // A history that no expert keep with honest goes explains (a go said while a card fitted,
        // which `Play` cannot know): without the goes, then without the expert's throw.
        if belief.hands.isEmpty {
            belief = PeggingBelief(seen: seen, opponentIsDealer: !view.isDealer, laid: laid, goes: [])
        }
        if belief.hands.isEmpty {
            belief = PeggingBelief(seen: seen, opponentIsDealer: !view.isDealer, laid: laid, goes: [], thrownAsExpert: false)
        }
        return belief
    }

    private func searched(_ view: PeggingView, score: GameScore?) -> PeggingAdvice {
        let play = view.play, seat = view.seat, opponent = 1 - seat
        let belief = Self.belief(for: view)
        let sample = Self.sample(belief.hands.map(\.chance), size: hands)

        let held = view.held
        let legal = view.legalCards
        // Each distinct rank once: cards of a rank are alike in the play.
        var moves: [UInt8] = []
        for card in legal where !moves.contains(card.rank.rawValue) { moves.append(card.rank.rawValue) }
        let mine = held.map(\.rank.rawValue)

        var sums = [(mine: Double, theirs: Double)](repeating: (0, 0), count: max(1, moves.count))
        // Played to the score: the weight of the hands where the player reaches the target in
        // this play and the opponent does not, and the other way round.
        var races = [(won: Double, lost: Double)](repeating: (0, 0), count: max(1, moves.count))
        func race(_ k: Int, _ points: InlineArray<2, Int>, _ weight: Double) {
            guard let score else { return }
            let mine = points[seat] >= score.target - score.mine, theirs = points[opponent] >= score.target - score.theirs
            if mine && !theirs { races[k].won += weight }
            if theirs && !mine { races[k].lost += weight }
        }
        let memo = LineMemo<NoLine>()
        for (hand, weight) in sample {
            var hands: [[UInt8]] = [[], []]
            hands[seat] = mine
            hands[opponent] = belief.hands[hand].ranks
            let start = RankPlay(play, held: hands)
            if moves.isEmpty {
                var next = start
                next.go()
                let points = next.solved(memo: memo)
                sums[0].mine += weight * Double(points[seat])
                sums[0].theirs += weight * Double(points[opponent])
                race(0, points, weight)
            }
            for (k, rank) in moves.enumerated() {
                var next = start
                next.lay(rank)
                let points = next.solved(memo: memo)
                sums[k].mine += weight * Double(points[seat])
                sums[k].theirs += weight * Double(points[opponent])
                race(k, points, weight)
            }
        }
        let method = PeggingAdvice.Method.search(solved: sample.count, possible: belief.hands.count)
        guard !moves.isEmpty else {
            return PeggingAdvice(options: [.init(token: .go, mine: sums[0].mine, theirs: sums[0].theirs,
                                                 racesWon: races[0].won, racesLost: races[0].lost)], method: method)
        }
        let options = legal.map { card in
            let k = moves.firstIndex(of: card.rank.rawValue)!
            return PeggingAdvice.Option(token: .card(card), mine: sums[k].mine, theirs: sums[k].theirs,
                                        racesWon: races[k].won, racesLost: races[k].lost)
        }
        return PeggingAdvice(options: Self.ranked(options), method: method)
    }

    /// Indices into `chances` (which sum to 1) with weights summing to 1: all of them when there
    /// are `size` or fewer, else `size` evenly spaced points of the cumulative chances (a hand
    /// hit m times weighs m / size).
    static func sample(_ chances: [Double], size: Int) -> [(index: Int, weight: Double)] {
        guard chances.count > size else { return chances.enumerated().map { ($0.offset, $0.element) } }
        var sample: [(index: Int, weight: Double)] = []
        var cumulative = 0.0, index = -1
        for j in 0..<size {
            let point = (Double(j) + 0.5) / Double(size)
            while index + 1 < chances.count && cumulative <= point {
                index += 1
                cumulative += chances[index]
            }
            if sample.last?.index == index {
                sample[sample.count - 1].weight += 1 / Double(size)
            } else {
                sample.append((index, 1 / Double(size)))
            }
        }
        return sample
    }

    /// Best net first, then more points for the player, then the order given.
    private static func ranked(_ options: [PeggingAdvice.Option]) -> [PeggingAdvice.Option] {
        options.indices.sorted { a, b in
            let (x, y) = (options[a], options[b])
            if x.net != y.net { return x.net > y.net }
            if x.mine != y.mine { return x.mine > y.mine }
            return a < b
        }.map { options[$0] }
    }

    // MARK: Three or four players

    /// The deals of the unseen cards a three- or four-player decision plays out: twice the hands
    /// a two-player one solves (96 at the standard 48), each deal a quick greedy play-out: 96
    /// measured +0.132 a deal with three and +0.394 with teams against 48's +0.094 and +0.268
    /// (README, "Three and four players").
    static func groupDeals(_ hands: Int) -> Int { 2 * hands }

    /// The greedy rule for three or four players: the most points now (`Play.points(laying:)`);
    /// among equals, a card that does not leave the count at 5 or 21 (a ten-card makes 15 or 31
    /// from there), then the highest card, so the low ones are kept for the end of a count. The
    /// numbers are the points now only. The sampled search finishes each play with it, and it is
    /// the baseline the search is measured against.
    public static func greedyAdvice(for view: PeggingView) -> PeggingAdvice? {
        guard view.play.turn == view.seat else { return nil }
        let legal = view.legalCards
        guard !legal.isEmpty else {
            return PeggingAdvice(options: [.init(token: .go, mine: 0, theirs: 0)], method: .greedy)
        }
        let order = greedyOrder(legal, play: view.play)
        return PeggingAdvice(options: order.map { .init(token: .card($0.card), mine: Double($0.now), theirs: 0) },
                             method: .greedy)
    }

    /// `cards` (each fits the count) in the greedy rule's order, with what each pegs now.
    static func greedyOrder(_ cards: [Card], play: Play) -> [(card: Card, now: Int)] {
        let scored = cards.map { card in
            (card: card, now: play.points(laying: card)!, risky: [5, 21].contains(play.count + card.rank.value))
        }
        let order = scored.indices.sorted { a, b in
            let (x, y) = (scored[a], scored[b])
            if x.now != y.now { return x.now > y.now }
            if x.risky != y.risky { return !x.risky }
            if x.card.rank != y.card.rank { return x.card.rank > y.card.rank }
            return a < b
        }
        return order.map { (scored[$0].card, scored[$0].now) }
    }
}

/// The engine's choices for one turn, best first, each with its numbers.
public struct PeggingAdvice: Hashable, Sendable {
    /// One card the player may lay, or go when none fits.
    public struct Option: Hashable, Sendable {
        public let token: PlayToken
        /// The points the player (with teams, its side) is expected to peg from this choice to the
        /// end of the play, this card's included; with the greedy rule, what the card pegs now.
        public let mine: Double
        /// The opponent's expected points to the end of the play: with three players the other
        /// two's mean, with teams the other side's; 0 with the greedy rule.
        public let theirs: Double
        /// Raced to a score (`advice(for:racingTo:)`), the chance the player reaches the target in
        /// this play and the opponent does not, and the other way round; 0 otherwise.
        public var racesWon = 0.0
        public var racesLost = 0.0
        /// `mine − theirs`: what the engine maximises.
        public var net: Double { mine - theirs }
    }

    /// How the numbers were worked out.
    public enum Method: Hashable, Sendable {
        /// Two players: `solved` of the opponent's `possible` hands solved and averaged.
        case search(solved: Int, possible: Int)
        /// Three or four players, the greedy rule: the points each card pegs now.
        case greedy
        /// Three or four players: `deals` deals of the unseen cards played out (`GroupPegging`).
        case sampled(deals: Int)
    }

    /// Every legal card (each card of a rank gets the rank's numbers), or the go, best first.
    public let options: [Option]
    public let method: Method

    /// The engine's choice.
    public var best: Option { options[0] }
}
