import ArgumentParser
import CribbageCore

/// `twentynine discard`: the 15 ways to keep four of six dealt cards, best first for the role.
struct DiscardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discard",
        abstract: "Rank the 15 ways to keep four of six dealt cards by expected hand and crib points.",
        discussion: """
            Example: twentynine discard 5S 4D JD 4C 5C 5H --dealer
            The hand is averaged over the 46 possible cuts. The crib is the exact expected count of \
            the two cards thrown: against the solved throw (the default), whose six come from the \
            46 cards you cannot see and who throws as the solved crib tables say (crib flushes not \
            counted; see `twentynine crib`); against a random one (--opponent random), whose two \
            come from the 46 and the cut from the 44 left. Net: hand + crib with --dealer, \
            hand - crib with --pone, the hand alone with neither. A * marks the keep the other \
            model would rank first. With --dealer or --pone the play counts too: Peg is what the \
            keep is worth in the play as the pegging engine reckons it (your expected pegs less the \
            opponent's) and is added to the net; --pegging off leaves it out. --why says in words why \
            each keep ranks where it does. --score MINE,THEIRS (with --dealer or --pone, and --to 61 for \
            the short game) ranks the keeps by the chance to win the game from those scores instead, \
            with the net beside it (see Rules.md); --goal game-points ranks them by the game points to \
            expect (a skunk 2, a double skunk 3, a loss as many against).
            A card is a rank (A 2-10 T J Q K) then a suit (S H D C or ♠ ♥ ♦ ♣), in any case: 5h, 10D, td, J♦.
            """
    )

    // Unrecognised options land here too, so that `--deal` or `-5C` gets the one-line message.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The six cards dealt.", valueName: "card"))
    var cards: [String] = []

    @OptionGroup var role: RoleOption

    @OptionGroup var opponent: OpponentOption

    @Option(help: ArgumentHelp("Count each keep's pegging in the net (with --dealer or --pone): on or off.", valueName: "on|off"))
    var pegging = "on"

    @Flag(help: "Under the table, each keep's hand, crib and pegging in words.")
    var why = false

    @Option(help: ArgumentHelp("The scores before the deal, yours then theirs: rank the keeps by the chance to win the game (with --dealer or --pone).", valueName: "mine,theirs"))
    var score: String?

    @Option(help: ArgumentHelp("With --score: the target, 121 or 61.", valueName: "points"))
    var to: String?

    @OptionGroup var goal: GoalOption

    @OptionGroup var output: JSONOption
    var json: Bool { output.json }

    func run() throws {
        let (role, six) = try readDeal()
        let counted = try countsPegging() && role != .none
        // The advice's policy (`Policy.strongest`), changed only where an option asks.
        var policy = Policy.strongest
        policy.crib = try opponent.model()
        if !counted { policy.keep = .handAndCrib }
        if let (score, goal) = try readScore(role: role) {
            // Played to the score as the computer plays it: near the end the chance (or the game
            // points) ranks the keeps, farther out the points, each keep's chance following them.
            policy = policy.playing(for: goal)
            let analysis = analyse(.keep(six: six, role: role, score: score), by: policy, limit: .advice)
            return Console.print(json ? analysis.oddsJSON.text : DiscardOddsTable(analysis: analysis).text)
        }
        let analysis = analyse(.keep(six: six, role: role, score: nil), by: policy, limit: .advice)
        Console.print(json ? analysis.keepsJSON(pegging: counted).text
                           : DiscardTable(analysis: analysis, pegging: counted, why: why).text)
    }

    private func countsPegging() throws(BadInput) -> Bool {
        switch pegging.lowercased() {
        case "on": return true
        case "off": return false
        default: throw BadInput(message: "unknown value \(pegging.quotedToken): --pegging takes on or off")
        }
    }

    /// `--score` with `--to`, and the options it goes with, with `--goal`; nil without `--score`.
    private func readScore(role: Role) throws(BadInput) -> (GameScore, ScoreGoal)? {
        guard let score else {
            if let to { throw BadInput(message: "--to \(to.quotedToken) is for --score: the target of the game the scores are in") }
            _ = try goal.goal(scored: false)
            return nil
        }
        let parsed = try BadInput.score(score, target: BadInput.target(to ?? "121"))
        let playedFor = try goal.goal(scored: true)
        if role == .none { throw BadInput(message: "--score \(score.quotedToken) needs --dealer or --pone: the chance to win depends on who deals") }
        if try opponent.model() == .random { throw BadInput(message: "--opponent random with --score: the chance to win counts the crib against the solved throw") }
        if try !countsPegging() { throw BadInput(message: "--pegging off with --score: the chance to win counts the play") }
        if why { throw BadInput(message: "--why with --score: the line under the table says why the chance ranks its best keep first") }
        return (parsed, playedFor)
    }

    /// The role and the six dealt cards, or the first thing wrong with the arguments.
    private func readDeal() throws(BadInput) -> (Role, [Card]) {
        let role = try self.role.role()
        for (position, token) in cards.enumerated() {
            if token.hasPrefix("--") {
                throw BadInput(message: "unknown option \(token.quotedToken): discard takes --dealer or --pone, --opponent, --pegging, --why, --score, --to and --json")
            }
            _ = try BadInput.card(token, role: "card \(position + 1)")
        }
        guard cards.count == 6 else { throw wrongCount() }
        _ = try opponent.model()
        do {
            return (role, try Card.parseDistinct(cards))
        } catch {
            throw BadInput(message: error.description)
        }
    }

    private func wrongCount() -> BadInput {
        .wrongCount(cards, expected: 6, what: "cards", next: "seventh", rule: "discard takes the six cards dealt",
                    example: "twentynine discard 5S 4D JD 4C 5C 5H")
    }
}

