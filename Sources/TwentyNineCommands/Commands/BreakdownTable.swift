import CribbageCore

/// The `score` table: the hand and the cut, a section per HandRank with each scoring
/// combination and `+N`, the total, the spoken count, and a note for his heels.
struct BreakdownTable {
    let breakdown: Breakdown
    /// Where the total stands among all hands: "better than 97.3% of hands".
    let standing: String

    var text: String {
        let hand = breakdown.hand
        var lines: [String] = []
        let heading = breakdown.rules == .crib ? "Crib" : "Hand"
        let rulesNote = breakdown.rules == .crib ? "   (crib rules: only a five-card flush counts)" : ""
        lines.append("\(heading)  \(Self.cards(hand.cards))\(rulesNote)")
        lines.append("Cut   \(hand.cut)")
        lines.append("")

        var rows: [(label: String, points: String)] = []
        for category in breakdown.categories {
            rows.append((category.rank.title, String(category.points)))
            for combination in category.combinations {
                rows.append(("  " + Self.cards(combination.cards), "+\(combination.points)"))
            }
        }
        let labelWidth = max(22, rows.map(\.label.count).max() ?? 0)
        let pointsWidth = max(3, rows.map(\.points.count).max() ?? 0)
        let columns = TextColumns(widths: [labelWidth, pointsWidth])
        func row(_ label: String, _ points: String) -> String { columns.line([label, points]) }
        lines += rows.map { row($0.label, $0.points) }
        lines.append(columns.rule)
        lines.append(row("Total", String(breakdown.total)))
        lines.append("(\(standing) under \(breakdown.rules == .crib ? "crib" : "hand") rules)")
        lines.append("")
        lines.append(breakdown.spokenCount)
        if hand.isHisHeels {
            lines.append("")
            lines.append("Note: the cut \(hand.cut) is his heels, 2 to the dealer, pegged at the cut and not part of this count.")
        }
        return lines.joined(separator: "\n")
    }

    private static func cards(_ cards: [Card]) -> String {
        cards.map(\.description).joined(separator: " ")
    }
}
