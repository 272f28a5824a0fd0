/// A small seeded generator (SplitMix64): the same seed deals the same hands on every run, for
/// tests and for the counter's random deals.
///
///     var generator = SplitMix64(seed: 29)
///     let hand = generator.hand()
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound, by rejection so that every value is equally likely.
    public mutating func below(_ bound: Int) -> Int {
        let bound = UInt64(bound)
        let limit = UInt64.max - UInt64.max % bound
        while true {
            let value = next()
            if value < limit { return Int(value % bound) }
        }
    }

    /// The whole deck in a random order, every one of the 52! orders equally likely
    /// (Fisher–Yates with `below`, which has no modulo bias): the order a game's deal is fixed at.
    public mutating func shuffled() -> [Card] { deal(52) }

    /// `count` distinct cards, from a partial Fisher–Yates shuffle of the deck.
    public mutating func deal(_ count: Int) -> [Card] {
        var deck = Card.all
        for i in 0..<count { deck.swapAt(i, i + below(deck.count - i)) }
        return Array(deck.prefix(count))
    }
}
