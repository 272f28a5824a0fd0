import Canvas
import CribbageCore

/// Where a key binding applies.
enum KeyScope: Hashable, Sendable, CaseIterable {
    case handSelection, answering, breakdown, discardPicking, discardChoosing, help, typing

    var title: String {
        switch self {
        case .handSelection: "Hand Selection"
        case .answering: "Practice, counting"
        case .breakdown: "Breakdown"
        case .discardPicking: "Discard Advisor, dealing"
        case .discardChoosing: "Discard Advisor, keeps"
        case .help: "Help"
        case .typing: "Typing cards"
        }
    }
}

/// One line of the key table: the keys, what they do, where, and the action they send.
struct KeyBinding: Sendable {
    let keys: [KeyInput]
    /// The keys as the help overlay and Docs/Keys.md print them: "space enter".
    let label: String
    /// What the keys do, for the help overlay.
    let summary: String
    /// A short word for the footer hint line, when the binding earns a place there.
    let hint: String?
    let scopes: Set<KeyScope>
    let action: @Sendable (AppState, KeyInput) -> Action?
}

/// The one key table: dispatch reads it to turn keys into actions, and the help overlay and
/// Docs/Keys.md list it, so the two cannot drift apart (as in htop).
enum KeyTable {
    /// Every scene's scopes: where the global keys apply.
    static let scenes: Set<KeyScope> = [.handSelection, .breakdown, .discardPicking, .discardChoosing]
    /// Where the rules and practice mode matter.
    static let counting: Set<KeyScope> = [.handSelection, .breakdown]
    static let discardScopes: Set<KeyScope> = [.discardPicking, .discardChoosing]

    private static let digits: [KeyInput] = "0123456789".map { .character($0) }

