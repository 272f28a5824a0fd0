import Canvas
import CribbageCore

/// What the scenes share, owned by the app and lent to a scene's reduce: the selection, the
/// rules, and practice mode.
struct SharedState: Hashable, Sendable {
    var selection = Selection()
    var rules: Rules = .hand
    var practice = Practice()
    /// The selections before each change, for undo (the last one last).
    var history: [Selection] = []
    /// Where random deals come from: seeded, so a test can replay them.
    var random: SplitMix64

    /// Changes to the selection that undo remembers.
    static let historyLimit = 100
}

/// Everything the interactive counter knows: what the scenes share, where the player is, and
/// each scene's own state (its accessor, `AppState.play` say, is in the scene's folder).
struct AppState: Hashable, Sendable {
    var shared: SharedState
    var navigation = Navigation()
    var scenes = SceneStates()
    /// The typed-entry line, while open.
    var entry: TypedEntry?
    /// The notice from the last action, if it left one.
    var notice: Notice?
    /// The terminal's size, for layouts that depend on it (scrolling, mouse hits).
    var screenSize: Size

    init(screenSize: Size = Size(width: 80, height: 24), seed: UInt64) {
        self.screenSize = screenSize
        self.shared = SharedState(random: SplitMix64(seed: seed))
    }

    var selection: Selection { shared.selection }
    var rules: Rules { shared.rules }
    var practice: Practice { shared.practice }

    /// Practice mode with five cards chosen and no count graded yet.
    var isAnswering: Bool { practice.isAsking(hand: selection.completeHand, rules: rules) }

    /// Where keys are looked up now, the most specific scope first: typing's while the `:` line
    /// is open, else the active scene's.
    var keyChain: [KeyScope] {
        entry != nil ? [.typing, .global] : navigation.active.keyChain(self)
    }

    /// The scope chain of the scene under any overlay or typing.
    var sceneKeyChain: [KeyScope] { navigation.top.keyChain(self) }
}
