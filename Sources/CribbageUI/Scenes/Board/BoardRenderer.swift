import Canvas
import CribbageCore

/// Draws the Board: the tracks with their pegs and skunk lines, the round, the typed number,
/// what the mode asks (the starter, the crib's cards, the count from the cards, the counter's
/// hand), the last entries (or the records, or a new game's set-up) and the keys.
enum BoardRenderer {
    static func render(_ model: BoardViewModel, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let size = buffer.size
        // The tracks are 74 columns, centred on a wider screen; everything lines up with them.
        let left = Swift.max(0, (size.width - TrackView.spreadWidth) / 2)
        let width = size.width - left - 1
        let starter = model.starter.map { " \(glyphs.separator) starter \(CardText.text($0, glyphs: glyphs))" } ?? ""
        Frame.drawHeader(Scene.board.title, status: "to \(model.target) \(glyphs.separator) round \(model.round)\(starter)",
                         practice: false, glyphs: glyphs, into: &buffer)
        var row = drawTracks(model, left: left, glyphs: glyphs, into: &buffer)
        buffer.write(model.status.clipped(to: width, glyphs: glyphs), row: row, column: left, style: .bold)
        row += 1
        if let prompt = model.prompt {
            drawPrompt(prompt, model, row: row, left: left, width: width, glyphs: glyphs, into: &buffer)
            if model.setup == nil {
                drawAsked(model, row: row + 1, left: left, width: width, glyphs: glyphs, into: &buffer)
            }
            row += 2
        } else if let next = model.nextGame {
            buffer.write(next.clipped(to: width, glyphs: glyphs), row: row, column: left, style: .bold)
            row += 1
        }

        // The notice (or the message) at the foot, wrapped upward over at most three lines: its
        // end (the totals, what to do) is never cut at the edge.
        let footText = model.notice.map { Wording.text($0, glyphs: glyphs) } ?? model.message
        let footLines = footText.map { Self.lines($0, width: width, most: 3, glyphs: glyphs) } ?? []
        var bottom = size.height - 1 - Swift.max(1, footLines.count)
        if let failure = model.saveFailure {
            // What to do next is at the end of the line: it wraps, never cut at the edge.
            let shown = Self.lines(failure, width: width, most: 4, glyphs: glyphs)
            bottom -= shown.count
            for (offset, line) in shown.enumerated() {
                buffer.write(line, row: bottom + offset, column: left, style: Style(bold: true, color: .red))
            }
        }
        drawBelow(model, row: row, room: Swift.max(0, bottom - row - 1), left: left, width: width, glyphs: glyphs, into: &buffer)
        for (offset, line) in footLines.enumerated() {
            buffer.write(line, row: size.height - 1 - footLines.count + offset, column: left,
                         style: Style(bold: true, color: .yellow))
        }
        Frame.drawHints(for: model.chain, offers: model.offers, glyphs: glyphs, into: &buffer)
    }

