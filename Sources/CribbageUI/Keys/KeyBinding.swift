import Canvas

/// Keys that send one action.
struct KeyBinding: Hashable, Sendable {
    let keys: [KeyInput]
    let action: Action
}

/// One line of the help: what some keys do, the bindings that do it, and the word the footer
/// shows for it, if it earns a place there. The keys label themselves.
struct KeyCommand: Hashable, Sendable {
    let summary: String
    let hint: String?
    let bindings: [KeyBinding]
    /// For what the table lists but does not dispatch (a click, ctrl-z): its label, alone or
    /// after the keys.
    let otherInput: String?
    /// Its keys scroll the view (`KeyMap.scrolling`): they earn a hint only where there is
    /// something to scroll.
    var scrolls = false

    init(_ summary: String, hint: String? = nil, keys: [KeyInput], action: Action, also otherInput: String? = nil) {
        self.init(summary, hint: hint, bindings: [KeyBinding(keys: keys, action: action)], also: otherInput)
    }

    /// `also` names input the keys share the line with, handled elsewhere (a click).
    init(_ summary: String, hint: String? = nil, bindings: [KeyBinding], also otherInput: String? = nil) {
        self.summary = summary
        self.hint = hint
        self.bindings = bindings
        self.otherInput = otherInput
        let longest = bindings.map(\.keys.count).max() ?? 0
        let keys = (0..<longest).flatMap { index in bindings.compactMap { index < $0.keys.count ? $0.keys[index] : nil } }
        labels = Labels(keys: keys, command: (bindings, otherInput))
    }

    /// The keys and their labels, worked out once: the key map is static.
    private let labels: Labels

    /// A line for input that another layer handles: the mouse, or the terminal itself.
    init(_ summary: String, otherInput: String) {
        self.init(summary, bindings: [], also: otherInput)
    }

    /// Every key, in the order the bindings list them: the first key of each, then the second.
    var keys: [KeyInput] { labels.keys }


    func action(for input: KeyInput) -> Action? {
        bindings.first { $0.keys.contains(input) }?.action
    }

    /// The key the footer shows: the first key, or the arrows of the bindings together ("↑↓").
    func hintKey(glyphs: Glyphs) -> String {
        glyphs.unicode ? labels.unicodeHint : labels.asciiHint
    }

    /// The keys as help and Docs/Keys.md print them: "space enter", "0-9", "← → ↑ ↓ h l k j".
    func label(glyphs: Glyphs) -> String {
        glyphs.unicode ? labels.unicode : labels.ascii
    }
}

/// Where keys apply. A scene looks its keys up along a chain of scopes, the most specific
/// first and `global` last (as tig's generic keymap). A scene declares its own scopes beside it
/// (`KeyScope.play` in `Scenes/Play/PlayScene.swift`); scopes are equal by title.
struct KeyScope: Hashable, Sendable, CustomStringConvertible {
    /// The group's heading in the help and Docs/Keys.md.
    let title: String
    /// Where every character is text (the `:` line, a new game's names): what a character no
    /// binding of the scope claims sends.
    let text: (@Sendable (Character) -> Action)?

    init(title: String, text: (@Sendable (Character) -> Action)? = nil) {
        self.title = title
        self.text = text
    }

    static func == (one: KeyScope, other: KeyScope) -> Bool { one.title == other.title }
    func hash(into hasher: inout Hasher) { hasher.combine(title) }
    var description: String { title }
}

/// A declared group of the key table: the scope its keys work in, and its commands.
struct KeyGroup: Hashable, Sendable {
    let scope: KeyScope
    let commands: [KeyCommand]
}

/// How keys are named on screen and in Docs/Keys.md.
enum KeyLabel {
    static func text(_ key: KeyInput, glyphs: Glyphs) -> String {
        switch key {
        case .character(" "): "space"
        case .character(let character): String(character)
        case .up: glyphs.unicode ? "↑" : "up"
        case .down: glyphs.unicode ? "↓" : "down"
        case .left: glyphs.unicode ? "←" : "left"
        case .right: glyphs.unicode ? "→" : "right"
        case .enter: "enter"
        case .escape: "esc"
        case .tab: "tab"
        case .backspace: "backspace"
        case .delete: "del"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .home: "home"
        case .end: "end"
        case .control(let letter): "ctrl-\(letter)"
        case .function(let number): "F\(number)"
        case .scrollUp, .scrollDown: "wheel"
        default: "?"
        }
    }

    /// Labels joined with spaces, each once, a run of three or more digits written as "0-9".
    static func join(_ labels: [String]) -> String {
        var parts: [String] = []
        var seen: Set<String> = []
        let labels = labels.filter { seen.insert($0).inserted }
        var digits: [Int] = []
        func flushDigits() {
            if digits.count >= 3, digits == Array(digits[0]...digits[digits.count - 1]) {
                parts.append("\(digits[0])-\(digits[digits.count - 1])")
            } else {
                parts += digits.map(String.init)
            }
            digits = []
        }
        for label in labels {
            if let digit = Int(label), label.count == 1 {
                digits.append(digit)
            } else {
                flushDigits()
                parts.append(label)
            }
        }
        flushDigits()
        return parts.joined(separator: " ")
    }
}

/// A command's keys and their labels in both glyph sets, worked out once.
private struct Labels: Hashable, Sendable {
    let keys: [KeyInput]
    let unicode: String
    let ascii: String
    let unicodeHint: String
    let asciiHint: String

    init(keys: [KeyInput], command: (bindings: [KeyBinding], otherInput: String?)) {
        self.keys = keys
        func label(_ glyphs: Glyphs) -> String {
            KeyLabel.join(keys.map { KeyLabel.text($0, glyphs: glyphs) } + (command.otherInput.map { [$0] } ?? []))
        }
        func hint(_ glyphs: Glyphs) -> String {
            let firsts = command.bindings.compactMap(\.keys.first)
            let arrows: Set<KeyInput> = [.up, .down, .left, .right]
            if firsts.count > 1, firsts.allSatisfy(arrows.contains) {
                return firsts.map { KeyLabel.text($0, glyphs: glyphs) }.joined(separator: glyphs.unicode ? "" : "/")
            }
            // The rank keys: every first key, as "a 2-9 t j q k".
            if firsts.count >= 10, firsts.contains(where: { if case .character(let c) = $0 { !c.isNumber } else { false } }) {
                return KeyLabel.join(firsts.map { KeyLabel.text($0, glyphs: glyphs) })
            }
            return String(label(glyphs).split(separator: " ").first ?? "")
        }
        unicode = label(.unicode)
        ascii = label(.ascii)
        unicodeHint = hint(.unicode)
        asciiHint = hint(.ascii)
    }
}
