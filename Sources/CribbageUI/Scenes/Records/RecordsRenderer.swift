import Canvas
import CribbageCore

/// Draws the records: the lines wrapped to the width from the second row, the row of each game's
/// rate in its band's colour, the notice and the keys at the foot. Where the lines are too many,
/// the blank ones go first, then the last.
enum RecordsRenderer {
    static func render(_ model: RecordsViewModel, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let width = buffer.size.width - 2
        Frame.drawHeader(Scene.records.title, status: model.bars.isEmpty ? "" : "\(model.bars.count) reviewed",
                         practice: false, glyphs: glyphs, into: &buffer)
        let room = buffer.size.height - 4
        for (offset, row) in rows(model, width: width, room: room, glyphs: glyphs).enumerated() {
            let line = row.line
            var end = buffer.write(line.text, row: 2 + offset, column: 1, style: style(line.kind))
            guard line.kind == .bars else { continue }
            for bar in model.bars where end < width {
                end = buffer.write(bar.text, row: 2 + offset, column: end, style: style(band: bar.band))
            }
            let scale = "  (up to \(model.scale.decimal(places: 1)))"
            if end + scale.displayWidth <= width + 1 { buffer.write(scale, row: 2 + offset, column: end, style: .dim) }
        }
        Frame.drawFoot(notice: model.notice, noticeRow: buffer.size.height - 2, entry: nil, chain: model.chain,
                       glyphs: glyphs, into: &buffer)
    }

    /// The lines as rows of the width, as many as there is room for.
    static func rows(_ model: RecordsViewModel, width: Int, room: Int, glyphs: Glyphs) -> [(line: RecordsViewModel.Line, index: Int)] {
        var rows: [(line: RecordsViewModel.Line, index: Int)] = []
        for (index, line) in model.lines.enumerated() {
            guard line.kind != .bars, line.text.displayWidth > width else {
                rows.append((line, index))
                continue
            }
            let indent = line.text.prefix { $0 == " " }
            for (part, text) in line.text.wrapped(width: width - indent.count - 2).enumerated() {
                let body = String(indent) + (part == 0 ? "" : "  ") + text
                rows.append((RecordsViewModel.Line(text: body.clipped(to: width, glyphs: glyphs), kind: line.kind), index))
            }
        }
        while rows.count > room, let blank = rows.lastIndex(where: { $0.line.text.isEmpty }) { rows.remove(at: blank) }
        return Array(rows.prefix(room))
    }

    static func style(_ kind: RecordsViewModel.Line.Kind) -> Style {
        switch kind {
        case .title, .heading: .bold
        case .plain, .bars: .plain
        case .dim: .dim
        case .warning: Style(bold: true, color: .yellow)
        }
    }

    /// A game's bar in the colour of the band its rate plays in: expert green, club cyan, beginner
    /// plain, novice yellow, random red.
    static func style(band: String) -> Style {
        switch band {
        case "expert": Style(color: .green)
        case "club": Style(color: .cyan)
        case "novice": Style(color: .yellow)
        case "random": Style(color: .red)
        default: .plain
        }
    }
}
