import Canvas
@testable import CribbageCore
import Synchronization
import TestSupport
import Testing
@testable import CribbageUI

/// The drills scene: a session from a stand-in keeper, opened from the counter with D, each
/// drill analysed off the key path, answered by keys as at the table, graded by the drills' own
/// grading, each answer saved on its own, and a summary at the end.
@Suite("The drills scene")
struct DrillsSceneTests {
    /// A throw (a classic), a card to lay and a count, dealt from fixed seeds.
    static let drills: [Drill] = {
        var generator = DrillGenerator(seed: 7)
        let lay = generator.drill(.reply, attempts: 60)!
        let count = generator.drill(.count, attempts: 60)!
        return [Drill.classics[0], lay, count]
    }()

    /// A new player's rating.
    static let rating = DrillRatings.newPlayer

    /// Each save the keeper was asked for, and its answer.
    final class Saves: Sendable {
        let asked = Mutex<[DrillAnswerSave]>([])
        let fails: Bool
        init(fails: Bool = false) { self.fails = fails }
    }

    static func keeper(_ saves: Saves) -> Keeper {
        var keeper = Keeper()
        keeper.answer(DrillSetupLoad.self) { _ in .setup(.standard) }
        keeper.answer(DrillsLoad.self) { _ in .session(drills, rating: Self.rating) }
        keeper.answer(DrillAnswerSave.self) { request in
            let count = saves.asked.withLock { $0.append(request); return $0.count }
            return saves.fails ? .failed(.store("drill-schedule.json: disk full")) : .saved(rating: Glicko2.Rating(rating: 1500 + 10 * Double(count), deviation: 190 - 10 * Double(count)))
        }
        return keeper
    }

    static func opened(_ saves: Saves, width: Int = 80, height: Int = 24) -> App {
        var app = App.standard(width: width, height: height)
        start(&app, with: keeper(saves))
        return app
    }

    /// D, then enter on the setup as it was kept.
    static func start(_ app: inout App, with keeper: Keeper) {
        _ = app.perform(app.handle(.character("D")), with: keeper)
        _ = app.perform(app.handle(.enter), with: keeper)
    }

    /// Presses `key`, asking the keeper whatever the scene asks.
    static func press(_ app: inout App, _ key: KeyInput, _ saves: Saves) {
        _ = app.perform(app.handle(key), with: keeper(saves))
    }

    /// Runs the work asked for, handing each result to the app and its asks to the keeper.
    static func finish(_ app: inout App, _ saves: Saves) {
        while let job = app.state.jobs.first {
            _ = app.perform(app.send(.jobFinished(job.id, job.work())), with: keeper(saves))
        }
    }

    /// The rank keys for a throw's two cards.
    static func keys(for cards: [Card]) -> [KeyInput] {
        cards.map { $0.rank == .ten ? .character("t") : .character(Character($0.rank.notation.lowercased())) }
    }

