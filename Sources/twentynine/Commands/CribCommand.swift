import ArgumentParser
import CribbageCore

/// `twentynine crib`: the expected crib by the two ranks thrown, for the dealer's own crib and
/// for the pone's throw, against an expert or a random opponent.
struct CribCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crib",
        abstract: "The expected crib by the two ranks thrown to it, as a 13 x 13 table.",
        discussion: """
            Example: twentynine crib --pone --opponent expert
            Expert: both players keep their best four against the other's throws (Hessel's model, \
            solved exactly by rank; crib flushes not counted). Random: the opponent throws any two. \
            --solve solves the expert tables from scratch instead of printing the shipped ones.
            """
    )

    @Flag(help: "Only your own crib's table.")
    var dealer = false

    @Flag(help: "Only the table of the crib you throw to the opponent's.")
    var pone = false

    @OptionGroup var opponent: OpponentOption

    @Flag(help: "Solve the expert tables from scratch (a few seconds) rather than print the shipped ones.")
    var solve = false

    @Flag(help: "Print JSON instead of the tables.")
    var json = false

    func run() throws {
        let roles: [Role], model: Opponent
        do { (roles, model) = try readOptions() } catch { throw error.report() }
        let solution = solve && model == .expert ? CribSolver.solve() : nil
        let tables = roles.map { role in
            if let solution { return role == .dealer ? solution.dealer : solution.pone }
            return CribTable.shipped(role: role, opponent: model)
        }
        if json {
            let objects = tables.map(\.json)
            print((objects.count == 1 ? objects[0] : .object([("tables", .array(objects))])).text)
        } else {
            print(tables.map(\.text).joined(separator: "\n\n"))
        }
    }

    private func readOptions() throws(BadInput) -> ([Role], Opponent) {
        if dealer && pone {
            throw BadInput(message: "both '--dealer' and '--pone': give one for its table, or neither for both")
        }
        let model = try opponent.model()
        return (dealer ? [.dealer] : pone ? [.pone] : [.dealer, .pone], model)
    }
}

extension CribTable {
    /// `{"role": "dealer", "opponent": "expert", "ranks": ["A", …, "K"], "crib": [[…13], …13]}`.
    var json: OrderedJSON {
        .object([
            ("role", .string(role.rawValue)),
            ("opponent", .string(opponent.rawValue)),
            ("ranks", .array(Rank.allCases.map { .string($0.notation) })),
            ("crib", .array(rows.map { .array($0.map { .number($0) }) })),
        ])
    }

    /// A title line, then the ranks across and down, two decimals.
    var text: String {
        let whose = role == .dealer ? "dealer (your own crib)" : "pone (thrown to the opponent's crib)"
        func cells(_ label: String, _ values: [String]) -> String {
            (label + String(repeating: " ", count: 2 - label.count)
                + values.map { String(repeating: " ", count: Swift.max(0, 6 - $0.count)) + $0 }.joined())
        }
        let ranks = Rank.allCases
        return ([
            "Expected crib by the two ranks thrown: \(whose), \(opponent.rawValue) opponent",
            "",
            cells("", ranks.map(\.notation)),
        ] + zip(ranks, rows).map { rank, row in cells(rank.notation, row.map { $0.fixed2 }) }
        ).joined(separator: "\n")
    }
}

extension Double {
    /// Two decimals, rounded half away from zero: `8.95`.
    fileprivate var fixed2: String {
        let hundredths = Int((self * 100).rounded())
        let fraction = String(hundredths.magnitude % 100)
        return (hundredths < 0 ? "-" : "") + String(hundredths.magnitude / 100) + "."
            + String(repeating: "0", count: 2 - fraction.count) + fraction
    }
}
