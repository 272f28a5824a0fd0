import Dispatch

/// Solves the solved crib tables by Hessel's method, exactly by rank: iterated best response
/// over every six-rank deal, the tables averaged over the rounds (fictitious play) until no value
/// moves by `tolerance`.
///
///     let solution = CribSolver.solve()   // solution.dealer[.five, .five] ≈ 8.95
public enum CribSolver {
    /// The solved tables, and how many rounds of best response it took.
    public struct Solution: Sendable {
        public let dealer: CribTable
        public let pone: CribTable
        public let rounds: Int
    }

    /// How far the last round may move any value when the solve stops.
    public static let tolerance = 0.0005

    /// Solves from the random-opponent tables: about 2 s of processor time, spread over the cores.
    public static func solve() -> Solution {
        var state = State()
        let random = CribTable.randomPairs
        var dealer = random, pone = random
        state.setPolicies(dealer: dealer, pone: pone)
        state.fullPass()
        var rounds = 1, averaged = 0
        while true {
            let (newDealer, newPone) = state.tables()
            var moved = 0.0
            // Plain best response while the tables still travel; then the average of the rounds,
            // since some deals flip between two keeps from one round to the next.
            let plain = averaged == 0 && rounds < plainRounds
                && zip(dealer + pone, newDealer + newPone).contains { abs($0 - $1) > averagingThreshold }
            if !plain { averaged += 1 }
            let step = plain ? 1.0 : 1.0 / Double(averaged + 1)
            for i in 0..<91 {
                let d = (newDealer[i] - dealer[i]) * step, p = (newPone[i] - pone[i]) * step
                dealer[i] += d
                pone[i] += p
                moved = Swift.max(moved, abs(d), abs(p))
            }
            if moved < tolerance { break }
            state.update(dealer: dealer, pone: pone)
            rounds += 1
        }
        return Solution(dealer: CribTable(role: .dealer, opponent: .solved, pairs: dealer),
                        pone: CribTable(role: .pone, opponent: .solved, pairs: pone), rounds: rounds)
    }

    private static let plainRounds = 12
    private static let averagingThreshold = 0.03

    /// The crib totals by (dealer's pair, pone's pair) under the current policies: for every
    /// (dealer's six, pone's six) the ways to deal them times the crib summed over the 40 starters.
    ///
    /// For a dealer's deal D throwing t and a pone's P throwing u, with the ways w = ways(D) ·
    /// Π C(4 − d_r, p_r), the starter of rank s comes 4 − d_s − p_s ways, so the crib summed over
    /// the starters is X_D(u) − Y_P(t): X_D(u) = Σ_s (4 − d_s) C(t, u, s), which depends on the
    /// dealer's deal alone, and Y_P(t) = Σ_s p_s C(t, u, s) on the pone's.
    private struct State {
        let deals = SixRankDeals.shared
        let crib = SixRankDeals.cribValues
        /// 4 Σ_s C(t, u, s), at t · 91 + u.
        let fourTimesCrib: [Double]
        var dealerPolicy: [UInt8] = []
        var ponePolicy: [UInt8] = []
        /// Σ w (X − Y) and Σ w, at t · 91 + u.
        var totals = [Double](repeating: 0, count: 91 * 91)
        var weights = [Double](repeating: 0, count: 91 * 91)
        /// Each role's deals in order of the pair they throw.
        var poneOrder = ByPair(), dealerOrder = ByPair()
        /// Y_P(t) under the pone's current policy, at t · count + (P's position in `poneOrder`).
        var pone = [Double]()
        /// X_D(u) under the dealer's current policy, at u · count + (D's position in `dealerOrder`).
        var dealer = [Double]()

        init() {
            let crib = crib
            fourTimesCrib = (0..<(91 * 91)).map { cell in
                4 * (0..<13).reduce(0.0) { $0 + crib[cell * 13 + $1] }
            }
        }

        mutating func setPolicies(dealer: [Double], pone: [Double]) {
            dealerPolicy = deals.policy(for: .dealer, crib: dealer)
            ponePolicy = deals.policy(for: .pone, crib: pone)
            poneOrder = ByPair(policy: ponePolicy, deals: deals)
            self.pone = [Double](repeating: 0, count: 91 * deals.count)
            for p in 0..<deals.count { setPoneColumn(p) }
        }

