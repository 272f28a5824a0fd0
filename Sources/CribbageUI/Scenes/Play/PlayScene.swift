import Canvas

extension Scene {
    /// The pegging, card by card, for 2, 3 or 4 players; the board's round while a game is kept.
    static let play: Scene = Scene(
        name: "play",
        title: "The Play",
        intro: "Lay the cards in turn: each count and peg shows at once.",
        keyGroups: [KeyGroup.play],
        keyChain: { _ in [.play, .global] },
        open: { state in
            GamePlay.open(&state)
            state.navigation.push(.play)
            return Outcome()
        },
        reduce: reducing({ $0.play }, GamePlay.reduce),
        render: { state, glyphs, buffer in
            PlayRenderer.render(PlayViewModel(state: state), glyphs: glyphs, into: &buffer)
        },
        click: { state, row, column in
            CardGrid.card(atRow: row, column: column, placement: Placement(size: state.screenSize)).map { .play(.cardLaid($0)) }
        },
        work: { state in
            // The hint's analysis, off the key path, for the decision at hand.
            guard state.play.showsHint, case .success(let decision)? = PlayViewModel.hintDecision(state.play.play, selection: state.selection),
                  state.play.advice?.decision != decision else { return [] }
            return [Job(.play, key: decision, progress: .playHintWorking) { analyst in
                .play(.adviceWorkedOut(KeptAdvice(decision: decision, analysis: analyst.advice(decision))))
            }]
        }
    )
}

extension KeyScope {
    static let play: KeyScope = KeyScope(title: "The Play")
}

extension KeyGroup {
    static let play: KeyGroup = KeyGroup(scope: .play, commands: [
        KeyCommand("lay a card by its rank (0: ten), suit unasked", hint: "lay",
                   bindings: KeyMap.rankKeys { .play(.rankLaid($0)) }),
        // The arrows and h l: j and k are the jack and the king here.
        KeyCommand("move the cursor", bindings: KeyMap.moves { .play(.cursorMoved($0)) }.map { binding in
            KeyBinding(keys: binding.keys.filter { ![.character("j"), .character("k")].contains($0) }, action: binding.action)
        }),
        KeyCommand("to the row's ends", bindings: KeyMap.rowEnds { .play(.cursorMoved($0)) }),
        KeyCommand("lay the cursor's card in turn, or click",
                   keys: [.character(" "), .enter], action: .play(.cursorCardLaid), also: "click"),
        KeyCommand("go: the player to play has no card that fits", hint: "go",
                   keys: [.character("g")], action: .play(.goSaid)),
        KeyCommand("take back the last card or go", hint: "take back", keys: [.backspace, .delete],
                   action: .play(.tokenTakenBack)),
        KeyCommand("hint: the engine's ranking of the cards to lay", hint: "hint",
                   keys: [.character("e")], action: .play(.hintToggled)),
        KeyCommand("2, 3 or 4 players in turn: a new play", hint: "players",
                   keys: [.character("p")], action: .play(.playersCycled)),
        KeyCommand("back (to the board with a game); the play stays", hint: "back", keys: [.escape],
                   action: .backRequested),
        KeyCommand("quit (q is a queen here)", hint: "quit", keys: [.character("Q")], action: .quitRequested),
    ])
}

extension Action {
    /// The scene's own action, when this is one.
    var play: PlayAction? {
        if case .play(let action) = self { return action }
        return nil
    }
}

extension AppState {
    /// The Play's state; it lasts between visits.
    var play: PlayState {
        get { scenes[PlayState.self, initial: PlayState()] }
        _modify { yield &scenes[PlayState.self, initial: PlayState()] }
    }
}
