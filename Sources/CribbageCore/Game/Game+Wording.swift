/// A game in words, for the command line and the board.
extension Game {
    /// "Ann won 121 to 85, by 36, and skunked Bob: 2 match points." (`Game.resultLine`: the
    /// winner's score as the board shows it, the target, and who skunked whom).
    public func resultLine(_ result: Result) -> String { resultLine(result, naming: name(ofSide:)) }

    /// The result line with each side named by `naming` (a side's name as one player sees it).
    public func resultLine(_ result: Result, naming: (Int) -> String) -> String {
        Self.resultLine(result, target: target.points, sides: (0..<seating.sides).map(naming))
    }

    /// The one sentence every screen and command ends a game with, from its parts: the winner at
    /// the target, each loser's score (best first), the margin, and who skunked whom: "Ann won 61
    /// to 39, by 22, and skunked Bob", "Left won 121 to 110 to 87, by 11, and skunked you".
    public static func resultText(winner: String, target: Int, losers: [(name: String, total: Int, skunk: Skunk)],
                                  margin: Int) -> String {
        let scores = ([target] + losers.map(\.total)).map(String.init).joined(separator: " to ")
        func list(_ skunk: Skunk) -> String? {
            let names = losers.filter { $0.skunk == skunk }.map { object($0.name) }
            return names.isEmpty ? nil : names.joined(separator: " and ")
        }
        let skunks = [list(.skunk).map { "skunked \($0)" }, list(.doubleSkunk).map { "double-skunked \($0)" }].compactMap(\.self)
        return "\(winner) won \(scores), by \(margin)" + (skunks.isEmpty ? "" : ", and " + skunks.joined(separator: " and "))
    }

    /// A game's end at the table, on the board and at the command line: the sentence of
    /// `resultText` with its first letter a capital, and the match points the winner takes: "You
    /// won 61 to 43, by 18, and skunked Computer: 2 match points."; `sides` each side's name.
    public static func resultLine(_ result: Result, target: Int, sides: [String]) -> String {
        let text = resultText(winner: sides[result.winner], target: target,
                              losers: result.losers.map { (sides[$0.side], $0.total, $0.skunk) }, margin: result.margin)
        return sentence(text) + ": " + (result.matchPoints == 1 ? "1 match point." : "\(result.matchPoints) match points.")
    }

    /// A text with its first letter a capital.
    public static func sentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// A name as the object of a verb: "You" (the table's name for the player) as "you", "You &
    /// Partner" as "you & Partner"; any other name as it is.
    static func object(_ name: String) -> String {
        name == "You" || name.hasPrefix("You ") ? "you" + name.dropFirst(3) : name
    }


    /// One log entry in words, with the totals after it, each card written by `card`:
    /// "Round 2: Ann pegs 2 in the play (fifteen). Ann 47, Bob 38."
    public func describe(_ entry: Entry, card: (Card) -> String = \.description) -> String {
        let who = names[entry.player]
        let what: String
        switch entry.score {
        case .heels:
            what = "\(who) pegs 2 for his heels"
        case .play(let reasons):
            what = "\(who) pegs \(entry.points) in the play" + (reasons.isEmpty ? "" : " (\(reasons.map(\.name).joined(separator: ", ")))")
        case .hand(let cards), .crib(let cards):
            let box = entry.score.name
            guard let cards, let breakdown = entry.breakdown else {
                what = "\(who)'s \(box) counts \(entry.points)"
                break
            }
            let parts = breakdown.categories.filter { $0.points > 0 }.map { "\($0.rank.rawValue) \($0.points)" }
            what = "\(who)'s \(box) \(cards.cards.map(card).joined(separator: " ")), cut \(card(cards.cut)), counts \(entry.points)"
                + (parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))")
        case .correction:
            what = "correction: \(who) \(entry.points > 0 ? "+" : "")\(entry.points)"
        }
        let totals = entry.totals.enumerated().map { "\(name(ofSide: $0)) \($1)" }.joined(separator: ", ")
        return "Round \(entry.round): \(what). \(totals)."
    }
}