        private mutating func setPoneColumn(_ p: Int) {
            let position = poneOrder.position[p]
            for t in 0..<91 { pone[t * deals.count + position] = poneTerm(p, u: Int(ponePolicy[p]), t: t) }
        }

        /// The pone's deals in order again after their keeps changed, the Y table moved with
        /// them and the changed deals' columns recomputed.
        private mutating func resortPone(changed: [Int]) {
            let before = poneOrder
            poneOrder = ByPair(policy: ponePolicy, deals: deals)
            pone = poneOrder.rearranged(pone, from: before)
            for p in changed { setPoneColumn(p) }
        }

        /// Y_P(t) with P throwing u.
        func poneTerm(_ p: Int, u: Int, t: Int) -> Double {
            var sum = 0.0
            let base = (t * 91 + u) * 13
            for k in 0..<6 {
                let slot = Int(deals.slots[p * 6 + k])
                sum += Double(slot % 5) * crib[base + slot / 5]
            }
            return sum
        }

        /// X_D(u) with D throwing t.
        func dealerTerm(_ d: Int, t: Int, u: Int) -> Double {
            var sum = fourTimesCrib[t * 91 + u]
            let base = (t * 91 + u) * 13
            for k in 0..<6 {
                let slot = Int(deals.slots[d * 6 + k])
                sum -= Double(slot % 5) * crib[base + slot / 5]
            }
            return sum
        }

        /// The (t, u) tables: Σ over u (or t) of the totals over 40 times the weights.
        func tables() -> (dealer: [Double], pone: [Double]) {
            var dealer = [Double](repeating: 0, count: 91), pone = dealer
            for t in 0..<91 {
                var total = 0.0, weight = 0.0
                for u in 0..<91 { total += totals[t * 91 + u]; weight += weights[t * 91 + u] }
                dealer[t] = weight > 0 ? total / (40 * weight) : CribTable.randomPairs[t]
            }
            for u in 0..<91 {
                var total = 0.0, weight = 0.0
                for t in 0..<91 { total += totals[t * 91 + u]; weight += weights[t * 91 + u] }
                pone[u] = weight > 0 ? total / (40 * weight) : CribTable.randomPairs[u]
            }
            return (dealer, pone)
        }

        /// Every dealer's deal against every pone's: the totals from scratch.
        mutating func fullPass() {
            totals = [Double](repeating: 0, count: 91 * 91)
            weights = totals
            dealerOrder = ByPair(policy: dealerPolicy, deals: deals)
            dealer = [Double](repeating: 0, count: 91 * deals.count)
            setDealerRows(0..<deals.count)
            // By pair thrown, so that deals near each other read the same pone terms.
            addDealerChanges(dealerOrder.order.map { (deal: $0, old: -1, new: Int(dealerPolicy[$0])) })
        }

        /// X_D(u) for the dealer's deals given, under their current keeps.
        private mutating func setDealerRows(_ deals: some Sequence<Int>) {
            let count = self.deals.count
            for d in deals {
                let (t, position) = (Int(dealerPolicy[d]), dealerOrder.position[d])
                for u in 0..<91 { dealer[u * count + position] = dealerTerm(d, t: t, u: u) }
            }
        }

        /// New tables: each deal's best keep against them, and the totals brought up to date by
        /// the deals whose keep changed, the dealer's first (against the pone's old keeps), then
        /// the pone's.
        mutating func update(dealer: [Double], pone: [Double]) {
            let newDealer = deals.policy(for: .dealer, crib: dealer)
            let newPone = deals.policy(for: .pone, crib: pone)
            let dealerChanges = (0..<deals.count).filter { newDealer[$0] != dealerPolicy[$0] }
                .map { (deal: $0, old: Int(dealerPolicy[$0]), new: Int(newDealer[$0])) }
            let poneChanges = (0..<deals.count).filter { newPone[$0] != ponePolicy[$0] }
                .map { (deal: $0, old: Int(ponePolicy[$0]), new: Int(newPone[$0])) }
            if dealerChanges.count + 4 * poneChanges.count > deals.count / 2 {
                dealerPolicy = newDealer
                ponePolicy = newPone
                resortPone(changed: poneChanges.map(\.deal))
                fullPass()
                return
            }
            addDealerChanges(dealerChanges)
            dealerPolicy = newDealer
            if !dealerChanges.isEmpty {
                let before = dealerOrder
                dealerOrder = ByPair(policy: dealerPolicy, deals: deals)
                self.dealer = dealerOrder.rearranged(self.dealer, from: before)
                setDealerRows(dealerChanges.map(\.deal))
            }
            addPoneChanges(poneChanges)
            ponePolicy = newPone
            if !poneChanges.isEmpty { resortPone(changed: poneChanges.map(\.deal)) }
        }

