/// A move as the files write it, with seats from 1 as on the command line.
extension Match.Move {
    /// Longer than any move's text (`discard 1 10H 10D`): longer text is not a move, unread.
    static let maximumTextLength = 32

    /// `next`, `discard 1 5H 6D` (one card with three or four players: `discard 3 5H`), `lay 2 5H`,
    /// `claim 12`; seats 1 to 4.
    public var text: String {
        switch self {
        case .next: "next"
        case .discard(let seat, let cards): "discard \(seat + 1) " + cards.map(\.ascii).joined(separator: " ")
        case .lay(let seat, let card): "lay \(seat + 1) \(card.ascii)"
        case .claim(let points): "claim \(points)"
        }
    }

    public init?(text: String) {
        guard text.utf8.count <= Self.maximumTextLength else { return nil }
        let words = text.split(separator: " ").map(String.init)
        func card(_ word: String) -> Card? { try? Card(parsing: word) }
        func seat(_ word: String) -> Int? { Int(word).flatMap { (1...4).contains($0) ? $0 - 1 : nil } }
        switch words.first {
        case "next" where words.count == 1:
            self = .next
        case "discard" where words.count == 4:
            guard let seat = seat(words[1]), let one = card(words[2]), let two = card(words[3]) else { return nil }
            self = .discard(seat: seat, [one, two])
        case "discard" where words.count == 3:
            guard let seat = seat(words[1]), let one = card(words[2]) else { return nil }
            self = .discard(seat: seat, [one])
        case "lay" where words.count == 3:
            guard let seat = seat(words[1]), let card = card(words[2]) else { return nil }
            self = .lay(seat: seat, card)
        case "claim" where words.count == 2:
            guard let points = Int(words[1]) else { return nil }
            self = .claim(points: points)
        default:
            return nil
        }
    }
}
