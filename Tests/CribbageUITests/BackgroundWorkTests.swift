import Canvas
import CribbageCore
import Synchronization
import Testing
@testable import CribbageUI

/// Work off the key path: the Discard Advisor's chances to win from a game's score are a `Job`
/// its state asks for. Keys keep working while it runs, its progress is the notice, its result
/// comes back as the advisor's action; a result no longer wanted (the advisor closed, the role
/// changed) is dropped.
@Suite("Work off the key path")
struct BackgroundWorkTests {
    static let working = "Working out each keep's chance to win from 118-112"

    /// The board's game near the end, the advisor opened over the counter with six dealt; the
    /// chances not yet worked out.
    static func advisor() throws -> App {
        var app = App.standard()
        app.openBoard(try DiscardAdvisorScoreTests.boardGame())
        app.press(.escape, .character("d"))
        app.enter("5s 4d jd 4c 5c 5h")
        return app
    }

    @Test func theAdvisorAsksForTheChancesAndShowsTheKeepsByThePointsMeanwhile() throws {
        var app = try Self.advisor()
        let jobs = app.state.jobs
        #expect(jobs.map(\.id.scene) == [.discardAdvisor])
        #expect(!app.state.discardAdvisor.hasChances)
        #expect(app.state.discardAdvisor.rankedKeeps == app.state.discardAdvisor.analysis!.keeps!.ranked(for: .dealer, pegging: true))
        #expect(app.text.contains(Self.working))
        #expect(!app.text.contains("Win"))
        // Keys keep working, and the progress stays while the work runs.
        app.press(.down)
        #expect(app.state.discardAdvisor.highlighted == 1)
        #expect(app.text.contains(Self.working))
        // The same work is asked for until it comes back: the key is the six, the role, the score.
        #expect(app.state.jobs.map(\.id) == jobs.map(\.id))
        let highlighted = app.state.discardAdvisor.rankedKeeps[1]
        #expect(app.finishWork() == 1)
        let state = app.state.discardAdvisor
        #expect(state.hasChances && state.score == GameScore(mine: 118, theirs: 112, target: 121))
        #expect(state.rankedKeeps == state.analysis?.options.map { $0.keep! })
        // The highlight stays on its keep as the ranking changes to the chance.
        #expect(state.rankedKeeps[state.highlighted] == highlighted)
        #expect(app.state.jobs.isEmpty)
        #expect(!app.text.contains(Self.working) && app.text.contains("Win"))
    }

    @Test func aResultNoLongerWantedIsDroppedAndTheWorkIsAskedForAgain() throws {
        var app = try Self.advisor()
        let job = try #require(app.state.jobs.first)
        let result = job.work()
        // Closed: nothing is wanted, and the late result changes nothing.
        app.press(.escape)
        #expect(app.state.jobs.isEmpty)
        let before = app.state
        app.send(.jobFinished(job.id, result))
        #expect(app.state == before)
        #expect(!app.state.discardAdvisor.hasChances)
        // Open again: the same work is wanted again, and its result is taken.
        app.press(.character("d"))
        #expect(app.state.jobs.map(\.id) == [job.id])
        // Another role asks for other work: the first one's result is dropped.
        app.press(.character("r"))
        #expect(app.state.jobs.map(\.id) != [job.id] && app.state.jobs.count == 1)
        app.send(.jobFinished(job.id, result))
        #expect(!app.state.discardAdvisor.hasChances)
        app.finishWork()
        #expect(app.state.discardAdvisor.hasChances && app.state.discardAdvisor.role == .pone)
    }

    @Test func aResultWorkedOutForAnotherDealIsDropped() throws {
        var app = try Self.advisor()
        let job = try #require(app.state.jobs.first)
        let six = ["5s", "4d", "jd", "4c", "5c", "6h"].map(card)
        let other = ChancesAsked(six: six, role: .dealer, score: GameScore(mine: 118, theirs: 112, target: 121))
        app.send(.jobFinished(job.id, .discardAdvisor(.chancesWorkedOut(other.workOut(), for: other.key))))
        #expect(!app.state.discardAdvisor.hasChances)
    }

    @Test func withoutAGameNoWorkIsAsked() {
        var app = DiscardAdvisorSceneTests.dealt()
        #expect(app.state.jobs.isEmpty)
        #expect(app.finishWork() == 0)
    }
}

