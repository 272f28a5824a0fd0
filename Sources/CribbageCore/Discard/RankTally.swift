/// Some cards' ranks in a form that scores fast once the rest of a five-card count joins them:
/// the discard advisor scores thousands of rank combinations a deal.
///
///     RankTally([5, 5]).points(with: RankTally([5, 11, 5]))   // 28: 5 5 5 5 J
struct RankTally {
    /// Cards per rank order, four bits each.
    private var perRank: UInt64 = 0
    /// The rank orders present, as bits.
    private var present: UInt16 = 0
    private var pairs = 0
    /// `sums[s]`: subsets of the cards (the empty one included) whose values add up to s ≤ 15.
    private var sums = InlineArray<16, UInt8>(repeating: 0)
    /// The sums ≤ 15 that some subset makes, as bits.
    private var reachable: UInt16 = 0

    /// No cards yet.
    static let empty: RankTally = {
        var tally = RankTally()
        tally.sums[0] = 1
        tally.reachable = 1
        return tally
    }()

    private init() {}

    /// The tally of cards with these run orders (1 = ace … 13 = king).
    init(_ orders: some Sequence<Int>) {
        self = orders.reduce(.empty) { $0.adding($1) }
    }

    /// This tally with one more card, of the given run order.
    func adding(_ order: Int) -> RankTally {
        var tally = self
        tally.pairs += count(order)
        tally.perRank += 1 << UInt64(4 * order)
        tally.present |= 1 << UInt16(order)
        let value = Swift.min(order, 10)
        for sum in stride(from: 15, through: value, by: -1) { tally.sums[sum] &+= sums[sum - value] }
        tally.reachable |= reachable << UInt16(value)
        return tally
    }

    private func count(_ order: Int) -> Int { Int((perRank >> UInt64(4 * order)) & 0xF) }

    /// Fifteens, pairs and runs of these cards together with `other`'s (five cards in all).
    func points(with other: RankTally) -> Int {
        var fifteens = 0
        var sumsLeft = reachable
        while sumsLeft != 0 {
            let sum = sumsLeft.trailingZeroBitCount
            fifteens += Int(sums[sum]) * Int(other.sums[15 - sum])
            sumsLeft &= sumsLeft - 1
        }

        var pairs = self.pairs + other.pairs
        var ranksLeft = present
        while ranksLeft != 0 {
            let order = ranksLeft.trailingZeroBitCount
            pairs += count(order) * other.count(order)
            ranksLeft &= ranksLeft - 1
        }

        // The longest stretch of consecutive ranks; five cards have at most one of three or more.
        let present = self.present | other.present
        var stretch = present, length = 1
        while stretch & (stretch >> 1) != 0 {
            stretch &= stretch >> 1
            length += 1
        }
        var runPoints = 0
        if length >= 3 {
            let perRank = self.perRank + other.perRank
            var ways = 1
            for order in stretch.trailingZeroBitCount..<(stretch.trailingZeroBitCount + length) {
                ways *= Int((perRank >> UInt64(4 * order)) & 0xF)
            }
            runPoints = length * ways
        }
        return 2 * fifteens + 2 * pairs + runPoints
    }
}
