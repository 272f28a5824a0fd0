import Canvas
import CribbageCore

/// What the scenes share, owned by the app and lent to a scene's reduce: the selection, the
/// rules, and practice mode.
public struct SharedState: Hashable, Sendable {
    public internal(set) var selection = Selection()
    public internal(set) var rules: Rules = .hand
    public internal(set) var practice = Practice()
    /// The selections before each change, for undo (the last one last).
    var history: [Selection] = []
    /// Where random deals come from: seeded, so a test can replay them.
    var random: SplitMix64

    /// Changes to the selection that undo remembers.
    static let historyLimit = 100
}

/// Everything the interactive counter knows: what the scenes share, where the player is, and
/// each scene's own state.
public struct AppState: Hashable, Sendable {
    public internal(set) var shared: SharedState
    public internal(set) var navigation = Navigation()
    public internal(set) var handSelection = HandSelectionState()
    public internal(set) var discardAdvisor = DiscardAdvisorState()
    public internal(set) var help = HelpState()
    public internal(set) var play = PlayState()
    /// The game on the board, when the program keeps one.
    public internal(set) var board: BoardState?
    /// The typed-entry line, while open.
    public internal(set) var entry: TypedEntry?
    /// The notice from the last action, if it left one.
    public internal(set) var notice: Notice?
    /// The terminal's size, for layouts that depend on it (scrolling, mouse hits).
    public internal(set) var screenSize: Size

    public init(screenSize: Size = Size(width: 80, height: 24), seed: UInt64) {
        self.screenSize = screenSize
        self.shared = SharedState(random: SplitMix64(seed: seed))
    }

    public var selection: Selection { shared.selection }
    public var rules: Rules { shared.rules }
    public var practice: Practice { shared.practice }

    /// Practice mode with five cards chosen and no count graded yet.
    var isAnswering: Bool { practice.isAsking(hand: selection.completeHand, rules: rules) }
}
