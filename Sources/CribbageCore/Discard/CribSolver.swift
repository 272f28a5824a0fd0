import Dispatch

/// Solves the expert crib tables by Hessel's method, exactly by rank: iterated best response
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

    /// Solves from the random-opponent tables; a second or so on two cores.
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
        return Solution(dealer: CribTable(role: .dealer, opponent: .expert, pairs: dealer),
                        pone: CribTable(role: .pone, opponent: .expert, pairs: pone), rounds: rounds)
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
        /// The pone's deals by pair thrown (then by index): the deals throwing u stand at
        /// `poneRuns[u]..<poneRuns[u + 1]`, so that a sum over them runs without scattering.
        var poneOrder: [Int] = []
        var poneRuns: [Int] = []
        /// Where each pone's deal stands in `poneOrder`.
        var ponePosition: [Int] = []
        /// The deals' slots in `poneOrder`.
        var poneSlots: [UInt8] = []
        /// Y_P(t) under the pone's current policy, at t · count + (P's position).
        var pone = [Double]()
        /// X_D(u) under the dealer's current policy, at u · count + D.
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
            sortPone()
            self.pone = [Double](repeating: 0, count: 91 * deals.count)
            for p in 0..<deals.count { setPoneColumn(p) }
        }

        private mutating func setPoneColumn(_ p: Int) {
            let position = ponePosition[p]
            for t in 0..<91 { pone[t * deals.count + position] = poneTerm(p, u: Int(ponePolicy[p]), t: t) }
        }

        /// Orders the pone's deals by their pair thrown; returns where each stood before.
        @discardableResult
        private mutating func sortPone() -> [Int] {
            let count = deals.count
            var runs = [Int](repeating: 0, count: 92)
            for p in 0..<count { runs[Int(ponePolicy[p]) + 1] += 1 }
            for u in 0..<91 { runs[u + 1] += runs[u] }
            var next = runs, order = [Int](repeating: 0, count: count), position = order
            for p in 0..<count {
                let u = Int(ponePolicy[p])
                order[next[u]] = p
                position[p] = next[u]
                next[u] += 1
            }
            var slots = [UInt8](repeating: 0, count: count * 6)
            for (at, p) in order.enumerated() {
                for k in 0..<6 { slots[at * 6 + k] = deals.slots[p * 6 + k] }
            }
            let before = ponePosition
            (poneOrder, poneRuns, ponePosition, poneSlots) = (order, runs, position, slots)
            return before
        }

        /// The pone's deals sorted again after their keeps changed, the Y table moved with them
        /// and the changed deals' columns recomputed.
        private mutating func resortPone(changed: [Int]) {
            let before = sortPone()
            let count = deals.count
            var moved = [Double](repeating: 0, count: pone.count)
            for t in 0..<91 {
                let row = t * count
                for p in 0..<count { moved[row + ponePosition[p]] = pone[row + before[p]] }
            }
            pone = moved
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
            setDealerRows(0..<deals.count)
            // By pair thrown, so that deals near each other read the same pone terms.
            let all = (0..<deals.count).map { (deal: $0, old: -1, new: Int(dealerPolicy[$0])) }
                .sorted { $0.new < $1.new }
            addDealerChanges(all)
        }

        /// X_D(u) for the dealer's deals given, under their current keeps.
        private mutating func setDealerRows(_ deals: some Sequence<Int>) {
            if dealer.isEmpty { dealer = [Double](repeating: 0, count: 91 * self.deals.count) }
            for d in deals {
                let t = Int(dealerPolicy[d])
                for u in 0..<91 { dealer[u * self.deals.count + d] = dealerTerm(d, t: t, u: u) }
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
            setDealerRows(dealerChanges.map(\.deal))
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
                state.poneSlots.withUnsafeBufferPointer { slots in
                state.poneRuns.withUnsafeBufferPointer { runs in
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
                                totals[cell] -= ways * (first[u] * state.dealer[u * count + d] - oldPone[u])
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
                state.deals.slots.withUnsafeBufferPointer { slots in
                state.deals.ways.withUnsafeBufferPointer { ways in
                state.dealerPolicy.withUnsafeBufferPointer { policy in
                state.dealer.withUnsafeBufferPointer { dealerTerms in
                    for change in changes[range] {
                        let p = change.deal
                        for t in 0..<91 {
                            oldPone[t] = state.poneTerm(p, u: change.old, t: t)
                            newPone[t] = state.poneTerm(p, u: change.new, t: t)
                        }
                        // C(4 − p_r, d_r) at r · 5 + d: the dealer's deal from the cards the pone's leaves.
                        var binomials = InlineArray<65, Double>(repeating: 0)
                        for r in 0..<13 {
                            let left = 4 - Int(state.deals.counts[p * 13 + r])
                            for d in 0..<5 { binomials[r * 5 + d] = SixRankDeals.smallBinomials[left * 5 + d] }
                        }
                        let poneWays = state.deals.ways[p]
                        let (old, new) = (change.old, change.new)
                        let oldTerms = dealerTerms.baseAddress! + old * ways.count
                        let newTerms = dealerTerms.baseAddress! + new * ways.count
                        totals.withUnsafeMutableBufferPointer { totals in
                        weights.withUnsafeMutableBufferPointer { weights in
                        for d in 0..<ways.count {
                            let s = d * 6
                            let w = poneWays * binomials[Int(slots[s])] * binomials[Int(slots[s + 1])]
                                * binomials[Int(slots[s + 2])] * binomials[Int(slots[s + 3])]
                                * binomials[Int(slots[s + 4])] * binomials[Int(slots[s + 5])]
                            if w == 0 { continue }
                            let t = Int(policy[d])
                            totals[t * 91 + old] -= w * (oldTerms[d] - oldPone[t])
                            weights[t * 91 + old] -= w
                            totals[t * 91 + new] += w * (newTerms[d] - newPone[t])
                            weights[t * 91 + new] += w
                        }
                        } }
                    }
                } } } }
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
