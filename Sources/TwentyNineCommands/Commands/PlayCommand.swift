import ArgumentParser
import CribbageCore

/// `twentynine play`: the play (pegging) counted token by token, with each player's total.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Count the play card by card: fifteens, thirty-ones, pairs, runs, go and last card.",
        discussion: """
            Example: twentynine play 7H 8C 9S go 6D go KS KD KH go QD
            The tokens are what happened, in turn order, starting with the player left of the \
            dealer: a card laid by the player whose turn it is, or go when that player cannot lay \
            one without passing 31. With four players, players 1 and 3 are partners against 2 and 4.
            With --advise, --hand (the four cards you kept), --cut and --dealer or --pone: the \
            cards you may lay next, ranked by the pegging engine with the points expected for you \
            and for the opponent to the end of the play, and the net. --discards (your two) makes \
            its guess at the opponent's cards sharper. Example: \
            twentynine play KD --hand 5H 9C 9D KS --cut 7H --dealer --advise
            A card is a rank (A 2-10 T J Q K) then a suit (S H D C or ♠ ♥ ♦ ♣), in any case: 5h, 10D, td, J♦.
            """
    )

    // Unrecognised options land here too, so that `--player` or `-5C` gets the one-line message.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Cards laid and go, in turn order.", valueName: "token"))
    var tokens: [String] = []

    @Option(help: ArgumentHelp("How many players: 2, 3 or 4.", valueName: "n"))
    var players = "2"

    @OptionGroup var output: JSONOption
    var json: Bool { output.json }

    @Flag(help: "Rank the cards you may lay next (needs --hand, --cut and --dealer or --pone).")
    var advise = false

    @Option(parsing: .upToNextOption, help: ArgumentHelp("With --advise: the four cards you kept.", valueName: "card"))
    var hand: [String] = []

    @Option(parsing: .upToNextOption, help: ArgumentHelp("With --advise: the cards you threw to the crib.", valueName: "card"))
    var discards: [String] = []

    @Option(help: ArgumentHelp("With --advise: the cut (the starter card).", valueName: "card"))
    var cut: String?

    @OptionGroup var role: RoleOption

    @Option(help: ArgumentHelp("With --advise: the scores as the play stands, yours then theirs, to play to the board.", valueName: "mine,theirs"))
    var score: String?

    @Option(name: .customLong("to"), help: ArgumentHelp("With --score: the target, 121 or 61.", valueName: "points"))
    var target = 121

    @OptionGroup var goal: GoalOption

    func run() throws {
        let play = try readPlay()
        let advice = try readAdvice(play)
        if json {
            guard let advice, case .object(let members) = play.json else { Console.print(play.json.text); return }
            Console.print(OrderedJSON.object(members + [("advice", advice.analysis.adviceJSON(for: advice.view))]).text)
        } else {
            let table = PlayTable(play: play).text
            Console.print(advice.map { table + "\n\n" + AdviceTable(view: $0.view, analysis: $0.analysis).text } ?? table)
        }
    }

    /// With --advise, the view of the player named by --dealer or --pone and the engine's
    /// advice; without it, nil, and none of the advice's options may be given.
    private func readAdvice(_ play: Play) throws(BadInput) -> (view: PeggingView, analysis: Analysis)? {
        let role = try self.role.role()
        guard advise else {
            if !hand.isEmpty || !discards.isEmpty || cut != nil || role != .none || score != nil || goal.goal != nil {
                throw BadInput(message: "--hand, --discards, --cut, --dealer, --pone, --score and --goal are for --advise: add --advise, or leave them out")
            }
            return nil
        }
        guard role != .none else {
            throw BadInput(message: "--advise needs --dealer or --pone: whose cards --hand holds")
        }
        let kept = try hand.enumerated().map { (position, token) throws(BadInput) in
            try BadInput.card(token, role: "hand card \(position + 1)")
        }
        guard kept.count == Play.cardsPerPlayer else {
            throw .wrongCount(hand, expected: 4, what: "hand cards", next: "fifth", rule: "--hand takes the four cards you kept",
                              example: "--hand 5H 9C 9D KS")
        }
        let thrown = try discards.enumerated().map { (position, token) throws(BadInput) in
            try BadInput.card(token, role: "discard \(position + 1)")
        }
        guard let cut else { throw BadInput(message: "--advise needs --cut: give the cut card too, as in --cut 7H") }
        let turned = try BadInput.card(cut, role: "the cut")
        let seat = role == .dealer ? play.players - 1 : 0
        let view: PeggingView
        do {
            view = try PeggingView(hand: kept, discards: thrown, cut: turned, seat: seat, play: play)
        } catch {
            throw BadInput(message: error.description)
        }
        guard let turn = play.turn else { throw BadInput(message: "the play is complete: there is no card left to advise") }
        let toScore = try readScore()
        guard turn == seat else {
            throw BadInput(message: "it is player \(turn + 1)'s turn, not the \(role.rawValue)'s (player \(seat + 1)): --advise is for the player to lay next")
        }
        // The advice's policy and figures, played to the score near the end for --goal.
        let policy = toScore.map { Policy.strongest.playing(for: $0.goal) } ?? .strongest
        return (view, analyse(.lay(view, score: toScore?.score), by: policy, limit: .advice))
    }

    /// `--score MINE,THEIRS` with `--to`: each below the target; nil without `--score`.
    private func readScore() throws(BadInput) -> (score: GameScore, goal: ScoreGoal)? {
        guard let game = Game.Target(rawValue: target) else {
            throw BadInput(message: "--to '\(target)': a game goes to 121 or 61")
        }
        guard let score else {
            _ = try goal.goal(scored: false)
            return nil
        }
        return (try BadInput.score(score, target: game), try goal.goal(scored: true))
    }

    /// The play from the arguments, or the first thing wrong with them.
    private func readPlay() throws(BadInput) -> Play {
        guard let count = Int(players), (2...4).contains(count) else {
            throw BadInput(message: "--players \(players.quotedToken): the play is for 2, 3 or 4 players")
        }
        guard !tokens.isEmpty || advise else {
            throw BadInput(message: "no tokens: play takes the cards laid and go, in turn order, as in: twentynine play 5H 10C 5D 6S")
        }
        if let option = tokens.first(where: { $0.hasPrefix("--") }) {
            throw BadInput(message: "unknown option \(option.quotedToken): play takes --players 2|3|4, --json, and --advise with --hand, --discards, --cut, --dealer or --pone")
        }
        return try BadInput.play(tokens, players: count)
    }
}

