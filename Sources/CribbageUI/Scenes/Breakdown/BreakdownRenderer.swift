import Canvas
import CribbageCore

/// Where the breakdown puts things: a body of sections between a fixed title and a fixed foot
/// (the total bar, the spoken count, the notes, the key hints). The body takes one column when
/// it fits, two when it needs them (split between sections), and scrolls in one column only
/// when even two do not fit, keeping the section heading in view.
struct BreakdownLayout {
    enum Line: Hashable {
        /// A HandRank's heading and points; an empty one takes this line alone.
        case section(title: String, points: Int, isEmpty: Bool)
        case combination(cards: [Card], points: Int)
    }

    /// A column of the body: where it starts, where its points end, and its lines.
    struct Column: Hashable {
        let left: Int
        let pointsEnd: Int
        let lines: Range<Int>
    }

    static let bodyTop = 3
    /// Where the points end in one column; two columns split the width.
    static let pointsEnd = 47

    let size: Size
    let body: [Line]
    let columns: [Column]
    let spokenLines: [String]
    let notes: [String]

    init(model: BreakdownViewModel, size: Size, glyphs: Glyphs) {
        self.size = size
        var lines: [Line] = []
        for section in model.sections {
            lines.append(.section(title: section.title, points: section.points, isEmpty: section.combinations.isEmpty))
            lines += section.combinations.map { .combination(cards: $0.cards, points: $0.points) }
        }
        body = lines
        spokenLines = glyphs.quoted(model.spokenCount).wrapped(width: Swift.max(10, size.width - 4))
        notes = [
            model.hisHeels.map { Wording.hisHeels($0, glyphs: glyphs) },
            model.handRulesTotal.map { Wording.cribNote(hand: $0, crib: model.total, glyphs: glyphs) },
        ].compactMap { $0 }
        let height = Swift.max(1, size.height - BreakdownLayout.bodyTop - (3 + spokenLines.count + notes.count))
        columns = Self.columns(for: lines, height: height, width: size.width)
    }

    /// One column if it fits, else two split at the section boundary that balances them, else
    /// one column to scroll.
    private static func columns(for body: [Line], height: Int, width: Int) -> [Column] {
        let single = [Column(left: 0, pointsEnd: pointsEnd, lines: body.indices)]
        guard body.count > height else { return single }
        let splits = body.indices.filter { index in
            if case .section = body[index], index > 0 { return true }
            return false
        }
        guard let split = splits.min(by: { Swift.max($0, body.count - $0) < Swift.max($1, body.count - $1) }),
              Swift.max(split, body.count - split) <= height else { return single }
        let half = width / 2
        return [
            Column(left: 0, pointsEnd: half - 3, lines: 0..<split),
            Column(left: half, pointsEnd: width - 3, lines: split..<body.count),
        ]
    }

    /// The rows under the body: a blank, the total bar, the spoken count, the notes, the hints.
    var footHeight: Int { 3 + spokenLines.count + notes.count }

    var bodyHeight: Int { Swift.max(1, size.height - BreakdownLayout.bodyTop - footHeight) }

    var maximumScroll: Int { columns.count == 1 ? Swift.max(0, body.count - bodyHeight) : 0 }

    /// The heading of the section a line belongs to.
    func heading(of index: Int) -> Line {
        body[...index].last { if case .section = $0 { return true } else { return false } }!
    }
}

/// Draws the HandRank Breakdown into a buffer.
enum BreakdownRenderer {
    static func render(_ model: BreakdownViewModel, scroll: Int, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let layout = BreakdownLayout(model: model, size: buffer.size, glyphs: glyphs)
        let width = buffer.size.width
        Frame.drawHeader(Scene.breakdown.title, status: Wording.label(model.rules), practice: model.isPractice,
                         glyphs: glyphs, into: &buffer)

        var column = buffer.write(model.rules == .crib ? " Crib  " : " Hand  ", row: 1, column: 0, style: .bold)
        column = CardText.draw(model.hand, row: 1, column: column, glyphs: glyphs, into: &buffer)
        column = buffer.write("    Cut  ", row: 1, column: column, style: .bold)
        CardText.draw([model.cut], row: 1, column: column, glyphs: glyphs, into: &buffer)
        buffer.write(String(repeating: glyphs.horizontal, count: width - 2), row: 2, column: 1, style: .dim)

        let top = BreakdownLayout.bodyTop
        for column in layout.columns {
            let first = column.lines.lowerBound + (layout.columns.count == 1 ? scroll : 0)
            for (offset, index) in (first..<column.lines.upperBound).prefix(layout.bodyHeight).enumerated() {
                // Scrolled into a section, its heading stays on the top row.
                let line = offset == 0 && scroll > 0 ? layout.heading(of: index) : layout.body[index]
                draw(line, row: top + offset, column: column, glyphs: glyphs, into: &buffer)
            }
        }
        let moreColumn = width - 8
        if scroll > 0 {
            buffer.write("\(glyphs.upArrow) more", row: top, column: moreColumn, style: .dim)
        }
        if scroll < layout.maximumScroll {
            buffer.write("\(glyphs.downArrow) more", row: top + layout.bodyHeight - 1, column: moreColumn, style: .dim)
        }

        var row = top + layout.bodyHeight + 1
        let pointsEnd = layout.columns.last!.pointsEnd
        let total = String(model.total)
        let bar = " Total" + String(repeating: " ", count: Swift.max(1, pointsEnd - 6 - total.count)) + total + " "
        buffer.write(bar, row: row, column: 0, style: Style(bold: true, reverse: true))
        row += 1
        for line in layout.spokenLines {
            buffer.write("  " + line, row: row, column: 0)
            row += 1
        }
        for note in layout.notes {
            buffer.write("  " + note, row: row, column: 0, style: .dim)
            row += 1
        }
        Frame.drawHints(for: model.chain, scrolls: layout.maximumScroll > 0, glyphs: glyphs, into: &buffer)
    }

    private static func draw(_ line: BreakdownLayout.Line, row: Int, column: BreakdownLayout.Column, glyphs: Glyphs,
                             into buffer: inout ScreenBuffer) {
        switch line {
        case .section(let title, let points, let isEmpty):
            let end = buffer.write(" " + title, row: row, column: column.left, style: .bold)
            if isEmpty { buffer.write(glyphs.dash, row: row, column: end + 2, style: .dim) }
            let text = String(points)
            buffer.write(text, row: row, column: column.pointsEnd - text.count, style: .bold)
        case .combination(let cards, let points):
            CardText.draw(cards, row: row, column: column.left + 4, glyphs: glyphs, into: &buffer)
            let text = "+\(points)"
            buffer.write(text, row: row, column: column.pointsEnd - text.count)
        }
    }
}
