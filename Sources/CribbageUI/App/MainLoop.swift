import Canvas
import CribbageCore

/// The interactive counter's loop, on any backend: read an input, let the `App` handle it, draw
/// the frame; suspend and resume on ctrl-z; until the app quits or the backend has no more input.
/// The app never sees a size beyond `Size.largestDrawn`.
///
///     MainLoop.run(on: terminal)
public enum MainLoop {
    public static func run(on backend: some TerminalBackend) {
        run(on: backend, game: nil, message: nil) { _, _ in nil }
    }

    /// The loop with the board open on a game (and a message on it); `save` is called with the
    /// game after every change to it, and whether it is a new game that replaced a finished
    /// one, and returns why it could not be saved, or nil.
    ///
    ///     MainLoop.run(on: terminal, game: game, message: nil) { game, isNew in store.save(game, isNew) }
    public static func run(on backend: some TerminalBackend, game: Game?, message: String?,
                           save: (_ game: Game, _ isNew: Bool) -> String?) {
        var size = backend.size.clampedForDrawing
        var app = App(size: size, glyphs: backend.glyphs)
        if let game { app.openBoard(game, message: message) }
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
            default:
                switch app.handle(input) {
                case .quit: return
                case .redraw: backend.repaintAll()
                case .gameChanged(let game): app.send(.board(.saved(failure: save(game, false))))
                case .gameStarted(let game): app.send(.board(.saved(failure: save(game, true))))
                case .none: break
                }
            }
            backend.draw(app.render())
        }
    }
}
