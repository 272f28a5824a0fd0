import Canvas
import CribbageCore

/// Where Hand Selection puts what is not the grid, on the 80×24 design moved by the placement;
/// the mouse hits the cut slot and the hand cards here too.
struct HandSelectionLayout {
    let placement: Placement

    init(size: Size) { placement = Placement(size: size) }

    /// The board's next count, while it keeps a game.
    var boardRow: Int { placement.row + 7 }
    var cardsRow: Int { placement.row + 8 }
    var countRow: Int { placement.row + 10 }
    var summaryRow: Int { placement.row + 11 }
    var endingRow: Int { placement.row + 12 }
    var scoreRow: Int { placement.row + 13 }
    var hisHeelsRow: Int { placement.row + 14 }
    var cribNoteRow: Int { placement.row + 15 }
    var noticeRow: Int { placement.row + 16 }

    /// " Cut  5♦ C": the label, then the card.
    var cutColumn: Int { placement.column + 6 }
    /// The cut slot, label and card, for a click.
    var cutSlot: Range<Int> { placement.column..<(placement.column + 11) }
    var handLabelColumn: Int { placement.column + 16 }
    var handColumn: Int { placement.column + 22 }
    var thrownLabelColumn: Int { placement.column + 42 }
    var thrownColumn: Int { placement.column + 50 }

    /// Where each hand card starts, one space between cards.
    func handColumns(_ hand: [Card]) -> [Int] {
        var columns: [Int] = []
        var column = handColumn
        for card in hand {
            columns.append(column)
            column += card.rank.notation.count + 2
        }
        return columns
    }

    /// What a click on the cards row hits: the cut slot, or a hand card.
    enum Hit: Equatable {
        case cutSlot
        case handCard(Card)
    }

    func hit(row: Int, column: Int, hand: [Card]) -> Hit? {
        guard row == cardsRow else { return nil }
        if cutSlot.contains(column) { return .cutSlot }
        for (card, start) in zip(hand, handColumns(hand)) where (start..<(start + card.rank.notation.count + 1)).contains(column) {
            return .handCard(card)
        }
        return nil
    }
}

/// Draws Hand Selection into a buffer.
enum HandSelectionRenderer {
    static func render(_ model: HandSelectionViewModel, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let layout = HandSelectionLayout(size: buffer.size)
        let left = layout.placement.column
        Frame.drawHeader("", status: Wording.label(model.rules), practice: model.isPractice, glyphs: glyphs,
                         into: &buffer)
        CardGrid.draw(model.grid, placement: layout.placement, glyphs: glyphs, into: &buffer)
        drawCards(model, layout: layout, glyphs: glyphs, into: &buffer)
        if let (count, cut) = model.boardNext {
            let starter = cut.map { ", the starter \(CardText.text($0, glyphs: glyphs))" } ?? ""
            buffer.write(" For the board: \(count) next\(starter)", row: layout.boardRow, column: left, style: .dim)
        }

        if let answer = model.answer {
            var column = buffer.write(" Your count? ", row: layout.countRow, column: left, style: .bold)
            column = buffer.write(answer, row: layout.countRow, column: column)
            buffer.write(" ", row: layout.countRow, column: column, style: .reverse)
        } else if let breakdown = model.breakdown {
            let column = buffer.write(" Count: \(breakdown.total)", row: layout.countRow, column: left, style: .bold)
            buffer.write("   " + Wording.standing(of: breakdown.total, rules: model.rules), row: layout.countRow,
                         column: column, style: .dim)
            let end = buffer.write(" " + Wording.summary(breakdown, glyphs: glyphs), row: layout.summaryRow, column: left)
            let key = KeyMap.group(.handSelection).commands.first { $0.hint == "breakdown" }!.hintKey(glyphs: glyphs)
            let column2 = buffer.write("   \(key)", row: layout.summaryRow, column: end, style: .bold)
            buffer.write(" full breakdown", row: layout.summaryRow, column: column2, style: .dim)
        } else {
            buffer.write(" " + model.instruction, row: layout.countRow, column: left)
        }
        if let ending = model.ending {
            let isRight = if case .graded(let grade) = ending { grade.isRight } else { false }
            buffer.write(" " + Wording.ending(ending, streak: model.practice.streak), row: layout.endingRow, column: left,
                         style: Style(bold: true, color: isRight ? .green : .red))
        }
        if model.isPractice, model.practice.asked > 0 {
            buffer.write(" " + Wording.score(model.practice, glyphs: glyphs), row: layout.scoreRow, column: left, style: .dim)
        }
        if let cut = model.hisHeels {
            buffer.write(" " + Wording.hisHeels(cut, glyphs: glyphs), row: layout.hisHeelsRow, column: left, style: .dim)
        }
        if let handTotal = model.handRulesTotal, let total = model.breakdown?.total {
            buffer.write(" " + Wording.cribNote(hand: handTotal, crib: total, glyphs: glyphs), row: layout.cribNoteRow,
                         column: left, style: .dim)
        }
        Frame.drawFoot(notice: model.notice, noticeRow: layout.noticeRow, entry: model.entry, chain: model.chain,
                       glyphs: glyphs, into: &buffer)
    }

    /// " Cut  5♦ C    Hand  5♥ 5♣ 5♠ J♦    Thrown  4♦ 4♣": the hand is the crib under crib rules.
    private static func drawCards(_ model: HandSelectionViewModel, layout: HandSelectionLayout, glyphs: Glyphs,
                                  into buffer: inout ScreenBuffer) {
        let row = layout.cardsRow
        buffer.write(" Cut", row: row, column: layout.placement.column, style: .bold)
        if let cut = model.cut {
            let end = CardText.draw([cut], row: row, column: layout.cutColumn, glyphs: glyphs, into: &buffer)
            buffer.write(" " + CardGrid.cutMark(glyphs), row: row, column: end, style: .dim)
        } else {
            buffer.write("__", row: row, column: layout.cutColumn, style: .dim)
        }
        buffer.write(model.rules == .crib ? "Crib" : "Hand", row: row, column: layout.handLabelColumn, style: .bold)
        var column = layout.handColumn
        for (index, start) in layout.handColumns(model.hand).enumerated() {
            column = CardText.draw([model.hand[index]], row: row, column: start, glyphs: glyphs, into: &buffer)
        }
        for index in model.hand.count..<4 {
            column = buffer.write(index == 0 ? "__" : " __", row: row, column: column, style: .dim)
        }
        if !model.thrown.isEmpty {
            buffer.write("Thrown", row: row, column: layout.thrownLabelColumn, style: .dim)
            CardText.draw(model.thrown, row: row, column: layout.thrownColumn, glyphs: glyphs, into: &buffer)
        }
    }
}
