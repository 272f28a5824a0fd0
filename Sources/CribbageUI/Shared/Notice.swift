import Canvas
import CribbageCore

/// A one-off message for the player, as a value: the renderer words it. It lasts until the
/// next action the player takes.
enum Notice: Hashable, Sendable {
    /// A sixth card was chosen.
    case handIsFull(refused: Card)
    /// A seventh card was dealt in the Discard Advisor.
    case dealIsFull(refused: Card)
    /// The Discard Advisor was asked to rank by the chance to win with no score to play to.
    case noScoreToPlayTo
    /// A card thrown to the crib in the Discard Advisor was picked.
    case thrownToCrib(Card)
    /// The cut was asked to become the cut.
    case alreadyTheCut(Card)
    /// The breakdown was asked for before five cards were chosen.
    case breakdownNeedsFiveCards
    /// Enter was pressed in practice mode with no count typed.
    case countNeeded
    /// Undo with no change to the selection left to undo.
    case nothingToUndo
    /// A key with no binding where the player is.
    case keyDoesNothing(KeyInput, in: Scene)
    /// The Play refused a card or a go.
    case playRefused(PlayRefusal)
    /// A rank key in the Play with all four cards of the rank laid.
    case allFourLaid(Rank)
    /// Backspace in the Play with nothing laid.
    case nothingToTakeBack
    /// A number of players chosen with cards laid: the play starts again.
    case playStartedAgain(players: Int)
    /// A number of players chosen in The Play that is not the game's.
    case playFollowsTheGame(players: Int)
    /// A take-back in The Play refused: the board has entries after the step's; undo them there first.
    case takeBackRefused
    /// The game refused the points a card or go pegged in The Play.
    case notPegged(GameError)
    /// The game refused a card laid in The Play: it is somewhere else this round.
    case notLaid(GameError)
    /// The board was asked for and no game could be had.
    case gameUnavailable(GameKeepingFailure)
    /// Something the table has to say about a key.
    case tableNotice(TableNotice)
    /// Quit asked while the board's (or the table's) last change is not saved: a second quit,
    /// by `key` (the quit key where the player is), quits.
    case quitLosesTheGame(key: String)
}

/// What the table says about a key that did not do what it names.
enum TableNotice: Hashable, Sendable {
    case refused(TableError)
    case noCardOfRank(Rank)
    case doesNotFit(Rank, count: Int)
    case twoPicked
    case pickTwo(Int)
    case typeTheCount
    case layByRank
    case noDecision
    case hintsOff
    case whyAfterTheShow
    case nothingCounted
}

/// What typed entry is filling in: the counter's cut and hand, or the Advisor's deal.
enum EntryTarget: Hashable, Sendable {
    case counter
    case deal
}

/// Why typed cards were not applied.
enum EntryError: Error, Hashable, Sendable {
    /// Nothing was typed.
    case empty(EntryTarget)
    /// More cards than the target holds, from this token on.
    case tooMany(token: String, EntryTarget)
    /// A token that is not a card, or a card typed twice.
    case invalid(HandError)
    /// A second `/`, or no single cut after the `/`.
    case oneCutAfterSlash
    /// The cut typed was thrown to the crib.
    case thrown(Card)
}
