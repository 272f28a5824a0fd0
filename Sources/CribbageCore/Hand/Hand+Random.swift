extension SplitMix64 {
    /// A random hand: four cards and a cut.
    public mutating func hand() -> Hand {
        let cards = deal(5)
        return try! Hand(Array(cards.prefix(4)), cut: cards[4])
    }

    /// `count` random hands from a fixed seed.
    public static func hands(_ count: Int, seed: UInt64) -> [Hand] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in generator.hand() }
    }
}
