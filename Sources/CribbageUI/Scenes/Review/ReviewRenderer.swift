import Canvas
import CribbageCore

/// Where the review puts things: the chart's height grows with the screen, the panel takes what
/// is left above the figures (each side's, wrapped); where the panel's lines that must be read whole
/// do not fit under the chart, the panel takes the chart's rows too.
struct ReviewLayout {
    let size: Size
    /// The rows the figures take, wrapped.
    var figureRows = 2
    /// The chart drawn (else the panel starts under the title).
    var chartShown = true

    /// The rows of the chance line.
    var chartHeight: Int { size.height <= 24 ? 4 : size.height < 30 ? 5 : min(12, size.height / 3 - 2) }
    let titleRow = 1
    var chartRow: Int { 2 }
    var marksRow: Int { chartRow + chartHeight }
    var dealsRow: Int { marksRow + 2 }
    /// The deals whose luck moved your chance most, named.
    var luckiestRow: Int { dealsRow + 2 }
    var panelRow: Int { chartShown ? luckiestRow + 1 : chartRow }
    var figuresRow: Int { size.height - 2 - figureRows }
    var panelLines: Int { max(1, figuresRow - panelRow) }
    /// The columns before the chart, for its scale and the rows' names.
    static let labelWidth = 10
    var chartWidth: Int { max(10, size.width - Self.labelWidth - 2) }

    /// The chart's column of each of `count` points, spread across its width.
    func column(of index: Int, count: Int) -> Int {
        count <= 1 ? 0 : index * (chartWidth - 1) / (count - 1)
    }
}

/// Draws the review.
enum ReviewRenderer {
    static func render(_ model: ReviewViewModel, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let width = buffer.size.width - 2
        let figures = model.figures.map { figureRows($0, width: width, separator: " \(glyphs.separator) ") }
        var layout = ReviewLayout(size: buffer.size, figureRows: figures.reduce(0) { $0 + $1.count })
        let panel = panelRows(model.panel, width: width)
        // The lines to read whole do not fit under the chart: the panel takes its rows.
        if panel.count { !$0.droppable } > layout.panelLines { layout.chartShown = false }
        Frame.drawHeader(Scene.review.title, status: model.status, practice: false, glyphs: glyphs, into: &buffer)
        buffer.write(model.title.clipped(to: width, glyphs: glyphs), row: layout.titleRow, column: 1, style: .bold)
        if let problem = model.problem {
            for (offset, line) in problem.wrapped(width: width).prefix(layout.panelLines).enumerated() {
                buffer.write(line, row: layout.chartRow + 1 + offset, column: 1, style: Style(bold: true, color: .yellow))
            }
        } else if !model.chart.isEmpty {
            if layout.chartShown { drawChart(model, layout: layout, glyphs: glyphs, into: &buffer) }
            for (index, row) in fitted(panel, room: layout.panelLines).enumerated() {
                buffer.write(row.text.clipped(to: width, glyphs: glyphs), row: layout.panelRow + index, column: 1, style: row.kind.style)
            }
            for (offset, line) in figures.joined().enumerated() {
                buffer.write(line.text.clipped(to: width, glyphs: glyphs), row: layout.figuresRow + offset, column: 1,
                             style: line.first ? .bold : .plain)
            }
        }
        Frame.drawFoot(notice: model.notice, noticeRow: buffer.size.height - 2, entry: nil, chain: model.chain,
                       offers: model.offers, glyphs: glyphs, into: &buffer)
    }

    /// A side's figures in rows of `width`, broken between its parts (at `separator`), the rows
    /// after the first indented; the first row is the side's (drawn bold).
    static func figureRows(_ line: String, width: Int, separator: String) -> [(text: String, first: Bool)] {
        var rows: [String] = []
        for part in line.split(separator: separator).map(String.init) {
            if let last = rows.last, last.displayWidth + separator.displayWidth + part.displayWidth <= width {
                rows[rows.count - 1] = last + separator + part
            } else if rows.isEmpty {
                rows = wrapped(part, width: width)
            } else {
                rows += wrapped("  " + part, width: width)
            }
        }
        return rows.enumerated().map { ($1, $0 == 0) }
    }

    /// `text` in rows of `width`, broken at spaces: the first row as far in as the text's own indent,
    /// the rows after it two further.
    static func wrapped(_ text: String, width: Int) -> [String] {
        guard text.displayWidth > width else { return [text] }
        let lead = String(text.prefix { $0 == " " })
        let indent = lead + "  "
        let head = text.wrapped(width: width - lead.count)
        guard let first = head.first else { return [text] }
        let rest = head.dropFirst().joined(separator: " ").wrapped(width: width - indent.count)
        return [lead + first] + rest.map { indent + $0 }
    }

