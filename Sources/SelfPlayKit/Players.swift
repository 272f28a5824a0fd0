import CribbageCore

/// The players self-play fields, each a policy played through the one analysis, as the table's
/// computer is.
enum Players {
    /// The random baseline: two of its six thrown at random, any card that fits laid at random.
    struct Random: CribbagePlayer {
        func keep(_ six: [Card], role: Role, score: GameScore?, random: inout SplitMix64) -> [Card] {
            var cards = six
            let first = cards.remove(at: random.below(cards.count))
            return [first, cards[random.below(cards.count)]]
        }

        func lay(_ view: PeggingView, score: GameScore?, random: inout SplitMix64) -> PlayToken {
            let cards = view.legalCards
            return cards.isEmpty ? .go : .card(cards[random.below(cards.count)])
        }
    }

    /// The greedy baseline: hand ± crib against a random crib, the card that pegs most now.
    static func greedy(_ limit: Limit) -> ComputerPlayer { ComputerPlayer(policy: .greedy, limit: limit) }

    /// Hand ± crib against the solved crib, and `lay` in the play.
    static func handAndCrib(_ limit: Limit, lay: LayPolicy = .search) -> ComputerPlayer {
        ComputerPlayer(policy: Policy(crib: .solved, keep: .handAndCrib, lay: lay), limit: limit)
    }

    /// Hand ± crib against the solved crib plus the keep's pegging, the engine in the play; with
    /// `toScore`, playing to the score near the end.
    static func withPegging(_ limit: Limit, toScore: ToScore? = nil) -> ComputerPlayer {
        ComputerPlayer(policy: Policy(crib: .solved, keep: .withPegging, lay: .search, toScore: toScore), limit: limit)
    }

    /// The table's computer at a level.
    static func level(_ level: ComputerLevel, _ limit: Limit) -> ComputerPlayer { ComputerPlayer(level: level, limit: limit) }
}

/// One deal played by itself: deal `index` of the seed (the deal scheme's game `index + 1`, its
/// first deal), seat 0 the pone and seat 1 the dealer, from 0 to 0, until its show is counted.
func playDeal(_ index: Int, seed: UInt64, players: [ComputerPlayer]) -> Match {
    Match.play(Match.Setup(seed: seed, game: index + 1, dealer: 1), players: players, until: \.isPastFirstDeal)
}

/// Both players' keeps of deal `index` as they would throw them, without playing it: seat 0 the
/// pone, seat 1 the dealer.
func keeps(_ index: Int, seed: UInt64, player: ComputerPlayer) -> [[Card]] {
    let match = Match(setup: Match.Setup(seed: seed, game: index + 1, dealer: 1))
    var unused = SplitMix64(seed: 0)
    return (0...1).map { seat in
        player.keep(match.deal!.sixes[seat], role: seat == 1 ? .dealer : .pone, score: match.scoreBeforeDeal(for: seat), random: &unused)
    }
}

/// Whole games in twin pairs: the same cards to each seat, the players swapped; the first deal
/// alternates from one pair to the next. Each figure is the first player's, a pair's mean, so that
/// the standard error counts the pairs (the twins share their cards).
struct GamesResult: Sendable {
    var gamePoints = Tally()
    var wins = Tally()

    mutating func merge(_ other: GamesResult) {
        gamePoints.merge(other.gamePoints)
        wins.merge(other.wins)
    }

    /// Both games of pair `index`. With `from`, each seat starts at a score drawn from `from` to one
    /// short of the target (the same two for both games, each to its seat).
    static func twins(_ index: Int, seed: UInt64, players: [any CribbagePlayer], from: Int? = nil) -> GamesResult {
        var start = [0, 0]
        if let from {
            var random = DealScheme.generator(seed, 0x5EED, index)
            start = (0..<2).map { _ in from + random.below(121 - from) }
        }
        var result = GamesResult()
        var points = 0.0, wins = 0.0
        for swapped in [false, true] {
            let seated = swapped ? [players[1], players[0]] : players
            let setup = Match.Setup(seed: seed, game: index + 1, dealer: index % 2, start: start)
            let outcome = Match.play(setup, players: seated).game.result!
            let won = outcome.winner == (swapped ? 1 : 0)
            points += Double(won ? outcome.losers[0].matchPoints : -outcome.losers[0].matchPoints) / 2
            wins += won ? 0.5 : 0
        }
        result.gamePoints.add(points)
        result.wins.add(wins)
        return result
    }
}
