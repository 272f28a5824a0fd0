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
            the two cards thrown: against an expert opponent (the default), whose six come from the \
            46 cards you cannot see and who throws as the expert crib tables say (crib flushes not \
            counted; see `twentynine crib`); against a random one (--opponent random), whose two \
            come from the 46 and the cut from the 44 left. Net: hand + crib with --dealer, \
            hand - crib with --pone, the hand alone with neither. A * marks the keep the other \
            model would rank first.
            A card is a rank (A 2-10 T J Q K) then a suit (S H D C or ♠ ♥ ♦ ♣), in any case: 5h, 10D, td, J♦.
            """
    )

    // Unrecognised options land here too, so that `--deal` or `-5C` gets the one-line message.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The six cards dealt.", valueName: "card"))
    var cards: [String] = []

    @OptionGroup var role: RoleOption

    @OptionGroup var opponent: OpponentOption

    @OptionGroup var output: JSONOption
    var json: Bool { output.json }

    func run() throws {
        let role: Role
        let analysis: DiscardAnalysis
        (role, analysis) = try readDeal()
        Console.print(json ? analysis.json(for: role).text : DiscardTable(analysis: analysis, role: role).text)
    }

    /// The role and the analysis of the dealt cards, or the first thing wrong with the arguments.
    private func readDeal() throws(BadInput) -> (Role, DiscardAnalysis) {
        let role = try self.role.role()
        for (position, token) in cards.enumerated() {
            if token.hasPrefix("--") {
                throw BadInput(message: "unknown option '\(token)': discard takes --dealer or --pone, --opponent and --json")
            }
            _ = try BadInput.card(token, role: "card \(position + 1)")
        }
        guard cards.count == 6 else { throw wrongCount() }
        let model = try opponent.model()
        do {
            return (role, try DiscardAdvisor.analyze(Card.parseDistinct(cards), role: role, opponent: model))
        } catch {
            throw BadInput(message: error.description)
        }
    }

    private func wrongCount() -> BadInput {
        .wrongCount(cards, expected: 6, what: "cards", next: "seventh", rule: "discard takes the six cards dealt",
                    example: "twentynine discard 5S 4D JD 4C 5C 5H")
    }
}

extension DiscardAnalysis {
    /// The `--json` object: the cards dealt, the role, the opponent model, then the keeps best
    /// first, cards in canonical notation; `"bestUnderOtherModel": true` on the keep the other
    /// model ranks first, when it is not this one's first.
    func json(for role: Role) -> OrderedJSON {
        func cards(_ cards: [Card]) -> OrderedJSON { .array(cards.map { .string($0.description) }) }
        return .object([
            ("cards", cards(self.cards)),
            ("role", .string(role.rawValue)),
            ("opponent", .string(opponent.rawValue)),
            ("keeps", .array(ranked(for: role).map { keep in
                .object(keep == bestUnderOtherModel ? fields(keep) + [("bestUnderOtherModel", .bool(true))] : fields(keep))
            })),
        ])
        func fields(_ keep: Keep) -> [(key: String, value: OrderedJSON)] {
            [
                ("keep", cards(keep.cards)),
                ("discard", cards(keep.discard)),
                ("hand", .object([
                    ("mean", .number(keep.hand.mean)),
                    ("min", .int(keep.hand.minimum)),
                    ("max", .int(keep.hand.maximum)),
                ])),
                ("crib", .object([("mean", .number(keep.cribMean))])),
                ("net", .number(keep.net(for: role))),
            ]
        }
    }
}

/// The `discard` table: the deal and the role, then one line per keep, best first.
private struct DiscardTable {
    let analysis: DiscardAnalysis
    let role: Role

    var text: String {
        let roleLine = switch role {
        case .dealer: "dealer (your crib): net = hand + crib"
        case .pone: "pone (the opponent's crib): net = hand - crib"
        case .none: "none (crib not counted): net = hand"
        }
        let header = ["Keep", "Discard", "Hand mean", "Min", "Max", "Crib mean", "Net"]
        let rows = analysis.ranked(for: role).map { keep in
            [
                Self.cards(keep.cards), Self.cards(keep.discard),
                keep.hand.mean.decimal(places: 3), String(keep.hand.minimum), String(keep.hand.maximum),
                keep.cribMean.decimal(places: 3), keep.net(for: role).decimal(places: 3),
            ]
        }
        let marked = analysis.ranked(for: role).map { $0 == analysis.bestUnderOtherModel }
        // The cards left-aligned, the figures right-aligned.
        let columns = TextColumns(fitting: [header] + rows) { column, _ in column < 2 }
        return ([
            "Dealt  \(Self.cards(analysis.cards))",
            "Role   \(roleLine)",
            "Crib   against \(analysis.opponent.phrase) opponent",
            "",
            columns.line(header),
            columns.rule,
        ] + zip(rows, marked).map { columns.line($0) + ($1 ? "  *" : "") } + [
            "",
            "Hand: over the 46 possible cuts. " + (analysis.opponent == .expert
                ? "Crib: exact, the opponent's six from the 46 unseen cards, thrown as an expert does (no crib flushes)."
                : "Crib: exact, the opponent's two discards from the 46 unseen cards."),
        ] + (analysis.bestUnderOtherModel == nil ? [] : ["* the best keep against \(analysis.opponent.other.phrase) opponent"])
        ).joined(separator: "\n")
    }

    private static func cards(_ cards: [Card]) -> String {
        cards.map(\.description).joined(separator: " ")
    }
}
