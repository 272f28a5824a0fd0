/// The help overlay: every line of the key table.
struct HelpViewModel: Hashable, Sendable {
    struct Line: Hashable, Sendable {
        let keys: String
        let summary: String
    }

    let lines: [Line]

    init() {
        lines = KeyTable.bindings.map { Line(keys: $0.label, summary: $0.summary) }
    }
}
