import CribbageCore

/// The board's game as the program keeps it: read when the board is first asked for (a new game
/// to 121 for two when none is kept).
public struct BoardLoad: SceneRequest {
    public static let unanswered = KeptGame.unavailable(.noKeeper)

    public init() {}

    var scene: Scene { .board }
    func reply(_ answer: KeptGame) -> Action { .board(.loaded(answer)) }
}

/// The board's game saved after a change; `isNew` when it is the next game, replacing a
/// finished one (which stays in the history) or an abandoned one.
public struct BoardSave: SceneRequest {
    public static let unanswered = GameSaving.failed(.noKeeper)

    public let game: Game
    public let isNew: Bool

    init(game: Game, isNew: Bool) {
        self.game = game
        self.isNew = isNew
    }

    var scene: Scene { .board }
    func reply(_ answer: GameSaving) -> Action { .board(BoardAction(answer)) }
}

/// Each player's record over the finished games, as `twentynine game --stats` prints it.
public struct BoardRecords: SceneRequest {
    public static let unanswered = KeptRecords.unavailable(.noKeeper)

    init() {}

    var scene: Scene { .board }
    func reply(_ answer: KeptRecords) -> Action { .board(.recordsShown(answer)) }
}

/// What the keeper found of the board's game.
public enum KeptGame: Hashable, Sendable {
    /// The game, and a line about the files when something was wrong with them.
    case game(Game, message: String?)
    case unavailable(GameKeepingFailure)
}

/// What came of a save of the board's game.
public enum GameSaving: Hashable, Sendable {
    case saved
    /// Another program had added entries to the game file: the board's last `added` entries were
    /// scored again after them, and this game, holding both, is saved.
    case merged(Game, added: Int)
    /// The change could not be saved (a bug: the file would not have read back) and nothing was
    /// written: the board goes back to this game, the last saved.
    case refused(Game, reason: String)
    case failed(GameKeepingFailure)
}

/// The players' records: the lines `game --stats` prints (games, wins, skunks given and taken,
/// the averages), or why there are none to be had.
public enum KeptRecords: Hashable, Sendable {
    case records([String])
    case unavailable(GameKeepingFailure)
}
