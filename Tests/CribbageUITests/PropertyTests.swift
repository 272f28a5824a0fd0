import Canvas
import CribbageCore
import Foundation
import PropertyBased
import TestSupport
import Testing
@testable import CribbageUI

/// The reducer as a state machine: random runs of keys and actions, with the invariants
/// checked after every step. A failing run shrinks to a short one.
@Suite("Reducer invariants")
struct ReducerPropertyTests {
    /// One step of a run: a key through `handle`, or an action straight to `send`.
    enum Step: Hashable, CustomStringConvertible {
        case key(KeyInput)
        case action(Action)

        var description: String {
            switch self {
            case .key(let key): "key \(key)"
            case .action(let action): "send \(action)"
            }
        }
    }

    static let keys: [KeyInput] = [
        .up, .down, .left, .right, .enter, .escape, .tab, .backspace, .delete, .pageUp, .pageDown, .home, .end,
        .control("l"), .control("x"), .function(1), .unknown, .click(row: 4, column: 11), .click(row: 30, column: 200),
        .click(row: 8, column: 2), .click(row: 8, column: 23), .click(row: 6, column: 10), .scrollUp, .scrollDown,
    ] + " hjklbnx?:gG5dhcsjqaAT10♠♥zZdrpu/".map { KeyInput.character($0) }

    /// Every kind of step, each taking a number to pick its card, size or offset.
    static let makers: [@Sendable (Int) -> Step] = [
        { .key(keys[$0 % keys.count]) },
        { .key(keys[($0 / 3) % keys.count]) },
        { .action(.handSelection(.cardToggled(Card(index: $0 % 52)))) },
        { .action(.discardAdvisor(.cardToggled(Card(index: $0 % 52)))) },
        { .action(.entry(.typed(Array("5dhcsjqkAT10 ♠x/")[$0 % 16]))) },
        { .action(.resized(Size(width: $0 % 121, height: ($0 / 121) % 51))) },
        { .action(.breakdown(.scrolled(.lines($0 % 25 - 12)))) },
        { .action(.help(.scrolled(.lines($0 % 25 - 12)))) },
        { .action(.discardAdvisor(.keepHighlighted(offset: $0 % 7 - 3))) },
        { _ in .action(.opened(.breakdown)) },
        { _ in .action(.opened(.discardAdvisor)) },
        { _ in .action(.discardAdvisor(.keepChosen)) },
        { _ in .action(.newHandRequested) },
        // The Play, alone or as the board's round, and the board itself.
        { .action(.gameOpened(try! Game(seating: [.twoPlayers, .threePlayers, .twoTeams][$0 % 3]), message: nil)) },
        { _ in .action(.opened(.play)) },
        { _ in .action(.opened(.board)) },
        { _ in .action(.backRequested) },
        { .action(.play(.cardLaid(Card(index: $0 % 52)))) },
        { _ in .action(.play(.goSaid)) },
        { _ in .action(.play(.tokenTakenBack)) },
        { .action(.play(.playersChosen(2 + $0 % 3))) },
        { .action(.board(.digitTyped(Character(String($0 % 10))))) },
        { _ in .action(.board(.numberEntered)) },
        { _ in .action(.board(.undone)) },
        { _ in .action(.board(.heelsScored)) },
        { _ in .action(.board(.counterHandEntered)) },
        { _ in .action(.board(.targetSwitched)) },
        { .key([.character("t"), .character("B"), .character("g"), .backspace, .character("2"), .character("p")][$0 % 6]) },
        // The show counted by the board, corrections, the set-up and the records.
        { _ in .action(.board(.starter(.asked))) },
        { .action(.board(.starter(.rankPressed(Rank.allCases[$0 % 13])))) },
        { .action(.board(.starter(.suitPressed(Suit.allCases[$0 % 4])))) },
        { .action(.board(.crib(.rankPressed(Rank.allCases[$0 % 13])))) },
        { _ in .action(.board(.show(.flushToggled))) },
        { _ in .action(.board(.show(.nobsToggled))) },
        { .action(.board(.pegEntered(player: $0 % 4))) },
        { .action(.board(.correctionMarked(sign: $0 % 2 == 0 ? 1 : -1))) },
        { .action(.board(.setup([.opened, .fieldMoved(1), .valueChanged(1), .typed("x"), .erased, .confirmed, .cancelled][$0 % 7]))) },
        { _ in .action(.board(.recordsShown(.records(["Player  Games"])))) },
        { .key([.character("x"), .character("f"), .character("n"), .character("!"), .character("-"), .enter, .escape, .character("N")][$0 % 8]) },
    ]

