import TestSupport
import Testing
@testable import CribbageCore

/// The board's review labels a card by the chance to win it lost, where the game has a score, on the
/// table's lines: the same card loses more of the game near its end than at its start.
@Suite("The board review by the chance to win", .tags(.solver), .slow)
struct BoardChancesTests {
    static let limit = BoardReviewTests.limit

    /// One round laid on the board: the pone's 10 J Q 5, the dealer's 2 3 4 6, starter 5♠, the
    /// scores corrected to `pone` and `dealer` first.
    static func game(pone: Int, dealer: Int) throws -> Game {
        var game = try Game(seating: .twoPlayers, dealer: 0)
        if dealer > 0 { _ = try game.correct(player: 0, points: dealer) }
        if pone > 0 { _ = try game.correct(player: 1, points: pone) }
        try game.tellStarter(Card(parsing: "5S"))
        try game.layRound([1: ["10C", "JD", "QH", "5H"], 0: ["2C", "3D", "4H", "6S"]])
        return game
    }

    @Test("the same card at the start and near the end: the same points lost, labelled by the chance each lost, on the table's lines")
    func labelledByTheScore() throws {
        let start = BoardReview(try Self.game(pone: 0, dealer: 0), limit: Self.limit)
        let end = BoardReview(try Self.game(pone: 100, dealer: 108), limit: Self.limit)
        #expect(start.decisions.count == 8 && end.decisions.count == 8)
        // Every card is valued by the chance to win: the scored lines grade it.
        for graded in start.decisions + end.decisions where graded.isGraded {
            #expect(graded.chosenValue != nil && graded.bestValue != nil)
        }
        // The pone's jack at 12, where the 5 pegs more: 1.25 points lost either way.
        let atStart = try #require(start.decisions.first { $0.point.index == 2 })
        let atEnd = try #require(end.decisions.first { $0.point.index == 2 })
        #expect(atStart.chosen?.token == .card(Card(.jack, .diamonds)) && atStart.pointsLoss > 1)
        #expect(abs(atStart.pointsLoss - atEnd.pointsLoss) < 0.5, "\(atStart.pointsLoss) \(atEnd.pointsLoss)")
        print("the jack at 12: at 0 to 0 \(atStart.loss.decimal(places: 2)) \(String(describing: atStart.label)), at 100 to 108 \(atEnd.loss.decimal(places: 2)) \(String(describing: atEnd.label)); points \(atStart.pointsLoss.decimal(places: 2)) \(atEnd.pointsLoss.decimal(places: 2))")
        #expect(atEnd.loss > 2 * atStart.loss, "\(atStart.loss) \(atEnd.loss)")
        #expect(atStart.label == .inaccuracy && atEnd.label == .blunder, "\(String(describing: atStart.label)) \(String(describing: atEnd.label))")
        // The labels are the table's: the loss against `ReviewSettings`' lines for the chance.
        let lines = ReviewSettings.standard
        for graded in [atStart, atEnd] {
            let expected: ReviewLabel? = graded.loss >= lines.blunder ? .blunder : graded.loss >= lines.mistake ? .mistake
                : graded.loss >= lines.inaccuracy ? .inaccuracy : nil
            #expect(graded.label == expected)
        }
    }

    @Test("far from the end a card's loss is the table's way of valuing the points at the score: the nets' difference moved on the win table")
    func farFromTheEndAsTheTable() throws {
        let review = BoardReview(try Self.game(pone: 40, dealer: 30), limit: Self.limit)
        let table = WinTable.shipped(.long).table
        for graded in review.decisions where graded.isGraded {
            guard case .lay(let view, let score?) = graded.point.decision, let chosen = graded.chosen else { continue }
            let here = table.chances(mine: score.mine, theirs: score.theirs, dealing: !view.isDealer).win
            let moved = table.chances(mine: score.mine, theirs: score.theirs, dealing: !view.isDealer,
                                      movedBy: chosen.value.net - graded.best.value.net).win
            let loss = (here - moved) * 100
            #expect(abs(graded.loss - max(0, loss)) < 1e-9)
        }
    }
}

extension BoardChancesTests {
    /// A seeded game at the table, every card it laid graded twice: as the table does, its throw
    /// known, and as the board would, the throw not told.
    static func bothWays() throws -> [(table: GradedDecision, board: GradedDecision)] {
        let points = try ReviewTests.game.record.decisions()
        return try points.compactMap { point in
            guard case .lay(let view, let score?) = point.decision else { return nil }
            let told = try PeggingView(hand: view.hand, discards: [], cut: view.cut, seat: view.seat, play: view.play)
            let board = DecisionPoint(index: point.index, seat: point.seat, deal: point.deal, decision: .lay(told, score: score), move: point.move)
            return (GradedDecision(point, limit: Self.limit), BoardReview.grade(board, limit: Self.limit))
        }
    }

    @Test("where both grade a card, the board's label agrees with the table's for most of a seeded game's cards")
    func agreesWithTheTable() throws {
        let pairs = try Self.bothWays().filter { $0.table.isGraded || $0.board.isGraded }
        let agree = pairs.count { $0.table.label == $0.board.label }
        for pair in pairs where pair.table.label != pair.board.label {
            print("differs: deal \(pair.table.point.deal), the table \(pair.table.label?.rawValue ?? "none") at \(pair.table.loss.decimal(places: 2)), "
                  + "the board \(pair.board.label?.rawValue ?? "none") at \(pair.board.loss.decimal(places: 2))")
        }
        print("board against table: \(agree) of \(pairs.count) graded cards labelled alike")
        #expect(pairs.count >= 20)
        #expect(Double(agree) >= 0.8 * Double(pairs.count), "\(agree) of \(pairs.count)")
    }
}