    /// The legend, then each side's label line and street; returns the row after them.
    private static func drawTracks(_ model: BoardViewModel, left: Int, glyphs: Glyphs, into buffer: inout ScreenBuffer) -> Int {
        let size = buffer.size
        let track = TrackView(target: model.target, skunkLines: model.skunkLines, form: .spread, glyphs: glyphs)
        let (front, back, mark, game) = glyphs.unicode ? ("●", "○", "┆", "◎") : ("O", "o", "|", "*")
        let lines = model.skunkLines.map(String.init).joined(separator: " and ")
        buffer.write("\(mark) skunk lines at \(lines)   \(front) front peg  \(back) back peg  \(game) game hole",
                     row: 1, column: left, style: .dim)
        // Long names are cut short: the score and the pegs' words after them always show.
        let labelRoom = Swift.max(10, size.width - left - 44)
        let labelWidth = Swift.min(labelRoom, model.tracks.map(\.label.displayWidth).max() ?? 0)
        var row = 2
        let gap = model.tracks.count * (1 + track.holeRows) + model.tracks.count - 1 + 10 <= size.height ? 1 : 0
        for (index, side) in model.tracks.enumerated() {
            let color = TrackView.colors[index % TrackView.colors.count]
            let label = side.label.clipped(to: labelWidth, glyphs: glyphs)
            var column = buffer.write(label, row: row, column: left, style: Style(bold: true, color: color))
            column = buffer.write(String(repeating: " ", count: labelWidth - label.displayWidth + 2), row: row, column: column)
            let score = String(side.pegs.front)
            column = buffer.write(String(repeating: " ", count: 3 - score.count) + score, row: row, column: column, style: .bold)
            column = buffer.write("  back peg \(side.pegs.back)", row: row, column: column, style: .dim)
            if side.deals { column = buffer.write("  deals", row: row, column: column) }
            if side.won { column = buffer.write("  wins", row: row, column: column, style: Style(bold: true, color: .green)) }
            if let games = side.gamesWon { column = buffer.write("  games won \(games)", row: row, column: column) }
            if let chance = side.chance {
                let percent = (chance.value * 100).decimal(places: 0)
                buffer.write("  \(percent)% to win\(chance.now ? "" : " as the round began")", row: row, column: column,
                             style: .dim)
            } else if model.chanceForTwoOnly && index == 0 {
                let note = "  the chance to win is for two players"
                if column + note.displayWidth <= size.width { buffer.write(note, row: row, column: column, style: .dim) }
            }
            track.draw(front: side.pegs.front, back: side.pegs.back, color: color, row: row + 1, column: left, into: &buffer)
            row += 1 + track.holeRows + gap
        }
        return row + 1 - gap
    }

    /// Where typed points go, and what has been typed; in the play, the keys that choose whose peg.
    private static func drawPrompt(_ prompt: String, _ model: BoardViewModel, row: Int, left: Int, width: Int, glyphs: Glyphs,
                                   into buffer: inout ScreenBuffer) {
        // The prompt gives way to the typed points: they always show.
        let room = Swift.max(1, width - model.typed.displayWidth - 2 - 2)
        var column = buffer.write("\(prompt.clipped(to: room, glyphs: glyphs)): ", row: row, column: left, style: .bold)
        column = buffer.write(model.typed, row: row, column: column)
        column = buffer.write(" ", row: row, column: column, style: .reverse)
        guard model.inThePlay else { return }
        let tab = KeyMap.key(for: .board(.targetSwitched)), show = KeyMap.key(for: .board(.showBegun))
        let seats = (0..<model.seats).map { KeyMap.key(for: .board(.pegEntered(player: $0))) }.joined(separator: " ")
        let seatHint = "  \(seats): a seat's peg"
        let full = (model.pegs ? "  \(tab): next player  \(show): the show" : "  \(tab): a peg instead") + seatHint
        // What does not fit gives way: tab first (the seat keys do its work), then the rest is cut.
        let hintRoom = buffer.size.width - column - 1
        let hint = full.displayWidth <= hintRoom || !model.pegs ? full : "  \(show): the show" + seatHint
        buffer.write(hint.clipped(to: Swift.max(0, hintRoom), glyphs: glyphs), row: row, column: column + 1, style: .dim)
    }

