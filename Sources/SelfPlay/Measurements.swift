import CribbageCore

/// Measurement 3: the engine's pegging against greedy pegging on the same hands, both throwing
/// as the expert does. Each deal is played four times: the engine dealing against greedy, greedy
/// dealing against the engine (the same cards, the seats swapped), greedy against greedy (the
/// reference for each role), and the engine against itself for the points a deal pegs under
/// good play.
struct PeggingResult: Sendable {
    /// The engine's points minus greedy's when it deals, and when it is the pone.
    var asDealer = Tally(), asPone = Tally()
    /// What the engine adds in each role over greedy in its seat: its net there less greedy's
    /// net in the same seat against greedy.
    var gainAsDealer = Tally(), gainAsPone = Tally()
    /// Both plays of a deal together, halved: the engine's net per deal, whatever the role.
    var perDeal = Tally()
    /// Engine against engine: the dealer's and the pone's points.
    var dealerPegs = Tally(), ponePegs = Tally()
    /// Where the engine still loses to greedy: the deals on which greedy in the engine's seat,
    /// against the same greedy opponent on the same cards, netted more (1 or 0 a deal), and what
    /// those deals cost a deal on average (the gain where it is below 0, else 0).
    var behindAsDealer = Tally(), behindAsPone = Tally()
    var lostAsDealer = Tally(), lostAsPone = Tally()

    mutating func merge(_ other: PeggingResult) {
        asDealer.merge(other.asDealer)
        asPone.merge(other.asPone)
        gainAsDealer.merge(other.gainAsDealer)
        gainAsPone.merge(other.gainAsPone)
        perDeal.merge(other.perDeal)
        dealerPegs.merge(other.dealerPegs)
        ponePegs.merge(other.ponePegs)
        behindAsDealer.merge(other.behindAsDealer)
        behindAsPone.merge(other.behindAsPone)
        lostAsDealer.merge(other.lostAsDealer)
        lostAsPone.merge(other.lostAsPone)
    }

    static func deal(_ index: Int, seed: UInt64, engine: PeggingEngine) -> PeggingResult {
        var random = generator(seed: seed, index: index)
        let dealt = DealtCards(&random)
        let pone = Thrower.expert.keep(dealt.sixes[0], dealer: false)
        let dealer = Thrower.expert.keep(dealt.sixes[1], dealer: true)
        let kept = [pone.kept, dealer.kept], thrown = [pone.thrown, dealer.thrown]
        func points(_ peggers: [Pegger]) -> [Int] {
            var ties = random
            let pegs = playOut(kept: kept, thrown: thrown, cut: dealt.cut, peggers: peggers, random: &ties)
            return [0, 1].map { seat in pegs.reduce(0) { $0 + ($1.player == seat ? $1.score.points : 0) } }
        }
        var result = PeggingResult()
        let dealing = points([.greedy, .engine(engine)])
        let poning = points([.engine(engine), .greedy])
        let both = points([.engine(engine), .engine(engine)])
        let greedy = points([.greedy, .greedy])
        let dealerNet = Double(dealing[1] - dealing[0]), poneNet = Double(poning[0] - poning[1])
        result.asDealer.add(dealerNet)
        result.asPone.add(poneNet)
        let gainAsDealer = dealerNet - Double(greedy[1] - greedy[0]), gainAsPone = poneNet - Double(greedy[0] - greedy[1])
        result.gainAsDealer.add(gainAsDealer)
        result.gainAsPone.add(gainAsPone)
        result.behindAsDealer.add(gainAsDealer < 0 ? 1 : 0)
        result.behindAsPone.add(gainAsPone < 0 ? 1 : 0)
        result.lostAsDealer.add(min(gainAsDealer, 0))
        result.lostAsPone.add(min(gainAsPone, 0))
        result.perDeal.add((dealerNet + poneNet) / 2)
        result.dealerPegs.add(Double(both[1]))
        result.ponePegs.add(Double(both[0]))
        return result
    }
}