extension Analysis {
    /// The `--json` object: the cards dealt, the role, the opponent model, whether pegging is
    /// counted, then the keeps best first, cards in canonical notation; with pegging, each keep's
    /// `peg` (the keeper's and the opponent's expected pegs, and the net) and a `net` that
    /// includes it; `"bestUnderOtherModel": true` on the keep the other crib model ranks first,
    /// when it is not this one's first; `bestWithoutPegging` names the keep hand and crib alone
    /// rank first, when pegging changes it.
    func keepsJSON(pegging: Bool = false) -> OrderedJSON {
        func cards(_ cards: [Card]) -> OrderedJSON { .array(cards.map { .string($0.description) }) }
        guard case .keep(let six, let role, _) = decision, let analysis = keeps else { return .object([]) }
        let order = byPoints.map { $0.keep! }
        let bestUnderOtherModel = analysis.bestUnderOtherModel
        var members: [(key: String, value: OrderedJSON)] = [
            ("cards", cards(six)),
            ("role", .string(role.rawValue)),
            ("opponent", .string(analysis.opponent.rawValue)),
            ("pegging", .bool(pegging)),
            ("keeps", .array(order.map { keep in
                .object(keep == bestUnderOtherModel ? fields(keep) + [("bestUnderOtherModel", .bool(true))] : fields(keep))
            })),
        ]
        if pegging, let plainBest = bestWithoutPegging { members.append(("bestWithoutPegging", cards(plainBest.cards))) }
        return .object(members)
        func fields(_ keep: Keep) -> [(key: String, value: OrderedJSON)] {
            var fields: [(key: String, value: OrderedJSON)] = [
                ("keep", cards(keep.cards)),
                ("discard", cards(keep.discard)),
                ("hand", .object([
                    ("mean", .number(keep.hand.mean)),
                    ("min", .int(keep.hand.minimum)),
                    ("max", .int(keep.hand.maximum)),
                ])),
                ("crib", .object([("mean", .number(keep.cribMean))])),
            ]
            if pegging, let peg = keep.pegging(for: role) {
                fields.append(("peg", .object([("mine", .number(peg.mine)), ("theirs", .number(peg.theirs)),
                                               ("net", .number(peg.net))])))
                fields.append(("net", .number(keep.netWithPegging(for: role))))
            } else {
                fields.append(("net", .number(keep.net(for: role))))
            }
            return fields
        }
    }
}

/// The `discard` table: the deal and the role, then one line per keep, best first.
struct DiscardTable {
    let analysis: DiscardAnalysis
    let advice: Analysis
    let role: Role
    /// The keeps best first, as the analysis ranks them.
    let ranked: [Keep]
    let pegging: Bool
    let why: Bool

