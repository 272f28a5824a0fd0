import Canvas
import CribbageCore

extension Wording {
    /// The board's message, in the words of `game` (its players' names, its log).
    static func text(_ message: BoardMessage, game: Game, glyphs: Glyphs) -> String {
        switch message {
        case .pointsNeeded: "type the points first, then \(KeyMap.key(for: .board(.numberEntered)))"
        case .refused(let error): error.description
        case .noCounterHand:
            "no hand on the counter: \(KeyMap.key(for: .backRequested, in: [.board])), pick a hand and the cut, then "
                + "\(KeyMap.key(for: .opened(.board))) and \(KeyMap.key(for: .board(.counterHandEntered)))"
        case .tookBack(let entry): "took back: \(game.describe(entry) { CardText.text($0, glyphs: glyphs) })"
        case .nothingToUndo: "nothing to undo: the log is empty"
        case .gameNotOver: "the game is not over: finish it, or undo to change it"
        case .newGame(let dealer): "a new game: \(game.names[dealer]) deals first, having lost the last"
        case .opened(let text): text
        case .merged(let added):
            "merged: another twentynine's entries first, then this board's last \(added == 1 ? "entry" : String(added))"
        case .showAlready: "the board already takes the show: \(game.nextCount.map(game.describe) ?? "nothing") next"
        case .playComplete:
            "every card of the play is laid: a number now is \(game.nextCount.map(game.describe) ?? "nothing"), never a peg"
        case .countDiffers(let typed, let count, let cards):
            "\(game.describe(count)) scored \(typed) as typed; its cards count \(cards.total) "
                + "(\(abs(cards.total - typed)) \(cards.total > typed ? "missed" : "too many")): \(combinations(cards))"
        case .fifthOfARank(let rank):
            "the round has shown all four \(rank.notation)s already (the play, the starter, the crib): check the cards"
        case .noFlush:
            "these cards hold no other flush: a pair among them, a suit laid or the starter's rules it out"
        case .setUp(let dealer, let byCut):
            byCut ? "a new game: the board cut for the deal, and \(game.names[dealer]) deals first"
                : "a new game: \(game.names[dealer]) deals first"
        case .seatNeeded:
            "a correction goes to a seat: press its key (\(KeyMap.key(for: .board(.pegEntered(player: 0)))) for seat 1, "
                + "\(KeyMap.key(for: .board(.pegEntered(player: 1)))) for seat 2, and so on)"
        case .noNobs:
            "his nobs is the jack of the starter's suit in the hand: these cards cannot hold it now"
        case .overcount(let typed, let most, let only):
            "the cards hold \(only ? "" : "at most ")\(most), not \(typed): "
                + "\(KeyMap.key(for: .board(.numberEntered))) again to score \(typed)"
        case .cleared(let message, let typed):
            "\(text(message, game: game, glyphs: glyphs)); the \(typed) typed is cleared"
        case .digitDropped(let digit):
            "\(digit) not typed: a number here has at most \(BoardScene.maximumDigits) digits "
                + "(a card pegs at most \(Game.pegRange.upperBound), a hand counts at most 29)"
        }
    }
}