extension BadInput {
    /// The play of `players` from its tokens (cards laid and go, in turn order from the player
    /// left of the dealer), or the first token that is not a card or go, or cannot come then.
    static func play(_ tokens: [String], players: Int) throws(BadInput) -> Play {
        var play = Play(players: players)
        for (position, token) in tokens.enumerated() {
            let parsed: PlayToken
            do {
                parsed = try PlayToken(parsing: token)
            } catch {
                do { _ = try BadInput.card(token, role: "token \(position + 1)") } catch {
                    throw BadInput(message: "\(error.message); a token is a card or go")
                }
                throw BadInput(message: error.description)
            }
            do { try play.apply(parsed) } catch {
                throw BadInput(message: "token \(position + 1) \(token.quotedToken): \(error.description)")
            }
        }
        return play
    }
}

extension Play {
    /// The `--json` object: players, each token as played with its count and scores, the totals
    /// (and with four players the partnerships' totals), and whether every card has been laid.
    var json: OrderedJSON {
        var members: [(key: String, value: OrderedJSON)] = [
            ("players", .int(players)),
            ("plays", .array(steps.map { step in
                let laid: (key: String, value: OrderedJSON) = switch step.token {
                case .card(let card): ("card", .string(card.description))
                case .go: ("go", .bool(true))
                }
                return .object([
                    ("player", .int(step.player + 1)),
                    laid,
                    ("count", .int(step.count)),
                    ("points", .int(step.points)),
                    ("scores", .array(step.scores.map(\.json))),
                ])
            })),
            ("totals", .array(totals.map { .int($0) })),
        ]
        if let partnershipTotals { members.append(("partnerships", .array(partnershipTotals.map { .int($0) }))) }
        members.append(("complete", .bool(isComplete)))
        return .object(members)
    }
}

extension PlayScore {
    /// `{"kind": "fifteen", "points": 2}`; a run also has its `length`.
    var json: OrderedJSON {
        // The save file's token, but one kind for every run: its length is a member of its own.
        let kind = if case .run = self { "run" } else { token }
        var members: [(key: String, value: OrderedJSON)] = [("kind", .string(kind))]
        if case .run(let length) = self { members.append(("length", .int(length))) }
        members.append(("points", .int(points)))
        return .object(members)
    }
}

/// The `play` table: a line per token (player, card or go, the count after it, the points and
/// why), a blank line where a count ends, then the totals and whether the play is complete.
struct PlayTable {
    let play: Play

    var text: String {
        var lines = ["Player  Card  Count  Points"]
        for (index, step) in play.steps.enumerated() {
            let reasons = step.scores.map { "\($0.name) \($0.points)" }.joined(separator: ", ")
            let line = Self.right(String(step.player + 1), 6) + "  " + Self.left(step.token.description, 4)
                + "  " + Self.right(String(step.count), 5) + "  " + Self.right(String(step.points), 6)
            lines.append(reasons.isEmpty ? line : line + "  " + reasons)
            if step.endsCount && index < play.steps.count - 1 { lines.append("") }
        }
        lines.append("")
        var totals = play.totals.enumerated().map { ("player \($0.offset + 1)", $0.element) }
        if let partnerships = play.partnershipTotals {
            totals += [("players 1 and 3", partnerships[0]), ("players 2 and 4", partnerships[1])]
        }
        let width = totals.map(\.0.count).max()!
        lines.append("Totals")
        lines += totals.map { "  " + Self.left($0.0, width) + "  " + Self.right(String($0.1), 3) }
        lines.append("")
        if play.isComplete {
            lines.append("Complete: every player has laid \(Play.cardsPerPlayer) cards.")
        } else if let turn = play.turn {
            let next = switch play.count {
            case 0: "leads a new count"
            case ...21: "to lay a card, at a count of \(play.count)"
            default: "to lay a card or say go, at a count of \(play.count)"
            }
            lines.append("In progress: player \(turn + 1) \(next).")
        }
        return lines.joined(separator: "\n")
    }

