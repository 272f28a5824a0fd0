import Canvas
import Synchronization

/// Work a scene runs off the key path, asked for by its state (`Scene.work`): the main loop
/// starts a job while a shown scene's state asks for it, and cancels it once none does (the scene
/// closed, or what the job works on changed, and with it the key). The job's action goes back to
/// its scene (`Action.jobFinished`) if the job is still wanted when it finishes, and is dropped
/// otherwise. While it runs, its progress is the scene's notice (`AppState.noticeShown`); keys
/// keep working. The result crosses threads as an `Action`, a Sendable value.
struct Job: Sendable {
    /// The scene that asks and what it asks for: equal keys are the same work.
    struct ID: Hashable, Sendable, CustomStringConvertible {
        let scene: Scene
        let key: JobKey

        var description: String { "\(scene) \(key)" }
    }

    let id: ID
    /// Said while the job runs; nil for quiet work (the pegboard's chance).
    let progress: Notice?
    /// How long the job waits before its work (a timer: the table's pace); a job cancelled
    /// meanwhile never works. A backend with no wake pipe does not wait.
    let delay: Duration
    /// What the job awaits before its work, holding no thread (the club's next change, for a
    /// table between people or the lobby); a job cancelled meanwhile never works.
    let awaiting: (@Sendable () async -> Void)?
    /// The work: runs on another thread with the runner's analyst, and returns the scene's action
    /// with its result.
    private let run: @Sendable (any Analyst) -> Action

    /// `key` says what the work is worked out from (its inputs): a state that asks for another
    /// key wants other work.
    init(_ scene: Scene, key: some Hashable & Sendable, progress: Notice?, after delay: Duration = .zero,
         work: @escaping @Sendable () -> Action) {
        self.init(scene, key: key, progress: progress, after: delay, analysing: { _ in work() })
    }

    /// Work that asks the engine, through the analyst it is given.
    init(_ scene: Scene, key: some Hashable & Sendable, progress: Notice?, after delay: Duration = .zero,
         analysing: @escaping @Sendable (any Analyst) -> Action) {
        id = ID(scene: scene, key: JobKey(key))
        self.progress = progress
        self.delay = delay
        awaiting = nil
        run = analysing
    }

    /// Work done once `awaiting` returns: a wake-up from elsewhere (the club's), with no thread
    /// held while it waits and no polling.
    init(_ scene: Scene, key: some Hashable & Sendable, awaiting: @escaping @Sendable () async -> Void,
         work: @escaping @Sendable () -> Action) {
        id = ID(scene: scene, key: JobKey(key))
        progress = nil
        delay = .zero
        self.awaiting = awaiting
        run = { _ in work() }
    }

    /// Does the work, asking `analyst` what it asks of the engine.
    func work(_ analyst: any Analyst) -> Action { run(analyst) }

    /// Does the work with the live analyst.
    func work() -> Action { run(LiveAnalyst()) }
}

/// A job's key, of any Hashable and Sendable type.
struct JobKey: Hashable, @unchecked Sendable, CustomStringConvertible {
    // Unchecked: it is built only from Sendable values.
    private let value: AnyHashable

    init(_ value: some Hashable & Sendable) { self.value = AnyHashable(value) }

    var description: String { "\(value)" }
}

extension AppState {
    /// The work the shown scenes' states ask for now, then the work any scene's state asks for
    /// shown or not (`Scene.background`), each job once.
    var jobs: [Job] {
        var seen: Set<Job.ID> = []
        let shown = navigation.stack + [navigation.overlay].compactMap(\.self)
        let work = shown.flatMap { $0.work?(self) ?? [] } + Scene.all.flatMap { $0.background?(self) ?? [] }
        return work.filter { seen.insert($0.id).inserted }
    }

    /// The notice to show: the last action's, else the progress of the work the scene the
    /// player sees waits for.
    var noticeShown: Notice? {
        notice ?? jobs.first { $0.id.scene == navigation.top && $0.progress != nil }?.progress
    }
}

