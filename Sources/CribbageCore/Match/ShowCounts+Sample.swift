extension ShowCounts {
    /// The deals `range` of the sample seeded `seed` (deal `index` is the deal scheme's game
    /// `index + 1`, its first deal, the dealer seat 1), each played by the table's expert on both
    /// sides from 0 to 0 through the match driver (`limit` its work); those below `played` give the
    /// rest of the play too. Any split of the range adds up to the same counts.
    public static func sample(seed: UInt64, deals range: Range<Int>, played: Int = 0, limit: Limit = .move) -> ShowCounts {
        var result = ShowCounts(seed: seed, deals: 0, counts: Array(repeating: Array(repeating: 0, count: 30), count: 3))
        let expert = ComputerPlayer(level: .expert, limit: limit)
        for index in range {
            let setup = Match.Setup(seed: seed, game: index + 1, dealer: 1)
            // The counts need only the throws; the play is played for the first `played` deals.
            var match = Match(setup: setup)
            while case .discard = match.stage, let move = match.nextMove(players: [expert, expert]) { try! match.perform(move) }
            let deal = match.deal!
            let counted = [
                FastScorer.shared.total(hand: try! Hand(deal.kept[0]!, cut: deal.cut), rules: .hand),
                FastScorer.shared.total(hand: try! Hand(deal.kept[1]!, cut: deal.cut), rules: .hand),
                FastScorer.shared.total(hand: try! Hand(deal.crib, cut: deal.cut), rules: .crib),
            ]
            for (kind, points) in counted.enumerated() { result.counts[kind][points] += 1 }
            result.deals += 1
            guard index < played else { continue }
            result.played += 1
            while !match.isPastFirstDeal, case .play = match.stage, let move = match.nextMove(players: [expert, expert]) {
                try! match.perform(move)
            }
            for (laid, pegs) in restOfPlay(match.events).enumerated() {
                result.rest[restKey(laid: laid + 1, dealer: min(31, pegs.dealer), pone: min(31, pegs.pone)), default: 0] += 1
            }
        }
        return result
    }

    /// After each card laid in a complete two-player play, 1 to 7, what the rest of it pegged for
    /// the dealer (seat 1) and the pone, from the play's events: each peg where it was pegged (a go
    /// after the card that earned it).
    static func restOfPlay(_ events: [TableEvent]) -> [(dealer: Int, pone: Int)] {
        var now = (dealer: 0, pone: 0)
        var pegged: [(dealer: Int, pone: Int)] = [now]
        for case .played(_, let token, _, let pegs) in events {
            for peg in pegs {
                if peg.seat == 1 { now.dealer += peg.score.points } else { now.pone += peg.score.points }
            }
            if case .card = token { pegged.append(now) }
        }
        return (1...7).map { n in (now.dealer - pegged[n].dealer, now.pone - pegged[n].pone) }
    }
}

extension DealScores {
    /// Deal `index` of the win tables' sample seeded `seed`: the deal scheme's game `index + 1`,
    /// its first deal, played from 0 to 0 by the table's expert on both sides (`limit` its work)
    /// through the match driver, as the board sees it: his heels, the pegs in order, the hands, the
    /// crib.
    public static func played(_ index: Int, seed: UInt64, limit: Limit = .move) -> DealScores {
        let expert = ComputerPlayer(level: .expert, limit: limit)
        let match = Match.play(Match.Setup(seed: seed, game: index + 1, dealer: 1), players: [expert, expert],
                               until: \.isPastFirstDeal)
        let points = match.points(inRound: 1)
        var pegs: [Step] = []
        for case .played(_, _, _, let scored) in match.events {
            // A step's pegs together, for the side that pegged (a go may peg for the other side).
            for side in [0, 1] {
                let total = scored.filter { $0.seat == side }.reduce(0) { $0 + $1.score.points }
                if total > 0 { pegs.append(Step(dealer: side == 1, points: total)) }
            }
        }
        return DealScores(heels: points[1].heels, pegs: pegs, poneHand: points[0].hand, dealerHand: points[1].hand,
                          crib: points[1].crib)
    }

    /// The digest of deals' scores in order: the win tables' sample check.
    public static func digest(_ deals: [DealScores]) -> String {
        var digest = Digest()
        for deal in deals {
            digest.add(text: "\(deal.heels) \(deal.pegs.map { "\($0.dealer ? "d" : "p")\($0.points)" }.joined(separator: ",")) \(deal.poneHand) \(deal.dealerHand) \(deal.crib)")
        }
        return digest.hex
    }
}