    private static func left(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private static func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

extension Analysis {
    /// The `--json` member `advice`: the player (from 1) and role, then each option best first,
    /// `card` or `"go": true`, with `mine`, `theirs` and `net`, the races and chances where the
    /// score is known, and how many of the opponent's possible hands were solved.
    func adviceJSON(for view: PeggingView) -> OrderedJSON {
        var members: [(key: String, value: OrderedJSON)] = [
            ("player", .int(view.seat + 1)),
            ("role", .string(view.isDealer ? "dealer" : "pone")),
            ("options", .array(options.map { option in
                let token: (key: String, value: OrderedJSON) = switch option.token! {
                case .card(let card): ("card", .string(card.description))
                case .go: ("go", .bool(true))
                }
                let value = option.value
                return .object([token, ("mine", .number(value.mine.pegs)), ("theirs", .number(value.theirs.pegs)),
                                ("net", .number(value.net)), ("racesWon", .number(value.race?.won ?? 0)),
                                ("racesLost", .number(value.race?.lost ?? 0))]
                               + (value.chances.map { [("win", .number($0.win))] } ?? [])
                               + (value.chances?.gamePoints.map { [("gamePoints", .number($0))] } ?? []))
            })),
        ]
        if case .search(let solved, let possible) = method {
            members.append(("hands", .object([("solved", .int(solved)), ("possible", .int(possible))])))
        }
        return .object(members)
    }
}

/// The `--advise` table: the cards the player may lay (or go), best first, with the points
/// expected for it and for the opponent to the end of the play, and the net.
struct AdviceTable {
    let view: PeggingView
    let analysis: Analysis

    var text: String {
        let role = view.isDealer ? "the dealer" : "the pone"
        var lines: [String]
        switch analysis.method! {
        case .search(let solved, let possible):
            lines = ["Advice for player \(view.seat + 1) (\(role)): \(solved) of the opponent's \(possible) possible hands solved",
                     "Points expected for you and the opponent from each card to the end of the play:"]
        case .greedy:
            lines = ["Advice for player \(view.seat + 1) (\(role)): with \(view.play.players) players, greedy",
                     "Points each card pegs now:"]
        case .sampled(let deals):
            let others = view.play.players == 4 ? "the other side" : "the other two's mean"
            lines = ["Advice for player \(view.seat + 1) (\(role)): with \(view.play.players) players, \(deals) deals of the unseen cards played out",
                     "Points expected for your side and for \(others) from each card to the end of the play:"]
        }
        let options = analysis.options
        let races = options.contains { ($0.value.race?.won ?? 0) > 0 || ($0.value.race?.lost ?? 0) > 0 }
        let wins = options.contains { $0.value.chances != nil }
        let points = wins && analysis.policy.toScore?.goal == .gamePoints
        if races {
            lines.append("Played to the score: Won and Lost are the chances to reach the target first in this play, you or the opponent.")
        }
        if points {
            lines.append("Win is your chance to win the game with that card, the play, the show and the deals after counted; Game pts the game")
            lines.append("points you can expect from it (a skunk 2, a double skunk 3, a loss as many against): the best expects most.")
        } else if wins {
            lines.append("Win is your chance to win the game with that card, the play, the show and the deals after counted; the best wins most.")
        }
        let rows = [["Card", "You", "Opponent", "Net"] + (races ? ["Won", "Lost"] : []) + (wins ? ["Win"] : []) + (points ? ["Game pts"] : []) + [""]]
            + options.enumerated().map { index, option in
                let value = option.value
                let race = races ? [(value.race?.won ?? 0).decimal(places: 2), (value.race?.lost ?? 0).decimal(places: 2)] : []
                let win = wins ? [value.chances?.win.percent ?? ""] : []
                let gamePoints = points ? [value.chances?.gamePoints.map { $0.signed(places: 3) } ?? ""] : []
                return [option.token!.description, value.mine.pegs.decimal(places: 2), value.theirs.pegs.decimal(places: 2),
                        value.net.signed(places: 2)] + race + win + gamePoints + [index == 0 ? "best" : ""]
            }
        let columns = TextColumns(fitting: rows) { column, _ in column == 0 || column == rows[0].count - 1 }
        lines += rows.map { "  " + columns.line($0) }
        return lines.joined(separator: "\n")
    }
}
