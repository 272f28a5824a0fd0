import Canvas
import CribbageCore

/// What Hand Selection says about a key that did not do what it names.
enum HandSelectionNotice: SceneNotice {
    /// The cut was asked to become the cut.
    case alreadyTheCut(Card)
    /// Enter was pressed in practice mode with no count typed.
    case countNeeded
    /// A count got wrong in practice was kept as a drill, or was not.
    case mugginsKept
    case mugginsNotKept(GameKeepingFailure)

    func text(glyphs: Glyphs) -> String {
        switch self {
        case .alreadyTheCut(let card):
            "\(CardText.text(card, glyphs: glyphs)) is the cut already; \(KeyMap.key(for: .handSelection(.cursorCardMadeCut))) on a hand card makes that the cut"
        case .countNeeded:
            "Type your count (a number), then \(KeyMap.key(for: .handSelection(.answer(.submitted))))"
        case .mugginsKept:
            "Kept as a count drill: \(KeyMap.key(for: .opened(.drills))) drills it"
        case .mugginsNotKept(let failure):
            "Not kept as a drill: \(Wording.text(failure))"
        }
    }
}

extension Notice {
    static func alreadyTheCut(_ card: Card) -> Notice { Notice(HandSelectionNotice.alreadyTheCut(card)) }
    static let countNeeded = Notice(HandSelectionNotice.countNeeded)
}
