import Synchronization

/// What a player may believe about the ranks the opponent still holds in a two-player play: each
/// hand of ranks with its chance.
///
/// Before the play, the opponent's six are any six of the cards the player has not seen (its own
/// six and the cut excepted), thrown as the solved throw throws for the opponent's role
/// (`SolvedThrows`, by ranks). Each card the opponent lays must be one it kept: a kept four with
/// k cards of that rank explains a given card of it k ways in n unseen, so the four's weight is
/// multiplied by k, then k − 1 for the next, and so on. A go at a count c means every card the
/// opponent still held then counts more than 31 − c. How the opponent chose which card to lay is
/// not modelled.
struct PeggingBelief {
    /// The opponent's possible hands of ranks still held (orders 1 to 13, ascending), with their
    /// chances, summing to 1; in ascending order of ranks, so the belief is the same every time.
    let hands: [(ranks: [UInt8], chance: Double)]

    /// `seen[r]`: the cards of rank order r + 1 the player has seen and the opponent cannot hold
    /// (its own six and the cut). `opponentIsDealer` picks the policy. `laid`: the opponent's
    /// cards' ranks in the order laid; `goes`: for each go it said, how many cards it had laid
    /// before it and the count.
    ///
    /// With `thrownAsExpert` false, the kept four is any four of the unseen cards, alike: for a
    /// history that no expert keep explains.
    init(seen: InlineArray<13, Int>, opponentIsDealer: Bool, laid: [UInt8], goes: [(laid: Int, count: Int)],
         thrownAsExpert: Bool = true) {
        let fours = KeptFours.shared
        let prior = Self.prior(seen: seen, opponentIsDealer: opponentIsDealer, thrownAsExpert: thrownAsExpert)

        // Conditioned on the cards laid and the goes, gathered by the ranks still held.
        let held = 4 - laid.count
        var weights = [Double](repeating: 0, count: Self.codes(held))
        for four in 0..<KeptFours.count where prior[four] > 0 {
            var tally = InlineArray<13, Int>(repeating: 0)
            for rank in fours.ranks[four] { tally[Int(rank) - 1] += 1 }
            var explained = 1
            var goIndex = 0
            for position in 0...laid.count {
                while goIndex < goes.count && goes[goIndex].laid == position {
                    let fits = 31 - goes[goIndex].count
                    for r in 0..<13 where tally[r] > 0 && RankPlay.value(UInt8(r + 1)) <= fits { explained = 0 }
                    goIndex += 1
                }
                guard position < laid.count, explained > 0 else { break }
                let r = Int(laid[position]) - 1
                explained *= tally[r]
                tally[r] -= 1
                if explained == 0 { break }
            }
            guard explained > 0 else { continue }
            var code = 0
            for r in 0..<13 { for _ in 0..<tally[r] { code = code * 13 + r } }
            weights[code] += Double(prior[four]) * Double(explained)
        }
        let total = weights.reduce(0, +)
        var hands: [(ranks: [UInt8], chance: Double)] = []
        if total > 0 {
            for code in weights.indices where weights[code] > 0 {
                var ranks = [UInt8](repeating: 0, count: held), rest = code
                for k in stride(from: held - 1, through: 0, by: -1) {
                    ranks[k] = UInt8(rest % 13 + 1)
                    rest /= 13
                }
                hands.append((ranks, weights[code] / total))
            }
        }
        self.hands = hands
    }

