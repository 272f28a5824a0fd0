import ArgumentParser
import CribbageCore

/// `twentynine odds`: your chance to win a two-player game from the scores before a deal, and
/// the match points to expect, from the shipped win tables.
struct OddsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "odds",
        abstract: "Your chance to win a two-player game from the scores before a deal, and the match points to expect.",
        discussion: """
            Example: twentynine odds 35 37 --dealer
            MINE and THEIRS are the scores before the deal: 0 to 120 (to 60 with --to 61). --dealer \
            when you deal it, --pone when they do. The chances come from the pegging engine playing \
            itself with expert discards, worked back from the end of the game (see Rules.md).
            """
    )

    // Unrecognised options land here too, so that `--deal` gets the one-line message.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Your score, then theirs, before the deal.", valueName: "score"))
    var scores: [String] = []

    @OptionGroup var role: RoleOption

    @Option(help: ArgumentHelp("How far the game goes: 121 or 61.", valueName: "points"))
    var to = "121"

    @OptionGroup var output: JSONOption

    func run() throws {
        let odds = try readOdds()
        Console.print(output.json ? odds.json.text : odds.text)
    }

    private func readOdds() throws(BadInput) -> Odds {
        let table: WinTable, largestError: Double
        (table, largestError) = WinTable.shipped(try BadInput.target(to))
        let last = table.target.points - 1
        if let option = scores.first(where: { $0.hasPrefix("-") && Int($0) == nil }) {
            throw BadInput(message: "unknown option '\(option)': odds takes two scores, --dealer or --pone, --to 121|61 and --json")
        }
        guard scores.count == 2 else {
            throw BadInput(message: scores.count < 2
                ? "odds takes your score and theirs before the deal, as in: twentynine odds 35 37 --dealer"
                : "'\(scores[2])': odds takes two scores, yours then theirs")
        }
        let values = try scores.enumerated().map { (index, text) throws(BadInput) -> Int in
            let whose = index == 0 ? "your score" : "their score"
            guard let value = Int(text), value >= 0 else {
                throw BadInput(message: "'\(text)': \(whose) is a whole number from 0 to \(last)")
            }
            guard value <= last else {
                throw BadInput(message: "'\(text)': \(whose) is at most \(last) before a deal; at \(table.target.points) the game is over")
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

    var win: Double { table.winProbability(mine: mine, theirs: theirs, dealing: dealing) }

    var gamePoints: Double {
        dealing ? table.dealerGamePoints(dealer: mine, pone: theirs) : -table.dealerGamePoints(dealer: theirs, pone: mine)
    }

    var text: String {
        let margin = (1.96 * largestError * 100).decimal(places: 1)
        let points = gamePoints
        return """
            You \(mine), they \(theirs), \(dealing ? "you deal" : "they deal"), in a game to \(table.target.points):
              you win \((win * 100).decimal(places: 1))% of games (within ±\(margin) at 95%)
              match points \(points >= 0 ? "+" : "")\(points.decimal(places: 3)) a game (a win 1, a skunk 2, a double skunk 3)
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