    static func step(_ number: Int) -> Step {
        makers[number % makers.count](number / makers.count)
    }

    /// What must hold after every step; the empty list when all of it does.
    static func violations(before: AppState, after state: AppState, frame: ScreenBuffer?) -> [String] {
        var broken: [String] = []
        func check(_ condition: Bool, _ what: String) { if !condition { broken.append(what) } }
        let selection = state.selection
        check(selection.cards.count <= 5 && selection.hand.count <= 4, "at most a cut and four hand cards")
        check(Set(selection.cards).count == selection.cards.count, "no card chosen twice")
                check(state.navigation.stack.first == .handSelection, "Hand Selection is the root")
        if let breakdown = state.shownBreakdown {
            check(breakdown.hand == selection.completeHand, "the breakdown shows the hand chosen")
        }
        let cursor = state.handSelection.cursor
        check((0..<4).contains(cursor.row) && (0..<13).contains(cursor.column), "the cursor is on the grid")
        check((state.shownBreakdown?.scroll.offset ?? 0) >= 0 && state.help.scroll.offset >= 0, "scrolls are >= 0")
        let advisor = state.discardAdvisor
        check(advisor.picks.count <= 6 && Set(advisor.picks).count == advisor.picks.count, "at most six distinct picks")
        check((advisor.analysis != nil) == (advisor.picks.count == 6), "an analysis exactly for six picks")
        check(advisor.analysis == nil || (0..<15).contains(advisor.highlighted), "a keep is highlighted")
        check(Set(selection.thrown).isDisjoint(with: selection.cards), "a thrown card is never chosen")
        check(selection.deck.count + selection.cards.count + selection.thrown.count == 52, "the deck is what is left")
        // A new cut comes from the deck or the hand before, or from undo.
        if let cut = selection.cut, cut != before.selection.cut, !before.shared.history.contains(selection) {
            check(before.selection.deck.contains(cut) || before.selection.hand.contains(cut), "the cut came from somewhere")
        }
        check(state.shared.history.count <= SharedState.historyLimit, "undo is bounded")
        check(state.keyChain.last == .global, "the key chain ends in the global scope")
        check(state.play.play.count <= 31, "the count never passes 31")
        if let game = state.board?.game {
            let sums = (0..<game.seating.sides).map { side in game.log.filter { $0.side == side }.reduce(0) { $0 + $1.points } }
            check(game.totals == sums, "each side's total is the sum of its log")
            // A step taken back takes its entry with it, unless later entries keep it (and say so).
            if let link = before.board?.playLink, link.round == state.board?.playLink?.round,
               state.play.play.steps.count < before.play.play.steps.count {
                for step in state.play.play.steps.count..<before.play.play.steps.count {
                    if let entry = link.entries[step], entry == before.board?.game.log.last {
                        check(!game.log.contains(entry), "an entry taken back leaves no points")
                    }
                }
            }
        }
        if let frame {
            check(frame.cells.count == state.screenSize.width * state.screenSize.height, "the frame fills the screen")
        }
        return broken
    }

    @Test func invariantsHoldAfterEveryStepOfRandomRuns() async {
        await Self.check(runs: 300, steps: Self.step)
    }

