import Canvas
import CribbageCore

/// Where the breakdown puts things: a scrolling body of sections between a fixed title and a
/// fixed foot (the total bar, the spoken count, the his-heels note, the key hints).
struct BreakdownLayout {
    enum Line: Hashable {
        case section(title: String, points: Int)
        case combination(cards: [Card], points: Int)
        case nothing
    }

    static let bodyTop = 3
    static let pointsColumn = 44

    let size: Size
    let body: [Line]
    let spokenLines: [String]
    let hasNote: Bool

    init(model: BreakdownViewModel, size: Size, glyphs: Glyphs) {
        self.size = size
        var lines: [Line] = []
        for section in model.sections {
            lines.append(.section(title: section.title, points: section.points))
            if section.combinations.isEmpty { lines.append(.nothing) }
            for combination in section.combinations {
                lines.append(.combination(cards: combination.cards, points: combination.points))
            }
        }
        body = lines
        spokenLines = glyphs.quoted(model.spokenCount).wrapped(width: Swift.max(10, size.width - 4))
        hasNote = model.hisHeels != nil
    }

    /// The rows under the body: a blank, the total bar, the spoken count, the note, the hints.
    var footHeight: Int { 1 + 1 + spokenLines.count + (hasNote ? 1 : 0) + 1 }

    var bodyHeight: Int { Swift.max(1, size.height - BreakdownLayout.bodyTop - footHeight) }

    var maximumScroll: Int { Swift.max(0, body.count - bodyHeight) }
}

/// Draws the HandRank Breakdown into a buffer.
enum BreakdownRenderer {
    static func render(_ model: BreakdownViewModel, scroll: Int, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let layout = BreakdownLayout(model: model, size: buffer.size, glyphs: glyphs)
        let width = buffer.size.width
        Frame.drawHeader(Route.pushed(.breakdown).title, status: Wording.label(model.rules), practice: model.isPractice,
                         into: &buffer)

        var column = buffer.write(" Hand  ", row: 1, column: 0, style: .bold)
        column = CardText.draw(model.hand, row: 1, column: column, glyphs: glyphs, into: &buffer)
        column = buffer.write("    Cut  ", row: 1, column: column, style: .bold)
        CardText.draw([model.cut], row: 1, column: column, glyphs: glyphs, into: &buffer)
        buffer.write(String(repeating: glyphs.horizontal, count: width - 2), row: 2, column: 1, style: .dim)

        let visible = layout.body.dropFirst(scroll).prefix(layout.bodyHeight)
        for (offset, line) in visible.enumerated() {
            draw(line, row: BreakdownLayout.bodyTop + offset, glyphs: glyphs, into: &buffer)
        }
        let moreColumn = width - 8
        if scroll > 0 {
            buffer.write("\(glyphs.upArrow) more", row: BreakdownLayout.bodyTop, column: moreColumn, style: .dim)
        }
        if scroll < layout.maximumScroll {
            buffer.write("\(glyphs.downArrow) more", row: BreakdownLayout.bodyTop + layout.bodyHeight - 1,
                         column: moreColumn, style: .dim)
        }

        var row = BreakdownLayout.bodyTop + layout.bodyHeight + 1
        let bar = " Total \(model.total)"
        buffer.write(bar + String(repeating: " ", count: Swift.max(0, BreakdownLayout.pointsColumn + 4 - bar.count)),
                     row: row, column: 0, style: Style(bold: true, reverse: true))
        row += 1
        for line in layout.spokenLines {
            buffer.write("  " + line, row: row, column: 0)
            row += 1
        }
        if let cut = model.hisHeels {
            buffer.write("  " + Wording.hisHeels(cut, glyphs: glyphs), row: row, column: 0, style: .dim)
        }
        Frame.drawHints(for: model.chain, glyphs: glyphs, into: &buffer)
    }

    private static func draw(_ line: BreakdownLayout.Line, row: Int, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let pointsColumn = BreakdownLayout.pointsColumn
        switch line {
        case .section(let title, let points):
            buffer.write(" " + title, row: row, column: 0, style: .bold)
            let text = String(points)
            buffer.write(text, row: row, column: pointsColumn + 3 - text.count, style: .bold)
        case .combination(let cards, let points):
            CardText.draw(cards, row: row, column: 4, glyphs: glyphs, into: &buffer)
            buffer.write("+\(points)", row: row, column: pointsColumn + 1)
        case .nothing:
            buffer.write(glyphs.dash, row: row, column: 4, style: .dim)
        }
    }
}
