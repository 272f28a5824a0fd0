import Canvas
import CribbageCore

/// Draws the board game's review: the game's line, the card shown from the fourth row, then the
/// notes to the foot. The panel keeps the room it needs (as the game review's, its options
/// table's rows left out first); the notes take what is left, their last rows cut first, and
/// `d` shows them whole in the panel's place.
enum BoardReviewRenderer {
    /// The panel's rows kept at the least, when the notes would take them.
    static let panelRoom = 9

    static func render(_ model: BoardReviewViewModel, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let width = buffer.size.width - 2
        Frame.drawHeader(Scene.boardReview.title, status: model.status, practice: false, glyphs: glyphs, into: &buffer)
        buffer.write(model.title.clipped(to: width, glyphs: glyphs), row: 1, column: 1, style: .bold)
        // From the fourth row to the one above the notice's.
        let (top, bottom) = (3, buffer.size.height - 2)
        let room = max(0, bottom - top)
        let notes = rows(model.notes, width: width, glyphs: glyphs)
        if model.notesShown {
            // The notes whole in the panel's place; `d` again brings the card back.
            for (offset, line) in fit(notes, room: room, width: width, glyphs: glyphs).enumerated() {
                buffer.write(line.text, row: top + offset, column: 1, style: line.kind.style)
            }
            Frame.drawFoot(notice: model.notice, noticeRow: buffer.size.height - 2, entry: nil, chain: model.chain,
                           offers: model.offers, glyphs: glyphs, into: &buffer)
            return
        }
        let panelWanted = ReviewRenderer.panelRows(model.panel, width: width, room: .max, glyphs: glyphs).count
        let panelRoom = min(panelWanted, max(min(Self.panelRoom, room), room - notes.count - 1))
        let panel = ReviewRenderer.panelRows(model.panel, width: width, room: panelRoom, glyphs: glyphs)
        for (offset, line) in panel.enumerated() {
            buffer.write(line.text.clipped(to: width, glyphs: glyphs), row: top + offset, column: 1, style: line.kind.style)
        }
        let notesTop = top + panel.count + (panel.isEmpty ? 0 : 1)
        let shown = fit(notes, room: max(0, bottom - notesTop), width: width, glyphs: glyphs)
        for (offset, line) in shown.enumerated() {
            buffer.write(line.text, row: notesTop + offset, column: 1, style: line.kind.style)
        }
        Frame.drawFoot(notice: model.notice, noticeRow: buffer.size.height - 2, entry: nil, chain: model.chain,
                       offers: model.offers, glyphs: glyphs, into: &buffer)
    }

    /// The notes wrapped to the width, each wrapped row after the first indented as its line is, plus two.
    static func rows(_ lines: [BoardReviewViewModel.Line], width: Int, glyphs: Glyphs) -> [BoardReviewViewModel.Line] {
        lines.flatMap { line -> [BoardReviewViewModel.Line] in
            let indent = String(line.text.prefix { $0 == " " })
            return String(line.text.dropFirst(indent.count)).wrapped(width: max(10, width - indent.count - 2)).enumerated().map { part, text in
                BoardReviewViewModel.Line(text: indent + (part == 0 ? "" : "  ") + text, kind: line.kind)
            }
        }
    }

    /// As many rows as there is room for; where some are left out, the last shown ends in an
    /// ellipsis (cut short where the row after it went on with its line).
    static func fit(_ rows: [BoardReviewViewModel.Line], room: Int, width: Int, glyphs: Glyphs) -> [BoardReviewViewModel.Line] {
        guard rows.count > room else { return rows }
        guard room > 0 else { return [] }
        var shown = Array(rows.prefix(room))
        let last = shown[room - 1], next = rows[room]
        let goesOn = next.kind == last.kind && next.text.prefix { $0 == " " }.count > last.text.prefix { $0 == " " }.count
        let marked = last.text + " " + glyphs.ellipsis
        let text = goesOn ? (last.text + " " + next.text.drop { $0 == " " }).clipped(to: width, glyphs: glyphs)
            : marked.displayWidth <= width ? marked : (last.text + "  ").clipped(to: width, glyphs: glyphs)
        shown[room - 1] = BoardReviewViewModel.Line(text: text, kind: last.kind)
        return shown
    }
}
