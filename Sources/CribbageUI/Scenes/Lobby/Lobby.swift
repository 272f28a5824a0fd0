import Canvas
import CribbageCore

/// The lobby's state: the club, the lobby as last read, the row under the cursor and the
/// settings the next invitation carries.
struct LobbyState: Hashable, Sendable {
    let club: ClubBox
    var lobby: ClubLobby
    var cursor = 0
    var settings = ClubInvitation.Settings()
    /// The line being typed to say, while typing.
    var typing: String?

    /// The rows the cursor moves along, in the order drawn: invitations to you, your tables that
    /// wait, the players here, the invitations you sent.
    var rows: [LobbyRow] {
        let me = club.link.name
        return lobby.invitations.filter { $0.to == me }.map(LobbyRow.invitation)
            + lobby.waiting.map(LobbyRow.waiting)
            + lobby.members.map(LobbyRow.member)
            + lobby.invitations.filter { $0.from == me }.map(LobbyRow.sent)
    }

    var row: LobbyRow? { rows.indices.contains(cursor) ? rows[cursor] : nil }
}

/// A row of the lobby.
enum LobbyRow: Hashable, Sendable {
    case invitation(ClubInvitation)
    case waiting(ClubLobby.Waiting)
    case member(ClubLobby.Member)
    case sent(ClubInvitation)
}

/// What the player does in the lobby.
enum LobbyAction: Hashable, Sendable {
    /// The club of this session (nil: none here).
    case loaded(ClubBox?)
    /// The club's answer to a call.
    case replied(LobbyReply)
    case cursorMoved(Int)
    /// Enter: accept the invitation, resume the table, or invite the player under the cursor.
    case chosen
    /// Decline the invitation under the cursor.
    case declined
    /// 61 or 121 for the next invitation.
    case targetToggled
    /// Muggins on or off for the next invitation.
    case mugginsToggled
    /// Rated or unrated (take-backs by consent) for the next invitation.
    case ratedToggled
    /// Watch the game of the player under the cursor.
    case watchChosen
    /// A line to say: begun, a character, one erased, said, or let go.
    case talkStarted
    case talkTyped(Character)
    case talkErased
    case talkSent
    case talkCancelled
    /// Mute the player under the cursor, or hear them again.
    case muteToggled
    /// Play the computer: the table against the computer.
    case computerChosen
}

/// What the lobby says.
enum LobbyNotice: SceneNotice {
    case said(String)
    case invited(String)
    case declined(String)
    case noClub

    func text(glyphs: Glyphs) -> String {
        switch self {
        case .said(let words): words
        case .invited(let name): "Invited \(name): the table opens here when they accept"
        case .declined(let name): "Declined \(name)'s invitation"
        case .noClub: "No club here: the lobby is the server's (twentynine serve)"
        }
    }
}

enum LobbyScene {
    static func loaded(_ club: ClubBox?, _ state: inout AppState) -> Outcome {
        guard let club else { return Outcome(notice: Notice(LobbyNotice.noClub)) }
        state.lobby = LobbyState(club: club, lobby: club.link.lobbyPlaceholder)
        state.navigation.push(.lobby)
        return Outcome(effect: .asking(LobbyCall(club: club, call: .read)))
    }