        /// For each dealer's deal, takes out its pairs with every pone's deal when it threw `old`
        /// (none when −1) and puts them in for `new`.
        private mutating func addDealerChanges(_ changes: [(deal: Int, old: Int, new: Int)]) {
            let count = deals.count
            let state = self
            let delta = inParallel(changes.count) { range, totals, weights in
                var first = [Double](repeating: 0, count: 91), oldPone = first, newPone = first
                var binomials = [Double](repeating: 0, count: 65)
                state.poneOrder.slots.withUnsafeBufferPointer { slots in
                state.poneOrder.runs.withUnsafeBufferPointer { runs in
                state.pone.withUnsafeBufferPointer { poneTerms in
                    for change in changes[range] {
                        let d = change.deal
                        for r in 0..<13 {
                            let left = 4 - Int(state.deals.counts[d * 13 + r])
                            for p in 0..<5 { binomials[r * 5 + p] = SixRankDeals.smallBinomials[left * 5 + p] }
                        }
                        let newTerms = poneTerms.baseAddress! + change.new * count
                        // With no old keep, the old sums are the new ones' and go unused.
                        let oldTerms = change.old < 0 ? newTerms : poneTerms.baseAddress! + change.old * count
                        binomials.withUnsafeBufferPointer { c in
                            for u in 0..<91 {
                                var sum = 0.0, old = 0.0, new = 0.0
                                for p in runs[u]..<runs[u + 1] {
                                    let s = p * 6
                                    let w = c[Int(slots[s])] * c[Int(slots[s + 1])] * c[Int(slots[s + 2])]
                                        * c[Int(slots[s + 3])] * c[Int(slots[s + 4])] * c[Int(slots[s + 5])]
                                    sum += w
                                    old += w * oldTerms[p]
                                    new += w * newTerms[p]
                                }
                                (first[u], oldPone[u], newPone[u]) = (sum, old, new)
                            }
                        }
                        let ways = state.deals.ways[d]
                        for u in 0..<91 where first[u] != 0 {
                            if change.old >= 0 {
                                let cell = change.old * 91 + u
                                totals[cell] -= ways * (first[u] * state.dealer[u * count + state.dealerOrder.position[d]] - oldPone[u])
                                weights[cell] -= ways * first[u]
                            }
                            let cell = change.new * 91 + u
                            totals[cell] += ways * (first[u] * state.dealerTerm(d, t: change.new, u: u) - newPone[u])
                            weights[cell] += ways * first[u]
                        }
                    }
                } } }
            }
            add(delta)
        }

        /// For each pone's deal, takes out its pairs with every dealer's deal when it threw `old`
        /// and puts them in for `new`.
        private mutating func addPoneChanges(_ changes: [(deal: Int, old: Int, new: Int)]) {
            let state = self
            let delta = inParallel(changes.count) { range, totals, weights in
                var oldPone = [Double](repeating: 0, count: 91), newPone = oldPone
                state.dealerOrder.slots.withUnsafeBufferPointer { slots in
                state.dealerOrder.runs.withUnsafeBufferPointer { runs in
                state.dealer.withUnsafeBufferPointer { dealerTerms in
                    let count = state.deals.count
                    for change in changes[range] {
                        let p = change.deal
                        for t in 0..<91 {
                            oldPone[t] = state.poneTerm(p, u: change.old, t: t)
                            newPone[t] = state.poneTerm(p, u: change.new, t: t)
                        }
                        // C(4 − p_r, d_r) at r · 5 + d: the dealer's deal from the cards the pone's
                        // leaves, so that w = ways(P) · Π C(4 − p_r, d_r), the same product.
                        var binomials = InlineArray<65, Double>(repeating: 0)
                        for r in 0..<13 {
                            let left = 4 - Int(state.deals.counts[p * 13 + r])
                            for d in 0..<5 { binomials[r * 5 + d] = SixRankDeals.smallBinomials[left * 5 + d] }
                        }
                        let poneWays = state.deals.ways[p]
                        let (old, new) = (change.old, change.new)
                        let oldTerms = dealerTerms.baseAddress! + old * count
                        let newTerms = dealerTerms.baseAddress! + new * count
                        for t in 0..<91 {
                            var sum = 0.0, oldSum = 0.0, newSum = 0.0
                            for d in runs[t]..<runs[t + 1] {
                                let s = d * 6
                                let w = binomials[Int(slots[s])] * binomials[Int(slots[s + 1])]
                                    * binomials[Int(slots[s + 2])] * binomials[Int(slots[s + 3])]
                                    * binomials[Int(slots[s + 4])] * binomials[Int(slots[s + 5])]
                                sum += w
                                oldSum += w * oldTerms[d]
                                newSum += w * newTerms[d]
                            }
                            guard sum != 0 else { continue }
                            totals[t * 91 + old] -= poneWays * (oldSum - sum * oldPone[t])
                            weights[t * 91 + old] -= poneWays * sum
                            totals[t * 91 + new] += poneWays * (newSum - sum * newPone[t])
                            weights[t * 91 + new] += poneWays * sum
                        }
                    }
                } } }
            }
            add(delta)
        }