    /// The steps of a game kept on the board: The Play composed with it, the board's own keys.
    static let gameMakers: [@Sendable (Int) -> Step] = [
        { .action(.play(.cardLaid(Card(index: $0 % 52)))) },
        { .action(.play(.cardLaid(Card(index: $0 % 52)))) },
        { .action(.play(.cardLaid(Card(index: $0 % 52)))) },
        { _ in .action(.play(.goSaid)) },
        { _ in .action(.play(.tokenTakenBack)) },
        { .action(.play(.playersChosen(2 + $0 % 3))) },
        { _ in .action(.opened(.play)) },
        { _ in .action(.opened(.board)) },
        { .action(.board(.digitTyped(Character(String($0 % 10))))) },
        { _ in .action(.board(.numberEntered)) },
        { _ in .action(.board(.undone)) },
        { _ in .action(.board(.targetSwitched)) },
        { .key([.character("t"), .character("g"), .backspace, .escape, .enter][$0 % 5]) },
    ]

    @Test func invariantsHoldInThePlayOfAKeptGame() async {
        await Self.check(runs: 200, steps: { number in Self.gameMakers[number % Self.gameMakers.count](number / Self.gameMakers.count) }) { app in
            app.send(.gameOpened(try! Game(), message: nil))
            app.send(.opened(.play))
        }
    }

    /// Random runs from `start`, checked after every step; a failing run shrinks to a short one.
    static func check(runs: Int, steps: @escaping @Sendable (Int) -> Step,
                      start: @escaping @Sendable (inout App) -> Void = { _ in }) async {
        await propertyCheck(count: runs, input: Gen.int(in: 0...1_000_000).array(of: 0...250)) { numbers in
            var app = App.standard()
            start(&app)
            for (index, number) in numbers.enumerated() {
                let before = app.state
                switch steps(number) {
                case .key(let key): _ = app.handle(key)
                case .action(let action): app.send(action)
                }
                let frame = index % 10 == 0 ? app.render() : nil
                let broken = Self.violations(before: before, after: app.state, frame: frame)
                if !broken.isEmpty {
                    let run = numbers.prefix(index + 1).map { steps($0).description }.joined(separator: "; ")
                    Issue.record("\(broken.joined(separator: ", ")) after: \(run)")
                    return
                }
            }
        }
    }
}

/// The table as a state machine: seeded random runs of its keys (and the advisor and the way
/// back and in again) through `App.perform`, with a keeper in memory that stands where
/// `StoreKeeper` does: a new match from the run's seed, and every save encoded as `table.json`
/// holds the match, then read back. After every step: each side's total is the sum of its log,
/// a changed match was saved, and what was written reads back to the same match.
@Suite("The table's invariants")
struct TablePropertyTests {
    /// The keeper in memory: what it wrote, and whether the next save fails.
    final class Keeping: @unchecked Sendable {
        // Unchecked: a run uses it from one thread.
        let setup: TableGame.Setup
        var written: [TableGame] = []
        var unreadable: [String] = []
        var failNext = false

        init(seed: UInt64) { setup = TableGame.Setup(seed: seed, level: seed % 2 == 0 ? .expert : .beginner,
                                                     target: seed % 3 == 0 ? .short : .long, muggins: seed % 5 < 2) }

        var keeper: Keeper {
            var keeper = Keeper()
            keeper.answer(TableLoad.self) { _ in .table(self.written.last ?? TableGame(setup: self.setup), message: nil) }
            keeper.answer(TableSave.self) { save in
                if self.failNext {
                    self.failNext = false
                    return .store("disk full")
                }
                do {
                    let bytes = try JSONEncoder().encode(save.table)
                    let read = try JSONDecoder().decode(TableGame.self, from: bytes)
                    if !Self.same(read, save.table) { self.unreadable.append("read back as another match") }
                } catch {
                    self.unreadable.append("\(error)")
                }
                self.written.append(save.table)
                return nil
            }
            return keeper
        }

        /// The same match, as the file keeps it: all but the events since the player's last
        /// move, which a match read back starts without.
        static func same(_ one: TableGame, _ other: TableGame) -> Bool {
            one.setup == other.setup && one.standing == other.standing && one.gameNumber == other.gameNumber
                && one.game == other.game && one.moves == other.moves && one.stage == other.stage && one.deal == other.deal
        }
    }

