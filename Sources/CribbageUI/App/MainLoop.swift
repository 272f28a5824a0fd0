import Canvas
import CribbageCore

/// The interactive counter's loop, on any backend: read an input, let the `App` handle it, draw
/// the frame; suspend and resume on ctrl-z; until the app quits or the backend has no more input.
/// The app never sees a size beyond `Size.largestDrawn`.
///
///     MainLoop.run(on: terminal)
public enum MainLoop {
    public static func run(on backend: some TerminalBackend) {
        run(on: backend, keeper: nil, openingTheBoard: false)
    }

    /// The loop with a place to keep the board's game: the board opens on the kept game at once
    /// when asked (`twentynine game`), or when the player asks for it (`B`); every change to the
    /// game is saved through `keeper`, and a failed save is shown on the board.
    ///
    ///     MainLoop.run(on: terminal, keeper: StoreKeeper(), openingTheBoard: true)
    ///
    /// The table (a match against the computer) opens at once with `openingTheTable`, or when
    /// the player asks for it (`v`): the kept match, or a new one from `table` (`fresh` asks
    /// for a new one at once).
    public static func run(on backend: some TerminalBackend, keeper: (any GameKeeper)?, openingTheBoard: Bool,
                           table: TableGame.Setup? = nil, openingTheTable: Bool = false, fresh: Bool = false) {
        var size = backend.size.clampedForDrawing
        var app = App(size: size, glyphs: backend.glyphs)
        let setup = table ?? TableGame.Setup(seed: UInt64.random(in: .min ... .max))
        if openingTheBoard { open(keeper, in: &app) }
        if openingTheTable { openTable(keeper, setup: setup, fresh: fresh, in: &app) }
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
                case .gameChanged(let game): app.send(.board(BoardAction(keeper?.save(game, isNew: false))))
                case .gameStarted(let game): app.send(.board(BoardAction(keeper?.save(game, isNew: true))))
                case .gameRequested: open(keeper, in: &app)
                case .tableChanged(let table): app.send(.table(.saved(keeper.map { $0.saveTable(table) } ?? .noKeeper)))
                case .tableRequested: openTable(keeper, setup: setup, fresh: false, in: &app)
                case .recordsRequested: app.send(.board(.recordsShown(keeper?.records() ?? .unavailable(.noKeeper))))
                case .none: break
                }
            }
            backend.draw(app.render())
        }
    }

    private static func openTable(_ keeper: (any GameKeeper)?, setup: TableGame.Setup, fresh: Bool, in app: inout App) {
        switch keeper?.loadTable(starting: setup, fresh: fresh) ?? .unavailable(.noKeeper) {
        case .table(let table, let message): app.openTable(table, message: message)
        case .unavailable(let reason): app.send(.gameUnavailable(reason))
        }
    }

    private static func open(_ keeper: (any GameKeeper)?, in app: inout App) {
        switch keeper?.load() ?? .unavailable(.noKeeper) {
        case .game(let game, let message): app.openBoard(game, message: message)
        case .unavailable(let reason): app.send(.gameUnavailable(reason))
        }
    }
}
