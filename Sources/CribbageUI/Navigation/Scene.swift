import Canvas

/// A scene of the counter and everything the app asks of it. The title, the help's intro, the
/// key chain, the reduce, the frame, the scroll clamp and clicks are looked up here, never
/// switched over: each `Scenes/<Name>/` folder declares its scene (`Scene.play` in
/// `PlayScene.swift`), and `Scene.all` lists them.
struct Scene: Sendable {
    /// Unique: scenes are equal by name.
    let name: String
    /// The header's name for the scene.
    let title: String
    /// The help's first line: how the scene works.
    var intro = ""
    /// The key table's groups the scene brings, in the order Docs/Keys.md and the help list them.
    var keyGroups: [KeyGroup] = []
    /// Where keys are looked up while the scene is on top, the most specific scope first.
    var keyChain: @Sendable (AppState) -> [KeyScope]
    /// Shows the scene, for `Action.opened`: a push unless the scene says otherwise.
    var open: (@Sendable (inout AppState) -> Outcome)?
    /// The scene's actions while it is on top (the overlay's, while it is shown); nil for any
    /// other action.
    var reduce: @Sendable (inout AppState, Action) -> Outcome?
    /// Draws the scene into the frame.
    var render: @Sendable (AppState, Glyphs, inout ScreenBuffer) -> Void
    /// What the `:` line types here, if it opens here.
    var entryTarget: EntryTarget?
    /// Clamps the scene's scroll to what its layout shows at the screen's size.
    var clampScroll: (@Sendable (inout AppState, Glyphs) -> Void)?
    /// What a click at a row and column sends, if anything.
    var click: (@Sendable (AppState, _ row: Int, _ column: Int) -> Action?)?
    /// The work off the key path the scene's state asks for while the scene is shown (`Job`).
    var work: (@Sendable (AppState) -> [Job])?
    /// The work its state asks for whether or not the scene is shown (the records' reviews of the
    /// games finished at the table), run as `work` is.
    var background: (@Sendable (AppState) -> [Job])?
    /// What going back from the scene leaves behind, beyond the pop (the board hands the counter
    /// the rules of its next count).
    var leave: (@Sendable (inout AppState) -> Void)?
    /// What the counter's new hand (`n`) clears of the scene's state.
    var newHandStarted: (@Sendable (inout AppState) -> Void)?
    /// The scene holds a change its keeper could not save: the first quit says so.
    var holdsUnsaved: (@Sendable (AppState) -> Bool)?
}

extension Scene: Hashable, CustomStringConvertible {
    static func == (one: Scene, other: Scene) -> Bool { one.name == other.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
    var description: String { name }
}

extension Scene {
    /// The scene list: every scene, the root first. Its order is the key table's.
    static let all: [Scene] = [.handSelection, .breakdown, .discardAdvisor, .play, .board, .table, .review, .boardReview, .drills, .records, .lobby, .help]

    /// The root, under every other scene.
    static var root: Scene { .handSelection }

    /// Pushes the scene, for a scene with nothing to check first.
    static func push(_ scene: Scene) -> @Sendable (inout AppState) -> Outcome {
        { state in
            state.navigation.push(scene)
            return Outcome()
        }
    }

    /// The reduce of an action the scene's case wraps: `extract` takes the scene's own action out.
    static func reducing<SceneAction>(_ extract: @escaping @Sendable (Action) -> SceneAction?,
                                      _ reduce: @escaping @Sendable (inout AppState, SceneAction) -> Outcome)
        -> @Sendable (inout AppState, Action) -> Outcome? {
        { state, action in extract(action).map { reduce(&state, $0) } }
    }
}

/// A scene the program can open at start (`twentynine game` opens the board); each is declared
/// in its scene's folder (`Opening.board`).
public struct Opening: Hashable, Sendable {
    let scene: Scene
}
