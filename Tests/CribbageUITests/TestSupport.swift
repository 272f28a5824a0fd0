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

extension App {
    /// Opens the board on a game, as the keeper's answer to `BoardLoad` does.
    mutating func openBoard(_ game: Game, message: String? = nil) {
        send(.gameOpened(game, message: message))
    }

    /// Opens the table on a match, as the keeper's answer to `TableLoad` does.
    mutating func openTable(_ table: TableGame, message: String? = nil) {
        send(.answered(.table, .table(.loaded(.table(table, message: message)))))
    }

    /// Runs the work off the key path the state asks for, here and now, and hands the app each
    /// result as the main loop does, until it asks for none; returns how many jobs ran that say
    /// what they do (quiet work, the pegboard's chance, runs too, uncounted).
    /// The figures come from `analyst`: by default the rules-only fixture (`FixtureAnalyst`), so
    /// that a screen drawn here holds no engine figure (a test of the engine's asks for the live one).
    @discardableResult
    mutating func finishWork(quiet: Bool = true, analyst: any Analyst = FixtureAnalyst()) -> Int {
        var ran = 0, said = 0
        while let job = state.jobs.first(where: { quiet || $0.progress != nil }), ran < 100 {
            send(.jobFinished(job.id, job.work(analyst)))
            ran += 1
            if job.progress != nil { said += 1 }
        }
        return said
    }

    /// The work the state asks for that says what it does: not the pegboard's quiet chance.
    var saidJobs: [Job] { state.jobs.filter { $0.progress != nil } }
}

extension Action {
    /// The keeper's game, answered to the board.
    static func gameOpened(_ game: Game, message: String?) -> Action {
        .answered(.board, .board(.loaded(.game(game, message: message))))
    }
}

extension Effect {
    /// The board asks for its game to be saved after a change.
    static func gameChanged(_ game: Game) -> Effect { .asking(BoardSave(game: game, isNew: false)) }
    /// The board asks for its next game to be saved as a new one.
    static func gameStarted(_ game: Game) -> Effect { .asking(BoardSave(game: game, isNew: true)) }
    /// The board asks for the kept game.
    static let gameRequested = Effect.asking(BoardLoad())
    /// The board asks for the players' records.
    static let recordsRequested = Effect.asking(BoardRecords())
    /// The table asks for its match to be saved after a move.
    static func tableChanged(_ table: TableGame) -> Effect { .asking(TableSave(table: table)) }

    /// The game a board's save asks to keep, if this is one.
    var savedGame: Game? {
        guard case .ask(let ask) = self, let save = ask.request as? BoardSave else { return nil }
        return save.game
    }
}

/// A fixture analyst for the scenes: every figure from the rules alone (the hand over the cuts,
/// the crib against a random throw, the points a card makes now: `Policy.greedy`), and no chance to
/// win for the pegboard, so that a screen drawn with it shows the engine's panels, drawn by the
/// same code, and changes with no engine change (the engine's own figures are pinned in the core's
/// tests). A test of what the engine says passes `LiveAnalyst()`.
struct FixtureAnalyst: Analyst {
    func advice(_ decision: Decision) -> Analysis { analyse(decision, by: .greedy, limit: .advice) }
    func computersKeep(level: ComputerLevel, six: [Card], dealer: Bool, score: GameScore?) -> Analysis {
        analyse(.keep(six: six, role: dealer ? .dealer : .pone, score: score), by: .greedy, limit: .advice)
    }
    func chance(_ standpoint: Standpoint) -> Double? { nil }
}
