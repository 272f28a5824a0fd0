import Canvas
import CribbageCore
@testable import CribbageUI

func card(_ text: String) -> Card { try! Card(parsing: text) }

extension App {
    static func standard(width: Int = 80, height: Int = 24, glyphs: Glyphs = .unicode) -> App {
        App(size: Size(width: width, height: height), glyphs: glyphs, seed: 29)
    }

    /// Presses each key in turn.
    mutating func press(_ keys: KeyInput...) {
        for key in keys { _ = handle(key) }
    }

    /// Types text one character at a time, as the keyboard would.
    mutating func type(_ text: String) {
        for character in text { _ = handle(.character(character)) }
    }

    /// Opens typed entry, types the cards and applies them.
    mutating func enter(_ cards: String) {
        press(.character(":"))
        type(cards)
        press(.enter)
    }

    /// Types a count in practice mode and checks it.
    mutating func answer(_ count: String) {
        type(count)
        press(.enter)
    }

    var text: String { render().text }

    /// The digits typed in practice mode for the hand chosen.
    var typedCount: String? { question?.answer }

    /// How the practice question on the hand chosen ended.
    var ending: Practice.Ending? { question?.ending }

    private var question: Practice.Question? {
        state.selection.completeHand.map { state.practice.question(for: $0, rules: state.rules) }
    }

    /// The typed-entry error, worded.
    var entryError: String? { state.entry?.error.map { Wording.text($0, glyphs: glyphs) } }

    var breakdownScroll: Int? { state.shownBreakdown?.scroll.offset }
}

extension AppState {
    /// The breakdown while it is on top.
    var shownBreakdown: BreakdownState? { navigation.top == .breakdown ? breakdown : nil }
}

/// The game on the board.
func game(_ app: App) -> Game { app.state.board!.game }
