import Canvas
import CribbageCore

/// The words for the values the state holds: notices, typed-entry errors, notes. Each is
/// worded once, in the glyphs at hand, so the ASCII fallback needs no rewriting afterwards.
enum Wording {
    static func text(_ notice: Notice, glyphs: Glyphs) -> String {
        switch notice {
        case .handIsFull(let card):
            "Five cards are chosen: deselect one before choosing \(CardText.text(card, glyphs: glyphs))"
        case .dealIsFull(let card):
            "Six cards are dealt: put one back (backspace) before picking \(CardText.text(card, glyphs: glyphs))"
        case .breakdownNeedsFiveCards:
            "Choose five cards first: the cut and four hand cards"
        case .countNeeded:
            "Type your count (a number), then enter"
        }
    }

    static func text(_ error: EntryError, glyphs: Glyphs) -> String {
        switch error {
        case .empty(.counter): "Type up to five cards, cut first: 5d 5h 5c 5s jd"
        case .empty(.deal): "Type the six cards dealt: 5s 4d jd 4c 5c 5h"
        case .tooMany(let token, .counter): "Too many cards at '\(token)': at most five, the cut then four hand cards"
        case .tooMany(let token, .deal): "Too many cards at '\(token)': six are dealt"
        case .invalid(let error): error.description
        }
    }

    /// The typed-entry line's prompt.
    static func prompt(_ target: EntryTarget) -> String {
        switch target {
        case .counter: "Cards, cut first"
        case .deal: "Six cards dealt"
        }
    }

    static func hisHeels(_ cut: Card, glyphs: Glyphs) -> String {
        "His heels: the cut \(CardText.text(cut, glyphs: glyphs)) pegs 2 for the dealer, not part of the hand"
    }

    /// "Hand rules" or "Crib rules", as the header shows them.
    static func label(_ rules: Rules) -> String { rules == .hand ? "Hand rules" : "Crib rules" }
}
