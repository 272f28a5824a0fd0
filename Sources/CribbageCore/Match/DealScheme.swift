/// The one seeded dealing scheme: every deck of every game the program deals (the table, self-play,
/// the tables it makes) comes from a seed, the game's number and the deal's number, so a deal is
/// fixed the moment it is dealt and a record replays to the same cards.
public enum DealScheme {
    /// A generator for one use of a seed: the same numbers give the same draws.
    public static func generator(_ seed: UInt64, _ numbers: Int...) -> SplitMix64 {
        generator(seed, numbers)
    }

    static func generator(_ seed: UInt64, _ numbers: [Int]) -> SplitMix64 {
        var mixed = SplitMix64(seed: seed)
        var state = mixed.next()
        for number in numbers {
            var step = SplitMix64(seed: state ^ (UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15))
            state = step.next()
        }
        return SplitMix64(seed: state)
    }

    /// The deck of deal `deal` of game `game` from `seed`: a uniform shuffle. The pone takes cards
    /// 0, 2, … 10, the dealer 1, 3, … 11, and card 12 is the starter.
    public static func deck(seed: UInt64, game: Int, deal: Int) -> [Card] {
        var random = generator(seed, game, deal)
        return random.shuffled()
    }

    /// The cut for the first deal of a match: a card for each of `players` seats, cut again while
    /// the lowest rank is cut twice; the lowest deals.
    public static func cutForDeal(seed: UInt64, players: Int = 2) -> [Card] {
        for attempt in 0... {
            var random = generator(seed, 0, attempt)
            let cards = random.deal(players)
            let lowest = cards.map(\.rank.order).min()!
            if cards.count(where: { $0.rank.order == lowest }) == 1 { return cards }
        }
        fatalError("unreachable")
    }

    /// The generator a player's card is chosen with at a step of the play (it breaks the greedy
    /// player's ties): fixed by the seed, the game, the deal and the steps so far.
    public static func layGenerator(seed: UInt64, game: Int, deal: Int, step: Int) -> SplitMix64 {
        generator(seed, game, deal, step)
    }
}
