import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

/// Issue 33's keys per hand: a whole seeded game as a player would press it, throwing the expert's
/// keep to the suit (rank keys, pressed again for the other suit) and laying the expert's card.
@Suite("The table: keys per hand")
struct TableKeysPerHandTests {
    /// The keys a player presses for the decision at hand, and presses them.
    static func decide(_ app: inout App) -> Int {
        let table = TableSceneTests.table(app)
        switch table.stage {
        case .discard:
            guard case .discardHint(let analysis) = TableScene.hint(for: table) else { return 0 }
            let thrown = analysis.best.keep!.discard
            var keys = 0
            for rank in Set(thrown.map(\.rank)) {
                let want = thrown.filter { $0.rank == rank }
                while Set(app.state.table!.picked.filter { $0.rank == rank }) != Set(want), keys < 20 {
                    app.press(TableSceneTests.key(rank))
                    keys += 1
                }
            }
            app.press(.enter)
            return keys + 1
        case .play:
            guard case .playHint(let analysis) = TableScene.hint(for: table), case .card(let card) = analysis.best.token
            else { return 0 }
            app.press(TableSceneTests.key(card.rank))
            return 1
        case .cutForDeal, .show, .over, .claim:
            app.press(.enter)
            return 1
        }
    }

    @Test("a whole game against the expert, thrown and laid as the expert would: keys a hand", arguments: [UInt64(29), 31])
    func keysPerHand(seed: UInt64) {
        var app = TableSceneTests.app(setup: .init(seed: seed, level: .expert))
        var hands: [Int] = [], keys = 0
        for _ in 0..<2_000 {
            let table = TableSceneTests.table(app)
            if case .over = table.stage { break }
            let deal = table.deal?.number
            keys += Self.decide(&app)
            if TableSceneTests.table(app).deal?.number != deal || { if case .over = TableSceneTests.table(app).stage { true } else { false } }() {
                hands.append(keys)
                keys = 0
            }
        }
        let mean = Double(hands.reduce(0, +)) / Double(max(hands.count, 1))
        print("keys per hand, seed \(seed): \(hands.count) hands, mean \(mean), most \(hands.max() ?? 0), all \(hands)")
        #expect(hands.count >= 5)
        #expect(hands.max()! <= 12)
    }
}