    /// The chance line as columns filled from the bottom to your chance (eighths of a row), a dim
    /// rule at 50%, the labels of each side under it, each deal's number where it starts and a mark
    /// where its starter was turned, and once summed up its luck (yours less the computer's), the
    /// luckiest deals in bold and named under it.
    static func drawChart(_ model: ReviewViewModel, layout: ReviewLayout, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let (height, left) = (layout.chartHeight, ReviewLayout.labelWidth + 1)
        let points = model.chart
        var columns: [Double?] = Array(repeating: nil, count: layout.chartWidth)
        var marks: [[(ReviewLabel?, Bool)]] = Array(repeating: Array(repeating: (nil, false), count: layout.chartWidth), count: 2)
        var dealStarts: [(deal: Int, column: Int)] = []
        var starters: [(deal: Int, column: Int)] = []
        var last: Double?
        for (index, point) in points.enumerated() {
            let column = layout.column(of: index, count: points.count)
            last = point.chance ?? last
            if point.chance != nil { columns[column] = point.chance }
            if point.seat == nil, dealStarts.last?.deal != point.deal { dealStarts.append((point.deal, column)) }
            if point.starter { starters.append((point.deal, column)) }
            if let seat = point.seat {
                let (label, selected) = marks[seat][column]
                marks[seat][column] = (worse(label, point.label), selected || point.selected)
            }
        }
        // Columns between points carry the chance before them.
        var carried: Double?
        for column in columns.indices {
            if let value = columns[column] { carried = value } else { columns[column] = carried }
        }
        let scale = ["100%", "50%", "0%"]
        buffer.write(scale[0].leftPadded(to: ReviewLayout.labelWidth), row: layout.chartRow, column: 0, style: .dim)
        buffer.write(scale[1].leftPadded(to: ReviewLayout.labelWidth), row: layout.chartRow + height / 2, column: 0, style: .dim)
        buffer.write(scale[2].leftPadded(to: ReviewLayout.labelWidth), row: layout.chartRow + height - 1, column: 0, style: .dim)
        let eighths: [String] = glyphs.unicode ? [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] : [" ", " ", " ", ".", ".", ":", ":", "#", "#"]
        let rule = glyphs.unicode ? "┈" : "-"
        for (column, value) in columns.enumerated() {
            let filled = Int(((value ?? 0) * Double(height * 8)).rounded())
            for row in 0..<height {
                let fromBottom = height - 1 - row
                let cell = min(8, max(0, filled - fromBottom * 8))
                let isRule = row == height / 2 && cell == 0
                let text = value == nil ? (isRule ? rule : " ") : isRule ? rule : eighths[cell]
                buffer.write(text, row: layout.chartRow + row, column: left + column,
                             style: isRule ? .dim : Style(bold: false, color: .cyan))
            }
        }
        for seat in 0...1 {
            let row = layout.marksRow + seat
            buffer.write(ReviewViewModel.names[seat], row: row, column: 1, style: .bold)
            for (column, mark) in marks[seat].enumerated() {
                let text = mark.0.map { symbol($0) } ?? (mark.1 ? glyphs.upArrow : " ")
                var style = mark.0.map(style) ?? .plain
                if mark.1 { style.reverse = true }
                if mark.0 != nil || mark.1 { buffer.write(mark.0 == nil ? glyphs.upArrow : text, row: row, column: left + column, style: style) }
            }
        }
        buffer.write("Deal", row: layout.dealsRow, column: 1, style: .bold)
        var taken = Set<Int>()
        for start in dealStarts {
            buffer.write(String(start.deal), row: layout.dealsRow, column: left + start.column, style: .dim)
            taken.formUnion(start.column...(start.column + String(start.deal).count))
        }
        // Where each starter was turned: the luckiest deals' in their colour, just after the deal's
        // number where it would fall on it.
        let lucky = Dictionary(model.luckiest.map { ($0.deal, $0.luck) }, uniquingKeysWith: { a, _ in a })
        for starter in starters {
            guard let column = (starter.column...(starter.column + 2)).first(where: { !taken.contains($0) }),
                  column < layout.chartWidth else { continue }
            taken.insert(column)
            let style = lucky[starter.deal].map { Style(bold: true, color: $0 > 0 ? .green : .red) } ?? .dim
            buffer.write(glyphs.unicode ? "▴" : "^", row: layout.dealsRow, column: left + column, style: style)
        }
        guard !model.dealLuck.isEmpty else { return }
        buffer.write("Luck", row: layout.dealsRow + 1, column: 1, style: .bold)
        for (index, start) in dealStarts.enumerated() where index < model.dealLuck.count {
            let luck = model.dealLuck[index]
            let end = index + 1 < dealStarts.count ? dealStarts[index + 1].column : layout.chartWidth
            let text = ReviewWords.signed(luck, minus: glyphs.minus)
            let room = end - start.column - 1
            guard abs(luck) >= 0.5, room >= 1 else { continue }
            buffer.write(String(text.prefix(max(1, room))), row: layout.dealsRow + 1, column: left + start.column,
                         style: Style(bold: lucky[start.deal] != nil, color: luck > 0 ? .green : .red))
        }
        // The luckiest deals named, as many of them as the row holds whole.
        guard !model.luckiest.isEmpty else { return }
        buffer.write("Most luck", row: layout.luckiestRow, column: 1, style: .bold)
        let separator = " \(glyphs.separator) "
        var column = 0
        for (index, deal) in model.luckiest.enumerated() {
            let lead = index == 0 ? "" : separator
            guard column + lead.displayWidth + deal.text.displayWidth <= layout.chartWidth else { break }
            buffer.write(lead, row: layout.luckiestRow, column: left + column, style: .dim)
            column += lead.displayWidth
            buffer.write(deal.text, row: layout.luckiestRow, column: left + column, style: Style(bold: false, color: deal.luck > 0 ? .green : .red))
            column += deal.text.displayWidth
        }
    }

