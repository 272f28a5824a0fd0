import ArgumentParser
import CribbageCore

/// `twentynine odds`: your chance to win a two-player game from the scores before a deal, and
/// the match points to expect, from the shipped win tables; with `--hand` and `--discards`, from
/// the deal in progress (the cut too when it is known), as `discard --score` reckons a keep.
struct OddsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "odds",
        abstract: "Your chance to win a two-player game from the scores before a deal, and the match points to expect.",
        discussion: """
            Example: twentynine odds 35 37 --dealer
            MINE and THEIRS are the scores before the deal: 0 to 120 (to 60 with --to 61). --dealer \
            when you deal it, --pone when they do. The chances come from the pegging engine playing \
            itself with solved-table discards, worked back from the end of the game (see Rules.md).
            With --hand (the four you kept) and --discards (the two you threw), the chance from the \
            deal in progress instead: its points in the order they arrive, the play as the pegging \
            engine plays it against its guess at the opponent's four, then the table at the next deal, \
            as discard --score reckons a keep. --cut (the starter, once turned) fixes your hand, his \
            heels and the rank the other counts are given; --play (with --cut) the tokens \
            of the play so far, as play takes them (cards laid and go, from the pone): its pegs come first and the \
            rest is played out from there. MINE and THEIRS stay the scores before the deal. Example: twentynine odds 110 112 --pone --hand 5H 5S 5C JD --discards 9C KS --cut 5D
            A card is a rank (A 2-10 T J Q K) then a suit (S H D C or ♠ ♥ ♦ ♣), in any case: 5h, 10D, td, J♦.
            """
    )

    // Unrecognised options land here too, so that `--deal` gets the one-line message.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Your score, then theirs, before the deal.", valueName: "score"))
    var scores: [String] = []

    @OptionGroup var role: RoleOption

    @Option(help: ArgumentHelp("How far the game goes: 121 or 61.", valueName: "points"))
    var to = "121"

    @Option(parsing: .upToNextOption, help: ArgumentHelp("The four cards you kept: the chance from the deal in progress (with --discards).", valueName: "card"))
    var hand: [String] = []

    @Option(parsing: .upToNextOption, help: ArgumentHelp("With --hand: the two cards you threw to the crib.", valueName: "card"))
    var discards: [String] = []

    @Option(help: ArgumentHelp("With --hand: the cut (the starter card), once turned.", valueName: "card"))
    var cut: String?

    @Option(parsing: .upToNextOption, help: ArgumentHelp("With --hand and --cut: the play so far, cards laid and go in turn order from the pone.", valueName: "token"))
    var play: [String] = []

    @OptionGroup var output: JSONOption

    func run() throws {
        let odds = try readOdds()
        guard let deal = try readDeal(odds) else { return Console.print(output.json ? odds.json.text : odds.text) }
        Console.print(output.json ? deal.json.text : deal.text)
    }

    /// The deal in progress from `--hand`, `--discards`, `--cut` and `--play`; nil without `--hand`.
    private func readDeal(_ odds: Odds) throws(BadInput) -> DealOdds? {
        guard !hand.isEmpty else {
            if !discards.isEmpty || cut != nil || !play.isEmpty {
                throw BadInput(message: "--discards, --cut and --play are for --hand: give the four cards you kept too, as in --hand 5H 5S 5C JD")
            }
            return nil
        }
        let kept = try hand.enumerated().map { (position, token) throws(BadInput) in
            try BadInput.card(token, role: "hand card \(position + 1)")
        }
        guard kept.count == 4 else {
            throw .wrongCount(hand, expected: 4, what: "hand cards", next: "fifth", rule: "--hand takes the four cards you kept",
                              example: "--hand 5H 5S 5C JD")
        }
        let thrown = try discards.enumerated().map { (position, token) throws(BadInput) in
            try BadInput.card(token, role: "discard \(position + 1)")
        }
        guard thrown.count == 2 else {
            throw .wrongCount(discards, expected: 2, what: "discards", next: "third",
                              rule: "--discards takes the two cards you threw to the crib", example: "--discards 9C KS")
        }
        let turned = try cut.map { token throws(BadInput) in try BadInput.card(token, role: "the cut") }
        let score = GameScore(mine: odds.mine, theirs: odds.theirs, target: odds.table.target.points)
        let sofar = try BadInput.play(play, players: 2)
        if !play.isEmpty && turned == nil {
            throw BadInput(message: "--play needs --cut: the play starts once the starter is turned")
        }
        do {
            _ = try Card.parseDistinct(hand + discards + (cut.map { [$0] } ?? []))
            if let turned, !play.isEmpty {
                _ = try PeggingView(hand: kept, discards: thrown, cut: turned, seat: odds.dealing ? 1 : 0, play: sofar)
            }
            let chances = try assess(DealPosition(hand: kept, discards: thrown, cut: turned, play: sofar,
                                                  role: odds.dealing ? .dealer : .pone, score: score))
            return DealOdds(odds: odds, hand: kept, discards: thrown, cut: turned, play: sofar, chances: chances)
        } catch {
            throw BadInput(message: "\(error)")
        }
    }

    private func readOdds() throws(BadInput) -> Odds {
        let table: WinTable, largestError: Double
        (table, largestError) = WinTable.shipped(try BadInput.target(to))
        let last = table.target.points - 1
        if let option = scores.first(where: { $0.hasPrefix("-") && Int($0) == nil }) {
            throw BadInput(message: "unknown option \(option.quotedToken): odds takes two scores, --dealer or --pone, --to 121|61, --hand with --discards, --cut and --play, and --json")
        }
        guard scores.count == 2 else {
            throw BadInput(message: scores.count < 2
                ? "odds takes your score and theirs before the deal, as in: twentynine odds 35 37 --dealer"
                : "\(scores[2].quotedToken): odds takes two scores, yours then theirs")
        }
        let values = try scores.enumerated().map { (index, text) throws(BadInput) -> Int in
            let whose = index == 0 ? "your score" : "their score"
            guard let value = Int(text), value >= 0 else {
                throw BadInput(message: "\(text.quotedToken): \(whose) is a whole number from 0 to \(last)")
            }
            guard value <= last else {
                throw BadInput(message: "\(text.quotedToken): \(whose) is at most \(last) before a deal; at \(table.target.points) the game is over")
            }
            return value
        }
        switch try role.role() {
        case .dealer: return Odds(table: table, largestError: largestError, mine: values[0], theirs: values[1], dealing: true)
        case .pone: return Odds(table: table, largestError: largestError, mine: values[0], theirs: values[1], dealing: false)
        case .none: throw BadInput(message: "odds needs --dealer or --pone: whether you deal the next hand")
        }
    }
}