    @Test("D on the counter opens a session from the keeper, the first drill's position shown, its analysis asked off the key path")
    func opens() throws {
        let saves = Saves()
        let app = Self.opened(saves)
        let state = try #require(app.state.drills)
        #expect(app.state.navigation.top == .drills && state.drills == Self.drills && state.phase == .answering)
        #expect(app.state.jobs.map(\.id.key) == [JobKey(DrillsJob(id: Self.drills[0].id, index: 0)), JobKey(DrillsJob(id: Self.drills[1].id, index: 1))])
        let text = app.text
        #expect(text.contains("Drill 1 of 3") && text.contains("Dealt ") && text.contains("Pick the two to throw"), "\(text)")
        // The header in words: what is decided and its themes, not their keys.
        #expect(text.contains("Drill 1 of 3 · Throw to the dealer's crib · balking the dealer's crib") && !text.contains("throw-pone")
                && !text.contains("balk-crib"), "\(text)")
    }

    @Test("a throw: two rank keys and enter grade it as twentynine drill answer does, save it once, and show the verdict and every option")
    func throwGradedAndSaved() throws {
        let saves = Saves()
        var app = Self.opened(saves)
        guard case .keep(let six, _, _) = Self.drills[0].decision else { Issue.record("not a throw"); return }
        // Enter with one card picked says to pick two; the answer waits for the analysis.
        for key in Self.keys(for: [six[0]]) { Self.press(&app, key, saves) }
        Self.press(&app, .enter, saves)
        #expect(app.text.contains("1 picked: pick the two to throw, then enter"))
        let thrown = [six[0], six.first { $0.rank != six[0].rank }!]
        for key in Self.keys(for: [thrown[1]]) { Self.press(&app, key, saves) }
        Self.press(&app, .enter, saves)
        #expect(app.state.drills?.pending != nil && saves.asked.withLock { $0.isEmpty })
        Self.finish(&app, saves)
        let state = try #require(app.state.drills)
        let answer = thrown.map(\.description).joined(separator: " ")
        let expected = Self.drills[0].grade(try Self.drills[0].move(parsing: answer))
        #expect(state.phase == .verdict && state.results == [expected])
        #expect(saves.asked.withLock { $0 } == [DrillAnswerSave(drill: Self.drills[0], result: expected, answer: answer)])
        let text = app.text
        #expect(text.contains(expected.isCorrect ? "Correct: " : "Not correct: "), "\(text)")
        #expect(text.contains("All \(expected.graded.analysis.options.count) options, best first"))
        // Enter goes on to the next drill, a card to lay.
        Self.press(&app, .enter, saves)
        #expect(app.state.drills?.index == 1 && app.text.contains("Lay a card: its rank key"))
    }

    @Test("a rank key picks as at the table: each card of the rank in turn, then two of it, then none; never more than two in all")
    func picksAsAtTheTable() throws {
        let six = try ["5S", "5H", "5D", "JC", "QH", "KS"].map { try Card(parsing: $0) }
        let drill = Drill(kind: .throwDealer, decision: .keep(six: six, role: .dealer, score: nil), themes: [], origin: .clear, source: nil, gap: 0)
        var state = DrillsState(drills: [drill], rating: Self.rating)
        let fives = six.prefix(3).sorted()
        var seen: [[Card]] = []
        for _ in 0..<7 {
            _ = state.press(.five)
            seen.append(state.picked)
        }
        #expect(seen == [[fives[0]], [fives[1]], [fives[2]], [fives[0], fives[1]], [fives[0], fives[2]], [fives[1], fives[2]], []])
        _ = state.press(.jack)
        _ = state.press(.five)
        _ = state.press(.five)
        #expect(state.picked == [six[3], fives[1]])
        _ = state.press(.king)
        #expect(state.picked.count == 2)
    }

    @Test("a whole session: a card by its rank key, a count by digits and enter, then the summary with the first-try rate, points lost and the rating's change")
    func wholeSession() throws {
        let saves = Saves()
        var app = Self.opened(saves)
        Self.finish(&app, saves)
        let best = Self.drills.map { $0.answer(for: $0.analysis().best) }
        guard case .discard(_, let thrown) = Self.drills[0].move(for: Self.drills[0].analysis().best) else {
            Issue.record("found nothing to check: the first drill's best move is not a throw")
            return
        }
        for key in Self.keys(for: thrown) { Self.press(&app, key, saves) }
        Self.press(&app, .enter, saves)
        Self.press(&app, .enter, saves)
        // The lay: the best card's rank key answers at once.
        let card = try Card(parsing: best[1])
        Self.press(&app, Self.keys(for: [card])[0], saves)
        Self.finish(&app, saves)
        #expect(app.state.drills?.results.count == 2 && app.state.drills?.results[1].isBest == true)
        Self.press(&app, .enter, saves)
        // The count: a wrong digit rubbed out, then the right count.
        Self.press(&app, .character("9"), saves)
        Self.press(&app, .backspace, saves)
        for digit in best[2] { Self.press(&app, .character(digit), saves) }
        #expect(app.text.contains("Type the count, then enter: \(best[2])_"))
        Self.press(&app, .enter, saves)
        Self.finish(&app, saves)
        let state = try #require(app.state.drills)
        #expect(state.results.count == 3 && state.results[2].isCorrect)
        #expect(saves.asked.withLock { $0.map(\.answer) }.last == best[2])
        Self.press(&app, .enter, saves)
        let text = app.text
        let right = state.results.count(where: \.isCorrect)
        #expect(app.state.drills?.phase == .summary)
        #expect(text.contains("Right first time: \(right) of 3") && text.contains("Points lost: ") && text.contains("Rating: 1500 to 1530 ± 160, provisional (+30)")
                && text.contains("Provisional until the ± is under 110"), "\(text)")
        Self.press(&app, .enter, saves)
        #expect(app.state.navigation.top == .handSelection)
    }

    @Test("a save that fails is said and counted; a card that is not held is said; a keeper that cannot read says why")
    func failures() throws {
        let saves = Saves(fails: true)
        var app = Self.opened(saves)
        Self.finish(&app, saves)
        guard case .keep(let six, _, _) = Self.drills[0].decision else {
            Issue.record("found nothing to check: the first drill is not a throw")
            return
        }
        let absent = Rank.allCases.first { rank in !six.contains { $0.rank == rank } }!
        Self.press(&app, Self.keys(for: [Card(absent, .spades)])[0], saves)
        #expect(app.text.contains("Not an answer: '\(absent.notation)' is not among your six: throw two of them, or keep four"), "\(app.text)")
        for key in Self.keys(for: [six[0], six.first { $0.rank != six[0].rank }!]) { Self.press(&app, key, saves) }
        Self.press(&app, .enter, saves)
        #expect(app.text.contains("The answer was not saved: ") && app.state.drills?.unsaved == 1)
        var other = App.standard()
        _ = other.perform(other.handle(.character("D")), with: Keeper())
        #expect(other.text.contains("The drills cannot be read:"))
    }

    @Test("D in the game review opens the drills too; esc goes back to the review")
    func fromTheReview() {
        let saves = Saves()
        var app = App.standard()
        var keeper = Self.keeper(saves)
        keeper.answer(ReviewLoad.self) { _ in .none(finished: 0) }
        _ = app.perform(app.handle(.character("V")), with: keeper)
        Self.start(&app, with: keeper)
        #expect(app.state.navigation.top == .drills && app.state.drills?.drills == Self.drills)
        app.press(.escape)
        #expect(app.state.navigation.top == .review)
    }

    @Test("D at the table opens the drills over the game; esc comes back to the table where it was, the throw half picked")
    func fromTheTable() throws {
        let saves = Saves()
        var store = TestStore(TableSceneTests.app())
        store.unchecked { app in
            while TableSceneTests.table(app).stage != .discard { app.press(.enter) }
            app.press(TableSceneTests.nextKeys(app)[0])
        }
        let table = try #require(store.state.table)
        #expect(table.picked.count == 1)
        store.press(.character("D"), effect: .asking(DrillSetupLoad())) { state in
            state.drills = DrillsState()
            state.navigation.push(.drills)
        }
        var app = store.app
        _ = app.perform(.asking(DrillSetupLoad()), with: Self.keeper(saves))
        _ = app.perform(app.handle(.enter), with: Self.keeper(saves))
        Self.finish(&app, saves)
        guard case .keep(let six, _, _) = Self.drills[0].decision else { Issue.record("not a throw"); return }
        for key in Self.keys(for: [six[0], six.first { $0.rank != six[0].rank }!]) { Self.press(&app, key, saves) }
        Self.press(&app, .enter, saves)
        #expect(app.state.drills?.results.count == 1 && saves.asked.withLock { $0.count } == 1)
        Self.press(&app, .escape, saves)
        // The table as it was, the pegboard's chance worked out meanwhile aside.
        var back = app.state.table
        back?.chance = table.chance
        #expect(app.state.navigation.top == .table && back == table)
    }

    @Test("go: g answers a card to lay where none may be, graded best; where a card may be, g is refused by name; the footer names it")
    func goByKey() throws {
        let go = Drill(kind: .goOr31, decision: try DrillPositions.noCardToLay(), themes: [.thirtyOneAndGo], origin: .mistake, source: nil, gap: 0)
        let saves = Saves()
        var keeper = Self.keeper(saves)
        keeper.answer(DrillsLoad.self) { _ in .session([go, Self.drills[1]], rating: Self.rating) }
        var app = App.standard()
        Self.start(&app, with: keeper)
        let text = app.text
        #expect(text.contains("No card may be laid: g says go") && app.render().line(23).contains("g go"), "\(text)")
        // A 5 is held, but over 31: refused by name.
        _ = app.perform(app.handle(.character("5")), with: keeper)
        #expect(app.text.contains("Not an answer: '5C' would take the count of 29 past 31"), "\(app.text)")
        _ = app.perform(app.handle(.character("g")), with: keeper)
        while let job = app.state.jobs.first { _ = app.perform(app.send(.jobFinished(job.id, job.work())), with: keeper) }
        let result = try #require(app.state.drills?.results.first)
        #expect(result.isBest && result.graded.chosen?.token == .go && app.text.contains("Correct: go"), "\(app.text)")
        #expect(saves.asked.withLock { $0.map(\.answer) } == ["go"])
        // The next drill has cards to lay: go is no answer there.
        _ = app.perform(app.handle(.enter), with: keeper)
        _ = app.perform(app.handle(.character("g")), with: keeper)
        #expect(app.text.contains("Not an answer: go: a card may be laid"), "\(app.text)")
        #expect(app.state.drills?.pending == nil && app.state.drills?.results.count == 1)
    }

    @Test("a card to 31 or the go, and a peg-out, answered by their rank keys end to end: graded as the command grades, saved once each",
          arguments: [Drill.Kind.goOr31, .pegOut])
    func playKindsEndToEnd(kind: Drill.Kind) throws {
        var generator = DrillGenerator(seed: 11)
        let dealt = generator.drill(kind, attempts: 200)
        let drill = try #require(dealt)
        let saves = Saves()
        var keeper = Self.keeper(saves)
        keeper.answer(DrillsLoad.self) { _ in .session([drill], rating: Self.rating) }
        var app = App.standard()
        Self.start(&app, with: keeper)
        #expect(app.text.contains("Lay a card: its rank key") && app.text.contains(kind.title) && !app.text.contains(kind.rawValue), "\(app.text)")
        let rank = try Card(parsing: drill.answer(for: drill.analysis().best)).rank
        let best = try #require(drill.view?.legalCards.first { $0.rank == rank })
        _ = app.perform(app.handle(Self.keys(for: [best])[0]), with: keeper)
        while let job = app.state.jobs.first { _ = app.perform(app.send(.jobFinished(job.id, job.work())), with: keeper) }
        let expected = drill.grade(.lay(seat: drill.view!.seat, best))
        #expect(app.state.drills?.results == [expected] && expected.isBest)
        #expect(saves.asked.withLock { $0 } == [DrillAnswerSave(drill: drill, result: expected, answer: best.description)])
        #expect(app.text.contains("Correct: "), "\(app.text)")
        _ = app.perform(app.handle(.enter), with: keeper)
        #expect(app.state.drills?.phase == .summary && app.text.contains("Right first time: 1 of 1"))
    }

    @Test("the setup before a session: the last one kept shown, the lines changed by keys, enter asks for that session")
    func setupChosen() throws {
        let kept = DrillSetup(theme: .ownCrib, difficulty: .harder, count: 15)
        var store = TestStore()
        store.press(.character("D"), effect: .asking(DrillSetupLoad())) { state in
            state.drills = DrillsState()
            state.navigation.push(.drills)
        }
        store.send(.answered(.drills, .drills(.setupLoaded(.setup(kept))))) { $0.drills!.setupLoaded(kept) }
        #expect(store.state.drills?.phase == .setup)
        let text = store.app.text
        #expect(text.contains("> Theme      own-crib: throwing to your own crib") && text.contains("  Difficulty harder: new drills 300 above your rating")
                && text.contains("  Drills     15 (10 to 20)"), "\(text)")
        // The theme goes round, all themes first; the difficulty and the count stop at their ends.
        store.press(.left) { $0.drills!.changeValue(-1) }
        #expect(store.state.drills?.setup?.theme == nil)
        store.press(.left) { $0.drills!.changeValue(-1) }
        #expect(store.state.drills?.setup?.theme == .counting)
        store.press(.right) { $0.drills!.changeValue(1) }
        store.press(.down) { $0.drills!.moveField(1) }
        store.press(.right) { $0.drills!.changeValue(1) }
        #expect(store.state.drills?.setup?.difficulty == .harder)
        store.press(.left) { $0.drills!.changeValue(-1) }
        store.press(.tab) { $0.drills!.moveField(1) }
        for _ in 0..<8 { store.press(.right) { $0.drills!.changeValue(1) } }
        let chosen = DrillSetup(theme: nil, difficulty: .normal, count: 20)
        #expect(store.state.drills?.setup == chosen && store.app.text.contains("> Drills     20 (10 to 20)"))
        // The setup's keys alone; enter asks for the session of the setup chosen.
        #expect(store.state.keyChain.first == .drillSetup)
        store.press(.enter, effect: .asking(DrillsLoad(setup: chosen))) { _ = $0.drills!.start() }
        #expect(store.state.drills?.phase == .loading && store.app.text.contains("Dealing the session…"))
        store.send(.answered(.drills, .drills(.loaded(.session(Self.drills, rating: Self.rating))))) { state in
            state.drills = DrillsState(drills: Self.drills, rating: Self.rating, setup: chosen)
        }
        #expect(store.state.drills?.phase == .answering)
    }

    @Test("a setup file passed over, or a setup not kept, is said; the session goes on")
    func setupProblemsSaid() {
        var keeper = Self.keeper(Saves())
        keeper.answer(DrillSetupLoad.self) { _ in .setup(.standard, passedOver: .store("drill-setup.json is corrupt")) }
        keeper.answer(DrillsLoad.self) { _ in .session(Self.drills, rating: Self.rating, setupNotKept: .store("disk full")) }
        var app = App.standard()
        _ = app.perform(app.handle(.character("D")), with: keeper)
        #expect(app.text.contains("The last setup was not read: drill-setup.json is corrupt") && app.text.contains("> Theme      all themes"))
        _ = app.perform(app.handle(.enter), with: keeper)
        #expect(app.text.contains("The setup was not kept for next time: disk full") && app.text.contains("Drill 1 of 3"), "\(app.text)")
    }

    @Test("issue 46, fault 9: a drills' record that could not be read is said as what it is, not as the last setup; the session goes on")
    func notReadSaid() {
        var keeper = Self.keeper(Saves())
        keeper.answer(DrillSetupLoad.self) { _ in .setup(.standard) }
        keeper.answer(DrillsLoad.self) { _ in
            .session(Self.drills, rating: Self.rating, notRead: .store("twentynine.sqlite (drill-schedule) is corrupt (not JSON)"))
        }
        var app = App.standard(width: 132, height: 43)
        _ = app.perform(app.handle(.character("D")), with: keeper)
        #expect(!app.text.contains("setup was not read"))
        _ = app.perform(app.handle(.enter), with: keeper)
        #expect(app.text.contains("Not read (the session goes on without it): twentynine.sqlite (drill-schedule) is corrupt"),
                "\(app.text)")
        #expect(!app.text.contains("setup") && app.text.contains("Drill 1 of 3"), "\(app.text)")
    }

    @Test("snapshots: the setup", arguments: [Frame.minimumSize, Size(width: 80, height: 24), Size(width: 132, height: 43)])
    func setupSnapshots(size: Size) {
        var app = App.standard(width: size.width, height: size.height)
        var keeper = Self.keeper(Saves())
        keeper.answer(DrillSetupLoad.self) { _ in .setup(DrillSetup(theme: .balkCrib, difficulty: .easier, count: 12)) }
        _ = app.perform(app.handle(.character("D")), with: keeper)
        app.press(.down)
        expectSnapshot(app.render(), named: "drills-setup-\(size.width)x\(size.height)")
    }

    @Test("a count drill as practice: the hand and starter, digits and enter, the muggins said and every combination of the breakdown",
          arguments: [Frame.minimumSize, Size(width: 80, height: 24), Size(width: 132, height: 43)])
    func countAsPractice(size: Size) throws {
        let hand = try Hand(parsing: ["3C", "4H", "5S", "7D"], cut: "KD")
        let drill = try #require(Drill.muggins(hand: hand, rules: .hand, claimed: 4))
        let saves = Saves()
        var keeper = Self.keeper(saves)
        keeper.answer(DrillsLoad.self) { _ in .session([drill, drill], rating: Self.rating) }
        var app = App.standard(width: size.width, height: size.height)
        Self.start(&app, with: keeper)
        #expect(app.text.contains("Count 3♣ 4♥ 5♠ 7♦ with the starter K♦") && app.text.contains("Type the count, then enter: _"), "\(app.text)")
        for key in "4" { _ = app.perform(app.handle(.character(key)), with: keeper) }
        _ = app.perform(app.handle(.enter), with: keeper)
        while let job = app.state.jobs.first { _ = app.perform(app.send(.jobFinished(job.id, job.work())), with: keeper) }
        let text = app.text
        #expect(text.contains("Not correct: 4 ") && text.contains("Muggins! You missed a run of three (3): the count is 7"), "\(text)")
        #expect(text.contains("Runs 3: 3♣ 4♥ 5♠ +3") && text.contains("Fifteens 4: ") && text.contains("Total 7"), "\(text)")
        expectSnapshot(app.render(), named: "drills-count-verdict-\(size.width)x\(size.height)")
        // Over the hand is a muggins too, never correct.
        _ = app.perform(app.handle(.enter), with: keeper)
        for key in "9" { _ = app.perform(app.handle(.character(key)), with: keeper) }
        _ = app.perform(app.handle(.enter), with: keeper)
        while let job = app.state.jobs.first { _ = app.perform(app.send(.jobFinished(job.id, job.work())), with: keeper) }
        #expect(app.text.contains("Not correct: 9 ") && app.text.contains("You overcounted by 2: the count is 7"), "\(app.text)")
        #expect(saves.asked.withLock { $0.map(\.result.isCorrect) } == [false, false])
    }

    @Test("snapshots: a throw asked, and its verdict", arguments: [Frame.minimumSize, Size(width: 80, height: 24), Size(width: 132, height: 43)])
    func snapshots(size: Size) {
        let saves = Saves()
        var app = Self.opened(saves, width: size.width, height: size.height)
        guard case .keep(let six, _, _) = Self.drills[0].decision else {
            Issue.record("found nothing to check: the first drill is not a throw")
            return
        }
        Self.press(&app, Self.keys(for: [six[0]])[0], saves)
        expectSnapshot(app.render(), named: "drills-throw-\(size.width)x\(size.height)")
        Self.press(&app, Self.keys(for: [six.first { $0.rank != six[0].rank }!])[0], saves)
        Self.press(&app, .enter, saves)
        Self.finish(&app, saves)
        expectSnapshot(app.render(), named: "drills-verdict-\(size.width)x\(size.height)")
    }

    @Test("snapshots: a card to lay, a count typed, the summary", arguments: [Frame.minimumSize, Size(width: 80, height: 24), Size(width: 132, height: 43)])
    func sessionSnapshots(size: Size) throws {
        let saves = Saves()
        var app = Self.opened(saves, width: size.width, height: size.height)
        guard case .keep(let six, _, _) = Self.drills[0].decision else {
            Issue.record("found nothing to check: the first drill is not a throw")
            return
        }
        for key in Self.keys(for: Array(six.prefix(2))) { Self.press(&app, key, saves) }
        Self.press(&app, .enter, saves)
        Self.finish(&app, saves)
        Self.press(&app, .enter, saves)
        expectSnapshot(app.render(), named: "drills-lay-\(size.width)x\(size.height)")
        let best = Self.drills.map { $0.answer(for: $0.analysis().best) }
        Self.press(&app, Self.keys(for: [try Card(parsing: best[1])])[0], saves)
        Self.finish(&app, saves)
        Self.press(&app, .enter, saves)
        Self.press(&app, .character("1"), saves)
        expectSnapshot(app.render(), named: "drills-count-\(size.width)x\(size.height)")
        Self.press(&app, .enter, saves)
        Self.finish(&app, saves)
        Self.press(&app, .enter, saves)
        expectSnapshot(app.render(), named: "drills-summary-\(size.width)x\(size.height)")
    }
}
