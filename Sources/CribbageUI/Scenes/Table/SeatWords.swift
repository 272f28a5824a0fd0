import CribbageCore

/// The table's seats in words as the person at `viewer` sees them: "You" for their own seat; the
/// other seat of two by "the computer" or a person's name; at three or four where each sits
/// (Left, Partner, Right) or a person's name.
struct SeatWords: Hashable, Sendable {
    let table: TableGame
    let viewer: Int
    /// Someone watching, not at the table: every seat by its name, none "You".
    var watching = false

    /// The other seat at a table of two.
    var opponent: Int { (viewer + 1) % table.players }

    /// The other seats, from the viewer's left in turn.
    var others: [Int] { (1..<table.players).map { (viewer + $0) % table.players } }

    func isYou(_ seat: Int) -> Bool { !watching && seat == viewer }

    /// The seat's name as a label: "You", "Computer", "ann", "Left".
    func name(_ seat: Int) -> String {
        if watching, case .remote(let name) = table.setup.seats[seat] { return name }
        return table.name(of: seat, seenFrom: viewer)
    }

    /// At the start of a sentence: "You", "The computer", "ann", "Left".
    func who(_ seat: Int) -> String { table.players == 2 && isComputer(seat) ? "The computer" : name(seat) }

    /// Within a sentence: "you", "the computer", "ann", "Left".
    func whom(_ seat: Int) -> String { isYou(seat) ? "you" : table.players == 2 && isComputer(seat) ? "the computer" : name(seat) }

    /// "Your", the computer's "Its" at a table of two, else the seat's: "Left's", "ann's".
    func whose(_ seat: Int) -> String {
        isYou(seat) ? "Your" : table.players == 2 && isComputer(seat) ? "Its" : "\(name(seat))'s"
    }

    private func isComputer(_ seat: Int) -> Bool { table.setup.seats[seat].isComputer }
}