/// One position's chance and match points, as `odds` prints them.
struct Odds {
    let table: WinTable
    let largestError: Double
    let mine: Int, theirs: Int
    let dealing: Bool

    var chances: Chances { table.chances(mine: mine, theirs: theirs, dealing: dealing) }
    var win: Double { chances.win }
    var gamePoints: Double { chances.gamePoints! }

    var text: String {
        let margin = (1.96 * largestError * 100).decimal(places: 1)
        let points = gamePoints
        return """
            You \(mine), they \(theirs), \(dealing ? "you deal" : "they deal"), in a game to \(table.target.points):
              you win \((win * 100).decimal(places: 1))% of games (within ±\(margin) at 95%)
              match points \(points.signed(places: 3)) a game (a win 1, a skunk 2, a double skunk 3)
            """
    }

    var json: OrderedJSON {
        .object([
            ("target", .int(table.target.points)),
            ("mine", .int(mine)),
            ("theirs", .int(theirs)),
            ("dealing", .bool(dealing)),
            ("win", .number(win)),
            ("winError", .number(largestError)),
            ("gamePoints", .number(gamePoints)),
        ])
    }
}

/// The chance and match points from a deal in progress, as `odds --hand` prints them.
struct DealOdds {
    let odds: Odds
    let hand: [Card], discards: [Card]
    let cut: Card?
    /// The play so far, empty before it begins.
    let play: Play
    let chances: Chances

    var text: String {
        let points = chances.gamePoints ?? 0
        let ending = chances.ending!
        let cutText = cut.map { "the cut \($0)" } ?? "the cut to come"
        let laid = play.steps.isEmpty ? "" : ", the play so far \(play.steps.map(\.token.description).joined(separator: " "))"
        return """
            You \(odds.mine), they \(odds.theirs), \(odds.dealing ? "you deal" : "they deal"), in a game to \(odds.table.target.points):
            keeping \(DiscardTable.cards(hand)), thrown \(DiscardTable.cards(discards)), \(cutText)\(laid):
              you win \(chances.win.percent) of games (before the deal: \(odds.win.percent))
              match points \(points.signed(places: 3)) a game (a win 1, a skunk 2, a double skunk 3)
              this deal: you peg out \(ending.pegOut.percent), they peg out \(ending.peggedOut.percent), \
            you count out \(ending.countOut.percent), they count out \(ending.countedOut.percent)
            """
    }

    /// As `odds --json`, with the cards, `win` and `gamePoints` for the deal in progress, how
    /// the deal can end the game, and `before` holding the figures from before the deal.
    var json: OrderedJSON {
        func cards(_ cards: [Card]) -> OrderedJSON { .array(cards.map { .string($0.description) }) }
        return .object([
            ("target", .int(odds.table.target.points)),
            ("mine", .int(odds.mine)),
            ("theirs", .int(odds.theirs)),
            ("dealing", .bool(odds.dealing)),
            ("hand", cards(hand)),
            ("discards", cards(discards)),
            ("cut", cut.map { .string($0.description) } ?? .null),
            ("play", .array(play.steps.map { .string($0.token.description) })),
            ("win", .number(chances.win)),
            ("gamePoints", .number(chances.gamePoints ?? 0)),
            ("deal", chances.dealJSON),
            ("before", .object([("win", .number(odds.win)), ("winError", .number(odds.largestError)),
                                ("gamePoints", .number(odds.gamePoints))])),
        ])
    }
}
