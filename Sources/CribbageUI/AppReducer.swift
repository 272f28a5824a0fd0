import Canvas
import CribbageCore

/// The app-level reducer: the active scene's reduce for its own actions, the app's steps for
/// the rest, then what every action shares. Two rules hold by construction: the notice is
/// whatever the last action left (so it clears itself), and a scroll never outruns its layout.
enum AppReducer {
    static func reduce(_ state: inout AppState, _ action: Action, glyphs: Glyphs) -> Effect {
        let before = state.selection
        let outcome = state.navigation.active.reduce(&state, action) ?? appStep(&state, action)
        rememberForUndo(before, after: action, &state)
        move(outcome.route, &state)
        if !action.isPassive { state.notice = outcome.notice }
        for scene in [state.navigation.top, state.navigation.overlay].compactMap(\.self) {
            scene.clampScroll?(&state, glyphs)
        }
        return outcome.effect
    }

    /// What an action no scene on top handles does: opening scenes, the settings the scenes
    /// share, the typed line, and the program's own inputs.
    private static func appStep(_ state: inout AppState, _ action: Action) -> Outcome {
        switch action {
        case .opened(let scene): return scene.open?(&state) ?? Scene.push(scene)(&state)
        case .gameOpened(let game, let message): return BoardScene.open(game, message: message, &state)
        case .board(.saved(let failure)): state.board?.saveFailure = failure
        case .tableOpened(let table, let message): return TableScene.open(table, message: message, &state)
        case .table(.saved(let failure)): if var table = state.table { TableScene.saved(failure, &table); state.table = table }
        case .entry(let action): return TypedEntry.reduce(&state, action)
        case .backRequested:
            if state.navigation.top == .board, let rules = BoardScene.counterRules(state.board) { state.shared.rules = rules }
            return Outcome(route: .back)
        case .helpToggled: toggleHelp(&state)
        case .newHandRequested: return newHand(&state)
        case .rulesToggled: state.shared.rules = state.rules == .hand ? .crib : .hand
        case .practiceToggled: togglePractice(&state)
        case .redrawRequested: return Outcome(effect: .redraw)
        case .quitRequested: return quit(state)
        case .resized(let size): state.screenSize = size
        case .gameUnavailable(let reason): return Outcome(notice: .gameUnavailable(reason))
        case .keyUnbound(let key): return Outcome(notice: .keyDoesNothing(key, in: state.navigation.active))
        case .handSelection, .breakdown, .discardAdvisor, .help, .play, .board, .table: break // not on top: ignored
        }
        return Outcome()
    }

    /// A game that is not saved is not dropped without a word: the first quit says so.
    private static func quit(_ state: AppState) -> Outcome {
        let asked = Notice.quitLosesTheGame(key: KeyMap.key(for: .quitRequested, in: state.keyChain))
        if state.board?.saveFailure != nil || state.table?.saveFailure != nil, state.notice != asked { return Outcome(notice: asked) }
        return Outcome(effect: .quit)
    }

    private static func rememberForUndo(_ before: Selection, after action: Action, _ state: inout AppState) {
        guard state.selection != before, action != .handSelection(.undone) else { return }
        state.shared.history.append(before)
        if state.shared.history.count > SharedState.historyLimit { state.shared.history.removeFirst() }
    }

    private static func move(_ route: RouteChange?, _ state: inout AppState) {
        switch route {
        case .back: state.navigation.pop()
        case .root: state.navigation.popToRoot()
        case nil: break
        }
    }

    private static func toggleHelp(_ state: inout AppState) {
        if state.navigation.overlay == .help { state.navigation.dismiss() } else { _ = Scene.help.open?(&state) }
    }

    private static func newHand(_ state: inout AppState) -> Outcome {
        state.shared.selection = Selection()
        state.discardAdvisor.setPicks([])
        state.entry = nil
        return Outcome(route: .root)
    }

    private static func togglePractice(_ state: inout AppState) {
        state.shared.practice.toggle()
        // Turned on over the breakdown: that hand's count is already shown, so not asked.
        if state.isAnswering, state.navigation.top == .breakdown, let hand = state.selection.completeHand {
            state.shared.practice.pass(hand: hand, rules: state.rules)
        }
    }
}

extension Action {
    /// Actions the player did not take (a resize, a repaint, a save's outcome) leave the notice
    /// as it is.
    var isPassive: Bool {
        switch self {
        case .resized, .redrawRequested, .board(.saved), .table(.saved): true
        default: false
        }
    }
}
