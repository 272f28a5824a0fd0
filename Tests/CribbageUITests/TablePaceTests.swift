import Canvas
import CribbageCore
import Synchronization
import Testing
@testable import CribbageUI

/// Issue 33's pace: `p` cycles the pace of the computer's cards (off, 300 ms, 800 ms), saved with
/// the match; the computer's answer is made and saved at once and shown a move at a time by a
/// timer job the scene cancels; a key that acts finishes the pace at once.
@Suite("The table: the pace of the computer's cards")
struct TablePaceTests {
    static func app(pace: TableGame.Pace, seed: UInt64 = 29) -> App {
        var table = TableGame(setup: .init(seed: seed))
        table.pace = pace
        var app = App.standard()
        app.openTable(table)
        return app
    }

    @Test("p cycles the pace off, 300 ms, 800 ms, off; each is saved with the match and said")
    func pCyclesThePace() {
        var store = TestStore(TableSceneTests.app())
        for pace in [TableGame.Pace.quick, .slow, .off] {
            var changed = TableSceneTests.table(store.app)
            changed.pace = pace
            store.press(.character("p"), effect: .tableChanged(changed)) { state in
                state.table!.table.pace = pace
                state.notice = .tableNotice(.pace(pace))
            }
            #expect(store.app.render().text.contains("(\(pace.milliseconds) ms a card)") == (pace != .off))
        }
        #expect(store.app.render().text.contains("appear at once"))
    }

    @Test("with a pace the answer is made and saved at once and shown a move a step, each step a timer of the pace; the game is the one played without")
    func theAnswerIsShownAMoveAtATime() throws {
        var paced = Self.app(pace: .slow), plain = Self.app(pace: .off)
        var steps = 0
        for _ in 0..<60 {
            let keys = TableSceneTests.nextKeys(plain)
            for key in keys {
                let effect = paced.handle(key)
                _ = plain.handle(key)
                // The save asks for the whole answer: the same table as with no pace.
                if case .ask = effect {
                    #expect(TableSceneTests.table(paced).moves == TableSceneTests.table(plain).moves)
                    #expect(TableSceneTests.table(paced).dealEvents == TableSceneTests.table(plain).dealEvents)
                }
            }
            while let shown = paced.state.table!.paced {
                let job = try #require(paced.saidJobs.first)
                #expect(paced.saidJobs.count == 1 && job.delay == .milliseconds(800))
                #expect(paced.state.noticeShown == .tableNotice(.computerPlaying))
                // What is drawn is the table as far as it is shown: not yet the answer.
                var drawn = paced.state.table!
                drawn.table = shown
                #expect(paced.render() == Self.render(drawn, paced))
                paced.send(.jobFinished(job.id, job.work()))
                let next = paced.state.table!.paced?.moves.count ?? TableSceneTests.table(paced).moves.count
                #expect(next == shown.moves.count + 1)
                steps += 1
            }
            // All but the computer's role, which names the pace.
            #expect(paced.render().text.replacing("  (800 ms a card)", with: "") == plain.render().text)
        }
        #expect(steps >= 20)
    }

    /// The table drawn from `state` as the app would draw it.
    static func render(_ state: TableState, _ app: App) -> ScreenBuffer {
        var buffer = ScreenBuffer(size: app.size)
        TableRenderer.render(TableViewModel(state: state, app: app.state, glyphs: .unicode), glyphs: .unicode, into: &buffer)
        return buffer
    }

    @Test("a key that acts finishes the pace at once, and acts on the table as the answer left it; a late step is dropped")
    func aKeyFinishesThePace() throws {
        var app = Self.app(pace: .quick)
        app.press(.enter)
        let job = try #require(app.state.jobs.first)
        #expect(app.state.table!.paced != nil)
        // The help over the table acts on nothing of it: the pace goes on.
        app.press(.character("?"))
        #expect(app.state.table!.paced != nil)
        app.press(.character("?"))
        let six = TableSceneTests.table(app).deal!.sixes[0].sorted()
        app.press(TableSceneTests.key(six[0].rank))
        #expect(app.state.table!.paced == nil && app.saidJobs.isEmpty)
        #expect(app.state.table!.picked == [six[0]])
        let before = app.state
        app.send(.jobFinished(job.id, job.work()))
        #expect(app.state == before)
    }

    /// A clock for the main loop's timers: it says what it was asked to wait, and waits for
    /// nothing (the work after it waits at the script's gate).
    final class Clock: Sendable {
        let asked = Mutex<[Duration]>([])
        func wait(_ duration: Duration) async { asked.withLock { $0.append(duration) } }
    }

    @Test("through the main loop: the timer wakes the loop, each wake one more of the computer's moves drawn, keys meanwhile")
    func throughTheMainLoop() throws {
        // The keys of the first deal's throw and first cards, and how many of the computer's moves each answer holds.
        var plain = Self.app(pace: .quick)
        let gate = BackgroundWorkLoopTests.Gate()
        var script: [InMemoryBackend.Step] = []
        var wakes = 0
        for _ in 0..<6 {
            for key in TableSceneTests.nextKeys(plain) {
                plain.press(key)
                script.append(.key(key))
                let steps = plain.finishWork(quiet: false)
                for _ in 0..<steps { script += [.meanwhile { gate.pipe.ring() }, .wake] }
                wakes += steps
            }
        }
        #expect(wakes >= 3)
        var start = TableGame(setup: .init(seed: 29))
        start.pace = .quick
        var keeper = Keeper()
        keeper.answer(TableLoad.self) { _ in .table(start, message: nil) }
        keeper.answer(TableSave.self) { _ in nil }
        let clock = Clock()
        let backend = InMemoryBackend(size: Size(width: 80, height: 24), script: script)
        MainLoop.run(on: backend, keeper: keeper, opening: .table,
                     jobs: JobRunner(wakePipe: backend.wakePipe, beforeWork: gate.pass, wait: clock.wait,
                                     runs: { $0.progress != nil }))
        #expect(backend.remainingSteps == 0)
        #expect(clock.asked.withLock { $0 } == Array(repeating: .milliseconds(300), count: wakes))
        #expect(gate.cancelled.withLock { $0 } == Array(repeating: false, count: wakes))
        #expect(backend.inputsRead.filter { $0 == .wake }.count == wakes)
        // Each wake drew a frame that moved on from the one before.
        let frames = backend.frames.map(\.text)
        for (index, input) in backend.inputsRead.enumerated() where input == .wake {
            #expect(frames[index + 1] != frames[index], "frame after read \(index)")
        }
        #expect(frames.last == plain.render().text)
    }
}

