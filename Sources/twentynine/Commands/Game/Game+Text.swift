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

    /// "Ann won by 36 (121 to 85): Bob skunked, 2 match points."
    func resultLine(_ result: Result) -> String {
        let scores = ([result.winningTotal] + result.losers.map(\.total)).map(String.init).joined(separator: " to ")
        let skunks = result.losers.filter { $0.skunk != .none }
            .map { "\(name(ofSide: $0.side)) \($0.skunk == .doubleSkunk ? "double-skunked" : "skunked")" }
        let points = result.matchPoints == 1 ? "1 match point" : "\(result.matchPoints) match points"
        return "\(name(ofSide: result.winner)) won by \(result.margin) (\(scores))"
            + (skunks.isEmpty ? ": " : ": \(skunks.joined(separator: ", ")), ") + points + "."
    }

    /// One log entry in words, with the totals after it:
    /// "Round 2: Ann pegs 2 in the play (fifteen). Ann 47, Bob 38."
    func describe(_ entry: Entry) -> String {
        let who = names[entry.player]
        let what: String
        switch entry.score {
        case .heels:
            what = "\(who) pegs 2 for his heels"
        case .play(let reasons):
            what = "\(who) pegs \(entry.points) in the play" + (reasons.isEmpty ? "" : " (\(reasons.map(\.token).joined(separator: ", ")))")
        case .hand(let cards), .crib(let cards):
            let box = entry.score.name
            guard let cards, let breakdown = entry.breakdown else {
                what = "\(who)'s \(box) counts \(entry.points)"
                break
            }
            let parts = breakdown.categories.filter { $0.points > 0 }.map { "\($0.rank.rawValue) \($0.points)" }
            what = "\(who)'s \(box) \(cards.cards.map(\.description).joined(separator: " ")), cut \(cards.cut), counts \(entry.points)"
                + (parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))")
        case .correction:
            what = "correction: \(who) \(entry.points > 0 ? "+" : "")\(entry.points)"
        }
        let totals = entry.totals.enumerated().map { "\(name(ofSide: $0)) \($1)" }.joined(separator: ", ")
        return "Round \(entry.round): \(what). \(totals)."
    }
}
