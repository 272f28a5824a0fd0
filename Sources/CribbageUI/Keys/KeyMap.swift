import Canvas
import CribbageCore

/// The one key table, as data: dispatch reads it to turn keys into actions, and the help
/// overlay, the footer hints and Docs/Keys.md list it, so they cannot drift apart.
enum KeyMap {
    static let groups: [KeyGroup] = [
        KeyGroup(scope: .handSelection, commands: [
            KeyCommand("move the cursor", bindings: moves { .handSelection(.cursorMoved($0)) }),
            KeyCommand("to the row's ends, the grid's corners", bindings: ends { .handSelection(.cursorMoved($0)) }),
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
            // One line for the three, so that Hand Selection's help still fits one page at 74×22.
            KeyCommand("d: Discard Advisor; t: the Play; B: the board", hint: "discard", bindings: [
                KeyBinding(keys: [.character("d")], action: .opened(.discardAdvisor)),
                KeyBinding(keys: [.character("t")], action: .opened(.play)),
                KeyBinding(keys: [.character("B")], action: .opened(.board)),
            ]),
        ]),
        KeyGroup(scope: .answering, commands: [
            KeyCommand("type your count (practice mode)", hint: "count",
                       bindings: "0123456789".map { digit in
                           KeyBinding(keys: [.character(digit)], action: .handSelection(.answer(.typed(digit))))
                       }),
            KeyCommand("check your count", hint: "check", keys: [.enter], action: .handSelection(.answer(.submitted))),
            KeyCommand("erase a digit of your count", keys: [.backspace, .delete],
                       action: .handSelection(.answer(.erased))),
        ]),
        KeyGroup(scope: .typing, commands: [
            KeyCommand("apply the typed cards", hint: "apply", keys: [.enter], action: .entry(.submitted)),
            KeyCommand("erase the last character", hint: "erase", keys: [.backspace, .delete], action: .entry(.erased)),
            KeyCommand("cancel typing, keep the selection", hint: "cancel", keys: [.escape], action: .entry(.cancelled)),
        ]),
        KeyGroup(scope: .breakdown, commands: [
            KeyCommand("back to the results", hint: "back", keys: [.character("b"), .tab, .escape], action: .backRequested),
        ] + scrolling { .breakdown(.scrolled($0)) }),
        KeyGroup(scope: .discardDealing, commands: [
            KeyCommand("move the cursor", bindings: moves { .discardAdvisor(.cursorMoved($0)) }),
            KeyCommand("to the row's ends, the grid's corners", bindings: ends { .discardAdvisor(.cursorMoved($0)) }),
            KeyCommand("deal or put back the cursor's card, or click", hint: "deal",
                       keys: [.character(" "), .enter], action: .discardAdvisor(.cursorCardToggled), also: "click"),
        ]),
        KeyGroup(scope: .discardKeeps, commands: [
            KeyCommand("highlight a keep", hint: "choose", bindings: [
                KeyBinding(keys: [.up, .character("k"), .scrollUp], action: .discardAdvisor(.keepHighlighted(offset: -1))),
                KeyBinding(keys: [.down, .character("j"), .scrollDown], action: .discardAdvisor(.keepHighlighted(offset: 1))),
            ]),
            KeyCommand("take these four to pick the cut (or click twice)", hint: "keep", keys: [.enter],
                       action: .discardAdvisor(.keepChosen)),
        ]),
        KeyGroup(scope: .discardAdvisor, commands: [
            KeyCommand("type the six cards dealt: 5s 4d jd 4c 5c 5h", hint: "type",
                       keys: [.character(":")], action: .entry(.started)),
            KeyCommand("switch the role: none, dealer, pone", hint: "role",
                       keys: [.character("r")], action: .discardAdvisor(.roleSwitched)),
            KeyCommand("switch the opponent's throw: expert, random", hint: "opponent",
                       keys: [.character("o")], action: .discardAdvisor(.opponentSwitched)),
            KeyCommand("put back the last card dealt", keys: [.backspace, .delete],
                       action: .discardAdvisor(.lastCardRemoved)),
            KeyCommand("new deal: put back all six; the hand stays", hint: "new",
                       keys: [.character("n")], action: .discardAdvisor(.newDeal)),
            KeyCommand("back to Hand Selection", hint: "back", keys: [.escape, .character("d")], action: .backRequested),
        ]),
        KeyGroup(scope: .play, commands: [
            KeyCommand("move the cursor", bindings: moves { .play(.cursorMoved($0)) }),
            KeyCommand("to the row's ends", bindings: rowEnds { .play(.cursorMoved($0)) }),
            KeyCommand("lay the cursor's card in turn, or click", hint: "lay",
                       keys: [.character(" "), .enter], action: .play(.cursorCardLaid), also: "click"),
            KeyCommand("go: the player to play has no card that fits", hint: "go",
                       keys: [.character("g")], action: .play(.goSaid)),
            KeyCommand("take back the last card or go", hint: "take back", keys: [.backspace, .delete],
                       action: .play(.tokenTakenBack)),
            KeyCommand("2, 3 or 4 players: a new play", hint: "players",
                       bindings: (2...4).map { players in
                           KeyBinding(keys: [.character(Character(String(players)))], action: .play(.playersChosen(players)))
                       }),
            KeyCommand("back (to the board with a game); the play stays", hint: "back", keys: [.escape, .character("t")],
                       action: .backRequested),
        ]),
        KeyGroup(scope: .board, commands: [
            KeyCommand("type points: a peg, or the show's next count", hint: "points",
                       bindings: "0123456789".map { digit in
                           KeyBinding(keys: [.character(digit)], action: .board(.digitTyped(digit)))
                       }),
            KeyCommand("enter the points typed", hint: "score", keys: [.enter], action: .board(.numberEntered)),
            KeyCommand("erase a digit", keys: [.backspace, .delete], action: .board(.digitErased)),
            KeyCommand("whose points: each player's peg, or the show", hint: "whose",
                       keys: [.tab], action: .board(.targetSwitched)),
            KeyCommand("the counter's hand as the show's next count", hint: "hand",
                       keys: [.character("c")], action: .board(.counterHandEntered)),
            KeyCommand("The Play: the round's pegging, card by card", hint: "play",
                       keys: [.character("t")], action: .opened(.play)),
            KeyCommand("undo the last entry of the game", hint: "undo", keys: [.character("u")], action: .board(.undone)),
            KeyCommand("his heels: a jack cut, 2 to the dealer", hint: "heels",
                       keys: [.character("h")], action: .board(.heelsScored)),
            KeyCommand("a new game once this one is over", hint: "new game",
                       keys: [.character("n")], action: .board(.newGameStarted)),
            KeyCommand("back to the counter (B returns)", hint: "counter", keys: [.escape], action: .backRequested),
        ]),
        KeyGroup(scope: .help, commands: [
            KeyCommand("close the help", keys: [.escape, .character("q")], action: .helpToggled),
        ] + scrolling { .help(.scrolled($0)) }),
        KeyGroup(scope: .counting, commands: [
            KeyCommand("toggle hand / crib rules", hint: "crib", keys: [.character("x")], action: .rulesToggled),
            KeyCommand("practice (muggins) mode: count it yourself", hint: "practice",
                       keys: [.character("p")], action: .practiceToggled),
            KeyCommand("new hand: clear the cards", hint: "new", keys: [.character("n")], action: .newHandRequested),
        ]),
        KeyGroup(scope: .global, commands: [
            KeyCommand("show / hide this help", keys: [.character("?"), .function(1)], action: .helpToggled),
            KeyCommand("quit (the terminal is restored)", hint: "quit", keys: [.character("q"), .control("c")],
                       action: .quitRequested),
            KeyCommand("suspend; fg resumes where you were", otherInput: "ctrl-z"),
            KeyCommand("redraw the screen", keys: [.control("l")], action: .redrawRequested),
        ]),
    ]

