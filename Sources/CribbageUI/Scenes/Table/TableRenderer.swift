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
    static let panelRow = 13
    /// The tracks' first row: four rows, a street of two for each side.
    static let tracksRow = 17
    /// With three players, six rows: the tracks start two rows higher.
    static let threeTracksRow = 15
    /// At a table of three or four: the computer's seats one a row from your left, ending above
    /// the crib and the starter's row, then the count's (above your cards, which come up a row
    /// below 24 rows); the columns of the crib's cards, each seat's laid cards and its role.
    static let groupCribRow = 4
    static let groupColumns = (crib: 16, laid: 30, role: 52)
    /// A row of the design on a screen `height` rows high: below 24 rows, everything from your
    /// cards down comes up a row (the blank over them goes), so that the tracks and the notice
    /// fit 74×22; above 24, every row more goes to what happened in the deal, so everything below
    /// it goes down (at 132×43 a whole deal's events fit).
    static func row(_ row: Int, height: Int) -> Int {
        if height < Placement.design.height { return row >= yourRow ? row - 1 : row }
        return row > lastRow ? row + height - Placement.design.height : row
    }
    /// The columns before each street, for its name (and beside its second row, its score and
    /// chance to win).
    static let trackLabelWidth = 9
    static let columns = (label: 1, cards: 12, right: 44, rightValue: 53)
    /// Each card of a row takes this many columns.
    static let cardWidth = 4
}

