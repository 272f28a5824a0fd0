import Canvas
import CribbageCore

/// The one key table, as data: dispatch reads it to turn keys into actions, and the help
/// overlay, the footer hints and Docs/Keys.md list it, so they cannot drift apart.
enum KeyMap {
    /// Every group: the scenes' in the scene list's order, then those the scenes share.
    static let groups: [KeyGroup] = Scene.all.flatMap(\.keyGroups) + [counting, global]

    /// What Hand Selection and the breakdown share: the rules, practice, a new hand.
    static let counting = KeyGroup(scope: .counting, commands: [
        KeyCommand("toggle hand / crib rules", hint: "crib", keys: [.character("x")], action: .rulesToggled),
        KeyCommand("practice (muggins) mode: count it yourself", hint: "practice",
                   keys: [.character("p")], action: .practiceToggled),
        KeyCommand("new hand: clear the cards", hint: "new", keys: [.character("n")], action: .newHandRequested),
    ])

    /// Keys every scene ends its chain with. ctrl-c and ctrl-z never reach the app: the
    /// terminal leaves them signals (SIGINT quits with status 130, SIGTSTP suspends).
    static let global = KeyGroup(scope: .global, commands: [
        KeyCommand("show / hide this help", keys: [.character("?"), .function(1)], action: .helpToggled),
        KeyCommand("quit (Q at the table and in The Play)", hint: "quit", keys: [.character("q")],
                   action: .quitRequested, also: "ctrl-c"),
        KeyCommand("suspend; fg resumes where you were", otherInput: "ctrl-z"),
        KeyCommand("redraw the screen", keys: [.control("l")], action: .redrawRequested),
    ])

    /// Home and End to the ends of the row, g and G to the first and last card.
    static func ends(_ action: (GridMove) -> Action) -> [KeyBinding] {
        rowEnds(action) + [
            KeyBinding(keys: [.character("g")], action: action(.first)),
            KeyBinding(keys: [.character("G")], action: action(.last)),
        ]
    }

    /// Home and End to the ends of the row.
    static func rowEnds(_ action: (GridMove) -> Action) -> [KeyBinding] {
        [KeyBinding(keys: [.home], action: action(.rowStart)), KeyBinding(keys: [.end], action: action(.rowEnd))]
    }

    /// The rank keys: `a 2-9 t j q k`, and `0` as well as `t` for a ten.
    static func rankKeys(_ action: (Rank) -> Action) -> [KeyBinding] {
        Rank.allCases.map { rank in
            KeyBinding(keys: rank.keys.map(KeyInput.character), action: action(rank))
        }
    }

    /// The arrow keys and h j k l, each to its step.
    static func moves(_ action: (GridMove) -> Action) -> [KeyBinding] {
        [(KeyInput.left, "h", Direction.left), (.right, "l", .right), (.up, "k", .up), (.down, "j", .down)].map {
            KeyBinding(keys: [$0.0, .character($0.1)], action: action(.step($0.2)))
        }
    }

    /// Scrolling by line, page and to either end.
    static func scrolling(_ action: (ScrollMove) -> Action) -> [KeyCommand] {
        let commands = [
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
        return commands.map { command in
            var command = command
            command.scrolls = true
            return command
        }
    }

    /// The label of the first key bound to an action along a chain of scopes (the whole table
    /// by default), for messages that name a key: renaming the key renames it in every message.
    /// Arrows are named in words unless the glyphs say otherwise.
    static func key(for action: Action, in chain: [KeyScope]? = nil, glyphs: Glyphs = .ascii) -> String {
        if chain == nil, glyphs == .ascii, let key = firstKeys[action] { return key }
        return keys(for: action, in: chain ?? groups.map(\.scope), glyphs: glyphs).first ?? "?"
    }

    /// The first key of the whole table for each action, labelled: worked out once, as messages
    /// and instructions ask for them at every frame.
    private static let firstKeys: [Action: String] = {
        var keys: [Action: String] = [:]
        for binding in groups.flatMap(\.commands).flatMap(\.bindings) where keys[binding.action] == nil {
            if let key = binding.keys.first { keys[binding.action] = KeyLabel.text(key, glyphs: .ascii) }
        }
        return keys
    }()

    /// Every key bound to an action along a chain of scopes, labelled, in the table's order.
    static func keys(for action: Action, in chain: [KeyScope], glyphs: Glyphs = .ascii) -> [String] {
        chain.flatMap { scope in
            group(scope).commands.flatMap(\.bindings).filter { $0.action == action }
                .flatMap(\.keys).map { KeyLabel.text($0, glyphs: glyphs) }
        }
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
            if let text = scope.text, case .character(let character) = input { return text(character) }
        }
        return nil
    }
}

extension KeyScope {
    static let counting = KeyScope(title: "Hand Selection and Breakdown")
    static let global = KeyScope(title: "Everywhere")
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
