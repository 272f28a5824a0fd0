import CribbageCore

/// `discard --score`: the keeps by the chance to win the game, the net beside it, and a line
/// saying why the chance ranks another keep first where it does.
struct DiscardOddsTable {
    let odds: DiscardOdds

    var text: String {
        let (role, score) = (odds.role, odds.score)
        let byPoints = odds.rankedByPoints
        let ranked = odds.ranked
        let points = score.goal == .gamePoints
        let header = ["Keep", "Discard", "Win"] + (points ? ["Game pts"] : []) + ["Net", "By net"]
        let rows = ranked.map { keep in
            let chances = odds.chances(of: keep)
            return [DiscardTable.cards(keep.cards), DiscardTable.cards(keep.discard), chances.win.percent]
                + (points ? [chances.gamePoints.signed(places: 3)] : [])
                + [keep.netWithPegging(for: role).decimal(places: 3), String(byPoints.firstIndex(of: keep)! + 1)]
        }
        let columns = TextColumns(fitting: [header] + rows) { column, _ in column < 2 }
        let pointsBest = byPoints[0]
        let marked = ranked[0] != pointsBest
        let crib = role == .dealer ? "dealer (your crib)" : "pone (the opponent's crib)"
        var lines = [
            "Dealt  \(DiscardTable.cards(odds.analysis.cards))",
            "Role   \(crib), you \(score.mine) and they \(score.theirs) in a game to \(score.target)",
            "Crib   against an expert opponent",
            "",
            columns.line(header),
            columns.rule,
        ] + zip(ranked, rows).map { keep, row in columns.line(row) + (marked && keep == pointsBest ? "  *" : "") } + [
            "",
            "Win: your chance to win the game, this deal's points in the order they arrive, then the win table's.",
        ] + (points ? ["Game pts: the game points you can expect (a skunk 2, a double skunk 3, a loss as many against), which rank."] : []) + [
            "Net: hand \(role == .dealer ? "+" : "-") crib + pegging, as discard ranks without --score; By net: the place there.",
        ]
        if marked { lines.append("* the best keep by net") }
        lines.append(odds.why)
        return lines.joined(separator: "\n")
    }
}

extension DiscardOdds {
    /// The `--json` object: as `discard --json` with pegging, plus the score, the keeps best first
    /// by the chance to win, each with `win` and how its deal can end the game, and `bestByNet`
    /// naming the best keep by net when it is another.
    var json: OrderedJSON {
        func cards(_ cards: [Card]) -> OrderedJSON { .array(cards.map { .string($0.description) }) }
        let plain = analysis.json(for: role, pegging: true)
        guard case .object(var members) = plain, let keepsAt = members.firstIndex(where: { $0.key == "keeps" }),
              case .array(let keepObjects) = members[keepsAt].value else { return plain }
        let byPoints = rankedByPoints
        let objects = ranked.map { keep -> OrderedJSON in
            guard case .object(let fields) = keepObjects[byPoints.firstIndex(of: keep)!] else { return keepObjects[0] }
            let chances = chances(of: keep)
            return .object(fields + [
                ("win", .number(chances.win)),
                ("gamePoints", .number(chances.gamePoints)),
                ("deal", chances.dealJSON),
            ])
        }
        members[keepsAt].value = .array(objects)
        members.insert(("score", .object([("mine", .int(score.mine)), ("theirs", .int(score.theirs)),
                                          ("target", .int(score.target)),
                                          ("goal", .string(score.goal == .win ? "win" : "game-points"))])), at: keepsAt)
        if ranked[0] != byPoints[0] { members.append(("bestByNet", cards(byPoints[0].cards))) }
        return .object(members)
    }
}

extension DiscardOdds.Chances {
    /// How the deal can end the game: `pegOut`, `peggedOut`, `countOut`, `countedOut`.
    var dealJSON: OrderedJSON {
        .object([("pegOut", .number(pegOut)), ("peggedOut", .number(peggedOut)),
                 ("countOut", .number(countOut)), ("countedOut", .number(countedOut))])
    }
}
