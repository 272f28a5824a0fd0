import CribbageCore
import GameStore

/// A board game's review as text and as JSON: every player's cards laid in a play kept from the
/// cards, graded; the hands typed that the cards do not make; what the board cannot grade.
enum BoardReviewReport {
    static func text(_ review: BoardReview, game: Game, summary: FinishedGame) -> String {
        let names = game.names.map(\.escapingControlCharacters)
        let result = summary.winner.map { "\($0.escapingControlCharacters) won" } ?? "not finished"
        var lines = [
            "Review of game \(summary.id.escapingControlCharacters.quotedToken) kept on the board: \(result), "
                + "\(summary.totals.map(String.init).joined(separator: " to ")) in \(summary.rounds) deals",
            BoardReview.Words.graded,
            BoardReview.Words.notGraded(review.notGraded),
        ] + [BoardReview.Words.cribsFromRanks(review.cribsFromRanks)].compactMap(\.self)
        for seat in names.indices where !review.side(seat).decisions.isEmpty {
            lines.append("")
            lines.append("\(names[seat])'s cards:")
            for graded in review.decisions where graded.point.seat == seat && graded.isGraded {
                lines += ReviewReport.decisionLines(graded, rankOnly: review.rankOnly[graded.point.deal] ?? [])
            }
        }
        for seat in names.indices where !review.side(seat).graded.isEmpty {
            lines.append("")
            lines.append(BoardReview.Words.side(names[seat], review.side(seat)))
        }
        lines.append("")
        if review.counts.isEmpty {
            lines.append(BoardReview.Words.countsRight)
        } else {
            lines.append(BoardReview.Words.countsHeading)
            for check in review.counts {
                lines.append("  " + check.text(name: names[check.seat], hand: cards(check.hand, rankOnly: review.rankOnly[check.round] ?? [])))
            }
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ review: BoardReview, game: Game, summary: FinishedGame) -> OrderedJSON {
        .object([
            ("id", .string(summary.id)),
            ("kind", .string("board")),
            ("names", .array(game.names.map { .string($0) })),
            ("decisions", .array(review.decisions.map { ReviewReport.decisionJSON($0, rankOnly: review.rankOnly[$0.point.deal] ?? []) })),
            ("sides", .array(game.names.indices.map { seat in
                let side = review.side(seat)
                return .object([
                    ("seat", .int(seat + 1)),
                    ("errorRate", .number(side.errorRate)),
                    ("accuracy", .number(side.accuracy)),
                    ("graded", .int(side.graded.count)),
                    ("labels", .object(ReviewLabel.allCases.map { ($0.rawValue, .int(side.count($0))) })),
                ])
            })),
            ("counts", .array(review.counts.map { check in
                .object([("deal", .int(check.round)), ("seat", .int(check.seat + 1)),
                         ("hand", .string(cards(check.hand, rankOnly: review.rankOnly[check.round] ?? []))),
                         ("typed", .int(check.typed)), ("cardsMake", .array(check.cardsMake.map { .int($0) })),
                         ("missed", .int(check.missed))])
            })),
            ("notGraded", .array(review.notGraded.map { .string($0) })),
        ])
    }

    /// A hand counted, its cards laid by rank alone as ranks: "5 6 7 8 with 4H".
    static func cards(_ hand: Hand, rankOnly: Set<Card>) -> String {
        hand.cards.sorted().map { BoardReview.Words.card($0, rankOnly: rankOnly, write: \.description) }.joined(separator: " ")
            + " with \(hand.cut)"
    }
}
