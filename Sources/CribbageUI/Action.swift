import Canvas
import CribbageCore

/// Something the player did, named for what they did; the reducer's only input. A scene's
/// actions reach its reduce only while it is on top.
enum Action: Hashable, Sendable {
    case handSelection(HandSelectionAction)
    case breakdown(BreakdownAction)
    case discardAdvisor(DiscardAdvisorAction)
    case help(HelpAction)
    case play(PlayAction)
    case board(BoardAction)
    case table(TableAction)
    /// The typed-entry line of a grid scene.
    case entry(EntryAction)
    /// Open a scene over Hand Selection.
    case opened(Scene)
    /// A game to keep, from the program's keeper: the board opens on it, with what the keeper
    /// had to say about its files.
    case gameOpened(Game, message: String?)
    /// A match against the computer, from the program's keeper: the table opens on it.
    case tableOpened(TableGame, message: String?)
    case backRequested
    case helpToggled
    case newHandRequested
    case rulesToggled
    case practiceToggled
    case redrawRequested
    case quitRequested
    case resized(Size)
    /// The board was asked for and no game could be had: why.
    case gameUnavailable(GameKeepingFailure)
    /// A key with no binding where the player is.
    case keyUnbound(KeyInput)
}

/// What the program must do outside the screen after an input.
public enum Effect: Hashable, Sendable {
    case none
    /// Leave the program, restoring the terminal.
    case quit
    /// Repaint every cell (ctrl-l), not only what changed.
    case redraw
    /// The board's game changed: the caller saves it and reports how that went.
    case gameChanged(Game)
    /// The next game replaced the board's finished one: the caller saves it as a new game (the
    /// finished one stays in the history) and reports how that went.
    case gameStarted(Game)
    /// The board was asked for with no game kept: the caller loads the saved game (or starts
    /// one) and opens the board on it with `App.openBoard`, or sends `.gameUnavailable`.
    case gameRequested
    /// The match against the computer changed: the caller saves it and reports how that went.
    case tableChanged(TableGame)
    /// The table was asked for with none open: the caller loads the saved match (or starts
    /// one) and opens the table on it with `App.openTable`, or sends `.gameUnavailable`.
    case tableRequested
    /// The board asked for the players' records: the caller asks its keeper and sends them
    /// back as `.board(.recordsShown(_:))`.
    case recordsRequested
}

/// What every reduce returns: what it asks of the app beyond its own state.
struct Outcome {
    var notice: Notice?
    var route: RouteChange?
    var effect: Effect = .none
}

/// A move on the navigation stack that a scene asks the app for.
enum RouteChange {
    case back
    case root
}
