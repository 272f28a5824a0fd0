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
    case review(ReviewAction)
    case boardReview(BoardReviewAction)
    case drills(DrillsAction)
    case records(RecordsAction)
    case lobby(LobbyAction)
    /// The typed-entry line of a grid scene.
    case entry(EntryAction)
    /// Open a scene over Hand Selection.
    case opened(Scene)
    /// The answer to a scene's request (`SceneRequest`) or the result of its work off the key
    /// path (`Job`), as that scene's action: the scene reduces it whether or not it is on top.
    indirect case answered(Scene, Action)
    /// The result of a job, as its scene's action: reduced as `answered` while the job is still
    /// wanted, dropped once it is not (its scene closed, or what it worked on changed).
    indirect case jobFinished(Job.ID, Action)
    case backRequested
    /// The keep chosen for the game that opened the Discard Advisor with its six: the two cards
    /// thrown, for the scene beneath (the table throws them).
    case discardChosen([Card])
    case helpToggled
    case newHandRequested
    case rulesToggled
    case practiceToggled
    case redrawRequested
    case quitRequested
    case resized(Size)
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
    /// A load or a save for the program's keeper: `App.perform` asks it and hands the answer
    /// back to the scene that asked.
    case ask(KeeperAsk)

    /// The effect that asks `request` of the keeper.
    static func asking(_ request: some SceneRequest) -> Effect { .ask(KeeperAsk(request)) }
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
    /// Back, then this action to the scene beneath.
    case backThen(Action)
}