    static func reduce(_ state: inout AppState, _ action: LobbyAction) -> Outcome {
        if case .loaded(let club) = action { return loaded(club, &state) }
        guard var scene = state.lobby else { return Outcome() }
        defer { state.lobby = scene }
        switch action {
        case .loaded:
            return Outcome()
        case .replied(let reply):
            switch reply {
            case .lobby(let lobby):
                // An invitation of yours accepted: its table opens here, if the lobby is where you are.
                let me = scene.club.link.name
                let accepted = lobby.waiting.first { table in
                    !scene.lobby.waiting.contains { $0.id == table.id }
                        && scene.lobby.invitations.contains { $0.from == me && $0.to == table.opponent }
                }
                scene.lobby = lobby
                scene.cursor = min(scene.cursor, max(0, scene.rows.count - 1))
                if let accepted, state.navigation.top == .lobby {
                    return Outcome(effect: .asking(LobbyCall(club: scene.club, call: .open(accepted.id))))
                }
            case .invited(let name, let lobby):
                scene.lobby = lobby
                return Outcome(notice: Notice(LobbyNotice.invited(name)))
            case .declined(let name, let lobby):
                scene.lobby = lobby
                return Outcome(notice: Notice(LobbyNotice.declined(name)))
            case .table(let shared):
                state.lobby = scene
                return TableScene.openShared(shared, club: scene.club, &state)
            case .refused(let refusal):
                return Outcome(notice: Notice(LobbyNotice.said(refusal.words)))
            }
            scene.cursor = min(scene.cursor, max(0, scene.rows.count - 1))
        case .cursorMoved(let step):
            let count = scene.rows.count
            if count > 0 { scene.cursor = (scene.cursor + step + count) % count }
        case .chosen:
            switch scene.row {
            case .invitation(let invitation):
                return Outcome(effect: .asking(LobbyCall(club: scene.club, call: .answer(from: invitation.from, accept: true))))
            case .waiting(let table):
                return Outcome(effect: .asking(LobbyCall(club: scene.club, call: .open(table.id))))
            case .member(let member):
                return Outcome(effect: .asking(LobbyCall(club: scene.club, call: .invite(member.name, scene.settings))))
            case .sent(let invitation):
                return Outcome(notice: Notice(LobbyNotice.said("\(invitation.to) has not answered yet")))
            case nil:
                return Outcome(notice: Notice(LobbyNotice.said("Nobody else is here yet")))
            }
        case .declined:
            guard case .invitation(let invitation) = scene.row else {
                return Outcome(notice: Notice(LobbyNotice.said("No invitation under the cursor")))
            }
            return Outcome(effect: .asking(LobbyCall(club: scene.club, call: .answer(from: invitation.from, accept: false))))
        case .targetToggled:
            scene.settings.target = scene.settings.target == .long ? .short : .long
        case .mugginsToggled:
            scene.settings.muggins.toggle()
        case .ratedToggled:
            scene.settings.rated.toggle()
        case .talkStarted:
            scene.typing = ""
        case .talkTyped(let character):
            // The club takes at most its limit; a little more is typed, and it says so.
            if let typing = scene.typing, typing.count < 120 { scene.typing = typing + String(character) }
        case .talkErased:
            if scene.typing?.isEmpty == false { scene.typing?.removeLast() }
        case .talkCancelled:
            scene.typing = nil
        case .talkSent:
            guard let line = scene.typing else { return Outcome() }
            scene.typing = nil
            return Outcome(effect: .asking(LobbyCall(club: scene.club, call: .say(line))))
        case .muteToggled:
            guard case .member(let member) = scene.row else {
                return Outcome(notice: Notice(LobbyNotice.said("Put the cursor on a player to mute them")))
            }
            let muted = !scene.lobby.muted.contains(member.name)
            return Outcome(notice: Notice(LobbyNotice.said(muted ? "\(member.name) is muted: their lines are not shown to you"
                                                                 : "\(member.name) is heard again")),
                           effect: .asking(LobbyCall(club: scene.club, call: .mute(member.name))))
        case .watchChosen:
            guard case .member(let member) = scene.row, member.playing else {
                return Outcome(notice: Notice(LobbyNotice.said("Put the cursor on a player who is playing to watch their game")))
            }
            return Outcome(effect: .asking(LobbyCall(club: scene.club, call: .watch(member.name))))
        case .computerChosen:
            // The table against the computer: a table between people open here gives way to it.
            if state.table?.shared != nil { state.table = nil }
            return Scene.table.open?(&state) ?? Outcome()
        }
        return Outcome()
    }

    /// The lobby read again each time the club changes for this player: a job that waits for it.
    static func jobs(_ scene: LobbyState) -> [Job] {
        let club = scene.club, version = scene.lobby.version
        return [Job(.lobby, key: LobbyWait(version: version), awaiting: { await club.link.changes(after: version) }) {
            .lobby(.replied(.lobby(club.link.lobby())))
        }]
    }
}

/// The lobby's wait: for the change after this one.
private struct LobbyWait: Hashable, Sendable {
    let version: Int
}

extension ClubLink {
    /// The lobby before its first reading: nobody, version -1 (so the wait starts at once).
    var lobbyPlaceholder: ClubLobby { ClubLobby(version: -1, rating: "", members: [], invitations: [], waiting: []) }
}
