import Canvas
import CribbageCore

extension Scene {
    /// The game to 121 (or 61): each player's pegs and the show's counts, saved after each.
    static let board: Scene = Scene(
        name: "board",
        title: "Board",
        intro: "Peg each player's points, or count the show's hands.",
        keyGroups: [KeyGroup.boardSetup, KeyGroup.boardNames, KeyGroup.boardStarter, KeyGroup.boardCrib, KeyGroup.boardShow, KeyGroup.board],
        keyChain: { state in
            guard let board = state.board else { return [.board, .global] }
            if let setup = board.setup { return setup.field == .names ? [.boardNames, .boardSetup, .global] : [.boardSetup, .global] }
            if board.starterEntry != nil { return [.boardStarter, .global] }
            if board.asksCribCards { return [.boardCrib, .global] }
            if board.showHand(laid: GamePlay.laidBySeat(state.play, board)) != nil { return [.boardShow, .board, .global] }
            return [.board, .global]
        },
        open: { state in
            guard state.board != nil else { return Outcome(effect: .asking(BoardLoad())) }
            state.navigation.push(.board)
            return Outcome()
        },
        reduce: reducing({ $0.board }, BoardScene.reduce),
        render: { state, glyphs, buffer in
            guard let board = state.board else { return }
            BoardRenderer.render(BoardViewModel(state: board, app: state, glyphs: glyphs), glyphs: glyphs, into: &buffer)
        },
        leave: { state in
            if let rules = BoardScene.counterRules(state.board) { state.shared.rules = rules }
        },
        holdsUnsaved: { state in state.board?.saveFailure != nil }
    )
}

extension Opening {
    /// The board on the kept game (`twentynine game`).
    public static let board = Opening(scene: .board)
}

extension KeyScope {
    static let boardSetup: KeyScope = KeyScope(title: "Board, a new game")
    static let boardNames: KeyScope = KeyScope(title: "Board, a new game's names") { .board(.setup(.typed($0))) }
    static let boardStarter: KeyScope = KeyScope(title: "Board, the starter")
    static let boardCrib: KeyScope = KeyScope(title: "Board, the crib's cards")
    static let boardShow: KeyScope = KeyScope(title: "Board, a count from the cards")
    static let board: KeyScope = KeyScope(title: "Board")
}

extension KeyGroup {
    static let boardSetup: KeyGroup = KeyGroup(scope: .boardSetup, commands: [
        KeyCommand("the next line, or the one before", hint: "line", bindings: [
            KeyBinding(keys: [.tab, .down], action: .board(.setup(.fieldMoved(1)))),
            KeyBinding(keys: [.up], action: .board(.setup(.fieldMoved(-1)))),
        ]),
        KeyCommand("the line's next choice, or the one before", hint: "choose", bindings: [
            KeyBinding(keys: [.right], action: .board(.setup(.valueChanged(1)))),
            KeyBinding(keys: [.left], action: .board(.setup(.valueChanged(-1)))),
        ]),
        KeyCommand("start it (an unfinished game: enter twice)", hint: "start", keys: [.enter],
                   action: .board(.setup(.confirmed))),
        KeyCommand("erase a character of the names", keys: [.backspace, .delete], action: .board(.setup(.erased))),
        KeyCommand("keep the game on the board", hint: "cancel", keys: [.escape], action: .board(.setup(.cancelled))),
    ])

    /// On the names line every character is text.
    static let boardNames: KeyGroup = KeyGroup(scope: .boardNames, commands: [
        KeyCommand("the names, comma-separated, in seat order", otherInput: "text"),
    ])

    static let boardStarter: KeyGroup = KeyGroup(scope: .boardStarter, commands: [
        KeyCommand("the starter's rank (0: ten)", hint: "rank",
                   bindings: KeyMap.rankKeys { .board(.starter(.rankPressed($0))) }),
        KeyCommand("the starter's suit: c d h s", hint: "suit",
                   bindings: [Suit.clubs, .diamonds, .hearts, .spades].map { suit in
                       KeyBinding(keys: [.character(Character(suit.letter.lowercased()))],
                                  action: .board(.starter(.suitPressed(suit))))
                   }),
        KeyCommand("not now: back to the board", hint: "cancel", keys: [.escape], action: .board(.starter(.cancelled))),
    ])

