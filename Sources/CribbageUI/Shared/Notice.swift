import Canvas
import CribbageCore

/// A one-off message for the player, as a value: the renderer words it. It lasts until the
/// next action the player takes. The notices of one scene are its own (`SceneNotice`, in its
/// folder); these are the ones the scenes share.
enum Notice: Hashable, Sendable {
    /// A sixth card was chosen.
    case handIsFull(refused: Card)
    /// A card thrown to the crib in the Discard Advisor was picked.
    case thrownToCrib(Card)
    /// The breakdown was asked for before five cards were chosen.
    case breakdownNeedsFiveCards
    /// Undo with no change to the selection left to undo.
    case nothingToUndo
    /// A key with no binding where the player is.
    case keyDoesNothing(KeyInput, in: Scene)
    /// A kept game (the board's, the table's) was asked for and none could be had.
    case gameUnavailable(GameKeepingFailure)
    /// Quit asked while a kept game's last change is not saved: a second quit, by `key` (the quit
    /// key where the player is), quits.
    case quitLosesTheGame(key: String)
    /// A scene's own notice, worded in its folder.
    case scene(AnySceneNotice)

    init(_ notice: some SceneNotice) { self = .scene(AnySceneNotice(notice)) }
}

/// A notice of one scene, declared and worded in the scene's folder.
protocol SceneNotice: Hashable, Sendable {
    func text(glyphs: Glyphs) -> String
}

/// Any scene's notice: equal when the notices are.
struct AnySceneNotice: Hashable, @unchecked Sendable, CustomStringConvertible {
    // Unchecked: `value` holds a SceneNotice, which is Sendable.
    private let value: AnyHashable
    let text: @Sendable (Glyphs) -> String

    init(_ notice: some SceneNotice) {
        value = AnyHashable(notice)
        text = { notice.text(glyphs: $0) }
    }

    static func == (one: AnySceneNotice, other: AnySceneNotice) -> Bool { one.value == other.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
    var description: String { "\(value)" }
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
