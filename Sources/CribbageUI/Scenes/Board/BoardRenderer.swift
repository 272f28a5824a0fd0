import Canvas
import CribbageCore

/// Where the board goes: 60 holes a row in groups of five, after a start column and a mark
/// column, then the game hole: 74 columns, centred on a wider screen.
struct BoardLayout {
    static let holesPerRow = 60
    static let width = 2 + holesPerRow + holesPerRow / 5 - 1 + 1

    let size: Size
    let target: Int

    var left: Int { Swift.max(0, (size.width - Self.width) / 2) }
    /// Rows of holes per track: two for 121, one for 61.
    var holeRows: Int { (target - 1) / Self.holesPerRow }

    /// The column of a hole (1 to target - 1) and the row of holes it is in.
    func place(hole: Int) -> (row: Int, column: Int) {
        let index = (hole - 1) % Self.holesPerRow
        return ((hole - 1) / Self.holesPerRow, left + 2 + index + index / 5)
    }

    /// The column just before a hole, where a line across the track is drawn.
    func line(before hole: Int) -> (row: Int, column: Int) {
        let place = place(hole: hole)
        return (place.row, place.column - 1)
    }

    var gameHole: (row: Int, column: Int) { (holeRows - 1, left + Self.width - 1) }
}

/// Draws the Board: the tracks with their pegs and skunk lines, the round, the typed number,
/// the counter's hand, the last entries and the keys.
enum BoardRenderer {
    private static let colors: [Style.Color] = [.red, .blue, .green]