    static let boardCrib: KeyGroup = KeyGroup(scope: .boardCrib, commands: [
        KeyCommand("a card of the crib by its rank (0: ten)", hint: "rank",
                   bindings: KeyMap.rankKeys { .board(.crib(.rankPressed($0))) }),
        KeyCommand("take back the last rank", keys: [.backspace, .delete], action: .board(.crib(.rankErased))),
        KeyCommand("undo the last entry of the game", hint: "undo", keys: [.character("u")], action: .board(.undone)),
        KeyCommand("type the crib's total instead", hint: "type its total", keys: [.escape],
                   action: .board(.crib(.typedInstead))),
    ])

    static let boardShow: KeyGroup = KeyGroup(scope: .boardShow, commands: [
        KeyCommand("the board's count (or the total typed)", hint: "score", keys: [.enter], action: .board(.numberEntered)),
        KeyCommand("the next flush the ranks allow: none, four, five", hint: "flush", keys: [.character("f")],
                   action: .board(.show(.flushToggled))),
        KeyCommand("his nobs, where the hand holds a jack", hint: "nobs", keys: [.character("n")],
                   action: .board(.show(.nobsToggled))),
    ])

    static let board: KeyGroup = KeyGroup(scope: .board, commands: [
        KeyCommand("type points: a peg, or the show's next count", hint: "points",
                   bindings: "0123456789".map { digit in
                       KeyBinding(keys: [.character(digit)], action: .board(.digitTyped(digit)))
                   }),
        KeyCommand("enter the points typed", hint: "score", keys: [.enter], action: .board(.numberEntered)),
        // No footer hint: the prompt offers the seats' keys while the round is in its play.
        KeyCommand("a peg of the points typed for seat 1, 2, 3, 4",
                   bindings: Array("!@#$".enumerated().map { seat, key in
                       KeyBinding(keys: [.character(key)], action: .board(.pegEntered(player: seat)))
                   })),
        KeyCommand("erase a digit", keys: [.backspace, .delete], action: .board(.digitErased)),
        KeyCommand("a correction: points, + or -, then the seat's key",
                   bindings: [KeyBinding(keys: [.character("+")], action: .board(.correctionMarked(sign: 1))),
                              KeyBinding(keys: [.character("-")], action: .board(.correctionMarked(sign: -1)))]),
        // No footer hints: the prompt offers these two while the round is in its play, and only then.
        KeyCommand("whose peg: the next player in the play", keys: [.tab], action: .board(.targetSwitched)),
        KeyCommand("the play is over: numbers go to the show", keys: [.character("s")], action: .board(.showBegun)),
        KeyCommand("the counter's hand as the show's next count", hint: "hand",
                   keys: [.character("c")], action: .board(.counterHandEntered)),
        KeyCommand("The Play: the round's pegging, card by card", hint: "play",
                   keys: [.character("t")], action: .opened(.play)),
        KeyCommand("undo the last entry of the game", hint: "undo", keys: [.character("u")], action: .board(.undone)),
        KeyCommand("the starter by rank and suit (a jack: his heels)", hint: "cut",
                   keys: [.character("x")], action: .board(.starter(.asked))),
        KeyCommand("his heels: a jack cut, 2 to the dealer", hint: "heels",
                   keys: [.character("h")], action: .board(.heelsScored)),
        KeyCommand("a new game once this one is over", hint: "new game",
                   keys: [.character("n")], action: .board(.newGameStarted)),
        KeyCommand("the players' records (as game --stats), or hide them", hint: "records",
                   keys: [.character("r")], action: .board(.recordsToggled)),
        KeyCommand("a new game: players, length, dealer, names", keys: [.character("N")],
                   action: .board(.setup(.opened))),
        KeyCommand("a game against the computer", keys: [.character("v")], action: .opened(.table)),
        KeyCommand("review this game: cards laid graded, counts checked", keys: [.character("V")],
                   action: .opened(.boardReview)),
        KeyCommand("back to the counter (B returns)", hint: "counter", keys: [.escape], action: .backRequested),
    ])
}

extension Action {
    /// The scene's own action, when this is one.
    var board: BoardAction? {
        if case .board(let action) = self { return action }
        return nil
    }
}

extension AppState {
    /// The game on the board, when the program keeps one.
    var board: BoardState? {
        get { scenes[BoardState.self] }
        _modify { yield &scenes[BoardState.self] }
    }
}
