import Canvas
import CribbageCore

/// The app-level reducer: the active scene's reduce for its own actions, the scene that asked
/// for an answer or a job's result, the app's steps for the rest, then what every action shares.
/// Two rules hold by construction: the notice is whatever the last action the player took left
/// (so it clears itself), and a scroll never outruns its layout.
enum AppReducer {
    static func reduce(_ state: inout AppState, _ action: Action, glyphs: Glyphs) -> Effect {
        let before = state.selection
        var outcome: Outcome
        switch action {
        case .answered(let scene, let answer):
            outcome = scene.reduce(&state, answer) ?? Outcome()
        case .jobFinished(let id, let result):
            // A job no longer wanted (its scene closed, or its key changed) is dropped.
            let wanted = state.jobs.contains { $0.id == id }
            outcome = wanted ? id.scene.reduce(&state, result) ?? Outcome() : Outcome()
        default:
            outcome = state.navigation.active.reduce(&state, action) ?? appStep(&state, action)
        }
        rememberForUndo(before, after: action, &state)
        move(outcome.route, &state)
        if case .backThen(let next)? = outcome.route, let more = state.navigation.active.reduce(&state, next) {
            outcome = Outcome(notice: more.notice ?? outcome.notice, route: nil, effect: more.effect)
        }
        if !action.isPassive {
            state.notice = outcome.notice
        } else if let notice = outcome.notice {
            state.notice = notice
        }
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
        case .entry(let action): return TypedEntry.reduce(&state, action)
        case .backRequested:
            state.navigation.top.leave?(&state)
            return Outcome(route: .back)
        case .helpToggled: toggleHelp(&state)
        case .newHandRequested: return newHand(&state)
        case .rulesToggled: state.shared.rules = state.rules == .hand ? .crib : .hand
        case .practiceToggled: togglePractice(&state)
        case .redrawRequested: return Outcome(effect: .redraw)
        case .quitRequested: return quit(state)
        case .resized(let size): state.screenSize = size
        case .keyUnbound(let key): return Outcome(notice: .keyDoesNothing(key, in: state.navigation.active))
        default: break // a scene's action while the scene is not active: ignored (an answer was reduced above)
        }
        return Outcome()
    }

    /// A game that is not saved is not dropped without a word: the first quit says so.
    private static func quit(_ state: AppState) -> Outcome {
        let asked = Notice.quitLosesTheGame(key: KeyMap.key(for: .quitRequested, in: state.keyChain))
        if Scene.all.contains(where: { $0.holdsUnsaved?(state) == true }), state.notice != asked {
            return Outcome(notice: asked)
        }
        return Outcome(effect: .quit)
    }

    private static func rememberForUndo(_ before: Selection, after action: Action, _ state: inout AppState) {
        guard state.selection != before, !action.undoesTheSelection else { return }
        state.shared.history.append(before)
        if state.shared.history.count > SharedState.historyLimit { state.shared.history.removeFirst() }
    }

    private static func move(_ route: RouteChange?, _ state: inout AppState) {
        switch route {
        case .back, .backThen: state.navigation.pop()
        case .root: state.navigation.popToRoot()
        case nil: break
        }
    }

    private static func toggleHelp(_ state: inout AppState) {
        if state.navigation.overlay == .help { state.navigation.dismiss() } else { _ = Scene.help.open?(&state) }
    }

    private static func newHand(_ state: inout AppState) -> Outcome {
        state.shared.selection = Selection()
        for scene in Scene.all { scene.newHandStarted?(&state) }
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
    /// Actions the player did not take (a resize, a repaint, a keeper's answer, a job's result)
    /// leave the notice as it is, unless they bring one.
    var isPassive: Bool {
        switch self {
        case .resized, .redrawRequested, .answered, .jobFinished: true
        default: false
        }
    }
}
