/// Who sits at a seat of the table: the person at this terminal, the computer at a level, or a
/// person at another (the club's table between people, `remote` by their name). The set-up names
/// every seat; the computer moves only for its own.
public enum TableSeat: Hashable, Sendable {
    case person
    case computer(ComputerLevel)
    case remote(String)

    /// The computer decides this seat's moves.
    public var isComputer: Bool { if case .computer = self { true } else { false } }

    /// The form a saved table writes: `person`, `computer:expert`, `remote:NAME`.
    public var text: String {
        switch self {
        case .person: "person"
        case .computer(let level): "computer:\(level.rawValue)"
        case .remote(let name): "remote:\(name)"
        }
    }

    /// A seat from its saved form; nil for anything else (a remote name is 1 to 16 letters, digits,
    /// `-` or `_`).
    public init?(text: String) {
        if text == "person" { self = .person; return }
        if text.hasPrefix("computer:"), let level = ComputerLevel(rawValue: String(text.dropFirst(9))) {
            self = .computer(level)
            return
        }
        if text.hasPrefix("remote:"), Self.isName(text.dropFirst(7)) {
            self = .remote(String(text.dropFirst(7)))
            return
        }
        return nil
    }

    /// A player's name: 1 to 16 ASCII letters, digits, `-` or `_`.
    public static func isName(_ text: some StringProtocol) -> Bool {
        (1...16).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }
}
