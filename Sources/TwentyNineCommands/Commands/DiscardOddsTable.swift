import CribbageCore

/// `discard --score`: the keeps by the chance to win the game, the net beside it, and a line
/// saying why the chance ranks another keep first where it does.
struct DiscardOddsTable {
    let odds: DiscardOdds

    var text: String {
        let (role, score) = (odds.role, odds.score)
        let byPoints = odds.rankedByPoints
        let ranked = odds.ranked
        let header = ["Keep", "Discard", "Win", "Net", "By net"]
        let rows = ranked.map { keep in
            [DiscardTable.cards(keep.cards), DiscardTable.cards(keep.discard), Self.percent(odds.chances(of: keep).win),
             keep.netWithPegging(for: role).decimal(places: 3), String(byPoints.firstIndex(of: keep)! + 1)]
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
            "Net: hand \(role == .dealer ? "+" : "-") crib + pegging, as discard ranks without --score; By net: the place there.",
        ]
        if marked { lines.append("* the best keep by net") }
        lines.append(why)
        return lines.joined(separator: "\n")
    }

    /// One line: where the two rankings agree, or what the best keep by the chance gains over the
    /// best by the points, with both figures.
    var why: String {
        let score = odds.score
        let position = "At \(score.mine) to \(score.theirs) as \(odds.role == .dealer ? "dealer" : "pone")"
        let (need, theyNeed) = (score.target - score.mine, score.target - score.theirs)
        guard let reason = odds.reason else {
            return "\(position), the chance to win and the net agree on the best keep."
        }
        let (best, pointsBest) = (odds.chances(of: odds.ranked[0]), odds.chances(of: odds.rankedByPoints[0]))
        let other = DiscardTable.cards(odds.rankedByPoints[0].cards)
        func against(_ figure: KeyPath<DiscardOdds.Chances, Double>, of what: String = "deals") -> String {
            "\(Self.percent(best[keyPath: figure])) of \(what) against \(Self.percent(pointsBest[keyPath: figure])) keeping \(other)"
        }
        guard best.win - pointsBest.win >= 0.01 else {
            return "\(position), the best keep by net is within a point of the best by the chance to win (you win \(against(\.win, of: "games")))."
        }
        let advice = switch reason {
        case .pegOut: "keep the cards that peg: you need \(need) (you peg out in \(against(\.pegOut)))"
        case .holdTheirPegging:
            "keep the cards that give them least in the play: they need \(theyNeed) (they peg out in \(against(\.peggedOut)))"
        case .countOut: "keep the cards that count: you need \(need) (you count out in \(against(\.countOut)))"
        case .holdTheirCount:
            "keep the cards that stop them counting out: they need \(theyNeed) (they count out in \(against(\.countedOut)))"
        case .nextDeals:
            "keep the cards that leave the better board for the deals after this one (you win \(against(\.win, of: "games")))"
        }
        return "\(position), \(advice)."
    }

    private static func percent(_ chance: Double) -> String { (chance * 100).decimal(places: 1) + "%" }
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
                ("deal", .object([("pegOut", .number(chances.pegOut)), ("peggedOut", .number(chances.peggedOut)),
                                  ("countOut", .number(chances.countOut)), ("countedOut", .number(chances.countedOut))])),
            ])
        }
        members[keepsAt].value = .array(objects)
        members.insert(("score", .object([("mine", .int(score.mine)), ("theirs", .int(score.theirs)),
                                          ("target", .int(score.target))])), at: keepsAt)
        if ranked[0] != byPoints[0] { members.append(("bestByNet", cards(byPoints[0].cards))) }
        return .object(members)
    }
}