/// Draws the table.
enum TableRenderer {
    static func render(_ model: TableViewModel, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        typealias Layout = TableLayout
        let c = Layout.columns
        let height = buffer.size.height
        let lower = { (row: Int) in Layout.row(row, height: height) }
        Frame.drawHeader(model.title, status: model.status, practice: false, glyphs: glyphs, into: &buffer)
        // Centred across; down, the rows a larger screen has go to the deal's events.
        let (top, left) = (0, Placement(size: buffer.size).column)
        let width = buffer.size.width - left - 1
        func label(_ text: String, _ row: Int, _ column: Int = c.label) {
            buffer.write(text, row: top + row, column: left + column, style: .bold)
        }
        let back = glyphs.unicode ? "▒▒" : "##"

        if !model.seats.isEmpty {
            drawSeats(model, top: top, left: left, width: width, glyphs: glyphs, into: &buffer)
        } else {
        label(String(model.otherName.prefix(10)), Layout.computerRow)
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
        }

        label(String(model.yourName.prefix(10)), lower(Layout.yourRow))
        for (index, card) in model.yourCards.enumerated() {
            let column = left + c.cards + index * Layout.cardWidth
            var style = CardText.style(card, bold: model.playable.contains(card) || model.picked.contains(card))
            if index == model.cursor { style.reverse = true }
            buffer.write(CardText.text(card, glyphs: glyphs), row: top + lower(Layout.yourRow), column: column, style: style)
            if model.picked.contains(card) {
                buffer.write(glyphs.upArrow, row: top + lower(Layout.pickRow), column: column, style: Style(bold: true, color: .cyan))
            }
        }
        if model.seats.isEmpty {
            buffer.write(model.yourRole, row: top + lower(Layout.yourRow), column: left + c.right, style: .dim)
        } else {
            let g = Layout.groupColumns
            if !model.yourLaid.isEmpty {
                CardText.draw(model.yourLaid, row: top + lower(Layout.yourRow), column: left + g.laid, glyphs: glyphs, into: &buffer)
            }
            let turn = model.yourTurn ? "\(glyphs.unicode ? "◀" : "<") to lay" : ""
            let role = [model.yourRole, turn].filter { !$0.isEmpty }.joined(separator: "  ")
            buffer.write(role.clipped(to: max(1, width - g.role), glyphs: glyphs), row: top + lower(Layout.yourRow),
                         column: left + g.role, style: model.yourTurn ? Style(bold: true, color: .green) : .dim)
        }

        buffer.write(model.prompt.clipped(to: width - c.label, glyphs: glyphs), row: top + lower(Layout.promptRow),
                     column: left + c.label, style: Style(bold: true, color: .green))
        // The rows between the prompt and the tracks: the panel at their foot (from its own row, or
        // higher when it is longer), and above it the deal's events, as many of the newest as fit
        // (all the rows when there is no panel).
        let tracksRow = model.tracks.count > 2 ? Layout.threeTracksRow : Layout.tracksRow
        let regionStart = top + lower(Layout.lastRow), regionEnd = top + lower(tracksRow) - 1
        let panel = model.panel.flatMap { $0.displayWidth <= width - c.label ? [$0] : $0.wrapped(width: width - c.label) }
        let panelStart = panel.isEmpty ? regionEnd + 1
            : max(regionStart + 1, min(top + lower(Layout.panelRow), regionEnd - panel.count + 1))
        for (offset, line) in panel.prefix(regionEnd - panelStart + 1).enumerated() {
            buffer.write(line.clipped(to: width - c.label, glyphs: glyphs), row: panelStart + offset,
                         column: left + c.label, style: offset == 0 ? .bold : .plain)
        }
        // What just happened wraps (a continuation indented) rather than losing its end; the
        // newest rows stay when they are more than the room.
        let lastWidth = width - c.label - 2
        let lastRows = model.last.flatMap { line in
            line.displayWidth <= lastWidth ? [line]
                : line.wrapped(width: lastWidth - 2).enumerated().map { $0.offset == 0 ? $0.element : "  " + $0.element }
        }.suffix(panelStart - regionStart)
        for (offset, line) in lastRows.enumerated() {
            buffer.write(line.clipped(to: lastWidth, glyphs: glyphs), row: regionStart + offset,
                         column: left + c.label + 2, style: Style(bold: false, color: .cyan))
        }

        let tracksEnd = drawTracks(model, row: top + lower(tracksRow), left: left, glyphs: glyphs, into: &buffer)

        // The table has no typed entry: its notice may take the row the entry would. A notice (or
        // the save's message) wraps rather than losing its end: below the tracks where it fits,
        // else over the rows above them (the tracks come back with the next key).
        let noticeRow = height >= Placement.design.height ? height - 3 : min(Placement.design.height - 3, height - 2)
        let notice = model.notice.map { Wording.text($0, glyphs: glyphs) } ?? model.message
        if let notice {
            let bottom = max(noticeRow, buffer.size.height - 2)
            let highest = min(top + lower(Layout.lastRow), bottom)
            var lines = notice.wrapped(width: buffer.size.width - 2)
            if lines.count > bottom - highest + 1 {
                lines = Array(lines.prefix(bottom - highest + 1))
                lines[lines.count - 1] = lines[lines.count - 1].clipped(to: buffer.size.width - 3, glyphs: glyphs) + "…"
            }
            let first = lines.count <= bottom - min(tracksEnd, noticeRow) + 1
                ? min(noticeRow, bottom - lines.count + 1) : bottom - lines.count + 1
            for (offset, line) in lines.enumerated() {
                buffer.write(String(repeating: " ", count: buffer.size.width), row: first + offset, column: 0, style: .plain)
                buffer.write(" " + line.clipped(to: buffer.size.width - 2, glyphs: glyphs), row: first + offset, column: 0,
                             style: Style(bold: true, color: .yellow))
            }
        }
        Frame.drawFoot(notice: nil, noticeRow: noticeRow, entry: nil, chain: model.chain, offers: model.offers,
                       glyphs: glyphs, into: &buffer)
    }

