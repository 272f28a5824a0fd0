import Canvas
import CribbageCore

/// The interactive counter's loop, on any backend: read an input, let the `App` handle it, ask
/// the keeper what the app asks of it, start and cancel the work off the key path the app wants
/// and hand it the results, draw the frame; suspend and resume on ctrl-z; until the app quits or
/// the backend has no more input. The app never sees a size beyond `Size.largestDrawn`.
///
///     MainLoop.run(on: terminal)
///     MainLoop.run(on: terminal, keeper: keeper, opening: opening)
public enum MainLoop {
    /// `keeper` answers the scenes' loads and saves (a failed save is shown in its scene);
    /// `opening` is opened at once (`twentynine game` opens the board). `beforeWork` runs before
    /// each job's work, on the job's thread: a test hook (the `slow-work` fault holds the work).
    public static func run(on backend: some TerminalBackend, keeper: Keeper = Keeper(), opening: Opening? = nil,
                           beforeWork: @escaping @Sendable () -> Void = {}) {
        run(on: backend, keeper: keeper, opening: opening,
            jobs: JobRunner(wakePipe: backend.wakePipe, beforeWork: beforeWork))
    }

    static func run(on backend: some TerminalBackend, keeper: Keeper, opening: Opening?, jobs: JobRunner) {
        defer { jobs.cancelAll() }
        var size = backend.size.clampedForDrawing
        var app = App(size: size, glyphs: backend.glyphs)
        if let opening { _ = app.perform(app.open(opening), with: keeper) }
        guard settle(&app, jobs, keeper, on: backend) else { return }
        backend.draw(app.render())
        while let input = backend.read() {
            switch input {
            case .suspend:
                backend.suspend()
                // A resize while suspended is drawn at once, not at the next key.
                if backend.size.clampedForDrawing != size {
                    size = backend.size.clampedForDrawing
                    _ = app.handle(.resize(size))
                }
                backend.repaintAll()
            case .resize(let newSize):
                size = newSize.clampedForDrawing
                _ = app.handle(.resize(size))
            case .wake:
                break // the results are taken below
            default:
                guard act(app.perform(app.handle(input), with: keeper), on: backend) else { return }
            }
            guard settle(&app, jobs, keeper, on: backend) else { return }
            backend.draw(app.render())
        }
    }

    /// Starts and cancels jobs to follow what the app wants, and hands it the results that have
    /// come in, until none are waiting; false when the app quits.
    private static func settle(_ app: inout App, _ jobs: JobRunner, _ keeper: Keeper,
                               on backend: some TerminalBackend) -> Bool {
        while true {
            jobs.follow(app.state.jobs)
            let finished = jobs.takeFinished()
            if finished.isEmpty { return true }
            for (id, result) in finished {
                guard act(app.perform(app.send(.jobFinished(id, result)), with: keeper), on: backend) else { return false }
            }
        }
    }

    /// Does what is left of an effect for the program; false to quit.
    private static func act(_ effect: Effect, on backend: some TerminalBackend) -> Bool {
        switch effect {
        case .quit: return false
        case .redraw: backend.repaintAll()
        case .none, .ask: break
        }
        return true
    }
}