/// The same through the main loop on the in-memory backend: the work runs on another thread and
/// wakes the loop through the backend's `WakePipe`; a gate holds it while the script presses keys.
@Suite("Work off the key path, in the main loop")
struct BackgroundWorkLoopTests {
    private let size = Size(width: 80, height: 24)

    /// A gate the work waits at, and whether each job found itself cancelled once through it.
    final class Gate: Sendable {
        let pipe = WakePipe()!
        let cancelled = Mutex<[Bool]>([])

        func pass() {
            _ = pipe.wait(milliseconds: 10_000)
            cancelled.withLock { $0.append(Task.isCancelled) }
        }
    }

    private func keeper() throws -> Keeper {
        let game = try DiscardAdvisorScoreTests.boardGame()
        var keeper = Keeper()
        keeper.answer(BoardLoad.self) { _ in .game(game, message: nil) }
        return keeper
    }

    /// The board's game opened, back to the counter, the advisor, six cards typed.
    private var advisorSteps: [InMemoryBackend.Step] {
        [.key(.escape), .key(.character("d")), .key(.character(":"))]
            + "5s 4d jd 4c 5c 5h".map { .key(.character($0)) } + [.key(.enter)]
    }

    @Test func keysWorkWhileTheChancesAreWorkedOutAndTheResultArrivesAsAnAction() throws {
        let gate = Gate()
        let backend = InMemoryBackend(size: size, script: advisorSteps + [
            .key(.down), .meanwhile { gate.pipe.ring() }, .wake,
        ])
        MainLoop.run(on: backend, keeper: try keeper(), opening: .board,
                     jobs: JobRunner(wakePipe: backend.wakePipe, beforeWork: gate.pass))
        let frames = backend.frames.map(\.text)
        let typed = frames.count - 3
        #expect(frames[typed].contains(BackgroundWorkTests.working))
        #expect(!frames[typed].contains("Win"))
        // The down key moved the highlight while the work was held at the gate.
        #expect(frames[typed + 1] != frames[typed] && frames[typed + 1].contains(BackgroundWorkTests.working))
        #expect(backend.inputsRead.last == .wake)
        #expect(frames[typed + 2].contains("Win") && !frames[typed + 2].contains(BackgroundWorkTests.working))
        #expect(gate.cancelled.withLock { $0 } == [false])
    }

    @Test func closingTheAdvisorCancelsTheWorkAndItsLateResultIsDropped() throws {
        let gate = Gate()
        let backend = InMemoryBackend(size: size, script: advisorSteps + [
            .key(.escape), .meanwhile { gate.pipe.ring() }, .wake,
            .key(.character("d")), .meanwhile { gate.pipe.ring() }, .wake,
        ])
        MainLoop.run(on: backend, keeper: try keeper(), opening: .board,
                     jobs: JobRunner(wakePipe: backend.wakePipe, beforeWork: gate.pass))
        let frames = backend.frames.map(\.text)
        #expect(backend.remainingSteps == 0)
        // The first job was cancelled as the advisor closed; the second, asked for on opening it
        // again, was not: the late result left the advisor without its chances.
        #expect(gate.cancelled.withLock { $0 } == [true, false])
        #expect(backend.inputsRead.filter { $0 == .wake }.count == 2)
        // Closed, then woken by the late result: the counter's frame, unchanged by it.
        #expect(frames[frames.count - 3] == frames[frames.count - 4])
        #expect(!frames[frames.count - 3].contains("Discard Advisor"))
        #expect(frames[frames.count - 2].contains(BackgroundWorkTests.working))
        #expect(frames[frames.count - 1].contains("Win"))
    }

    @Test func aBackendWithNoWakePipeRunsTheWorkInTheKeyPress() throws {
        let backend = InMemoryBackend(size: size, wakes: false, script: advisorSteps)
        MainLoop.run(on: backend, keeper: try keeper(), opening: .board)
        #expect(backend.frames.last?.text.contains("Win") == true)
        #expect(backend.frames.allSatisfy { !$0.text.contains(BackgroundWorkTests.working) })
    }

    @Test func quittingWhileWorkRunsEndsTheLoopAtOnce() throws {
        let gate = Gate()
        let backend = InMemoryBackend(size: size, script: advisorSteps + [.key(.character("q"))])
        MainLoop.run(on: backend, keeper: try keeper(), opening: .board,
                     jobs: JobRunner(wakePipe: backend.wakePipe, beforeWork: gate.pass))
        #expect(backend.remainingSteps == 0)
        gate.pipe.ring()
    }
}
