import CribbageCore

/// The app-level reducer: routes each action to the scene it belongs to, while that scene is
/// on top, and owns what the scenes share (the selection, the rules, practice, navigation).
///
/// Two rules hold by construction: the notice is whatever the last action left (so it clears
/// itself), and a pushed breakdown carries its complete hand.
enum AppReducer {
    static func reduce(_ state: inout AppState, _ action: Action) -> Effect {
        let before = state.selection
        var outcome = Outcome()
        var effect = Effect.none
        switch action {
        case .handSelection(let action):
            guard state.navigation.top == .handSelection, state.navigation.overlay == nil else { break }
            outcome = HandSelection.reduce(&state.handSelection, action, &state.shared)
        case .breakdown(let action):
            guard state.navigation.overlay == nil else { break }
            state.navigation.updateBreakdown { BreakdownScene.reduce(&$0, action) }
        case .discardAdvisor(let action):
            guard state.navigation.top == .pushed(.discardAdvisor), state.navigation.overlay == nil else { break }
            outcome = DiscardAdvisorScene.reduce(&state.discardAdvisor, action, &state.shared)
        case .help(let action):
            guard state.navigation.overlay == .help else { break }
            HelpScene.reduce(&state.help, action)
        case .play(let action):
            guard state.navigation.top == .pushed(.play), state.navigation.overlay == nil else { break }
            if var board = state.board {
                outcome = GamePlay.reduce(&state.play, &board, action)
                effect = changed(&state, to: board)
            } else {
                outcome = PlayScene.reduce(&state.play, action)
            }
        case .entry(let action):
            reduceEntry(&state, action)
        case .board(let action):
            guard (state.navigation.top == .pushed(.board) && state.navigation.overlay == nil) || action.isSaved,
                  var board = state.board else { break }
            BoardScene.reduce(&board, action, state.shared)
            if action == .counterHandEntered, let before = state.board, board.game.log.count > before.game.log.count {
                // Counted: the counter is ready for the next hand of the round, on the same cut.
                let cut = board.game.round == before.game.round ? state.selection.cut : nil
                state.shared.selection.replace(cut: cut, hand: [])
            }
            effect = changed(&state, to: board, started: action == .newGameStarted)

        case .opened(.breakdown):
            if let hand = state.selection.completeHand {
                // The breakdown gives the count away: opening it ends the question.
                if state.isAnswering { state.shared.practice.end(hand: hand, rules: state.rules, claimed: nil) }
                state.navigation.push(.breakdown(BreakdownState(hand: hand)))
            } else {
                outcome.notice = .breakdownNeedsFiveCards
            }
        case .opened(.discardAdvisor):
            state.navigation.push(.discardAdvisor)
        case .opened(.play):
            if var board = state.board {
                GamePlay.open(&state.play, &board)
                state.board = board
            }
            state.navigation.push(.play)
        case .opened(.board):
            if state.board != nil { state.navigation.push(.board) } else { effect = .gameRequested }
        case .backRequested:
            outcome.route = .back
        case .helpToggled:
            if state.navigation.overlay == .help {
                state.navigation.dismiss()
            } else {
                state.help = HelpState()
                state.navigation.present(.help)
            }
        case .newHandRequested:
            state.shared.selection = Selection()
            state.discardAdvisor.setPicks([])
            state.entry = nil
            outcome.route = .root
        case .rulesToggled:
            state.shared.rules = state.rules == .hand ? .crib : .hand
        case .practiceToggled:
            state.shared.practice.toggle()
            // Turned on over the breakdown: that hand's count is already shown, so not asked.
            if state.isAnswering, state.navigation.breakdown != nil, let hand = state.selection.completeHand {
                state.shared.practice.pass(hand: hand, rules: state.rules)
            }

        case .redrawRequested:
            effect = .redraw
        case .quitRequested:
            // A game not saved is not dropped without a word: the first quit says so.
            if state.board?.saveFailure != nil, state.notice != .quitLosesTheGame {
                outcome.notice = .quitLosesTheGame
            } else {
                effect = .quit
            }
        case .resized(let size):
            state.screenSize = size
        case .gameUnavailable(let reason):
            outcome.notice = .gameUnavailable(reason)
        case .keyUnbound(let key):
            outcome.notice = .keyDoesNothing(key, in: state.navigation.overlay.map(Route.overlay) ?? state.navigation.top)
        }
        if state.selection != before, action != .handSelection(.undone) {
            state.shared.history.append(before)
            if state.shared.history.count > SharedState.historyLimit { state.shared.history.removeFirst() }
        }
        switch outcome.route {
        case .back: state.navigation.pop()
        case .root: state.navigation.popToRoot()
        case nil: break
        }
        if !action.isPassive { state.notice = outcome.notice }
        return effect
    }

    /// Keeps the board's new state, and asks for the game to be saved when it changed.
    private static func changed(_ state: inout AppState, to board: BoardState, started: Bool = false) -> Effect {
        defer { state.board = board }
        guard board.game != state.board?.game else { return .none }
        return started ? .gameStarted(board.game) : .gameChanged(board.game)
    }

    private static func reduceEntry(_ state: inout AppState, _ action: EntryAction) {
        switch action {
        case .started:
            guard state.navigation.overlay == nil else { return }
            switch state.navigation.top {
            case .handSelection: state.entry = TypedEntry(target: .counter)
            case .pushed(.discardAdvisor): state.entry = TypedEntry(target: .deal)
            default: break
            }
        case .typed(let character):
            state.entry?.text.append(character)
            state.entry?.error = nil
        case .erased:
            if state.entry?.text.isEmpty == false { state.entry?.text.removeLast() }
            state.entry?.error = nil
        case .cancelled:
            state.entry = nil
        case .submitted:
            guard let entry = state.entry else { return }
            switch entry.target {
            case .counter:
                let selection = state.selection
                let cutAlone = selection.cut == nil && selection.hand.count == 4
                switch entry.counterCards(cutAlone: cutAlone) {
                case .success(.cutFirst(let cut, let hand)):
                    state.shared.selection.replace(cut: cut, hand: hand)
                    state.handSelection.cursor = GridPosition(cut)
                    state.entry = nil
                case .success(.cutAlone(let cut)):
                    if let error = state.shared.selection.setCut(cut) {
                        state.entry?.error = error
                    } else {
                        state.handSelection.cursor = GridPosition(cut)
                        state.entry = nil
                    }
                case .failure(let error):
                    state.entry?.error = error
                }
            case .deal:
                switch entry.dealtCards() {
                case .success(let cards):
                    state.discardAdvisor.setPicks(cards)
                    state.entry = nil
                case .failure(let error):
                    state.entry?.error = error
                }
            }
        }
    }
}

extension BoardAction {
    /// A save's outcome arrives whatever is on top.
    var isSaved: Bool {
        if case .saved = self { return true }
        return false
    }
}

extension Action {
    /// Actions the player did not take (a resize, a repaint) leave the notice as it is.
    var isPassive: Bool {
        switch self {
        case .resized, .redrawRequested, .board(.saved): true
        default: false
        }
    }
}
