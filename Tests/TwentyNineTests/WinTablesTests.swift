import Foundation
import SelfPlayKit
import TestSupport
import Testing
@testable import CribbageCore

/// The shipped win tables (`make odds-tables`) against a fresh, smaller sample of the engine
/// against itself, worked out in process as `selfplay odds` works it out, with another seed: every
/// cell checked agrees within four standard errors of the difference, each side's error its
/// table's largest. The fresh sample is `make test-long`'s (minutes of both cores); `make test`
/// replays the tables' first deals against their digest (`TableProvenanceTests`).
@Suite("The shipped win tables", .tags(.solver), .slow)
struct WinTablesTests {
    /// The fresh sample's deals.
    static let deals = 3_000

    /// The fresh sample's tables to 121 and to 61, each with its cells' errors by 5 batch means;
    /// worked out once for the suite.
    static let fresh = Task {
        await SelfPlay.oddsTables(deals: deals, seed: 2026, batches: 5).tables
    }

    /// The shipped tables, each with its largest error.
    static let shipped: [(table: WinTable, largest: Double)] = [(.long, WinTable.longLargestError), (.short, WinTable.shortLargestError)]

    /// How far a shipped largest error may be from the fresh sample's prediction, either way: the
    /// largest of a table's errors by batch means is rough, the more so from 5 batches.
    static let factor = 2.0

    @Test("a fresh sample agrees with the shipped chances, to 121 and to 61", .long)
    func freshSampleAgrees() async throws {
        let fresh = await Self.fresh.value
        try #require(fresh.map(\.table.target) == Self.shipped.map(\.table.target))
        var random = SplitMix64(seed: 61)
        for ((table, largest), (sample, error)) in zip(Self.shipped, fresh) {
            let points = table.target.points
            #expect(sample.deals == Self.deals)
            let tolerance = 4 * (largest * largest + error.largestWins * error.largestWins).squareRoot()
            var cells = [(0, 0), (points - 1, points - 1), (35 % points, 37 % points)]
            for _ in 0..<300 { cells.append((random.below(points), random.below(points))) }
            for (dealer, pone) in cells {
                let difference = abs(table.dealerWins(dealer: dealer, pone: pone) - sample.dealerWins(dealer: dealer, pone: pone))
                #expect(difference <= tolerance, "to \(points), dealer \(dealer), pone \(pone): off by \(difference)")
            }
        }
    }

    /// An error goes as 1/√deals: the fresh sample's largest, scaled to the deals the shipped
    /// tables were made from (the generated file's), predicts the shipped largest. They agree
    /// within `factor` either way, and the prediction puts every cell within ±0.5 points at 95%.
    @Test("sure enough to ship: the shipped largest errors are the fresh sample's at the shipped deals, every cell within ±0.5 points at 95%", .long)
    func sureEnough() async throws {
        let fresh = await Self.fresh.value
        try #require(fresh.map(\.table.target) == Self.shipped.map(\.table.target))
        for ((table, largest), (_, error)) in zip(Self.shipped, fresh) {
            let predicted = error.largestWins * (Double(Self.deals) / Double(table.deals)).squareRoot()
            #expect((predicted / Self.factor...predicted * Self.factor).contains(largest),
                    "to \(table.target.points): \(table.deals) deals should give a largest error near \(predicted), not \(largest)")
            #expect(1.96 * predicted <= 0.005, "to \(table.target.points): \(table.deals) deals leave a cell ±\(1.96 * predicted) at 95%")
        }
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