/// One side of a game: how it throws and how it pegs.
struct Player: Sendable {
    let thrower: Thrower
    let pegger: Pegger
}

/// Measurement 2: whole games to 121, game points (1 a win, 2 if the loser has not passed 90,
/// 3 if not 60) for the first player. Games come in twins: the same cards to each seat, the
/// players swapped; the first deal alternates from one twin pair to the next.
struct GamesResult: Sendable {
    /// The first player's game points per game (+ when it wins, − when it loses), and its wins:
    /// each the mean of a twin pair's two games, so that the standard error counts the pairs, the
    /// independent draws (the twins share their cards).
    var gamePoints = Tally()
    var wins = Tally()

    mutating func merge(_ other: GamesResult) {
        gamePoints.merge(other.gamePoints)
        wins.merge(other.wins)
    }

    /// Both games of twin pair `index`.
    /// With `from`, each seat starts at a score drawn from `from` to one short of the target
    /// (the same two scores for both games of the pair, each to its seat): games played from
    /// their ends, where playing to the score matters.
    static func twins(_ index: Int, seed: UInt64, players: [Player], from: Int? = nil) -> GamesResult {
        var points = 0.0, wins = 0.0
        var starting: [Int]? = nil
        if let from {
            var random = generator(seed: seed ^ 0x5EED_F00D, index: index)
            starting = (0..<2).map { _ in from + Int(random.next() % UInt64(121 - from)) }
        }
        for swapped in [false, true] {
            let seated = swapped ? [players[1], players[0]] : players
            let outcome = play(seated, firstDealer: index % 2, seed: seed, index: index, starting: starting).result!
            let won = outcome.winner == (swapped ? 1 : 0)
            points += Double(won ? outcome.losers[0].matchPoints : -outcome.losers[0].matchPoints) / 2
            wins += won ? 0.5 : 0
        }
        var result = GamesResult()
        result.gamePoints.add(points)
        result.wins.add(wins)
        return result
    }

    /// One game to its end; each round's cards come from the twin pair's seed and the round.
    static func play(_ players: [Player], firstDealer: Int, seed: UInt64, index: Int, starting: [Int]? = nil) -> Game {
        var game = try! Game(dealer: firstDealer)
        for (seat, points) in (starting ?? []).enumerated() where points > 0 { try! game.correct(player: seat, points: points) }
        while !game.isOver {
            var random = generator(seed: seed, index: index &* 1_000 &+ game.round)
            let dealt = DealtCards(&random)
            let dealer = game.dealer, pone = 1 - dealer
            // Play seats: 0 the pone, 1 the dealer; seat 0 of the game takes sixes[0] either way.
            let gameSeats = [pone, dealer]
            let keeps = [0, 1].map { seat in
                let score = GameScore(mine: game.totals[gameSeats[seat]], theirs: game.totals[gameSeats[1 - seat]],
                                         target: game.target.points)
                return players[gameSeats[seat]].thrower.keep(dealt.sixes[gameSeats[seat]], dealer: seat == 1, score: score)
            }
            if dealt.cut.rank == .jack { try! game.heels() }
            guard !game.isOver else { break }
            let pegs = playOut(kept: keeps.map(\.kept), thrown: keeps.map(\.thrown), cut: dealt.cut,
                               peggers: gameSeats.map { players[$0].pegger }, random: &random,
                               scores: gameSeats.map { game.totals[$0] }, target: game.target.points)
            for peg in pegs where !game.isOver {
                try! game.peg(player: gameSeats[peg.player], points: peg.score.points)
            }
            let counts = [keeps[0].kept, keeps[1].kept, keeps[0].thrown + keeps[1].thrown]
            for cards in counts where !game.isOver {
                try! game.count(Hand(cards, cut: dealt.cut))
            }
        }
        return game
    }
}

