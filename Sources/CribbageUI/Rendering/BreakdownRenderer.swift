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
    let note: String?

    init(model: BreakdownViewModel?, size: Size) {
        self.size = size
        guard let model else {
            body = []
            spokenLines = []
            note = nil
            return
        }
        var lines: [Line] = []
        for section in model.sections {
            lines.append(.section(title: section.title, points: section.points))
            if section.combinations.isEmpty { lines.append(.nothing) }
            for combination in section.combinations {
                lines.append(.combination(cards: combination.cards, points: combination.points))
            }
        }
        body = lines
        spokenLines = Chrome.wrap("“" + model.spokenCount + "”", width: Swift.max(10, size.width - 4))
        note = model.note
    }

    init(state: AppState) {
        self.init(model: BreakdownViewModel(state: state), size: state.screenSize)
    }

    /// The rows under the body: a blank, the total bar, the spoken count, the note, the hints.
    var footHeight: Int { 1 + 1 + spokenLines.count + (note == nil ? 0 : 1) + 1 }

    var bodyHeight: Int { Swift.max(1, size.height - BreakdownLayout.bodyTop - footHeight) }

    var maximumScroll: Int { Swift.max(0, body.count - bodyHeight) }
}

/// Draws the HandRank Breakdown into a buffer.
enum BreakdownRenderer {
    static func render(_ model: BreakdownViewModel, scroll: Int, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let layout = BreakdownLayout(model: model, size: buffer.size)
        let width = buffer.size.width
        Chrome.drawHeader("HandRank Breakdown", rules: model.rulesLabel, into: &buffer)

        var column = buffer.write(" Hand  ", row: 1, column: 0, style: .bold)
        column = Chrome.drawCards(model.hand, row: 1, column: column, glyphs: glyphs, into: &buffer)
        column = buffer.write("    Cut  ", row: 1, column: column, style: .bold)
        Chrome.drawCards([model.cut], row: 1, column: column, glyphs: glyphs, into: &buffer)
        buffer.write(String(repeating: glyphs.horizontal, count: width - 2), row: 2, column: 1, style: .dim)

        let scroll = Swift.max(0, Swift.min(scroll, layout.maximumScroll))
        let visible = layout.body.dropFirst(scroll).prefix(layout.bodyHeight)
        for (offset, line) in visible.enumerated() {
            draw(line, row: BreakdownLayout.bodyTop + offset, glyphs: glyphs, into: &buffer)
        }
        let moreColumn = width - 8
        if scroll > 0 {
            buffer.write(glyphs.unicode ? "↑ more" : "^ more", row: BreakdownLayout.bodyTop, column: moreColumn, style: .dim)
        }
        if scroll < layout.maximumScroll {
            buffer.write(glyphs.unicode ? "↓ more" : "v more", row: BreakdownLayout.bodyTop + layout.bodyHeight - 1,
                         column: moreColumn, style: .dim)
        }

        var row = BreakdownLayout.bodyTop + layout.bodyHeight + 1
        let bar = " Total \(model.total)"
        buffer.write(bar + String(repeating: " ", count: Swift.max(0, BreakdownLayout.pointsColumn + 4 - bar.count)),
                     row: row, column: 0, style: Style(bold: true, reverse: true))
        row += 1
        for line in layout.spokenLines {
            buffer.write("  " + Chrome.plain(line, glyphs: glyphs), row: row, column: 0)
            row += 1
        }
        if let note = layout.note {
            buffer.write("  " + Chrome.plain(note, glyphs: glyphs), row: row, column: 0, style: .dim)
        }
        Chrome.drawHints(for: [.breakdown], glyphs: glyphs, into: &buffer)
    }

    private static func draw(_ line: BreakdownLayout.Line, row: Int, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let pointsColumn = BreakdownLayout.pointsColumn
        switch line {
        case .section(let title, let points):
            buffer.write(" " + title, row: row, column: 0, style: .bold)
            let text = String(points)
            buffer.write(text, row: row, column: pointsColumn + 3 - text.count, style: .bold)
        case .combination(let cards, let points):
            Chrome.drawCards(cards, row: row, column: 4, glyphs: glyphs, into: &buffer)
            buffer.write("+\(points)", row: row, column: pointsColumn + 1)
        case .nothing:
            buffer.write(glyphs.unicode ? "–" : "-", row: row, column: 4, style: .dim)
        }
    }
}
