import Canvas
import CribbageCore

/// What the lobby shows: a line a row, the one under the cursor marked, and the settings.
struct LobbyViewModel: Hashable, Sendable {
    struct Line: Hashable, Sendable {
        let text: String
        let heading: Bool
        let chosen: Bool
    }

    let status: String
    let lines: [Line]
    let notice: Notice?
    let chain: [KeyScope]

    init(state: LobbyState, app: AppState, glyphs: Glyphs) {
        let settings = state.settings
        status = "you are \(state.club.link.name)" + (state.lobby.rating.isEmpty ? "" : ", \(state.lobby.rating)")
        var lines: [Line] = []
        let rows = state.rows
        func section(_ title: String, _ part: [(Int, String)]) {
            guard !part.isEmpty else { return }
            if !lines.isEmpty { lines.append(Line(text: "", heading: false, chosen: false)) }
            lines.append(Line(text: title, heading: true, chosen: false))
            lines += part.map { Line(text: $0.1, heading: false, chosen: $0.0 == state.cursor) }
        }
        func words(_ settings: ClubInvitation.Settings) -> String {
            "to \(settings.target.points), muggins \(settings.muggins ? "on" : "off"), "
                + (settings.rated ? "rated" : "unrated (take-backs)")
        }
        let indexed = Array(rows.enumerated())
        section("Invitations to you", indexed.compactMap { index, row in
            if case .invitation(let invitation) = row { return (index, "\(invitation.from) invites you: \(words(invitation.settings))") }
            return nil
        })
        section("Your tables that wait", indexed.compactMap { index, row in
            if case .waiting(let table) = row {
                return (index, "against \(table.opponent), to \(table.target.points)" + (table.opponentHere ? " (here)" : " (away)")
                    + (table.adjourned ? ", adjourned: resumes when both are here" : ""))
            }
            return nil
        })
        section("Here now", indexed.compactMap { index, row in
            if case .member(let member) = row {
                return (index, member.name + (member.playing ? "  playing" : "  free") + "  (\(member.rating))"
                    + (state.lobby.muted.contains(member.name) ? "  muted" : ""))
            }
            return nil
        })
        section("Your invitations", indexed.compactMap { index, row in
            if case .sent(let invitation) = row { return (index, "to \(invitation.to): \(words(invitation.settings)), not answered yet") }
            return nil
        })
        if rows.isEmpty { lines.append(Line(text: "Nobody else is here yet: c plays the computer", heading: false, chosen: false)) }
        // The last lines said, and the one being typed.
        let said = state.lobby.said.suffix(5).map { Line(text: "\($0.from): \($0.text)", heading: false, chosen: false) }
        if !said.isEmpty || state.typing != nil {
            lines.append(Line(text: "", heading: false, chosen: false))
            lines.append(Line(text: "Said here", heading: true, chosen: false))
            lines += said
            if let typing = state.typing { lines.append(Line(text: "Say: \(typing)_", heading: false, chosen: false)) }
        }
        lines.append(Line(text: "", heading: false, chosen: false))
        lines.append(Line(text: "Next invitation: \(words(settings)) (g, m, r change it)", heading: false, chosen: false))
        self.lines = lines
        notice = app.noticeShown
        chain = app.keyChain
    }
}

/// Draws the lobby: its lines from the second row, the one under the cursor in reverse.
enum LobbyRenderer {
    static func render(_ model: LobbyViewModel, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let width = buffer.size.width - 2
        Frame.drawHeader(Scene.lobby.title, status: model.status, practice: false, glyphs: glyphs, into: &buffer)
        let room = buffer.size.height - 5
        let chosen = model.lines.firstIndex { $0.chosen } ?? 0
        let first = max(0, min(chosen - room + 1, model.lines.count - room))
        for (offset, line) in model.lines.dropFirst(first).prefix(room).enumerated() {
            let text = (line.chosen ? "> " : "  ") + line.text
            buffer.write(text.clipped(to: width, glyphs: glyphs), row: 2 + offset, column: 1,
                         style: line.heading ? .bold : line.chosen ? Style(reverse: true) : .plain)
        }
        Frame.drawFoot(notice: model.notice, noticeRow: buffer.size.height - 2, entry: nil, chain: model.chain,
                       glyphs: glyphs, into: &buffer)
    }
}