    enum Step: CustomStringConvertible {
        case key(KeyInput)
        /// A key for the decision at hand, the number choosing among the moves; back to the
        /// table first when the player is elsewhere.
        case decide(Int)
        case failNextSave
        case finishWork

        var description: String {
            switch self {
            case .key(let key): "key \(key)"
            case .decide(let choice): "decide \(choice)"
            case .failNextSave: "the next save fails"
            case .finishWork: "the work off the key path finishes"
            }
        }
    }

    /// Any of the table's keys, and the ways out of it and back.
    static let keys: [KeyInput] = [.enter, .left, .right, .character(" "), .backspace, .character("e"), .character("w"),
                                   .character("b"), .character("d"), .escape, .character("v"), .character("Q")]
        + "a23456789tjqk0".map { .character($0) } + "0123456789".map { .character($0) }

    static func step(_ number: Int) -> Step {
        switch number % 16 {
        case 0: .failNextSave
        case 1: .finishWork
        case 2, 3, 4: .key(keys[(number / 16) % keys.count])
        default: .decide(number / 16)
        }
    }

    /// The key that makes the decision at hand, or brings the player back to the table.
    static func keys(deciding choice: Int, _ app: App) -> [KeyInput] {
        guard let table = app.state.table?.table, app.state.navigation.top == .table, app.state.navigation.overlay == nil else {
            return app.state.navigation.top == .handSelection ? [.character("v")] : [.escape]
        }
        switch table.stage {
        case .cutForDeal, .show, .over:
            return [.enter]
        case .discard:
            let six = table.deal!.sixes[TableGame.player]
            if app.state.table!.picked.count == 2 { return [.enter] }
            return [TableSceneTests.key(six[choice % 6].rank)]
        case .play:
            let playable = table.playable
            return playable.isEmpty ? [.enter] : [TableSceneTests.key(playable[choice % playable.count].rank)]
        case .claim:
            return String(choice % 30).map { .character($0) } + [.enter]
        }
    }

    /// Each side's total is the sum of its log's points.
    static func totalsAreTheLog(_ game: Game) -> Bool {
        game.totals == (0..<game.seating.sides).map { side in game.log.filter { $0.side == side }.reduce(0) { $0 + $1.points } }
    }

    @Test func invariantsHoldAtTheTable() async {
        await propertyCheck(count: seededRuns(full: 100, fast: 25), input: Gen.int(in: 0...1_000_000).array(of: 1...200)) { numbers in
            let keeping = Keeping(seed: UInt64(numbers[0]))
            let keeper = keeping.keeper
            var app = App.standard()
            _ = app.perform(app.open(.table), with: keeper)
            for (index, number) in numbers.dropFirst().enumerated() {
                let before = app.state
                let step = Self.step(number)
                switch step {
                case .key(let key): _ = app.perform(app.handle(key), with: keeper)
                case .decide(let choice):
                    for key in Self.keys(deciding: choice, app) { _ = app.perform(app.handle(key), with: keeper) }
                case .failNextSave: keeping.failNext = true
                case .finishWork: app.finishWork()
                }
                var broken = ReducerPropertyTests.violations(before: before, after: app.state, frame: index % 10 == 0 ? app.render() : nil)
                if let table = app.state.table?.table {
                    if !Self.totalsAreTheLog(table.game) { broken.append("each side's total is its log's") }
                    if table != before.table?.table, table != keeping.written.last, app.state.table?.saveFailure == nil {
                        broken.append("a changed match was saved")
                    }
                }
                if !keeping.unreadable.isEmpty { broken.append("what was written reads back: \(keeping.unreadable)") }
                if !broken.isEmpty {
                    let run = numbers.dropFirst().prefix(index + 1).map { Self.step($0).description }.joined(separator: "; ")
                    Issue.record("\(broken.joined(separator: ", ")) after (seed \(numbers[0])): \(run)")
                    return
                }
            }
        }
    }
}
