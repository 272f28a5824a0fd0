import CribbageCore

/// The game as the command line prints it.
extension Game {
    /// "to 121: Ann v Bob, Ann deals first".
    var setupLine: String {
        let sides = (0..<seating.sides).map(name(ofSide:)).joined(separator: " v ")
        return "to \(target.points): \(sides), \(names[firstDealer]) deals first"
    }

    /// "round 3, Ann 47, Bob 38".
    var scoreLine: String {
        (["round \(round)"] + totals.enumerated().map { "\(name(ofSide: $0)) \($1)" }).joined(separator: ", ")
    }

    /// The board in words: each side's pegs, whose deal, what comes next, and the last entries.
    var statusText: String {
        var lines: [String] = []
        if isOver {
            lines.append("Game to \(target.points), over in round \(round).")
        } else {
            lines.append("Game to \(target.points), round \(round): \(names[dealer]) deals.")
        }
        let width = (0..<seating.sides).map { name(ofSide: $0).count }.max() ?? 0
        for (side, pegs) in self.pegs.enumerated() {
            let seats = seating.players(on: side).map { String($0 + 1) }.joined(separator: "&")
            let name = self.name(ofSide: side)
            let padded = name + String(repeating: " ", count: width - name.count)
            let total = String(repeating: " ", count: max(0, 3 - String(pegs.front).count)) + String(pegs.front)
            lines.append("  \(seats)  \(padded)  \(total)  (back peg \(pegs.back))")
        }
        switch phase {
        case .over(let result):
            lines.append(resultLine(result))
        case .cut:
            lines.append("Next: his heels if the starter is a jack (game heels), the play (game peg PLAYER POINTS), or \(describe(nextCount!)) (game hand POINTS).")
        case .play:
            lines.append("Next: more of the play (game peg PLAYER POINTS), or \(describe(nextCount!)) (game hand POINTS).")
        case .show(let count):
            let command = count.rules == .crib ? "crib" : "hand"
            lines.append("Next: \(describe(count)) (game \(command) POINTS, or its cards: game \(command) 5H 5C 5S JD --cut 5D).")
        }
        if !log.isEmpty {
            lines.append("Last entries:")
            lines += log.suffix(5).map { "  " + describe($0) }
        }
        return lines.joined(separator: "\n")
    }
}
