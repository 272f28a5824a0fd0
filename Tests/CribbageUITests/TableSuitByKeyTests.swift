import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

/// Issue 33's suit by key: a rank key pressed again moves the pick to the next card of that rank,
/// then picks two of it, then none; the whole state checked by the TestStore.
@Suite("The table: the suit by key")
struct TableSuitByKeyTests {
    /// A match whose first six holds two cards of a rank, dealt.
    static func paired() -> (App, [Card], Card) {
        for seed in UInt64(1)... {
            var app = TableSceneTests.app(setup: .init(seed: seed))
            app.press(.enter)
            let cards = app.state.table!.cards
            if let pair = Rank.allCases.first(where: { rank in cards.count { $0.rank == rank } == 2 }) {
                let twins = cards.filter { $0.rank == pair }
                return (app, twins, cards.first { $0.rank != pair }!)
            }
        }
        fatalError("no seed deals a pair")
    }

    @Test("a rank pressed in turn: the first card, the next of its suit, both, none; another card picked leaves room for one")
    func rankAgainMovesThePick() {
        let (app, twins, other) = Self.paired()
        var store = TestStore(app)
        let key = TableSceneTests.key(twins[0].rank)
        store.press(key) { $0.table!.picked = [twins[0]] }
        store.press(key) { $0.table!.picked = [twins[1]] }
        store.press(key) { $0.table!.picked = twins }
        store.press(key) { $0.table!.picked = [] }
        store.press(TableSceneTests.key(other.rank)) { $0.table!.picked = [other] }
        store.press(key) { $0.table!.picked = [other, twins[0]] }
        store.press(key) { $0.table!.picked = [other, twins[1]] }
        store.press(key) { $0.table!.picked = [other] }
        store.press(key) { $0.table!.picked = [other, twins[0]] }
        // Two picked: a third rank says so and picks nothing.
        let third = store.state.table!.cards.first { $0.rank != other.rank && $0.rank != twins[0].rank }!
        store.press(TableSceneTests.key(third.rank)) { $0.notice = .tableNotice(.twoPicked) }
        #expect(TableScene.rankPicks(twins, room: 2) == [[], [twins[0]], [twins[1]], twins])
        #expect(TableScene.rankPicks(twins, room: 0) == [[]])
    }

    @Test("the pick moved to the other suit is drawn under it", arguments: [Frame.minimumSize, Size(width: 80, height: 24), Size(width: 132, height: 43)])
    func snapshot(size: Size) {
        let (start, twins, _) = Self.paired()
        var app = TableSceneTests.app(width: size.width, height: size.height, setup: start.state.table!.table.setup)
        app.press(.enter, TableSceneTests.key(twins[0].rank), TableSceneTests.key(twins[0].rank))
        #expect(app.state.table!.picked == [twins[1]])
        expectSnapshot(app.render(), named: "table-suit-by-key-\(size.width)x\(size.height)")
    }
}