    /// Home and End to the ends of the row, g and G to the first and last card.
    private static func ends(_ action: (GridMove) -> Action) -> [KeyBinding] {
        rowEnds(action) + [
            KeyBinding(keys: [.character("g")], action: action(.first)),
            KeyBinding(keys: [.character("G")], action: action(.last)),
        ]
    }

    /// Home and End to the ends of the row.
    private static func rowEnds(_ action: (GridMove) -> Action) -> [KeyBinding] {
        [KeyBinding(keys: [.home], action: action(.rowStart)), KeyBinding(keys: [.end], action: action(.rowEnd))]
    }

    /// The arrow keys and h j k l, each to its step.
    private static func moves(_ action: (GridMove) -> Action) -> [KeyBinding] {
        [(KeyInput.left, "h", Direction.left), (.right, "l", .right), (.up, "k", .up), (.down, "j", .down)].map {
            KeyBinding(keys: [$0.0, .character($0.1)], action: action(.step($0.2)))
        }
    }

    /// Scrolling by line, page and to either end.
    private static func scrolling(_ action: (ScrollMove) -> Action) -> [KeyCommand] {
        [
            KeyCommand("scroll a line", hint: "scroll", bindings: [
                KeyBinding(keys: [.up, .character("k"), .scrollUp], action: action(.lines(-1))),
                KeyBinding(keys: [.down, .character("j"), .scrollDown], action: action(.lines(1))),
            ]),
            KeyCommand("scroll a page", bindings: [
                KeyBinding(keys: [.pageUp], action: action(.pages(-1))),
                KeyBinding(keys: [.pageDown, .character(" ")], action: action(.pages(1))),
            ]),
            KeyCommand("scroll to the top / bottom", bindings: [
                KeyBinding(keys: [.home, .character("g")], action: action(.top)),
                KeyBinding(keys: [.end, .character("G")], action: action(.bottom)),
            ]),
        ]
    }

