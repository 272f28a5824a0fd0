/// The computer's pegging with three players or two teams: a sampled search over the cards it
/// cannot see, deciding only from its `PeggingView` (its own cards and throw, the starter, every
/// card laid and every go).
///
/// It deals the unseen cards (the deck less its hand, its throw, the starter and the cards laid)
/// to the other seats `deals` times, each seat as many as it still holds, and only cards that fit
/// every go it said (a seat that said go on a count of 25 holds nothing of 6 or less). For each
/// card it may lay it plays each deal out to the end, every seat (itself too) then laying by the
/// greedy rule (`PeggingEngine.greedyAdvice`), and averages its side's points from here against
/// the others' (with three players, the other two's mean). It lays the card that nets most; equal
/// cards go by the greedy rule. The deals come from a generator seeded by the view alone, so the
/// same view always gets the same card, whatever the unseen cards are.
///
///     GroupPegging(deals: 48).advice(for: view)?.best.token
struct GroupPegging: Hashable, Sendable {
    /// How many deals of the unseen cards each decision plays out.
    let deals: Int

    func advice(for view: PeggingView) -> PeggingAdvice? {
        guard view.play.turn == view.seat else { return nil }
        let legal = view.legalCards
        guard !legal.isEmpty else {
            return PeggingAdvice(options: [.init(token: .go, mine: 0, theirs: 0)], method: .sampled(deals: 0))
        }
        // Each distinct rank once, in the greedy rule's order: cards of a rank are alike in the play.
        let greedy = PeggingEngine.greedyOrder(legal, play: view.play)
        var ranks: [Rank] = []
        for (card, _) in greedy where !ranks.contains(card.rank) { ranks.append(card.rank) }
        guard ranks.count > 1 else {
            let options = greedy.map { PeggingAdvice.Option(token: .card($0.card), mine: Double($0.now), theirs: 0) }
            return PeggingAdvice(options: options, method: .sampled(deals: 0))
        }
        let play = view.play, seat = view.seat
        var sums = Array(repeating: (mine: 0.0, theirs: 0.0), count: ranks.count)
        var random = Self.generator(for: view)
        for _ in 0..<deals {
            var hands = Self.deal(view, random: &random)
            hands[seat] = view.held
            for (k, rank) in ranks.enumerated() {
                var next = play
                let card = hands[seat].first { $0.rank == rank }!
                try! next.apply(.card(card))
                var held = hands
                held[seat].removeAll { $0 == card }
                Self.finish(&next, held: &held)
                let (mine, theirs) = Self.net(from: play, to: next, seat: seat)
                sums[k].mine += mine
                sums[k].theirs += theirs
            }
        }
        let order = ranks.indices.sorted { a, b in
            let (x, y) = (sums[a].mine - sums[a].theirs, sums[b].mine - sums[b].theirs)
            if x != y { return x > y }
            if sums[a].mine != sums[b].mine { return sums[a].mine > sums[b].mine }
            return a < b
        }
        let options = order.flatMap { k in
            greedy.filter { $0.card.rank == ranks[k] }.map { entry in
                PeggingAdvice.Option(token: .card(entry.card), mine: sums[k].mine / Double(deals),
                                     theirs: sums[k].theirs / Double(deals))
            }
        }
        return PeggingAdvice(options: options, method: .sampled(deals: deals))
    }

    /// The play finished from here, every seat laying by the greedy rule from `held`.
    static func finish(_ play: inout Play, held: inout [[Card]]) {
        while let turn = play.turn {
            let fits = held[turn].filter { play.count + $0.rank.value <= 31 }
            guard !fits.isEmpty else {
                try! play.apply(.go)
                continue
            }
            let card = PeggingEngine.greedyOrder(fits, play: play)[0].card
            try! play.apply(.card(card))
            held[turn].removeAll { $0 == card }
        }
    }

    /// What `seat`'s side pegged from `before` to `after`, and the others' (with three players the
    /// other two's mean).
    static func net(from before: Play, to after: Play, seat: Int) -> (mine: Double, theirs: Double) {
        let gained = after.totals.indices.map { after.totals[$0] - before.totals[$0] }
        if let teams = after.partnershipTotals, let was = before.partnershipTotals {
            let side = seat % 2
            return (Double(teams[side] - was[side]), Double(teams[1 - side] - was[1 - side]))
        }
        let others = gained.indices.filter { $0 != seat }.map { gained[$0] }
        return (Double(gained[seat]), Double(others.reduce(0, +)) / Double(others.count))
    }

    /// One deal of the unseen cards to the other seats, each as many as it still holds, fitting
    /// its goes where the unseen cards allow (else, when the goes cannot all be true, at random).
    static func deal(_ view: PeggingView, random: inout SplitMix64) -> [[Card]] {
        let play = view.play
        let seen = Set(view.hand + view.discards + [view.cut] + play.laid.joined())
        var unseen = Card.all.filter { !seen.contains($0) }
        // The least value a seat's cards may have: above 31 less the count of each go it said.
        var least = Array(repeating: 1, count: play.players)
        for step in play.steps where step.token == .go { least[step.player] = max(least[step.player], 32 - step.count) }
        let others = (0..<play.players).filter { $0 != view.seat }.sorted { least[$0] > least[$1] }
        var hands = Array(repeating: [Card](), count: play.players)
        for other in others {
            let need = Play.cardsPerPlayer - play.laid[other].count
            var fits = unseen.filter { $0.rank.value >= least[other] }
            if fits.count < need { fits = unseen }
            for _ in 0..<need {
                let card = fits.remove(at: random.below(fits.count))
                hands[other].append(card)
                unseen.removeAll { $0 == card }
            }
        }
        return hands
    }

    /// A generator fixed by what the view holds: the same view, the same deals.
    static func generator(for view: PeggingView) -> SplitMix64 {
        var numbers = [view.seat, view.play.players, view.cut.index]
        numbers += view.hand.map(\.index) + [-1] + view.discards.map(\.index) + [-1]
        for step in view.play.steps {
            switch step.token {
            case .card(let card): numbers.append(card.index)
            case .go: numbers.append(52)
            }
        }
        // Each number mixed into the state in turn, as the deal scheme mixes a seed's numbers.
        var state: UInt64 = 0x29
        for number in numbers {
            var step = SplitMix64(seed: state ^ (UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15))
            state = step.next()
        }
        return SplitMix64(seed: state)
    }
}