    static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.left, .right, .up, .down, .character("h"), .character("j"), .character("k"), .character("l")],
                   label: "←↑↓→ h j k l", summary: "move the cursor", hint: nil,
                   scopes: [.handSelection, .discardPicking]) { _, input in moves[input].map(Action.cursorMoved) },
        KeyBinding(keys: digits, label: "0-9", summary: "type your count (practice mode)", hint: "count",
                   scopes: [.answering]) { _, input in
            if case .character(let digit) = input { return .answerTyped(digit) }
            return nil
        },
        KeyBinding(keys: [.enter], label: "enter", summary: "check your count", hint: "check",
                   scopes: [.answering]) { _, _ in .answerSubmitted },
        KeyBinding(keys: [.backspace, .delete], label: "backspace", summary: "erase a digit of your count", hint: nil,
                   scopes: [.answering]) { _, _ in .answerErased },
        KeyBinding(keys: [.character(" "), .enter], label: "space enter", summary: "select / deselect the card under the cursor",
                   hint: "select", scopes: [.handSelection]) { state, _ in .cardToggled(state.cursor.card) },
        KeyBinding(keys: [], label: "click", summary: "select / deselect the clicked card (mouse)", hint: nil,
                   scopes: [.handSelection]) { _, _ in nil },
        KeyBinding(keys: [.character(":")], label: ":", summary: "type cards, cut first: 5d 5h 5c 5s jd",
                   hint: "type", scopes: [.handSelection]) { _, _ in .entryStarted },
        KeyBinding(keys: [.enter], label: "enter", summary: "apply the typed cards", hint: "apply",
                   scopes: [.typing]) { _, _ in .entrySubmitted },
        KeyBinding(keys: [.backspace, .delete], label: "backspace", summary: "erase the last character", hint: "erase",
                   scopes: [.typing]) { _, _ in .entryErased },
        KeyBinding(keys: [.escape], label: "esc", summary: "cancel typing, keep the selection", hint: "cancel",
                   scopes: [.typing]) { _, _ in .entryCancelled },
        KeyBinding(keys: [.character("b"), .tab], label: "b tab", summary: "open the breakdown (five cards chosen)",
                   hint: "breakdown", scopes: [.handSelection]) { _, _ in .breakdownRequested },
        KeyBinding(keys: [.character("b"), .tab, .escape], label: "b tab esc", summary: "back to the results",
                   hint: "back", scopes: [.breakdown]) { _, _ in .backRequested },
        KeyBinding(keys: [.up, .down, .character("k"), .character("j")], label: "↑↓ j k", summary: "scroll a line",
                   hint: "scroll", scopes: [.breakdown, .help]) { _, input in
            .scrolled(lines: input == .up || input == .character("k") ? -1 : 1)
        },
        KeyBinding(keys: [.pageUp, .pageDown, .character(" ")], label: "pgup pgdn space", summary: "scroll a page",
                   hint: nil, scopes: [.breakdown, .help]) { _, input in
            .scrolled(lines: input == .pageUp ? -pageLines : pageLines)
        },
        KeyBinding(keys: [.home, .end, .character("g"), .character("G")], label: "home end g G",
                   summary: "scroll to the top / bottom", hint: nil, scopes: [.breakdown, .help]) { _, input in
            .scrolledToEdge(top: input == .home || input == .character("g"))
        },
        KeyBinding(keys: [.character("d")], label: "d", summary: "Discard Advisor: rank the keeps of six dealt cards",
                   hint: "discard", scopes: [.handSelection]) { _, _ in .discardAdvisorRequested },
        KeyBinding(keys: [.character(" "), .enter], label: "space enter", summary: "deal / put back the card under the cursor",
                   hint: "deal", scopes: [.discardPicking]) { state, _ in .dealtCardToggled(state.cursor.card) },
        KeyBinding(keys: [.character(":")], label: ":", summary: "type the six cards dealt: 5s 4d jd 4c 5c 5h",
                   hint: "type", scopes: discardScopes) { _, _ in .entryStarted },
        KeyBinding(keys: [.up, .down, .character("k"), .character("j")], label: "↑↓ j k", summary: "highlight a keep",
                   hint: "choose", scopes: [.discardChoosing]) { _, input in
            .keepHighlighted(offset: input == .up || input == .character("k") ? -1 : 1)
        },
        KeyBinding(keys: [.enter], label: "enter", summary: "keep these four, then pick the cut",
                   hint: "keep", scopes: [.discardChoosing]) { _, _ in .keepChosen },
        KeyBinding(keys: [.character("r")], label: "r", summary: "switch the role: dealer, pone, none",
                   hint: "role", scopes: discardScopes) { _, _ in .roleSwitched },
        KeyBinding(keys: [.backspace, .delete], label: "backspace", summary: "put back the last card dealt",
                   hint: nil, scopes: discardScopes) { _, _ in .lastDealtCardRemoved },
        KeyBinding(keys: [.escape, .character("d")], label: "esc d", summary: "back to Hand Selection",
                   hint: "back", scopes: discardScopes) { _, _ in .backRequested },
        KeyBinding(keys: [.character("n")], label: "n", summary: "new hand: clear the selection", hint: "new",
                   scopes: scenes.union([.help])) { _, _ in .newHandRequested },
        KeyBinding(keys: [.character("x")], label: "x", summary: "toggle hand / crib rules", hint: "crib",
                   scopes: counting) { _, _ in .rulesToggled },
        KeyBinding(keys: [.character("p")], label: "p", summary: "toggle practice (muggins) mode: count it yourself",
                   hint: "practice", scopes: counting) { _, _ in .practiceToggled },
        KeyBinding(keys: [.character("?")], label: "?", summary: "show / hide this help", hint: nil,
                   scopes: scenes.union([.help])) { _, _ in .helpToggled },
        KeyBinding(keys: [.escape], label: "esc", summary: "close the help", hint: nil,
                   scopes: [.help]) { _, _ in .helpToggled },
        KeyBinding(keys: [.character("q"), .control("c")], label: "q ctrl-c", summary: "quit (the terminal is restored)",
                   hint: "quit", scopes: scenes.union([.help])) { _, _ in .quitRequested },
        KeyBinding(keys: [], label: "ctrl-z", summary: "suspend; fg resumes where you were", hint: nil,
                   scopes: scenes) { _, _ in nil },
        KeyBinding(keys: [.control("l")], label: "ctrl-l", summary: "redraw the screen", hint: nil,
                   scopes: scenes.union([.help, .typing])) { _, _ in .redrawRequested },
    ]

    /// Lines a page key scrolls the breakdown.
    static let pageLines = 10

    /// The direction keys of the grid.
    private static let moves: [KeyInput: Direction] = [
        .left: .left, .right: .right, .up: .up, .down: .down,
        .character("h"): .left, .character("l"): .right, .character("k"): .up, .character("j"): .down,
    ]

    /// The action a key sends in the current state, if any: the first binding for the key in
    /// the scopes that apply, the most specific first.
    static func action(for input: KeyInput, in state: AppState) -> Action? {
        for scope in state.keyScopes {
            if let binding = bindings.first(where: { $0.scopes.contains(scope) && $0.keys.contains(input) }) {
                return binding.action(state, input)
            }
        }
        if state.keyScope == .typing, case .character(let character) = input { return .entryTyped(character) }
        return nil
    }

    /// The bindings that apply in a scope, in table order.
    static func bindings(in scope: KeyScope) -> [KeyBinding] {
        bindings.filter { $0.scopes.contains(scope) }
    }
}

extension AppState {
    /// Which keys apply now: typing, the help overlay, or the scene on top.
    var keyScope: KeyScope {
        if entry != nil { return .typing }
        if navigation.overlay == .help { return .help }
        switch navigation.top {
        case .breakdown: return .breakdown
        case .discardAdvisor: return discard.analysis == nil ? .discardPicking : .discardChoosing
        case .handSelection, .help: return isAnswering ? .answering : .handSelection
        }
    }

    /// The scopes whose keys apply now, the most specific first: while counting in practice
    /// mode, the digits and enter, then the rest of Hand Selection.
    var keyScopes: [KeyScope] {
        keyScope == .answering ? [.answering, .handSelection] : [keyScope]
    }

    /// Practice mode with five cards chosen and no answer graded yet.
    var isAnswering: Bool {
        practice.isOn && practice.verdict == nil && completeHand != nil
    }
}

extension KeyTable {
    /// The key table as the Markdown table in Docs/Keys.md (a test keeps the two equal).
    static var markdown: String {
        var lines = ["| keys | what they do | where |", "|---|---|---|"]
        for binding in bindings {
            let scopes = KeyScope.allCases.filter(binding.scopes.contains).map(\.title).joined(separator: "; ")
            let keys = binding.label.split(separator: " ").map { "`\($0)`" }.joined(separator: " ")
            lines.append("| \(keys) | \(binding.summary) | \(scopes) |")
        }
        return lines.joined(separator: "\n")
    }
}
