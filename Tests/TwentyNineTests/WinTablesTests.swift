import Foundation
import TestSupport
import Testing
@testable import CribbageCore

/// The shipped win tables (`make odds-tables`) against a fresh, smaller sample of the engine
/// against itself from `selfplay odds` with another seed: every cell checked agrees within four
/// standard errors of the difference, each side's error its table's largest.
@Suite("The shipped win tables", .tags(.solver), .slow)
struct WinTablesTests {
    /// The tables and largest errors of a fresh sample, once for the suite.
    static let fresh: Result<(tables: [[Double]], largest: [Double]), any Error> = Result {
        let selfplay = URL(fileURLWithPath: twentyNineBinary).deletingLastPathComponent().appendingPathComponent("selfplay").path
        let run = try runProgram(selfplay, ["odds", "--deals", "3000", "--seed", "2026", "--batches", "5"])
        guard run.status == 0 else { throw FreshSampleFailed(stderr: run.stderr) }
        let parts = run.stdout.split(separator: "\"\"\"", omittingEmptySubsequences: false)
        let tables = [1, 5].map { TableText.decode(Array(parts[$0].utf8)) }
        let largest = run.stderr.split(separator: "\n").compactMap { line in
            line.split(separator: " ").last.flatMap { Double($0) }
        }
        return (tables, Array(largest.prefix(2)))
    }

    struct FreshSampleFailed: Error { let stderr: String }

    @Test("a fresh sample agrees with the shipped chances, to 121 and to 61")
    func freshSampleAgrees() throws {
        let fresh = try Self.fresh.get()
        let shipped: [(WinTable, Double)] = [(.long, WinTable.longLargestError), (.short, WinTable.shortLargestError)]
        var random = SplitMix64(seed: 61)
        for (index, (table, largest)) in shipped.enumerated() {
            let points = table.target.points
            #expect(fresh.tables[index].count == points * points)
            let tolerance = 4 * (largest * largest + fresh.largest[index] * fresh.largest[index]).squareRoot()
            var cells = [(0, 0), (points - 1, points - 1), (35 % points, 37 % points)]
            for _ in 0..<300 { cells.append((random.below(points), random.below(points))) }
            for (dealer, pone) in cells {
                let difference = abs(table.dealerWins(dealer: dealer, pone: pone) - fresh.tables[index][dealer * points + pone])
                #expect(difference <= tolerance, "to \(points), dealer \(dealer), pone \(pone): off by \(difference)")
            }
        }
    }

    @Test("sure enough to ship: every cell's chance within ±0.5 points at 95%")
    func sureEnough() {
        #expect(1.96 * WinTable.longLargestError <= 0.005)
        #expect(1.96 * WinTable.shortLargestError <= 0.005)
    }

    /// Published figures are for checking: the first dealer wins about 55–56% between equal
    /// players, and a dealer at 35 against a pone at 37 about 51% (the Distributed Cribbage
    /// Computation). The engine is not their players, so a point either way is allowed.
    @Test("the published figures: the first dealer about 55–56%, 35 against 37 about 51%")
    func publishedFigures() {
        #expect((0.54...0.57).contains(WinTable.long.dealerWins(dealer: 0, pone: 0)))
        #expect((0.49...0.53).contains(WinTable.long.dealerWins(dealer: 35, pone: 37)))
    }
}