    /// A table of three or four: a row for each of the computer's seats from your left (its name,
    /// its cards face down, or its four once its hand is counted, the cards it has laid this deal,
    /// its role and whether it is to lay), the crib with the starter, and the count with its cards.
    private static func drawSeats(_ model: TableViewModel, top: Int, left: Int, width: Int, glyphs: Glyphs,
                                  into buffer: inout ScreenBuffer) {
        let c = TableLayout.columns, g = TableLayout.groupColumns
        let back = glyphs.unicode ? "▒▒" : "##"
        var row = top + TableLayout.groupCribRow - model.seats.count
        for seat in model.seats {
            buffer.write(seat.name, row: row, column: left + c.label, style: .bold)
            if seat.cards.isEmpty {
                buffer.write(Array(repeating: back, count: seat.hidden).joined(separator: " "), row: row, column: left + c.cards, style: .dim)
            } else {
                CardText.draw(seat.cards, row: row, column: left + c.cards, glyphs: glyphs, into: &buffer)
            }
            if !seat.laid.isEmpty {
                CardText.draw(seat.laid, row: row, column: left + g.laid, glyphs: glyphs, into: &buffer)
            }
            let role = seat.role + (seat.toPlay ? "\(seat.role.isEmpty ? "" : "  ")\(glyphs.unicode ? "◀" : "<") to lay" : "")
            buffer.write(role.clipped(to: max(1, width - g.role), glyphs: glyphs), row: row, column: left + g.role,
                         style: seat.toPlay ? Style(bold: true, color: .green) : .dim)
            row += 1
        }
        if !model.crib.isEmpty {
            buffer.write(model.cribOwner, row: row, column: left + c.label, style: .bold)
            let column = left + g.crib
            if model.cribShown {
                CardText.draw(model.crib, row: row, column: column, glyphs: glyphs, into: &buffer)
            } else {
                buffer.write(Array(repeating: back, count: model.crib.count).joined(separator: " "), row: row, column: column, style: .dim)
            }
        }
        if let starter = model.starter {
            buffer.write("Starter", row: row, column: left + g.role, style: .bold)
            buffer.write(CardText.text(starter, glyphs: glyphs), row: row, column: left + g.role + 9,
                         style: CardText.style(starter, bold: true))
        }
        row += 1
        if let count = model.count {
            buffer.write("Count", row: row, column: left + c.label, style: .bold)
            let text = String(count)
            let end = buffer.write(text, row: row, column: left + c.cards - 2 - text.count + 1, style: .bold)
            CardText.draw(model.countCards, row: row, column: end + 2, glyphs: glyphs, bold: true, into: &buffer)
        }
    }

    /// Both sides' streets, the board's own in the compact form (`TrackView`): each side's name
    /// beside its first row of holes and its score and chance to win beside the second; in a
    /// game to 61, one row each, the scores and chances on a line under them.
    /// Draws the tracks from `row`; the row below them.
    @discardableResult
    private static func drawTracks(_ model: TableViewModel, row: Int, left: Int, glyphs: Glyphs,
                                   into buffer: inout ScreenBuffer) -> Int {
        let track = TrackView(target: model.target, skunkLines: model.skunkLines, form: .compact, glyphs: glyphs)
        let column = left + TableLayout.columns.label
        let labelWidth = TableLayout.trackLabelWidth
        var y = row
        var scores: [String] = []
        for (index, side) in model.tracks.enumerated() {
            let color = TrackView.colors[index % TrackView.colors.count]
            buffer.write(side.name.clipped(to: labelWidth - 1, glyphs: glyphs), row: y, column: column,
                         style: Style(bold: true, color: color))
            let chance = side.chance.map { " \($0)%" } ?? ""
            if track.holeRows > 1 {
                let end = buffer.write(String(side.front), row: y + 1, column: column, style: .bold)
                buffer.write(chance, row: y + 1, column: end, style: .dim)
            }
            scores.append("\(side.name) \(side.front)\(chance.isEmpty ? "" : ",\(chance) to win")")
            track.draw(front: side.front, back: side.back, color: color, row: y, column: column + labelWidth, into: &buffer)
            y += track.holeRows
        }
        if track.holeRows == 1 {
            buffer.write(scores.joined(separator: "   "), row: y, column: column, style: .dim)
            y += 1
        }
        return y
    }
}