    init(analysis: Analysis, pegging: Bool, why: Bool) {
        guard case .keep(_, let role, _) = analysis.decision else { preconditionFailure("a keep's analysis") }
        self.analysis = analysis.keeps!
        advice = analysis
        self.role = role
        ranked = analysis.options.map { $0.keep! }
        self.pegging = pegging
        self.why = why
    }

    var text: String {
        let plus = pegging ? " + pegging" : ""
        let roleLine = switch role {
        case .dealer: "dealer (your crib): net = hand + crib\(plus)"
        case .pone: "pone (the opponent's crib): net = hand - crib\(plus)"
        case .none: "none (crib not counted): net = hand"
        }
        let header = ["Keep", "Discard", "Hand mean", "Min", "Max", "Crib mean"] + (pegging ? ["Peg"] : []) + ["Net"]
        let rows = ranked.map { keep in
            [
                Self.cards(keep.cards), Self.cards(keep.discard),
                keep.hand.mean.decimal(places: 3), String(keep.hand.minimum), String(keep.hand.maximum),
                keep.cribMean.decimal(places: 3),
            ] + (pegging ? [keep.pegging(for: role)!.net.signed(places: 3)] : [])
                + [Self.net(keep, role: role, pegging: pegging).decimal(places: 3)]
        }
        let marked = ranked.map { $0 == analysis.bestUnderOtherModel }
        // The cards left-aligned, the figures right-aligned.
        let columns = TextColumns(fitting: [header] + rows) { column, _ in column < 2 }
        var lines = [
            "Dealt  \(Self.cards(analysis.cards))",
            "Role   \(roleLine)",
            "Crib   against \(analysis.opponent.phrase) throw",
            "",
            columns.line(header),
            columns.rule,
        ] + zip(rows, marked).map { columns.line($0) + ($1 ? "  *" : "") } + [
            "",
            "Hand: over the 46 possible cuts. " + (analysis.opponent == .solved
                ? "Crib: exact, the opponent's six from the 46 unseen cards, thrown as an expert does (no crib flushes)."
                : "Crib: exact, the opponent's two discards from the 46 unseen cards."),
        ]
        if pegging {
            lines.append("Peg: your expected pegs less the opponent's in the play, as the pegging engine reckons the keep.")
            if let plainBest = advice.bestWithoutPegging {
                lines.append("The play changes the best keep: hand and crib alone rank \(Self.cards(plainBest.cards)) first "
                             + "(\(plainBest.net(for: role).decimal(places: 3))), but it pegs "
                             + "\(plainBest.pegging(for: role)!.net.signed(places: 3)) against \(ranked[0].pegging(for: role)!.net.signed(places: 3)).")
            }
        }
        if analysis.bestUnderOtherModel != nil { lines.append("* the best keep against \(analysis.opponent.other.phrase) throw") }
        if why {
            lines.append("")
            lines += ranked.enumerated().map { Self.reason(for: $0.element, rank: $0.offset + 1, role: role, pegging: pegging) }
        }
        return lines.joined(separator: "\n")
    }

    /// One keep in words: "2. Keep 5S JD 5C 5H, throw 4D 4C: the hand makes 16.9 on average, your
    /// crib 5.5 more, the play +0.8 (you peg 3.1, they 2.3): 23.2 in all."
    private static func reason(for keep: Keep, rank: Int, role: Role, pegging: Bool) -> String {
        var parts = ["the hand makes \(keep.hand.mean.decimal(places: 1)) on average"]
        switch role {
        case .dealer: parts.append("your crib \(keep.cribMean.decimal(places: 1)) more")
        case .pone: parts.append("their crib takes \(keep.cribMean.decimal(places: 1)) back")
        case .none: break
        }
        if pegging, let peg = keep.pegging(for: role) {
            parts.append("the play \(peg.net.signed(places: 1)) (you peg \(peg.mine.decimal(places: 1)), they \(peg.theirs.decimal(places: 1)))")
        }
        return "\(rank). Keep \(cards(keep.cards)), throw \(cards(keep.discard)): " + parts.joined(separator: ", ")
            + ": \(net(keep, role: role, pegging: pegging).decimal(places: 1)) in all."
    }

    private static func net(_ keep: Keep, role: Role, pegging: Bool) -> Double {
        pegging ? keep.netWithPegging(for: role) : keep.net(for: role)
    }

    static func cards(_ cards: [Card]) -> String {
        cards.map(\.description).joined(separator: " ")
    }
}
