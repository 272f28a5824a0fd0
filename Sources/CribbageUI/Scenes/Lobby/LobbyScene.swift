import Canvas
import CribbageCore

extension Scene {
    /// The club's lobby on the server: who is here, invitations, tables that wait, the computer.
    static let lobby: Scene = Scene(
        name: "lobby",
        title: "The club",
        intro: "Who is here: invite a player to a table, accept an invitation, resume a table that waits, or play the computer.",
        keyGroups: [KeyGroup.lobby, KeyGroup.lobbyTalk],
        keyChain: { state in state.lobby?.typing != nil ? [.lobbyTalk, .global] : [.lobby, .global] },
        open: { state in
            guard state.lobby != nil else { return Outcome(effect: .asking(ClubLoad())) }
            state.navigation.push(.lobby)
            return Outcome()
        },
        reduce: reducing({ $0.lobby }, LobbyScene.reduce),
        render: { state, glyphs, buffer in
            guard let lobby = state.lobby else { return }
            LobbyRenderer.render(LobbyViewModel(state: lobby, app: state, glyphs: glyphs), glyphs: glyphs, into: &buffer)
        },
        // The lobby is read again only while it is shown (back from a table, the wait ends at once
        // if it changed meanwhile): a session at a table is woken by its table alone.
        work: { state in state.navigation.top == .lobby ? state.lobby.map(LobbyScene.jobs) ?? [] : [] }
    )
}

extension Opening {
    /// The club's lobby (`twentynine serve` opens each session on it).
    public static let lobby = Opening(scene: .lobby)
}

extension KeyScope {
    static let lobby: KeyScope = KeyScope(title: "The club")
    static let lobbyTalk: KeyScope = KeyScope(title: "The club: a line to say", text: { .lobby(.talkTyped($0)) })
}

extension KeyGroup {
    static let lobby: KeyGroup = KeyGroup(scope: .lobby, commands: [
        KeyCommand("move along the lobby's rows", bindings: [
            KeyBinding(keys: [.up, .character("k")], action: .lobby(.cursorMoved(-1))),
            KeyBinding(keys: [.down, .character("j")], action: .lobby(.cursorMoved(1))),
        ]),
        KeyCommand("accept, resume or invite: the row under the cursor", hint: "choose",
                   keys: [.enter], action: .lobby(.chosen)),
        KeyCommand("decline the invitation", hint: "decline", keys: [.character("x")], action: .lobby(.declined)),
        KeyCommand("your invitations' game: to 121 or to 61", hint: "61/121", keys: [.character("g")],
                   action: .lobby(.targetToggled)),
        KeyCommand("your invitations' muggins: on or off", hint: "muggins", keys: [.character("m")],
                   action: .lobby(.mugginsToggled)),
        KeyCommand("your invitations: rated, or unrated with take-backs", hint: "rated", keys: [.character("r")],
                   action: .lobby(.ratedToggled)),
        KeyCommand("watch the game of the player under the cursor", hint: "watch", keys: [.character("w")],
                   action: .lobby(.watchChosen)),
        KeyCommand("say a line to everyone here", hint: "say", keys: [.character("t")], action: .lobby(.talkStarted)),
        KeyCommand("mute the player under the cursor, or hear them", keys: [.character("M")], action: .lobby(.muteToggled)),
        KeyCommand("play the computer (esc there comes back)", hint: "computer", keys: [.character("c"), .character("v")],
                   action: .lobby(.computerChosen)),
        KeyCommand("the counter (L there comes back)", keys: [.escape], action: .backRequested),
    ])
}

extension KeyGroup {
    /// Typing a line to say: every character is text.
    static let lobbyTalk: KeyGroup = KeyGroup(scope: .lobbyTalk, commands: [
        KeyCommand("say the line", hint: "say", keys: [.enter], action: .lobby(.talkSent)),
        KeyCommand("erase a character", keys: [.backspace, .delete], action: .lobby(.talkErased)),
        KeyCommand("say nothing", hint: "cancel", keys: [.escape], action: .lobby(.talkCancelled)),
    ])
}

extension Action {
    /// The scene's own action, when this is one.
    var lobby: LobbyAction? {
        if case .lobby(let action) = self { return action }
        return nil
    }
}

extension AppState {
    /// The club's lobby, once the club has answered.
    var lobby: LobbyState? {
        get { scenes[LobbyState.self] }
        _modify { yield &scenes[LobbyState.self] }
    }
}
