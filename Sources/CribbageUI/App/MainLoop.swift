import Canvas

/// The interactive counter's loop, on any backend: read an input, let the `App` handle it, draw
/// the frame; suspend and resume on ctrl-z; until the app quits or the backend has no more input.
/// The app never sees a size beyond `Size.largestDrawn`.
///
///     MainLoop.run(on: terminal)
public enum MainLoop {
    public static func run(on backend: some TerminalBackend) {
        var size = backend.size.clampedForDrawing
        var app = App(size: size, glyphs: backend.glyphs)
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
                case .none: break
                }
            }
            backend.draw(app.render())
        }
    }
}
