import CribbageCore

/// The club of this session: the server answers it (`ClubLink`); at home there is none.
public struct ClubLoad: SceneRequest {
    public static let unanswered = KeptClub.none

    public init() {}

    var scene: Scene { .lobby }
    func reply(_ answer: KeptClub) -> Action {
        if case .club(let link) = answer { return .lobby(.loaded(ClubBox(link: link))) }
        return .lobby(.loaded(nil))
    }
}

/// The club a session belongs to, or none.
public enum KeptClub: Sendable {
    case club(any ClubLink)
    case none
}

/// What the lobby asks of the club, performed by the keeper on the program's side.
struct LobbyCall: SceneRequest, PerformedRequest {
    enum Call: Hashable, Sendable {
        case read
        case invite(String, ClubInvitation.Settings)
        case answer(from: String, accept: Bool)
        case open(String)
        case watch(String)
        case say(String)
        case mute(String)
    }

    static let unanswered = LobbyReply.refused(ClubRefusal("No club here: the lobby is the server's (twentynine serve)"))

    let club: ClubBox
    let call: Call

    var scene: Scene { .lobby }
    func reply(_ answer: LobbyReply) -> Action { .lobby(.replied(answer)) }

    func performed() -> any Sendable { perform() }

    func perform() -> LobbyReply {
        let link = club.link
        switch call {
        case .read:
            return .lobby(link.lobby())
        case .invite(let name, let settings):
            if let refusal = link.invite(name, settings) { return .refused(ClubRefusal(refusal)) }
            return .invited(name, link.lobby())
        case .answer(let from, let accept):
            switch link.answer(invitationFrom: from, accept: accept) {
            case .success(let table?): return .table(table)
            case .success(nil): return .declined(from, link.lobby())
            case .failure(let refusal): return .refused(refusal)
            }
        case .open(let id):
            return .tableOrRefusal(link.open(id))
        case .watch(let player):
            return .tableOrRefusal(link.watch(player))
        case .say(let line):
            if let refusal = link.say(line) { return .refused(ClubRefusal(refusal)) }
            return .lobby(link.lobby())
        case .mute(let name):
            link.mute(name)
            return .lobby(link.lobby())
        }
    }
}

extension LobbyReply {
    /// The table opened, or why not.
    static func tableOrRefusal(_ result: Result<SharedTable, ClubRefusal>) -> LobbyReply {
        switch result {
        case .success(let table): .table(table)
        case .failure(let refusal): .refused(refusal)
        }
    }
}

/// The club's answer to the lobby.
enum LobbyReply: Hashable, Sendable {
    case lobby(ClubLobby)
    case invited(String, ClubLobby)
    case declined(String, ClubLobby)
    case table(SharedTable)
    case refused(ClubRefusal)
}

