import CribbageCore

/// Where the board's game lives between runs: the program's game store, or a test's stand-in.
/// The UI never touches files; `MainLoop` asks the keeper.
public protocol GameKeeper: AnyObject {
    /// The kept game (a new one when none is kept), or why there is none to be had.
    func load() -> KeptGame
    /// Saves the game after a change; `isNew` when it is the next game, replacing a finished
    /// one.
    func save(_ game: Game, isNew: Bool) -> GameSaving
    /// The kept match against the computer, or a new one from `setup` when none is kept, the
    /// kept one is over, or `fresh` asks for a new one.
    func loadTable(starting setup: TableGame.Setup, fresh: Bool) -> KeptTable
    /// Saves the match after a change; nil when it was saved.
    func saveTable(_ table: TableGame) -> GameKeepingFailure?
    /// Each player's record over the finished games, as `twentynine game --stats` prints it.
    func records() -> KeptRecords
}

extension GameKeeper {
    public func records() -> KeptRecords { .unavailable(.noKeeper) }
    public func loadTable(starting setup: TableGame.Setup, fresh: Bool) -> KeptTable { .unavailable(.noKeeper) }
    public func saveTable(_ table: TableGame) -> GameKeepingFailure? { .noKeeper }
}

/// The players' records from a `GameKeeper`: the lines `game --stats` prints (games, wins,
/// skunks given and taken, the averages), or why there are none to be had.
public enum KeptRecords: Hashable, Sendable {
    case records([String])
    case unavailable(GameKeepingFailure)
}

/// What a `GameKeeper` found of the match against the computer.
public enum KeptTable: Sendable {
    case table(TableGame, message: String?)
    case unavailable(GameKeepingFailure)
}

/// What came of a save.
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

/// What a `GameKeeper` found.
public enum KeptGame: Sendable {
    /// The game, and a line about the files when something was wrong with them.
    case game(Game, message: String?)
    case unavailable(GameKeepingFailure)
}

/// Why the board's game could not be had or saved; `Wording` says it on screen.
public enum GameKeepingFailure: Error, Hashable, Sendable {
    /// This run was started with nowhere to keep a game.
    case noKeeper
    /// A save came before any game was read.
    case nothingRead
    /// Another program changed the game file since the board read it, in a way the board's
    /// entries cannot follow (an undo there, a new game, or a rule refusing them after it).
    case changedElsewhere(path: String)
    /// The store could not be opened, read or written: its own words (the path and why).
    case store(String)
    /// A bug: the change would not have read back, so it was not saved, and the scene goes back
    /// to what was last saved. The store's words.
    case refused(String)
}