/// Measurement 1: pegging-aware discards (`Thrower.pegging`) against hand ± crib discards
/// (`Thrower.expert`), both pegging with the engine, on duplicate deals: the same cards with
/// the seats swapped. A deal's points are its pegs and hand, and the crib for the dealer.
///
/// Where both players keep the same four from both sixes, the two games of the pair are one
/// game with the seats swapped, and the pair's difference is exactly 0: such a deal is counted
/// without being played (`DiscardsTests` checks the shortcut against playing it).
struct DiscardsResult: Sendable {
    /// Per deal: the pegging-aware player's points less the other's, the pair's mean.
    var perDeal = Tally()
    /// Its gain in each seat over the plain player in the same seat, against the plain player.
    var gainAsDealer = Tally(), gainAsPone = Tally()
    /// Deals where the pegging-aware keep differs, by seat.
    var changedAsDealer = 0, changedAsPone = 0, deals = 0

    mutating func merge(_ other: DiscardsResult) {
        perDeal.merge(other.perDeal)
        gainAsDealer.merge(other.gainAsDealer)
        gainAsPone.merge(other.gainAsPone)
        changedAsDealer += other.changedAsDealer
        changedAsPone += other.changedAsPone
        deals += other.deals
    }

    /// The pone's and the dealer's points for the deal with these keeps.
    static func points(_ keeps: [(kept: [Card], thrown: [Card])], cut: Card, engine: PeggingEngine) -> [Int] {
        var unused = SplitMix64(seed: 0)
        let pegs = playOut(kept: keeps.map(\.kept), thrown: keeps.map(\.thrown), cut: cut,
                           peggers: [.engine(engine), .engine(engine)], random: &unused)
        func count(_ cards: [Card], _ rules: Rules) -> Int {
            FastScorer.shared.total(hand: try! Hand(cards, cut: cut), rules: rules)
        }
        var points = [0, 1].map { seat in pegs.reduce(0) { $0 + ($1.player == seat ? $1.score.points : 0) } }
        points[0] += count(keeps[0].kept, .hand)
        points[1] += count(keeps[1].kept, .hand) + count(keeps[0].thrown + keeps[1].thrown, .crib)
        return points
    }

    static func deal(_ index: Int, seed: UInt64, engine: PeggingEngine, shortcut: Bool = true) -> DiscardsResult {
        var random = generator(seed: seed, index: index)
        let dealt = DealtCards(&random)
        let keeps = [Thrower.expertKeeps(dealt.sixes[0], dealer: false), Thrower.expertKeeps(dealt.sixes[1], dealer: true)]
        let plain = keeps.map(\.plain), aware = keeps.map(\.pegging)
        var result = DiscardsResult()
        result.deals = 1
        let poneChanged = aware[0].kept != plain[0].kept, dealerChanged = aware[1].kept != plain[1].kept
        result.changedAsPone = poneChanged ? 1 : 0
        result.changedAsDealer = dealerChanged ? 1 : 0
        guard poneChanged || dealerChanged || !shortcut else {
            result.perDeal.add(0)
            result.gainAsPone.add(0)
            result.gainAsDealer.add(0)
            return result
        }
        let reference = points(plain, cut: dealt.cut, engine: engine)
        // Without the shortcut every game is played, so a test can see that a game whose keeps
        // agree with the reference's scores as the reference does.
        let awarePone = poneChanged || !shortcut ? points([aware[0], plain[1]], cut: dealt.cut, engine: engine) : reference
        let awareDealer = dealerChanged || !shortcut ? points([plain[0], aware[1]], cut: dealt.cut, engine: engine) : reference
        let poneNet = Double(awarePone[0] - awarePone[1]), dealerNet = Double(awareDealer[1] - awareDealer[0])
        result.perDeal.add((poneNet + dealerNet) / 2)
        result.gainAsPone.add(poneNet - Double(reference[0] - reference[1]))
        result.gainAsDealer.add(dealerNet - Double(reference[1] - reference[0]))
        return result
    }
}
