/// The help overlay: every line of the key table, grouped under where the keys work.
struct HelpViewModel: Hashable, Sendable {
    enum Line: Hashable, Sendable {
        case heading(String)
        case binding(keys: String, summary: String)
    }

    let lines: [Line]

    /// The help for the one key table, grouped once.
    static let standard = HelpViewModel()

    private init() {
        var groups: [(title: String, lines: [Line])] = []
        for binding in KeyTable.bindings {
            let title = Self.group(of: binding.scopes)
            let line = Line.binding(keys: binding.label, summary: binding.summary)
            if let index = groups.firstIndex(where: { $0.title == title }) {
                groups[index].lines.append(line)
            } else {
                groups.append((title, [line]))
            }
        }
        groups.sort { Self.order.firstIndex(of: $0.title)! < Self.order.firstIndex(of: $1.title)! }
        lines = groups.flatMap { [.heading($0.title)] + $0.lines }
    }

    private static let order = [
        "Hand Selection", "Practice mode", "Typing cards", "Breakdown", "Breakdown and help",
        "Discard Advisor", "Hand Selection and Breakdown", "Help", "Everywhere",
    ]

    /// The heading a binding is listed under, from the scopes it works in.
    private static func group(of scopes: Set<KeyScope>) -> String {
        if scopes.isSuperset(of: KeyTable.scenes) { return "Everywhere" }
        if scopes == KeyTable.counting { return "Hand Selection and Breakdown" }
        if scopes.contains(.handSelection) { return "Hand Selection" }
        if scopes.contains(.answering) { return "Practice mode" }
        if scopes.contains(.typing) { return "Typing cards" }
        if scopes.contains(.breakdown) { return scopes.contains(.help) ? "Breakdown and help" : "Breakdown" }
        if !scopes.isDisjoint(with: KeyTable.discardScopes) { return "Discard Advisor" }
        return "Help"
    }
}
