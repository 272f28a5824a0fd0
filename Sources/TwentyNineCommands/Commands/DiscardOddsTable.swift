import CribbageCore

/// `discard --score`: the keeps by the chance to win the game, the net beside it, and a line
/// saying why the chance ranks another keep first where it does.
struct DiscardOddsTable {
    let analysis: Analysis

    var text: String {
        guard case .keep(let six, let role, let score?) = analysis.decision else { return "" }
        let byPoints = analysis.byPoints.map { $0.keep! }
        let ranked = analysis.options.map { $0.keep! }
        let points = analysis.ranking == .goal(.gamePoints)
        let header = ["Keep", "Discard", "Win"] + (points ? ["Game pts"] : []) + ["Net", "By net"]
        let rows: [[String]] = analysis.options.map { option in
            let keep = option.keep!, chances = option.value.chances!
            let first = [DiscardTable.cards(keep.cards), DiscardTable.cards(keep.discard), chances.win.percent]
            let gamePoints = points ? [(chances.gamePoints ?? 0).signed(places: 3)] : []
            return first + gamePoints + [option.value.net.decimal(places: 3), String(byPoints.firstIndex(of: keep)! + 1)]
        }
        let columns = TextColumns(fitting: [header] + rows) { column, _ in column < 2 }
        let pointsBest = byPoints[0]
        let marked = ranked[0] != pointsBest
        let crib = role == .dealer ? "dealer (your crib)" : "pone (the opponent's crib)"
        var lines = [
            "Dealt  \(DiscardTable.cards(six))",
            "Role   \(crib), you \(score.mine) and they \(score.theirs) in a game to \(score.target)",
            "Crib   against the solved throw",
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
        lines.append(analysis.why)
        return lines.joined(separator: "\n")
    }
}

extension Analysis {
    /// The `--json` object of a keep played to the score: as `discard --json` with pegging, plus the
    /// score, the keeps best first by the chance to win, each with `win` and how its deal can end
    /// the game, and `bestByNet` naming the best keep by net when it is another.
    var oddsJSON: OrderedJSON {
        func cards(_ cards: [Card]) -> OrderedJSON { .array(cards.map { .string($0.description) }) }
        let plain = keepsJSON(pegging: true)
        guard case .keep(_, _, let score?) = decision, case .object(var members) = plain,
              let keepsAt = members.firstIndex(where: { $0.key == "keeps" }),
              case .array(let keepObjects) = members[keepsAt].value else { return plain }
        let byPoints = self.byPoints.map { $0.keep! }
        let objects = options.map { option -> OrderedJSON in
            guard case .object(let fields) = keepObjects[byPoints.firstIndex(of: option.keep!)!],
                  let chances = option.value.chances else { return keepObjects[0] }
            return .object(fields + [
                ("win", .number(chances.win)),
                ("gamePoints", .number(chances.gamePoints ?? 0)),
                ("deal", chances.dealJSON),
            ])
        }
        members[keepsAt].value = .array(objects)
        let goal = ranking == .goal(.gamePoints) ? "game-points" : "win"
        members.insert(("score", .object([("mine", .int(score.mine)), ("theirs", .int(score.theirs)),
                                          ("target", .int(score.target)), ("goal", .string(goal))])), at: keepsAt)
        if best != self.byPoints[0] { members.append(("bestByNet", cards(byPoints[0].cards))) }
        return .object(members)
    }
}

extension Chances {
    /// How the deal can end the game: `pegOut`, `peggedOut`, `countOut`, `countedOut`.
    var dealJSON: OrderedJSON {
        guard let ending else { return .object([]) }
        return .object([("pegOut", .number(ending.pegOut)), ("peggedOut", .number(ending.peggedOut)),
                        ("countOut", .number(ending.countOut)), ("countedOut", .number(ending.countedOut))])
    }
}
