import ArgumentParser
import CribbageCore

/// `twentynine score`: counts four hand cards and the cut, HandRank by HandRank.
struct ScoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "score",
        abstract: "Count a hand: every fifteen, pair, run, flush and nobs, the total and the spoken count.",
        discussion: """
            Example: twentynine score 5H 5C 5S JD --cut 5D
            A card is a rank (A 2-10 T J Q K) then a suit (S H D C or ♠ ♥ ♦ ♣), in any case: 5h, 10D, td, J♦.
            """
    )

    // Unrecognised options land here too, so that `-5C` or `--cutt` gets the one-line message.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The four hand cards.", valueName: "card"))
    var cards: [String] = []

    @Option(help: ArgumentHelp("The cut (the starter card).", valueName: "card"))
    var cut: String?

    @Flag(help: "Count under crib rules: only a five-card flush counts.")
    var crib = false

    @OptionGroup var output: JSONOption
    var json: Bool { output.json }

    func run() throws {
        let hand: Hand
        hand = try readHand()
        let breakdown = hand.breakdown(rules: crib ? .crib : .hand)
        let distribution = ScoreDistribution.exact(rules: breakdown.rules)
        if json {
            guard case .object(let members) = breakdown.json else { return }
            let percentile = ("percentile", OrderedJSON.number(distribution.percentile(of: breakdown.total)))
            Console.print(OrderedJSON.object(members + [percentile]).text)
        } else {
            Console.print(BreakdownTable(breakdown: breakdown, standing: distribution.standing(of: breakdown.total)).text)
        }
    }

    /// The hand from the arguments, or the first thing wrong with them.
    func readHand() throws(BadInput) -> Hand {
        var held: [Card] = []
        for (position, token) in cards.enumerated() {
            if token.hasPrefix("--") {
                throw BadInput(message: "unknown option \(token.quotedToken): score takes --cut <card>, --crib and --json")
            }
            held.append(try BadInput.card(token, role: "hand card \(position + 1)"))
        }
        var turned: Card?
        if let cut { turned = try BadInput.card(cut, role: "the cut") }

        guard held.count == 4 else { throw wrongCount() }
        guard let turned, let cut else {
            throw BadInput(message: "missing --cut: give the cut card too, as in --cut 5D")
        }

        let all = held + [turned]
        if let again = Card.firstRepeat(in: all) {
            let problem = HandError.duplicate(all[again], token: (cards + [cut])[again]).description
            throw BadInput(message: again == 4 ? "\(problem) (the cut is also a hand card)" : problem)
        }
        do { return try Hand(held, cut: turned) } catch { throw BadInput(message: error.description) }
    }

    private func wrongCount() -> BadInput {
        let rule = "score takes 4 hand cards and the cut as --cut"
        if cards.count == 5 && cut == nil {
            return BadInput(message: "missing --cut: got 5 cards; \(rule) (did you mean --cut \(cards[4])?)")
        }
        return .wrongCount(cards, expected: 4, what: "hand cards", next: "fifth", rule: rule,
                           example: "twentynine score 5H 5C 5S JD --cut 5D")
    }
}

extension Breakdown {
    /// The `--json` object: hand, cut, crib, total, hisHeels, then all five categories in
    /// HandRank order, cards in canonical notation.
    var json: OrderedJSON {
        .object([
            ("hand", .array(hand.cards.map { .string($0.description) })),
            ("cut", .string(hand.cut.description)),
            ("crib", .bool(rules == .crib)),
            ("total", .int(total)),
            ("hisHeels", .bool(hand.isHisHeels)),
            ("categories", .array(categories.map { category in
                .object([
                    ("name", .string(category.rank.rawValue)),
                    ("points", .int(category.points)),
                    ("combinations", .array(category.combinations.map { combination in
                        .object([
                            ("cards", .array(combination.cards.map { .string($0.description) })),
                            ("points", .int(combination.points)),
                        ])
                    })),
                ])
            })),
        ])
    }
}