    /// The line under the prompt: what the mode asks (the starter's keys, the crib's), the count
    /// the board makes from the cards, or the counter's hand.
    private static func drawAsked(_ model: BoardViewModel, row: Int, left: Int, width: Int, glyphs: Glyphs,
                                  into buffer: inout ScreenBuffer) {
        if let asking = model.asking {
            let text = switch asking {
            case .starter: "\(KeyMap.key(for: .board(.starter(.cancelled)))): not now (the starter tells the board the show's counts)"
            case .crib: "\(KeyMap.key(for: .board(.crib(.typedInstead)))): type the crib's total instead  "
                + "\(KeyMap.key(for: .board(.crib(.rankErased)))): take back a rank"
            }
            buffer.write(text.clipped(to: width, glyphs: glyphs), row: row, column: left, style: .dim)
        } else if let show = model.showCount {
            let enter = KeyMap.key(for: .board(.numberEntered))
            var text = model.typed.isEmpty ? "\(enter): \(show.points) (\(show.words))"
                : "\(enter): \(model.typed) as typed; the cards count \(show.points)"
            if let flush = show.flush {
                let kind = flush.to.flush == 0 ? "no flush" : "a flush of \(flush.to.flush == 4 ? "four" : "five")"
                let nobs = flush.nobsChanges ? (flush.to.nobs ? " and his nobs" : " without his nobs") : ""
                text += "  \(KeyMap.key(for: .board(.show(.flushToggled)))): \(kind)\(nobs) \(Self.signed(flush.adds))"
            }
            if let nobs = show.nobs {
                text += "  \(KeyMap.key(for: .board(.show(.nobsToggled)))): \(nobs > 0 ? "his nobs" : "no nobs") \(Self.signed(nobs))"
            }
            buffer.write(text.clipped(to: width, glyphs: glyphs), row: row, column: left)
        } else if let hand = model.counterHand {
            let counterKey = KeyMap.key(for: .board(.counterHandEntered))
            var column = buffer.write("\(counterKey): the counter's ", row: row, column: left)
            column = CardText.draw([hand.cut], row: row, column: column, glyphs: glyphs, into: &buffer)
            column = buffer.write(" \(glyphs.vertical) ", row: row, column: column, style: .dim)
            column = CardText.draw(hand.cards, row: row, column: column, glyphs: glyphs, into: &buffer)
            buffer.write(" counts \(hand.points) as \(hand.count)", row: row, column: column)
        } else {
            buffer.write("\(KeyMap.key(for: .board(.counterHandEntered))): the counter's hand, once it has five cards "
                         + "(\(KeyMap.key(for: .backRequested, in: [.board])): the counter)", row: row,
                         column: left, style: .dim)
        }
    }

    /// What fills the rows left: a new game's set-up, the records, or the last entries.
    private static func drawBelow(_ model: BoardViewModel, row: Int, room: Int, left: Int, width: Int, glyphs: Glyphs,
                                  into buffer: inout ScreenBuffer) {
        guard room > 0 else { return }
        if let setup = model.setup {
            for (offset, line) in setup.prefix(room + 1).enumerated() {
                buffer.write(line.clipped(to: width, glyphs: glyphs), row: row + offset, column: left,
                             style: line.hasPrefix(">") ? .bold : Style())
            }
        } else if let records = model.records {
            let hide = KeyMap.key(for: .board(.recordsToggled))
            buffer.write("Records (as game --stats; \(hide) hides them)", row: row, column: left, style: Style(underline: true))
            for (offset, line) in records.prefix(room).enumerated() {
                buffer.write(line.clipped(to: width, glyphs: glyphs), row: row + 1 + offset, column: left)
            }
        } else if !model.log.isEmpty {
            buffer.write("Last entries", row: row, column: left, style: Style(underline: true))
            // The newest entries, each wrapped (its totals at the end), as many as fit.
            var lines: [String] = []
            for entry in model.log.reversed() {
                let wrapped = entry.wrapped(width: Swift.max(1, width - 2)).enumerated().map { $0.offset == 0 ? $0.element : "  " + $0.element }
                guard lines.count + wrapped.count <= room else { break }
                lines.insert(contentsOf: wrapped, at: 0)
            }
            for (offset, line) in lines.enumerated() {
                buffer.write(line.clipped(to: width, glyphs: glyphs), row: row + 1 + offset, column: left)
            }
        }
    }

    /// "+4", "-1".
    private static func signed(_ points: Int) -> String {
        points > 0 ? "+\(points)" : String(points)
    }

    /// Text wrapped to `width`, at most `most` lines: the rest of it joins the last line, cut there.
    private static func lines(_ text: String, width: Int, most: Int, glyphs: Glyphs) -> [String] {
        let lines = text.wrapped(width: width)
        guard lines.count > most else { return lines.map { $0.clipped(to: width, glyphs: glyphs) } }
        return lines.prefix(most - 1).map { $0.clipped(to: width, glyphs: glyphs) }
            + [lines[(most - 1)...].joined(separator: " ").clipped(to: width, glyphs: glyphs)]
    }
}