    /// The ways the opponent can hold each of `KeptFours`' fours before the play, as `init` weighs
    /// them. A pure function of its arguments, and the same for every decision of a play: the last
    /// few are kept (`PriorMemo`), so a play works each out once.
    private static func prior(seen: InlineArray<13, Int>, opponentIsDealer: Bool, thrownAsExpert: Bool) -> [Int] {
        var key = UInt64(opponentIsDealer ? 1 : 0) << 1 | UInt64(thrownAsExpert ? 1 : 0)
        for r in 0..<13 { key = key << 3 | UInt64(seen[r]) }
        if let known = PriorMemo.shared.prior(key) { return known }
        let fours = KeptFours.shared
        var prior = [Int](repeating: 0, count: KeptFours.count)
        var binomials = InlineArray<65, Int>(repeating: 0)
        for r in 0..<13 {
            for n in 0..<5 { binomials[r * 5 + n] = Binomial.table[max(0, 4 - seen[r]) * 5 + n] }
        }
        if thrownAsExpert {
            // The ways to deal the opponent each six, gathered by the four its policy keeps.
            let deals = SixRankDeals.shared
            let kept = opponentIsDealer ? fours.dealerKeeps : fours.poneKeeps
            deals.slots.withUnsafeBufferPointer { slots in
                kept.withUnsafeBufferPointer { kept in
                    for deal in 0..<deals.count {
                        // At most 4 · 6 · 4 · 6 · 4 · 6 ways: no overflow.
                        var ways = 1
                        for k in 0..<6 { ways &*= binomials[Int(slots[deal &* 6 &+ k])] }
                        if ways > 0 { prior[Int(kept[deal])] &+= ways }
                    }
                }
            }
        } else {
            for four in 0..<KeptFours.count {
                var tally = InlineArray<13, Int>(repeating: 0)
                for rank in fours.ranks[four] { tally[Int(rank) - 1] += 1 }
                var ways = 1
                for r in 0..<13 { ways *= binomials[r * 5 + tally[r]] }
                prior[four] = ways
            }
        }

        PriorMemo.shared.keep(prior, for: key)
        return prior
    }

    /// The codes of `held` ranks in base 13.
    private static func codes(_ held: Int) -> Int {
        var n = 1
        for _ in 0..<held { n *= 13 }
        return n
    }
}

/// The 1,820 multisets of four ranks a player can keep, and which one each role's solved throw
/// keeps from each six-rank deal.
struct KeptFours: Sendable {
    static let shared = KeptFours()
    static let count = 1_820

    /// Each four's rank orders (1 to 13), ascending.
    let ranks: [[UInt8]]
    /// The four kept from each of `SixRankDeals`' deals, by the dealer's and the pone's policy.
    let dealerKeeps: [UInt16]
    let poneKeeps: [UInt16]

    private init() {
        var ranks: [[UInt8]] = []
        var index = [Int](repeating: -1, count: 13 * 13 * 13 * 13)
        for a in 0..<13 { for b in a..<13 { for c in b..<13 { for d in c..<13 {
            index[((a * 13 + b) * 13 + c) * 13 + d] = ranks.count
            ranks.append([a, b, c, d].map { UInt8($0 + 1) })
        } } } }
        self.ranks = ranks
        let deals = SixRankDeals.shared
        func keeps(_ policy: [UInt8]) -> [UInt16] {
            (0..<deals.count).map { deal in
                var tally = (0..<13).map { Int(deals.counts[deal * 13 + $0]) }
                let (a, b) = SixRankDeals.pairRanks[Int(policy[deal])]
                tally[a] -= 1
                tally[b] -= 1
                var code = 0
                for r in 0..<13 { for _ in 0..<tally[r] { code = code * 13 + r } }
                return UInt16(index[code])
            }
        }
        dealerKeeps = keeps(SolvedThrows.dealer)
        poneKeeps = keeps(SolvedThrows.pone)
    }
}

/// The last priors `PeggingBelief` worked out, by their key: shared by every thread, a handful, so
/// that the decisions of one play (and the searches of one deal) find theirs.
private final class PriorMemo: Sendable {
    static let shared = PriorMemo()
    private static let capacity = 16
    private let kept = Mutex<[(key: UInt64, prior: [Int])]>([])

    func prior(_ key: UInt64) -> [Int]? {
        kept.withLock { kept in kept.first { $0.key == key }?.prior }
    }

    func keep(_ prior: [Int], for key: UInt64) {
        kept.withLock { kept in
            if kept.count == Self.capacity { kept.removeFirst() }
            kept.append((key, prior))
        }
    }
}
