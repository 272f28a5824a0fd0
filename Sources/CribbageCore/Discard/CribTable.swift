/// The expected crib by the two ranks thrown to it, for one role against one opponent model:
/// 13 × 13, symmetric. Crib flushes are not counted; nobs is, as an expectation.
///
///     CribTable.shipped(role: .dealer, opponent: .expert)[.five, .five]   // 8.95…
public struct CribTable: Hashable, Sendable {
    /// `.dealer`: your own crib; `.pone`: the crib you throw to the opponent's.
    public let role: Role
    public let opponent: CribModel
    /// By pair index (`SixRankDeals.pairIndex`).
    let pairs: [Double]

    init(role: Role, opponent: CribModel, pairs: [Double]) {
        precondition(role != .none && pairs.count == 91)
        self.role = role
        self.opponent = opponent
        self.pairs = pairs
    }

    init(role: Role, opponent: CribModel, rows: [[Double]]) {
        self.init(role: role, opponent: opponent, pairs: SixRankDeals.pairRanks.map { rows[$0.0][$0.1] })
    }

    /// The expected crib with these two ranks thrown, in either order.
    public subscript(_ first: Rank, _ second: Rank) -> Double {
        pairs[SixRankDeals.pairIndex[(first.order - 1) * 13 + second.order - 1]]
    }

    /// The table by rows, ace to king both ways.
    public var rows: [[Double]] {
        Rank.allCases.map { first in Rank.allCases.map { self[first, $0] } }
    }

    /// The table the advisor uses for the role (`.dealer` or `.pone`): the solved tables as
    /// shipped (solved by `CribSolver`, see SolvedCribTables.swift), or the random-opponent table,
    /// computed.
    public static func shipped(role: Role, opponent: CribModel) -> CribTable {
        switch opponent {
        case .random: CribTable(role: role, opponent: .random, pairs: randomPairs)
        case .solved: role == .pone ? solvedPone : solvedDealer
        }
    }

    static let solvedDealer = CribTable(role: .dealer, opponent: .solved, rows: solvedDealerRows)
    static let solvedPone = CribTable(role: .pone, opponent: .solved, rows: solvedPoneRows)

    /// The random-opponent table, the same for both roles: only the two thrown cards known, the
    /// opponent's two from the 50 others, the starter from the 48 left, by rank as the expert
    /// model counts (nobs as an expectation, no crib flush).
    static let randomPairs: [Double] = {
        let rankPoints = FastScorer.shared.rankPoints
        return SixRankDeals.pairRanks.map { a, b in
            var left = [Int](repeating: 4, count: 13)
            left[a] -= 1
            left[b] -= 1
            var total = 0.0, deals = 0
            for c in 0..<13 { for d in c..<13 {
                let ways = c == d ? left[c] * (left[c] - 1) / 2 : left[c] * left[d]
                guard ways > 0 else { continue }
                left[c] -= 1
                left[d] -= 1
                let jacks = Double([a, b, c, d].count { $0 == SixRankDeals.jack })
                let base = (((a * 13 + b) * 13 + c) * 13 + d) * 13
                for s in 0..<13 where left[s] > 0 {
                    let nobs = s == SixRankDeals.jack ? 0 : jacks / 4
                    total += Double(ways * left[s]) * (Double(rankPoints[base + s]) + nobs)
                    deals += ways * left[s]
                }
                left[c] += 1
                left[d] += 1
            } }
            return total / Double(deals)
        }
    }()
}
