/// A game in words, for the command line and the board.
extension Game {
    /// "Ann won 121 to 85, by 36, and skunked Bob: 2 match points." (`ReviewWords.resultLine`: the
    /// winner's score as the board shows it, the target, and who skunked whom).
    public func resultLine(_ result: Result) -> String { resultLine(result, naming: name(ofSide:)) }

    /// The result line with each side named by `naming` (a side's name as one player sees it).
    public func resultLine(_ result: Result, naming: (Int) -> String) -> String {
        ReviewWords.resultLine(result, target: target.points, sides: (0..<seating.sides).map(naming))
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
