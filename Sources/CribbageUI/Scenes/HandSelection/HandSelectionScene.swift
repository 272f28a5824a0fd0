import Canvas

extension Scene {
    /// The root: pick the cut and four hand cards on the grid; the count shows at once.
    static let handSelection: Scene = Scene(
        name: "handSelection",
        title: "Hand Selection",
        intro: HandSelection.intro,
        keyGroups: [KeyGroup.handSelection, KeyGroup.inAGame, KeyGroup.answering, KeyGroup.typing],
        keyChain: { state in
            (state.isAnswering ? [.answering] : []) + (state.board.map { !$0.game.isOver } == true ? [.inAGame] : [])
                + [.handSelection, .counting, .global]
        },
        reduce: reducing({ $0.handSelection }) { state, action in
            var scene = state.handSelection
            defer { state.handSelection = scene }
            return HandSelection.reduce(&scene, action, &state.shared)
        },
        render: { state, glyphs, buffer in
            HandSelectionRenderer.render(HandSelectionViewModel(state: state), glyphs: glyphs, into: &buffer)
        },
        entryTarget: .counter,
        click: { state, row, column in
            if let card = CardGrid.card(atRow: row, column: column, placement: Placement(size: state.screenSize)) {
                return .handSelection(.cardToggled(card))
            }
            switch HandSelectionLayout(size: state.screenSize).hit(row: row, column: column, hand: state.selection.hand) {
            case .cutSlot: return .handSelection(.cursorCardMadeCut)
            case .handCard(let card): return .handSelection(.madeCut(card))
            case nil: return nil
            }
        }
    )
}

extension HandSelection {
    /// The help's first line here and over the breakdown.
    static let intro = "Pick the cut, then four hand cards: the count shows at once."
}

extension KeyScope {
    static let handSelection: KeyScope = KeyScope(title: "Hand Selection")
    static let answering: KeyScope = KeyScope(title: "Practice, counting")
    /// The counter while the board keeps a game: the way back to it first.
    static let inAGame: KeyScope = KeyScope(title: "Hand Selection, with a game on the board")
}

extension KeyGroup {
    static let handSelection: KeyGroup = KeyGroup(scope: .handSelection, commands: [
        KeyCommand("move the cursor", bindings: KeyMap.moves { .handSelection(.cursorMoved($0)) }),
        KeyCommand("to the row's ends, the grid's corners", bindings: KeyMap.ends { .handSelection(.cursorMoved($0)) }),
        KeyCommand("select or deselect the cursor's card, or click", hint: "select",
                   keys: [.character(" "), .enter], action: .handSelection(.cursorCardToggled), also: "click"),
        KeyCommand("make the cursor's card the cut (or click it)",
                   keys: [.character("c")], action: .handSelection(.cursorCardMadeCut)),
        KeyCommand("undo the last change to the cards",
                   keys: [.character("u")], action: .handSelection(.undone)),
        KeyCommand("type cards: cut first, or the hand / the cut", hint: "type",
                   keys: [.character(":")], action: .entry(.started)),
        KeyCommand("deal a random hand and cut",
                   keys: [.character("r")], action: .handSelection(.dealtAtRandom)),
        KeyCommand("open the breakdown (five cards chosen)", hint: "breakdown",
                   keys: [.character("b"), .tab], action: .opened(.breakdown)),
        // One line for the seven, so that Hand Selection's help still fits one page at 74×22.
        KeyCommand("Advisor, Play, board, game, review, drills, club", hint: "discard", bindings: [
            KeyBinding(keys: [.character("d")], action: .opened(.discardAdvisor)),
            KeyBinding(keys: [.character("t")], action: .opened(.play)),
            KeyBinding(keys: [.character("B")], action: .opened(.board)),
            KeyBinding(keys: [.character("v")], action: .opened(.table)),
            KeyBinding(keys: [.character("V")], action: .opened(.review)),
            KeyBinding(keys: [.character("D")], action: .opened(.drills)),
            KeyBinding(keys: [.character("L")], action: .opened(.lobby)),
        ]),
    ])

    static let inAGame: KeyGroup = KeyGroup(scope: .inAGame, commands: [
        KeyCommand("back to the board; c there counts this hand", hint: "board",
                   keys: [.character("B")], action: .opened(.board)),
    ])

    static let answering: KeyGroup = KeyGroup(scope: .answering, commands: [
        KeyCommand("type your count (practice mode)", hint: "count",
                   bindings: "0123456789".map { digit in
                       KeyBinding(keys: [.character(digit)], action: .handSelection(.answer(.typed(digit))))
                   }),
        KeyCommand("check your count", hint: "check", keys: [.enter], action: .handSelection(.answer(.submitted))),
        KeyCommand("erase a digit of your count", keys: [.backspace, .delete],
                   action: .handSelection(.answer(.erased))),
    ])
}

extension Action {
    /// The scene's own action, when this is one.
    var handSelection: HandSelectionAction? {
        if case .handSelection(let action) = self { return action }
        return nil
    }

    /// Undo of the selection, which the undo history does not remember as a change.
    var undoesTheSelection: Bool { self == .handSelection(.undone) }
}

extension AppState {
    /// Hand Selection's state: the cursor.
    var handSelection: HandSelectionState {
        get { scenes[HandSelectionState.self, initial: HandSelectionState()] }
        _modify { yield &scenes[HandSelectionState.self, initial: HandSelectionState()] }
    }
}
