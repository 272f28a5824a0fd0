import CribbageCore

/// What a deal and a game came to at the table, by side and by kind: the pegs (his heels apart),
/// the hand, the crib, and with muggins what each side took of the other's misses.
struct TablePoints: Hashable, Sendable {
    var heels = 0, pegs = 0, hand = 0, crib = 0, muggins = 0

    var total: Int { heels + pegs + hand + crib + muggins }

    static func + (a: TablePoints, b: TablePoints) -> TablePoints {
        TablePoints(heels: a.heels + b.heels, pegs: a.pegs + b.pegs, hand: a.hand + b.hand, crib: a.crib + b.crib,
                    muggins: a.muggins + b.muggins)
    }

    /// Each seat's points of deal `round` (from 1) of `game`.
    static func of(round: Int, in game: Game) -> [TablePoints] {
        var points = Array(repeating: TablePoints(), count: game.seating.players)
        // A muggins is the correction right after the count it corrects, of that count's deal
        // (after the crib the log has already moved to the next round).
        var counted = 0
        for entry in game.log {
            let deal = entry.score == .correction ? counted : entry.round
            counted = entry.round
            guard deal == round else { continue }
            switch entry.score {
            case .heels: points[entry.player].heels += entry.points
            case .play: points[entry.player].pegs += entry.points
            case .hand: points[entry.player].hand += entry.points
            case .crib: points[entry.player].crib += entry.points
            case .correction: points[entry.player].muggins += entry.points
            }
        }
        return points
    }

    /// The points by kind in words: "pegs 5, hand 8, crib 6" (his heels and muggins where there are
    /// any, muggins always in a game with it).
    func text(muggins shown: Bool) -> String {
        var parts = ["pegs \(pegs)", "hand \(hand)", "crib \(crib)"]
        if heels > 0 { parts.insert("his heels \(heels)", at: 0) }
        if shown || muggins > 0 { parts.append("muggins \(muggins)") }
        return parts.joined(separator: ", ")
    }
}

/// The summaries the table shows: at the end of a deal, each side's points of it by kind; at the
/// end of a game, the deals in a table and each side's points by kind.
enum TableSummary {
    /// The deal's summary: one line a side.
    static func deal(_ table: TableGame, viewer: Int, watching: Bool = false) -> [String] {
        let words = SeatWords(table: table, viewer: viewer, watching: watching)
        guard let deal = table.deal else { return [] }
        let points = TablePoints.of(round: deal.number, in: table.game)
        guard table.players == 2 else {
            // Three or four: each seat's points alone, in one line (`b` breaks the counts down).
            return ["This deal: " + ([viewer] + words.others).map { "\(words.whom($0)) \(points[$0].total)" }
                .joined(separator: ", ")]
        }
        // A line a side, so that neither's parts wrap inside their parentheses at 80 columns.
        let seats = [viewer, words.opponent]
        return seats.enumerated().map { index, seat in
            (index == 0 ? "This deal: " : "           ")
                + "\(words.whom(seat)) \(points[seat].total) (\(points[seat].text(muggins: table.setup.muggins)))"
                + (index == seats.count - 1 ? "" : ";")
        }
    }

    /// The game's summary: the deals' points in columns under their numbers, each side's points by
    /// kind (the prompt names the review's key).
    static func game(_ table: TableGame, viewer: Int, watching: Bool = false) -> [String] {
        let words = SeatWords(table: table, viewer: viewer, watching: watching)
        let seats = [viewer] + words.others
        let rounds = table.deal?.number ?? 0
        let deals = (1...max(rounds, 1)).map { TablePoints.of(round: $0, in: table.game) }
        let width = 4
        func column(_ text: String) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        var lines = ["The game by deal" + (1...deals.count).map { column(String($0)) }.joined()]
        for seat in seats {
            let name = words.name(seat) + String(repeating: " ", count: max(0, 14 - words.name(seat).count))
            lines.append("  \(name)" + deals.map { column(String($0[seat].total)) }.joined())
        }
        // With three or four, the deals alone: the seats' rows would not all fit.
        for seat in seats where table.players == 2 {
            let sum = deals.map { $0[seat] }.reduce(TablePoints(), +)
            lines.append("  \(words.name(seat)): \(sum.text(muggins: table.setup.muggins)), \(sum.total) in all")
        }
        return lines
    }
}
