import CribbageCore

/// What the `:` line fills in where it opens: declared by the scene it opens in
/// (`EntryTarget.counter` in Hand Selection's folder), with its words and what applying the
/// typed line does there. Equal by name.
struct EntryTarget: Hashable, Sendable {
    let name: String
    /// The line's prompt: "Cards, cut first".
    let prompt: String
    /// What to type, said when nothing was: "Type the six cards dealt: 5s 4d jd 4c 5c 5h".
    let example: String
    /// How many cards it takes, said when more were typed: "six are dealt".
    let limit: String
    /// Applies the typed line to the scene's state and closes it; or the error, the line open.
    let submit: @Sendable (TypedEntry, inout AppState) -> EntryError?

    static func == (one: EntryTarget, other: EntryTarget) -> Bool { one.name == other.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// The typed-entry line: what has been typed, what it fills in, and why the last try failed.
struct TypedEntry: Hashable, Sendable {
    let target: EntryTarget
    var text = ""
    var error: EntryError?
}

/// Keys on the typed-entry line.
enum EntryAction: Hashable, Sendable {
    case started
    case typed(Character)
    case erased
    case submitted
    case cancelled
}

extension TypedEntry {
    /// The tokens typed, split at white space.
    var tokens: [String] { text.split(whereSeparator: \.isWhitespace).map(String.init) }
}

extension KeyScope {
    static let typing: KeyScope = KeyScope(title: "Typing cards") { .entry(.typed($0)) }
}

extension KeyGroup {
    /// The `:` line's keys; any other character is text.
    static let typing: KeyGroup = KeyGroup(scope: .typing, commands: [
        KeyCommand("apply the typed cards", hint: "apply", keys: [.enter], action: .entry(.submitted)),
        KeyCommand("erase the last character", hint: "erase", keys: [.backspace, .delete], action: .entry(.erased)),
        KeyCommand("cancel typing, keep the selection", hint: "cancel", keys: [.escape], action: .entry(.cancelled)),
    ])
}

extension TypedEntry {
    /// The typed line's reduce: it opens where the scene on top has an `entryTarget` (the
    /// counter's cards, the Advisor's deal), and applies what was typed through that target.
    static func reduce(_ state: inout AppState, _ action: EntryAction) -> Outcome {
        switch action {
        case .started:
            guard state.navigation.overlay == nil, let target = state.navigation.top.entryTarget else { break }
            state.entry = TypedEntry(target: target)
        case .typed(let character):
            state.entry?.text.append(character)
            state.entry?.error = nil
        case .erased:
            if state.entry?.text.isEmpty == false { state.entry?.text.removeLast() }
            state.entry?.error = nil
        case .cancelled:
            state.entry = nil
        case .submitted:
            guard let entry = state.entry else { break }
            if let error = entry.target.submit(entry, &state) {
                state.entry?.error = error
            } else {
                state.entry = nil
            }
        }
        return Outcome()
    }
}