    static func worse(_ a: ReviewLabel?, _ b: ReviewLabel?) -> ReviewLabel? {
        let order: [ReviewLabel?] = [nil, .inaccuracy, .mistake, .blunder, .missedWin]
        return (order.firstIndex(of: a) ?? 0) >= (order.firstIndex(of: b) ?? 0) ? a : b
    }

    /// The chart's mark of a label, as chess marks moves: ?! an inaccuracy, ? a mistake, ?? a
    /// blunder, in one column: `!`, `?`, `X`, and `W` for a missed win.
    static func symbol(_ label: ReviewLabel) -> String {
        switch label {
        case .inaccuracy: "!"
        case .mistake: "?"
        case .blunder: "X"
        case .missedWin: "W"
        }
    }

    static func style(_ label: ReviewLabel) -> Style {
        switch label {
        case .inaccuracy: Style(bold: false, color: .yellow)
        case .mistake: Style(bold: true, color: .yellow)
        case .blunder, .missedWin: Style(bold: true, color: .red)
        }
    }

    /// The panel's lines as rows of `width`: each line longer than the width wrapped, its rows after
    /// the first indented as far as its own indent and two more; nothing cut.
    static func panelRows(_ lines: [ReviewViewModel.Line], width: Int) -> [ReviewViewModel.Line] {
        lines.flatMap { line in
            wrapped(line.text, width: width).map { ReviewViewModel.Line(text: $0, kind: line.kind, droppable: line.droppable) }
        }
    }

    /// The panel's rows in `room`, wrapped and fitted: the board game's review draws its panel so.
    static func panelRows(_ lines: [ReviewViewModel.Line], width: Int, room: Int, glyphs: Glyphs) -> [ReviewViewModel.Line] {
        fitted(panelRows(lines, width: width), room: room)
    }

    /// The rows in `room`: where they are too many, the options table's rows left out from the end
    /// (the option chosen last), so that every other line stays whole.
    static func fitted(_ rows: [ReviewViewModel.Line], room: Int) -> [ReviewViewModel.Line] {
        var rows = rows
        while rows.count > room, let drop = rows.lastIndex(where: { $0.droppable && $0.kind != .chosen }) ?? rows.lastIndex(where: \.droppable) {
            rows.remove(at: drop)
        }
        return Array(rows.prefix(room))
    }
}

extension ReviewViewModel.Line.Kind {
    /// How a line of this kind is drawn (the drills' lines too).
    var style: Style {
        switch self {
        case .heading: .bold
        case .plain: .plain
        case .dim: .dim
        case .good: Style(bold: false, color: .green)
        case .bad: Style(bold: true, color: .red)
        case .chosen: Style(bold: true, color: .cyan)
        }
    }
}