/// Runs the app's jobs for the main loop, on threads of their own, and keeps each one's action
/// until the loop takes it, ringing the backend's `WakePipe` as each finishes. With no pipe to
/// ring, a job runs at once, on the loop's thread, as work in a key press did before.
final class JobRunner: Sendable {
    private struct Books {
        /// The jobs running, each with its start's number.
        var running: [Job.ID: (task: Task<Void, Never>, start: Int)] = [:]
        /// Jobs that finished while still wanted: not started again until they stop being wanted,
        /// so a scene whose state still asks for a job it has had an answer to does not spin.
        var settled: Set<Job.ID> = []
        var finished: [(Job.ID, Action)] = []
        var starts = 0
    }

    private let books = Mutex(Books())
    private let wakePipe: WakePipe?
    /// Runs before each job's work, on its thread: a test's gate.
    private let beforeWork: @Sendable () -> Void
    /// Waits out a job's delay without holding a thread (`Task.sleep`); a test's clock.
    private let wait: @Sendable (Duration) async -> Void
    /// Which jobs run at all: every one, but in a test that follows some work alone.
    private let runs: @Sendable (Job) -> Bool
    /// What the jobs ask of the engine.
    private let analyst: any Analyst

    init(wakePipe: WakePipe?, beforeWork: @escaping @Sendable () -> Void = {},
         wait: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) },
         runs: @escaping @Sendable (Job) -> Bool = { _ in true }, analyst: (any Analyst)? = nil) {
        self.analyst = analyst ?? LiveAnalyst()
        self.wakePipe = wakePipe
        self.beforeWork = beforeWork
        self.wait = wait
        self.runs = runs
    }

    /// Starts each wanted job that is not running (or settled), and cancels each running job
    /// that is no longer wanted.
    func follow(_ wanted: [Job]) {
        let wanted = wanted.filter(runs)
        let ids = Set(wanted.map(\.id))
        let inline = books.withLock { books -> [Job] in
            for (id, running) in books.running where !ids.contains(id) {
                running.task.cancel()
                books.running[id] = nil
            }
            books.settled.formIntersection(ids)
            let new = wanted.filter { books.running[$0.id] == nil && !books.settled.contains($0.id) }
            guard wakePipe != nil else { return new }
            for job in new {
                books.starts += 1
                let start = books.starts
                let task = Task.detached(priority: .userInitiated) { [self] in
                    if job.delay > .zero {
                        await wait(job.delay)
                        // Cancelled while it waited (a key finished the pace): it has nothing to say.
                        if Task.isCancelled { return }
                    }
                    if let awaiting = job.awaiting {
                        await awaiting()
                        if Task.isCancelled { return }
                    }
                    beforeWork()
                    finish(job.id, start: start, job.work(analyst))
                }
                books.running[job.id] = (task, start)
            }
            return []
        }
        for job in inline {
            beforeWork()
            let action = job.work(analyst)
            books.withLock { books in
                books.settled.insert(job.id)
                books.finished.append((job.id, action))
            }
        }
    }

    /// The actions of the jobs finished since the last call, in the order they finished.
    func takeFinished() -> [(Job.ID, Action)] {
        books.withLock { books in
            defer { books.finished = [] }
            return books.finished
        }
    }

    /// Cancels every job: the loop is ending.
    func cancelAll() {
        books.withLock { books in
            for running in books.running.values { running.task.cancel() }
            books.running = [:]
        }
    }

    /// A job's action, kept for the loop (even a cancelled job's: the app drops what is no longer
    /// wanted), and the loop woken.
    private func finish(_ id: Job.ID, start: Int, _ action: Action) {
        books.withLock { books in
            if books.running[id]?.start == start {
                books.running[id] = nil
                books.settled.insert(id)
            }
            books.finished.append((id, action))
        }
        wakePipe?.ring()
    }
}
