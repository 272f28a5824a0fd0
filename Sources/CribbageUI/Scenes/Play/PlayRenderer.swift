import Canvas
import CribbageCore

/// Where the Play puts things on the 80×24 design, below the grid (moved by the placement).
enum PlayLayout {
    static let countRow = 8
    static let turnRow = 9
    static let lastRow = 10
    static let hintRow = 11
    static let seatsRow = 12
    /// The notice, above the footer: row 21 on 80×24, 19 on 74×22.
    static func noticeRow(placement: Placement, size: Size) -> Int {
        min(placement.row + Placement.design.height - 3, size.height - 3)
    }
    static let columns = (label: 1, value: 8, role: 13, total: 26, laid: 29, legend: 48, board: 33, laidAfterBoard: 36)
}

/// Draws the Play: the grid with the cards laid, the count, the turn, the last score and the
/// players' pegs.
enum PlayRenderer {
    static func render(_ model: PlayViewModel, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        typealias Layout = PlayLayout
        let c = Layout.columns
        Frame.drawHeader(Scene.play.title, status: model.status, practice: false, glyphs: glyphs, into: &buffer)
        let placement = Placement(size: buffer.size)
        let (top, left) = (placement.row, placement.column)
        CardGrid.draw(model.grid, placement: placement, glyphs: glyphs, into: &buffer)

        buffer.write("Count", row: top + Layout.countRow, column: left + c.label, style: .bold)
        let countText = String(model.count)
        let end = buffer.write(countText, row: top + Layout.countRow, column: left + c.value + 2 - countText.count,
                               style: .bold)
        CardText.draw(model.countCards, row: top + Layout.countRow, column: end + 3, glyphs: glyphs, rankOnly: model.rankOnly,
                      into: &buffer)
        buffer.write("Turn", row: top + Layout.turnRow, column: left + c.label, style: .bold)
        buffer.write(model.turn, row: top + Layout.turnRow, column: left + c.value)
        if let last = model.last(glyphs: glyphs) {
            buffer.write("Last", row: top + Layout.lastRow, column: left + c.label, style: .bold)
            buffer.write(last.clipped(to: buffer.size.width - left - c.value - 1, glyphs: glyphs), row: top + Layout.lastRow,
                         column: left + c.value, style: Style(bold: false, color: .cyan))
        }

        if let hint = model.hint {
            buffer.write("Hint", row: top + Layout.hintRow, column: left + c.label, style: .bold)
            buffer.write(hintText(hint, names: model.names, glyphs: glyphs).clipped(to: buffer.size.width - left - c.value - 1, glyphs: glyphs),
                         row: top + Layout.hintRow, column: left + c.value, style: .dim)
        }

        let header = top + Layout.seatsRow
        buffer.write("Pegged", row: header, column: left + c.total + 1 - "Pegged".count, style: .bold)
        let hasBoard = model.seats.contains { $0.board != nil }
        let laidColumn = left + (hasBoard ? c.laidAfterBoard : c.laid)
        if hasBoard { buffer.write("Board", row: header, column: left + c.board + 1 - "Board".count, style: .bold) }
        buffer.write("Laid", row: header, column: laidColumn, style: .bold)
        buffer.write("* this count  x before", row: header, column: left + c.legend, style: .dim)
        for (offset, seat) in model.seats.enumerated() {
            let y = header + 1 + offset
            if seat.isToPlay { buffer.write(">", row: y, column: left + c.label, style: .bold) }
            buffer.write(seat.name, row: y, column: left + c.label + 2, style: seat.isToPlay ? .bold : .plain)
            buffer.write(seat.role, row: y, column: left + c.role, style: .dim)
            let total = String(seat.total)
            buffer.write(total, row: y, column: left + c.total + 1 - total.count, style: .bold)
            let after = CardText.draw(seat.laid, row: y, column: laidColumn, glyphs: glyphs, rankOnly: model.rankOnly,
                                      into: &buffer)
            if seat.saidGo { buffer.write("go", row: y, column: after + 2, style: .dim) }
            if let board = seat.board.map(String.init) {
                buffer.write(board, row: y, column: left + c.board + 1 - board.count, style: .bold)
            }
        }
        var below = header + 1 + model.seats.count
        if let partnerships = model.partnerships {
            buffer.write(partnerships, row: below, column: left + c.label + 2, style: .bold)
            below += 1
        }
        if let result = model.gameResult {
            buffer.write(result.clipped(to: buffer.size.width - left - c.label - 3, glyphs: glyphs), row: below,
                         column: left + c.label + 2, style: Style(bold: true, color: .green))
        }
        Frame.drawFoot(notice: model.notice, noticeRow: Layout.noticeRow(placement: placement, size: buffer.size),
                       entry: nil, chain: model.chain, glyphs: glyphs, into: &buffer)
    }

    /// "Bob: 5♥ +1.20 (you 2.10, they 0.90) · 10♣ +0.35 · 2♠ −0.40": each option's net for the
    /// rest of the play, the best with its parts.
    static func hintText(_ hint: PlayViewModel.Hint, names: [String], glyphs: Glyphs) -> String {
        switch hint {
        case .working:
            return "working it out\(glyphs.ellipsis)"
        case .needsTheHand:
            return "pick the hand and the cut in the counter (\(KeyMap.key(for: .backRequested, in: [.play]))), then \(KeyMap.key(for: .play(.hintToggled)))"
        case .notTheHand(let why):
            let name = { (player: Int) in names.indices.contains(player) ? names[player] : Wording.player(player) }
            switch why {
            case .laidCardNotKept(let card, let player):
                return "not \(name(player))'s hand in the counter: \(name(player)) laid \(CardText.text(card, glyphs: glyphs))"
            case .yourCardLaidByAnother(let card, let player):
                return "\(name(player)) laid \(CardText.text(card, glyphs: glyphs)), a card of the counter's hand"
            default:
                return "not the counter's hand: \(why)"
            }
        case .options(let player, let options, let greedy):
            func name(_ token: PlayToken) -> String {
                if case .card(let card) = token { return CardText.text(card, glyphs: glyphs) }
                return "go"
            }
            func signed(_ value: Double) -> String {
                let text = value.decimal(places: 2)
                return text.hasPrefix("-") ? glyphs.minus + text.dropFirst() : "+" + text
            }
            guard let best = options.first else { return "" }
            let (mine, theirs) = (best.value.mine.pegs, best.value.theirs.pegs)
            let first = greedy ? "\(name(best.token!)) \(signed(mine)) now"
                : "\(name(best.token!)) \(signed(best.value.net)) (you \(mine.decimal(places: 2)), they \(theirs.decimal(places: 2)))"
            let rest = options.dropFirst().map { "\(name($0.token!)) \(signed(greedy ? $0.value.mine.pegs : $0.value.net))" }
            return "\(player): " + ([first] + rest).joined(separator: " \(glyphs.separator) ")
                + (greedy ? " (3 or 4 players: the most points now)" : "")
        }
    }
}