        private mutating func add(_ delta: (totals: [Double], weights: [Double])) {
            for cell in 0..<(91 * 91) {
                totals[cell] += delta.totals[cell]
                weights[cell] += delta.weights[cell]
            }
        }
    }
}

/// One role's deals in order of the pair they throw (then by index): the deals throwing pair
/// `x` stand at `runs[x]..<runs[x + 1]`, so that a sum over them runs without scattering.
private struct ByPair {
    var order: [Int] = []
    var runs: [Int] = []
    /// Where each deal stands in `order`.
    var position: [Int] = []
    /// The deals' slots (`SixRankDeals.slots`) in `order`.
    var slots: [UInt8] = []

    init() {}

    init(policy: [UInt8], deals: SixRankDeals) {
        let count = deals.count
        runs = [Int](repeating: 0, count: 92)
        for deal in 0..<count { runs[Int(policy[deal]) + 1] += 1 }
        for pair in 0..<91 { runs[pair + 1] += runs[pair] }
        var next = runs
        order = [Int](repeating: 0, count: count)
        position = order
        for deal in 0..<count {
            let pair = Int(policy[deal])
            order[next[pair]] = deal
            position[deal] = next[pair]
            next[pair] += 1
        }
        slots = [UInt8](repeating: 0, count: count * 6)
        for (at, deal) in order.enumerated() {
            for k in 0..<6 { slots[at * 6 + k] = deals.slots[deal * 6 + k] }
        }
    }

    /// A table of rows by deal position, moved from `before`'s positions to these.
    func rearranged(_ table: [Double], from before: ByPair) -> [Double] {
        let count = position.count
        var moved = [Double](repeating: 0, count: table.count)
        table.withUnsafeBufferPointer { table in
        moved.withUnsafeMutableBufferPointer { moved in
            for row in stride(from: 0, to: table.count, by: count) {
                for deal in 0..<count { moved[row + position[deal]] = table[row + before.position[deal]] }
            }
        } }
        return moved
    }
}

/// Runs `body` over `count` items split into chunks on every core, each chunk adding into its
/// own (t, u) totals and weights, and returns their sums.
private func inParallel(
    _ count: Int,
    _ body: @Sendable (Range<Int>, inout [Double], inout [Double]) -> Void
) -> (totals: [Double], weights: [Double]) {
    let chunks = Swift.max(1, Swift.min(count, 16))
    var parts = [(totals: [Double], weights: [Double])](repeating: ([], []), count: chunks)
    parts.withUnsafeMutableBufferPointer { parts in
        // Each chunk writes only its own part.
        nonisolated(unsafe) let parts = parts
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let range = (count * chunk / chunks)..<(count * (chunk + 1) / chunks)
            var totals = [Double](repeating: 0, count: 91 * 91), weights = totals
            body(range, &totals, &weights)
            parts[chunk] = (totals, weights)
        }
    }
    var totals = [Double](repeating: 0, count: 91 * 91), weights = totals
    for part in parts {
        for cell in 0..<(91 * 91) {
            totals[cell] += part.totals[cell]
            weights[cell] += part.weights[cell]
        }
    }
    return (totals, weights)
}
