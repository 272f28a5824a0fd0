import ArgumentParser
import CribbageCore

/// `twentynine stats`: the exact distribution of scores over every (hand, cut) combination,
/// computed each time, under hand and crib rules.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "The exact distribution of hand and crib scores over all 12,994,800 (hand, cut) combinations."
    )

    @OptionGroup var output: JSONOption
    var json: Bool { output.json }

    func run() {
        let hand = ScoreDistribution.exact(rules: .hand)
        let crib = ScoreDistribution.exact(rules: .crib)
        Console.print(json ? Self.json(hand: hand, crib: crib).text : Self.table(hand: hand, crib: crib))
    }

    /// `{"hands": …, "hand": {"counts": […], "mean": …}, "crib": {…}}`.
    static func json(hand: ScoreDistribution, crib: ScoreDistribution) -> OrderedJSON {
        func rules(_ distribution: ScoreDistribution) -> OrderedJSON {
            .object([
                ("counts", .array(distribution.counts.map { .int($0) })),
                ("mean", .number(distribution.mean)),
            ])
        }
        return .object([("hands", .int(hand.hands)), ("hand", rules(hand)), ("crib", rules(crib))])
    }

    /// Score, hand count and share, crib count and share; the totals and means at the bottom.
    static func table(hand: ScoreDistribution, crib: ScoreDistribution) -> String {
        // Figures right-aligned, the labels of the first column (Score, Total, Mean) left-aligned.
        let columns = TextColumns(widths: [5, 10, 9, 10, 9]) { _, cell in cell.first?.isLetter == true }
        func row(_ cells: String...) -> String { columns.line(cells) }
        func share(_ count: Int, of total: Int) -> String {
            let percent = Double(count) * 100 / Double(total)
            return count > 0 && percent < 0.00005 ? "<0.0001%" : percent.decimal(places: 4) + "%"
        }

        var lines = [
            "Scores of all \(hand.hands.grouped) (hand, cut) combinations, counted exactly",
            "",
            row("Score", "Hand", "%", "Crib", "%"),
        ]
        for score in 0...ScoreDistribution.maximumScore {
            let handCount = hand.counts[score], cribCount = crib.counts[score]
            lines.append(row(String(score), handCount.grouped, share(handCount, of: hand.hands),
                             cribCount.grouped, share(cribCount, of: crib.hands)))
        }
        lines.append(columns.rule)
        lines.append(row("Total", hand.hands.grouped, share(hand.hands, of: hand.hands),
                         crib.hands.grouped, share(crib.hands, of: crib.hands)))
        lines.append(row("Mean", hand.mean.decimal(places: 6), "", crib.mean.decimal(places: 6), ""))
        return lines.joined(separator: "\n")
    }
}

extension Int {
    /// Thousands separated by commas: `12,994,800`.
    fileprivate var grouped: String {
        let digits = Array(String(magnitude))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return self < 0 ? "-" + result : result
    }
}