    static func group(_ scope: KeyScope) -> KeyGroup {
        groups.first { $0.scope == scope }!
    }

    /// The action a key sends in this state: the first binding for it along the scope chain.
    /// While typing, a character no typing key claims is text.
    static func action(for input: KeyInput, in state: AppState) -> Action? {
        for scope in state.keyChain {
            for command in group(scope).commands {
                if let action = command.action(for: input) { return action }
            }
            if scope == .typing, case .character(let character) = input { return .entry(.typed(character)) }
        }
        return nil
    }
}

extension AppState {
    /// Where keys are looked up now, the most specific scope first.
    var keyChain: [KeyScope] {
        if entry != nil { return [.typing, .global] }
        if navigation.overlay == .help { return [.help, .global] }
        switch navigation.top {
        case .handSelection, .overlay:
            return (isAnswering ? [.answering] : []) + [.handSelection, .counting, .global]
        case .pushed(.breakdown):
            return [.breakdown, .counting, .global]
        case .pushed(.discardAdvisor):
            return [discardAdvisor.analysis == nil ? .discardDealing : .discardKeeps, .discardAdvisor, .global]
        case .pushed(.play):
            return [.play, .global]
        case .pushed(.board):
            return [.board, .global]
        }
    }
}

extension KeyMap {
    /// The key table as Markdown for Docs/Keys.md (a test keeps the two equal): a table per
    /// group.
    static var markdown: String {
        var lines: [String] = []
        for group in groups {
            if !lines.isEmpty { lines.append("") }
            lines += ["### \(group.scope.title)", "", "| keys | what they do |", "|---|---|"]
            for command in group.commands {
                let keys = command.label(glyphs: .unicode).split(separator: " ").map { "`\($0)`" }.joined(separator: " ")
                lines.append("| \(keys) | \(command.summary) |")
            }
        }
        return lines.joined(separator: "\n")
    }
}
