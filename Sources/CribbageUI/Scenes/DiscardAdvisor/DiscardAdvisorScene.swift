import Canvas
import CribbageCore

extension Scene {
    /// Six cards dealt, the 15 keeps of four ranked for the role.
    static let discardAdvisor: Scene = Scene(
        name: "discardAdvisor",
        title: "Discard Advisor",
        intro: "Deal six cards: the 15 keeps of four show, best first.",
        keyGroups: [KeyGroup.discardDealing, KeyGroup.discardKeeps, KeyGroup.discardAdvisor],
        keyChain: { state in [state.discardAdvisor.analysis == nil ? .discardDealing : .discardKeeps, .discardAdvisor, .global] },
        open: { state in DiscardAdvisorScene.open(&state, playingTo: state.board?.game) },
        reduce: reducing({ $0.discardAdvisor }) { state, action in
            var scene = state.discardAdvisor
            defer { state.discardAdvisor = scene }
            return DiscardAdvisorScene.reduce(&scene, action, &state.shared)
        },
        render: { state, glyphs, buffer in
            DiscardAdvisorRenderer.render(DiscardAdvisorViewModel(state: state), glyphs: glyphs, into: &buffer)
        },
        entryTarget: .deal,
        click: { state, row, column in
            guard state.discardAdvisor.analysis == nil else {
                return DiscardAdvisorLayout.keep(atRow: row, size: state.screenSize).map { .discardAdvisor(.keepClicked($0)) }
            }
            return CardGrid.card(atRow: row, column: column, placement: Placement(size: state.screenSize))
                .map { .discardAdvisor(.cardToggled($0)) }
        },
        work: { state in
            guard let asked = state.discardAdvisor.chancesAsked else { return [] }
            return [Job(.discardAdvisor, key: asked.key, progress: Notice(DiscardAdvisorNotice.workingOutTheChances(asked.score))) {
                .discardAdvisor(.chancesWorkedOut(asked.workOut(), for: asked.key))
            }]
        },
        newHandStarted: { state in state.discardAdvisor.setPicks([]) }
    )
}

extension KeyScope {
    static let discardAdvisor: KeyScope = KeyScope(title: "Discard Advisor")
    static let discardDealing: KeyScope = KeyScope(title: "Discard Advisor, dealing")
    static let discardKeeps: KeyScope = KeyScope(title: "Discard Advisor, keeps")
}

extension KeyGroup {
    static let discardDealing: KeyGroup = KeyGroup(scope: .discardDealing, commands: [
        KeyCommand("move the cursor", bindings: KeyMap.moves { .discardAdvisor(.cursorMoved($0)) }),
        KeyCommand("to the row's ends, the grid's corners", bindings: KeyMap.ends { .discardAdvisor(.cursorMoved($0)) }),
        KeyCommand("deal or put back the cursor's card, or click", hint: "deal",
                   keys: [.character(" "), .enter], action: .discardAdvisor(.cursorCardToggled), also: "click"),
    ])

    static let discardKeeps: KeyGroup = KeyGroup(scope: .discardKeeps, commands: [
        KeyCommand("highlight a keep", hint: "choose", bindings: [
            KeyBinding(keys: [.up, .character("k"), .scrollUp], action: .discardAdvisor(.keepHighlighted(offset: -1))),
            KeyBinding(keys: [.down, .character("j"), .scrollDown], action: .discardAdvisor(.keepHighlighted(offset: 1))),
        ]),
        KeyCommand("take these four to pick the cut (or click twice)", hint: "keep", keys: [.enter],
                   action: .discardAdvisor(.keepChosen)),
        KeyCommand("rank the keeps to win from the score, or by points",
                   keys: [.character("s")], action: .discardAdvisor(.rankingSwitched)),
    ])

    static let discardAdvisor: KeyGroup = KeyGroup(scope: .discardAdvisor, commands: [
        KeyCommand("type the six cards dealt: 5s 4d jd 4c 5c 5h", hint: "type",
                   keys: [.character(":")], action: .entry(.started)),
        KeyCommand("switch the role: dealer, pone, none", hint: "role",
                   keys: [.character("r")], action: .discardAdvisor(.roleSwitched)),
        KeyCommand("switch the opponent's throw: solved, random", hint: "opponent",
                   keys: [.character("o")], action: .discardAdvisor(.opponentSwitched)),
        KeyCommand("put back the last card dealt", keys: [.backspace, .delete],
                   action: .discardAdvisor(.lastCardRemoved)),
        KeyCommand("new deal: put back all six; the hand stays", hint: "new",
                   keys: [.character("n")], action: .discardAdvisor(.newDeal)),
        KeyCommand("back to Hand Selection", hint: "back", keys: [.escape, .character("d")], action: .backRequested),
    ])
}

extension Action {
    /// The scene's own action, when this is one.
    var discardAdvisor: DiscardAdvisorAction? {
        if case .discardAdvisor(let action) = self { return action }
        return nil
    }
}

extension AppState {
    /// The Discard Advisor's state; it lasts between visits.
    var discardAdvisor: DiscardAdvisorState {
        get { scenes[DiscardAdvisorState.self, initial: DiscardAdvisorState()] }
        _modify { yield &scenes[DiscardAdvisorState.self, initial: DiscardAdvisorState()] }
    }
}

extension EntryTarget {
    /// The advisor's six, typed: `5s 4d jd 4c 5c 5h`.
    static let deal = EntryTarget(
        name: "deal", prompt: "Six cards dealt", example: "Type the six cards dealt: 5s 4d jd 4c 5c 5h",
        limit: "six are dealt", submit: { entry, state in
            switch entry.dealtCards() {
            case .success(let cards):
                state.discardAdvisor.setPicks(cards)
                return nil
            case .failure(let error):
                return error
            }
        })
}

extension TypedEntry {
    /// The six typed cards for the Discard Advisor; or why not.
    func dealtCards() -> Result<[Card], EntryError> {
        let tokens = self.tokens
        guard !tokens.isEmpty else { return .failure(.empty(.deal)) }
        guard tokens.count <= 6 else { return .failure(.tooMany(token: tokens[6], .deal)) }
        do {
            return .success(try Card.parseDistinct(tokens))
        } catch {
            return .failure(.invalid(error))
        }
    }
}
