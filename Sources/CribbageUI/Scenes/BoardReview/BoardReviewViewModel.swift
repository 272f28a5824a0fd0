import Canvas
import CribbageCore

/// What the board game's review shows: the game's line, the card shown (as the game review shows a
/// decision: the choice, the best, the loss, why, the options, the cards then), the counts typed
/// that the cards do not make, what the board cannot grade, and each player's figures, in the
/// words `twentynine review` uses for a board game (`BoardReview.Words`).
struct BoardReviewViewModel: Hashable, Sendable {
    typealias Line = ReviewViewModel.Line

    let status: String
    let title: String
    /// The card shown; empty with no card to grade.
    let panel: [Line]
    /// Below the panel: the counts, what is not graded, the figures; the last are cut first.
    let notes: [Line]
    /// The notes in the panel's place.
    let notesShown: Bool
    let notice: Notice?
    let chain: [KeyScope]

    /// Whether a key doing `action` does anything now: with no card to grade, only going back.
    let hasCards: Bool
    func offers(_ action: Action) -> Bool { hasCards || action.boardReview == nil }

    init(state: BoardReviewState, app: AppState, glyphs: Glyphs) {
        chain = Scene.boardReview.keyChain(app)
        notice = app.noticeShown
        notesShown = state.notesShown
        let cards = state.cards
        hasCards = !cards.points.isEmpty
        let names = state.plan.names.map(\.escapingControlCharacters)
        let sides = state.sides.map(\.escapingControlCharacters)
        status = hasCards ? "\(cards.analysed) of \(cards.points.count) cards analysed" : ""
        let result = state.winner.map { "\(sides[$0]) won" } ?? "not finished"
        title = "\(sides.joined(separator: " v ")) on the board: \(result), "
            + "\(state.totals.map(String.init).joined(separator: " to ")) in \(state.rounds) deal\(state.rounds == 1 ? "" : "s")"
        if hasCards {
            panel = cards.selected == nil ? [Line(text: "No card graded: each was too close to call", kind: .dim)]
                : ReviewViewModel.panel(cards, names: names, glyphs: glyphs, rankOnly: state.plan.rankOnly)
            notes = Self.notes(state, names: names, glyphs: glyphs)
        } else {
            // Nothing in the panel: why, with the notes, wrapped as they are.
            panel = []
            notes = [Line(text: Wording.text(Notice(BoardReviewNotice.nothingToGrade), glyphs: glyphs), kind: .dim)]
                + Self.notes(state, names: names, glyphs: glyphs)
        }
    }

    /// Each player's figures (so far, while cards wait for their analysis), then the counts typed
    /// that the cards do not make (or that every one was right) and what is not graded.
    static func notes(_ state: BoardReviewState, names: [String], glyphs: Glyphs) -> [Line] {
        let review = state.review
        var lines: [Line] = []
        if review.counts.isEmpty {
            lines.append(Line(text: BoardReview.Words.countsRight, kind: .plain))
        } else {
            lines.append(Line(text: BoardReview.Words.countsHeading, kind: .heading))
            for check in review.counts {
                let hand = ReviewViewModel.list(check.hand.cards.sorted(), glyphs: glyphs, rankOnly: review.rankOnly[check.round] ?? [])
                    + " with " + CardText.text(check.hand.cut, glyphs: glyphs)
                lines.append(Line(text: "  " + check.text(name: names[check.seat], hand: hand), kind: check.missed > 0 ? .bad : .plain))
            }
        }
        if let cribs = BoardReview.Words.cribsFromRanks(review.cribsFromRanks) { lines.append(Line(text: cribs, kind: .plain)) }
        lines.append(Line(text: BoardReview.Words.notGraded(review.notGraded), kind: .dim))
        // Each player's figures first: where the screen is short, the rest is cut (and `d` shows it).
        let cards = state.cards
        let pending = cards.pending.count
        let figures = names.indices.filter { seat in cards.points.contains { $0.seat == seat } }.map { seat in
            let so = pending > 0 ? " so far (\(cards.analysed) of \(cards.points.count) analysed)" : ""
            return Line(text: BoardReview.Words.side(names[seat], review.side(seat)) + so, kind: .plain)
        }
        return figures + lines
    }
}
