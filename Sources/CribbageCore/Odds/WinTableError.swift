/// How sure a `WinTable` is, cell by cell: the standard error by batch means. The sample is cut
/// into batches, each batch's own table is worked out, and a cell's error is the spread of its
/// batch values over √batches: what the whole sample's value would vary by from one sample of
/// deals to the next.
///
///     let error = WinTableError(batches: parts.map { WinTable(deals: $0, target: .long) })
///     error.largestWins   // the worst cell, as a probability
public struct WinTableError: Sendable {
    public let target: Game.Target
    let wins: [Double]
    let gamePoints: [Double]

    /// From the tables of two or more disjoint batches of equal size, to the same target.
    public init(batches: [WinTable]) {
        precondition(batches.count >= 2, "batch means need two batches or more")
        precondition(Set(batches.map(\.target)).count == 1, "the batches' tables go to one target")
        target = batches[0].target
        func errors(_ cells: KeyPath<WinTable, [Double]>) -> [Double] {
            let n = Double(batches.count)
            return batches[0][keyPath: cells].indices.map { cell in
                let values = batches.map { $0[keyPath: cells][cell] }
                let mean = values.reduce(0, +) / n
                let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
                return (variance / n).squareRoot()
            }
        }
        wins = errors(\.wins)
        gamePoints = errors(\.gamePoints)
    }

    /// The standard error of `WinTable.dealerWins` at these scores.
    public func dealerWins(dealer: Int, pone: Int) -> Double { wins[dealer * target.points + pone] }

    /// The standard error of `WinTable.dealerGamePoints` at these scores.
    public func dealerGamePoints(dealer: Int, pone: Int) -> Double { gamePoints[dealer * target.points + pone] }

    /// The largest standard error of any cell's chance.
    public var largestWins: Double { wins.max() ?? 0 }
}

extension Array {
    /// The elements cut into `count` interleaved batches of equal size (element i to batch
    /// i mod count), the few left over dropped.
    public func batches(_ count: Int) -> [[Element]] {
        precondition(count >= 1, "at least one batch")
        let size = self.count / count
        return (0..<count).map { batch in (0..<size).map { self[$0 * count + batch] } }
    }
}