    static func render(_ model: BoardViewModel, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let size = buffer.size
        let layout = BoardLayout(size: size, target: model.target)
        let starter = model.starter.map { " \(glyphs.separator) starter \(CardText.text($0, glyphs: glyphs))" } ?? ""
        Frame.drawHeader(Scene.board.title, status: "to \(model.target) \(glyphs.separator) round \(model.round)\(starter)",
                         practice: false, glyphs: glyphs, into: &buffer)
        let (hole, front, back, mark, game) = glyphs.unicode ? ("·", "●", "○", "┆", "◎") : (".", "O", "o", "|", "*")
        let lines = model.skunkLines.map(String.init).joined(separator: " and ")
        buffer.write("\(mark) skunk lines at \(lines)   \(front) front peg  \(back) back peg  \(game) game hole",
                     row: 1, column: layout.left, style: .dim)

        // Long names are cut short: the score and the pegs' words after them always show.
        let labelRoom = Swift.max(10, size.width - layout.left - 44)
        let labelWidth = Swift.min(labelRoom, model.tracks.map(\.label.displayWidth).max() ?? 0)
        var row = 2
        let gap = model.tracks.count * (1 + layout.holeRows) + model.tracks.count - 1 + 10 <= size.height ? 1 : 0
        for (index, track) in model.tracks.enumerated() {
            let color = colors[index % colors.count]
            let label = track.label.clipped(to: labelWidth, glyphs: glyphs)
            var column = buffer.write(label, row: row, column: layout.left, style: Style(bold: true, color: color))
            column = buffer.write(String(repeating: " ", count: labelWidth - label.displayWidth + 2), row: row, column: column)
            let score = String(track.pegs.front)
            column = buffer.write(String(repeating: " ", count: 3 - score.count) + score, row: row, column: column, style: .bold)
            column = buffer.write("  back peg \(track.pegs.back)", row: row, column: column, style: .dim)
            if track.deals { column = buffer.write("  deals", row: row, column: column) }
            if track.won { column = buffer.write("  wins", row: row, column: column, style: Style(bold: true, color: .green)) }
            if let games = track.gamesWon { column = buffer.write("  games won \(games)", row: row, column: column) }
            if let chance = track.chance {
                let percent = (chance.value * 100).decimal(places: 0)
                buffer.write("  \(percent)% to win\(chance.now ? "" : " as the round began")", row: row, column: column,
                             style: .dim)
            } else if model.chanceForTwoOnly && index == 0 {
                let note = "  the chance to win is for two players"
                if column + note.displayWidth <= size.width { buffer.write(note, row: row, column: column, style: .dim) }
            }

            let top = row + 1
            for holeRow in 0..<layout.holeRows {
                for number in (holeRow * BoardLayout.holesPerRow + 1)...((holeRow + 1) * BoardLayout.holesPerRow) {
                    buffer.write(hole, row: top + holeRow, column: layout.place(hole: number).column, style: .dim)
                }
            }
            for line in model.skunkLines {
                let place = layout.line(before: line)
                buffer.write(mark, row: top + place.row, column: place.column, style: .bold)
            }
            buffer.write(game, row: top + layout.gameHole.row, column: layout.gameHole.column, style: .bold)
            for (score, glyph, bold) in [(track.pegs.back, back, false), (track.pegs.front, front, true)] {
                let style = Style(bold: bold, color: color)
                if score == 0 {
                    buffer.write(glyph, row: top, column: layout.left, style: style)
                } else if score >= model.target {
                    buffer.write(glyph, row: top + layout.gameHole.row, column: layout.gameHole.column, style: style)
                } else {
                    let place = layout.place(hole: score)
                    buffer.write(glyph, row: top + place.row, column: place.column, style: style)
                }
            }
            row = top + layout.holeRows + gap
        }
        row += 1 - gap

        let width = size.width - layout.left - 1
        buffer.write(model.status.clipped(to: width, glyphs: glyphs), row: row, column: layout.left, style: .bold)
        row += 1
        if let prompt = model.prompt {
            // The prompt gives way to the typed points: they always show.
            let room = Swift.max(1, width - model.typed.displayWidth - 2 - 2)
            var column = buffer.write("\(prompt.clipped(to: room, glyphs: glyphs)): ", row: row, column: layout.left, style: .bold)
            column = buffer.write(model.typed, row: row, column: column)
            column = buffer.write(" ", row: row, column: column, style: .reverse)
            if model.inThePlay {
                let tab = KeyMap.key(for: .board(.targetSwitched)), show = KeyMap.key(for: .board(.showBegun))
                let seats = (0..<model.seats).map { KeyMap.key(for: .board(.pegEntered(player: $0))) }.joined(separator: " ")
                let seatHint = "  \(seats): a seat's peg"
                let full = (model.pegs ? "  \(tab): next player  \(show): the show" : "  \(tab): a peg instead") + seatHint
                // What does not fit gives way: tab first (the seat keys do its work), then the rest is cut.
                let room = size.width - column - 1
                let hint = full.displayWidth <= room || !model.pegs ? full : "  \(show): the show" + seatHint
                buffer.write(hint.clipped(to: Swift.max(0, room), glyphs: glyphs), row: row, column: column + 1, style: .dim)
            }
            row += 1
            if model.setup != nil {
                // The set-up's lines follow in place of the log.
            } else if let asking = model.asking {
                let cancel = KeyMap.key(for: .board(.entryCancelled))
                let text = switch asking {
                case .starter: "\(cancel): not now (the starter tells the board the show's counts)"
                case .crib: "\(cancel): type the crib's total instead  \(KeyMap.key(for: .board(.cribRankErased))): take back a rank"
                }
                buffer.write(text.clipped(to: width, glyphs: glyphs), row: row, column: layout.left, style: .dim)
            } else if let show = model.showCount {
                let enter = KeyMap.key(for: .board(.numberEntered))
                var text = model.typed.isEmpty ? "\(enter): \(show.points) (\(show.words))"
                    : "\(enter): \(model.typed) as typed; the cards count \(show.points)"
                if let flush = show.flush {
                    let kind = flush.to.flush == 0 ? "no flush" : "a flush of \(flush.to.flush == 4 ? "four" : "five")"
                    let nobs = flush.nobsChanges ? (flush.to.nobs ? " and his nobs" : " without his nobs") : ""
                    text += "  \(KeyMap.key(for: .board(.flushToggled))): \(kind)\(nobs) \(Self.signed(flush.adds))"
                }
                if let nobs = show.nobs {
                    text += "  \(KeyMap.key(for: .board(.nobsToggled))): \(nobs > 0 ? "his nobs" : "no nobs") \(Self.signed(nobs))"
                }
                buffer.write(text.clipped(to: width, glyphs: glyphs), row: row, column: layout.left)
            } else if let hand = model.counterHand {
                let counterKey = KeyMap.key(for: .board(.counterHandEntered))
                var column = buffer.write("\(counterKey): the counter's ", row: row, column: layout.left)
                column = CardText.draw([hand.cut], row: row, column: column, glyphs: glyphs, into: &buffer)
                column = buffer.write(" \(glyphs.vertical) ", row: row, column: column, style: .dim)
                column = CardText.draw(hand.cards, row: row, column: column, glyphs: glyphs, into: &buffer)
                buffer.write(" counts \(hand.points) as \(hand.count)", row: row, column: column)
            } else {
                buffer.write("\(KeyMap.key(for: .board(.counterHandEntered))): the counter's hand, once it has five cards "
                             + "(\(KeyMap.key(for: .backRequested, in: [.board])): the counter)", row: row,
                             column: layout.left, style: .dim)
            }
            row += 1
        } else if let next = model.nextGame {
            buffer.write(next.clipped(to: width, glyphs: glyphs), row: row, column: layout.left, style: .bold)
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
                buffer.write(line, row: bottom + offset, column: layout.left, style: Style(bold: true, color: .red))
            }
        }
        let room = Swift.max(0, bottom - row - 1)
        if room > 0, let setup = model.setup {
            for (offset, line) in setup.prefix(room + 1).enumerated() {
                buffer.write(line.clipped(to: width, glyphs: glyphs), row: row + offset, column: layout.left,
                             style: line.hasPrefix(">") ? .bold : Style())
            }
        } else if room > 0, let records = model.records {
            let hide = KeyMap.key(for: .board(.recordsToggled))
            buffer.write("Records (as game --stats; \(hide) hides them)", row: row, column: layout.left, style: Style(underline: true))
            for (offset, line) in records.prefix(room).enumerated() {
                buffer.write(line.clipped(to: width, glyphs: glyphs), row: row + 1 + offset, column: layout.left)
            }
        } else if room > 0, !model.log.isEmpty {
            buffer.write("Last entries", row: row, column: layout.left, style: Style(underline: true))
            // The newest entries, each wrapped (its totals at the end), as many as fit.
            var lines: [String] = []
            for entry in model.log.reversed() {
                let wrapped = entry.wrapped(width: Swift.max(1, width - 2)).enumerated().map { $0.offset == 0 ? $0.element : "  " + $0.element }
                guard lines.count + wrapped.count <= room else { break }
                lines.insert(contentsOf: wrapped, at: 0)
            }
            for (offset, line) in lines.enumerated() {
                buffer.write(line.clipped(to: width, glyphs: glyphs), row: row + 1 + offset, column: layout.left)
            }
        }
        for (offset, line) in footLines.enumerated() {
            buffer.write(line, row: size.height - 1 - footLines.count + offset, column: layout.left,
                         style: Style(bold: true, color: .yellow))
        }
        Frame.drawHints(for: model.chain, offers: model.offers, glyphs: glyphs, into: &buffer)
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
