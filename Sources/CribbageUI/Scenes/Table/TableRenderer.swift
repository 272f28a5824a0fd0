import Canvas
import CribbageCore

/// Where the table puts things on the 80×24 design (moved by the placement).
enum TableLayout {
    static let computerRow = 2
    static let cribRow = 3
    static let countRow = 5
    static let yourRow = 7
    static let pickRow = 8
    static let promptRow = 9
    static let lastRow = 10
    static let lastLines = 3
    static let panelRow = 13
    static let panelLines = 3
    static let tracksRow = 17
    static let columns = (label: 1, cards: 12, right: 44, rightValue: 53)
    /// Each card of a row takes this many columns.
    static let cardWidth = 4
}

/// Draws the table.
enum TableRenderer {
    static func render(_ model: TableViewModel, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        typealias Layout = TableLayout
        let c = Layout.columns
        Frame.drawHeader(Scene.table.title, status: model.status, practice: false, glyphs: glyphs, into: &buffer)
        let placement = Placement(size: buffer.size)
        let (top, left) = (placement.row, placement.column)
        let width = buffer.size.width - left - 1
        func label(_ text: String, _ row: Int, _ column: Int = c.label) {
            buffer.write(text, row: top + row, column: left + column, style: .bold)
        }
        let back = glyphs.unicode ? "▒▒" : "##"

        label("Computer", Layout.computerRow)
        if model.computerShown {
            CardText.draw(model.computerCards, row: top + Layout.computerRow, column: left + c.cards, glyphs: glyphs, into: &buffer)
        } else {
            buffer.write(Array(repeating: back, count: model.computerCards.count).joined(separator: " "),
                         row: top + Layout.computerRow, column: left + c.cards, style: .dim)
        }
        buffer.write(model.computerRole, row: top + Layout.computerRow, column: left + c.right, style: .dim)

        if !model.crib.isEmpty {
            label(model.cribOwner, Layout.cribRow)
            if model.cribShown {
                CardText.draw(model.crib, row: top + Layout.cribRow, column: left + c.cards, glyphs: glyphs, into: &buffer)
            } else {
                buffer.write(Array(repeating: back, count: model.crib.count).joined(separator: " "),
                             row: top + Layout.cribRow, column: left + c.cards, style: .dim)
            }
        }
        if let starter = model.starter {
            label("Starter", Layout.cribRow, c.right)
            buffer.write(CardText.text(starter, glyphs: glyphs), row: top + Layout.cribRow, column: left + c.rightValue,
                         style: CardText.style(starter, bold: true))
        }

        if let count = model.count {
            label("Count", Layout.countRow)
            let text = String(count)
            let end = buffer.write(text, row: top + Layout.countRow, column: left + c.cards - 2 - text.count + 1, style: .bold)
            CardText.draw(model.countCards, row: top + Layout.countRow, column: end + 2, glyphs: glyphs, bold: true, into: &buffer)
            if !model.earlier.isEmpty {
                label("Before", Layout.countRow, c.right)
                buffer.write(CardText.list(model.earlier, glyphs: glyphs).clipped(to: width - c.rightValue, glyphs: glyphs),
                             row: top + Layout.countRow, column: left + c.rightValue, style: .dim)
            }
        }

        label("You", Layout.yourRow)
        for (index, card) in model.yourCards.enumerated() {
            let column = left + c.cards + index * Layout.cardWidth
            var style = CardText.style(card, bold: model.playable.contains(card) || model.picked.contains(card))
            if index == model.cursor { style.reverse = true }
            buffer.write(CardText.text(card, glyphs: glyphs), row: top + Layout.yourRow, column: column, style: style)
            if model.picked.contains(card) {
                buffer.write(glyphs.upArrow, row: top + Layout.pickRow, column: column, style: Style(bold: true, color: .cyan))
            }
        }
        buffer.write(model.yourRole, row: top + Layout.yourRow, column: left + c.right, style: .dim)

        buffer.write(model.prompt.clipped(to: width - c.label, glyphs: glyphs), row: top + Layout.promptRow,
                     column: left + c.label, style: Style(bold: true, color: .green))
        // What just happened wraps (a continuation indented) rather than losing its end; the
        // newest rows stay when they are more than the room.
        let lastWidth = width - c.label - 2
        let lastRows = model.last.flatMap { line in
            line.displayWidth <= lastWidth ? [line]
                : line.wrapped(width: lastWidth - 2).enumerated().map { $0.offset == 0 ? $0.element : "  " + $0.element }
        }.suffix(Layout.lastLines)
        for (offset, line) in lastRows.enumerated() {
            buffer.write(line.clipped(to: lastWidth, glyphs: glyphs), row: top + Layout.lastRow + offset,
                         column: left + c.label + 2, style: Style(bold: false, color: .cyan))
        }
        let panel = model.panel.flatMap { $0.wrapped(width: width - c.label) }
        for (offset, line) in panel.prefix(Layout.panelLines + 1).enumerated() {
            buffer.write(line.clipped(to: width - c.label, glyphs: glyphs), row: top + Layout.panelRow + offset,
                         column: left + c.label, style: offset == 0 ? .bold : .plain)
        }

        drawTracks(model, row: top + Layout.tracksRow, left: left, width: width, glyphs: glyphs, into: &buffer)

        let noticeRow = min(top + Placement.design.height - 3, buffer.size.height - 3)
        // A notice (or the save's message) wraps onto the free rows below the tracks rather than
        // losing its end.
        let notice = model.notice.map { Wording.text($0, glyphs: glyphs) } ?? model.message
        if let notice {
            let below = min(top + Layout.tracksRow + 2, noticeRow)
            let rows = below...max(below, buffer.size.height - 2)
            var lines = notice.wrapped(width: buffer.size.width - 2)
            if lines.count > rows.count {
                lines = Array(lines.prefix(rows.count))
                lines[lines.count - 1] = lines[lines.count - 1].clipped(to: buffer.size.width - 3, glyphs: glyphs) + "…"
            }
            let first = max(rows.lowerBound, min(noticeRow, rows.upperBound - lines.count + 1))
            for (offset, line) in lines.enumerated() {
                buffer.write(" " + line.clipped(to: buffer.size.width - 2, glyphs: glyphs), row: first + offset, column: 0,
                             style: Style(bold: true, color: .yellow))
            }
        }
        Frame.drawFoot(notice: nil, noticeRow: noticeRow, entry: nil, chain: model.chain, offers: model.offers,
                       glyphs: glyphs, into: &buffer)
    }

    /// Both sides' pegs on a track scaled to the width: the front peg `●` (or `*`), the back
    /// peg `○` (or `o`), the score at the end.
    private static func drawTracks(_ model: TableViewModel, row: Int, left: Int, width: Int, glyphs: Glyphs,
                                   into buffer: inout ScreenBuffer) {
        let c = TableLayout.columns
        let length = max(10, width - c.cards - 12)
        for (offset, track) in model.tracks.enumerated() {
            let y = row + offset
            buffer.write(track.name, row: y, column: left + c.label, style: .bold)
            func hole(_ points: Int) -> Int { min(length - 1, points * (length - 1) / max(1, model.target)) }
            var line = Array(repeating: glyphs.horizontal, count: length)
            if track.back > 0 { line[hole(track.back)] = glyphs.unicode ? "○" : "o" }
            line[hole(track.front)] = glyphs.unicode ? "●" : "*"
            buffer.write(String(line), row: y, column: left + c.cards, style: .dim)
            buffer.write(String(track.front), row: y, column: left + c.cards + length + 2, style: .bold)
        }
    }
}
