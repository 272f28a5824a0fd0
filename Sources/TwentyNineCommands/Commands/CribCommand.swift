import ArgumentParser
import CribbageCore

/// `twentynine crib`: the expected crib by the two ranks thrown, for the dealer's own crib and
/// for the pone's throw, against the solved throw or a random one.
struct CribCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crib",
        abstract: "The expected crib by the two ranks thrown to it, as a 13 x 13 table.",
        discussion: """
            Example: twentynine crib --pone --opponent solved
            Expert: both players keep their best four against the other's throws (Hessel's model, \
            solved exactly by rank; crib flushes not counted). Random: the opponent throws any two. \
            --dealer or --pone prints that table alone, neither both. --solve solves the solved tables \
            from scratch instead of printing the shipped ones.
            """
    )

    @OptionGroup var role: RoleOption

    @OptionGroup var opponent: OpponentOption

    @Flag(help: "Solve the solved tables from scratch (a few seconds) rather than print the shipped ones.")
    var solve = false

    @OptionGroup var output: JSONOption
    var json: Bool { output.json }

    func run() throws {
        let roles: [Role], model: CribModel
        (roles, model) = try readOptions()
        let solution = solve && model == .solved ? CribSolver.solve() : nil
        let tables = roles.map { role in
            if let solution { return role == .dealer ? solution.dealer : solution.pone }
            return CribTable.shipped(role: role, opponent: model)
        }
        if json {
            let objects = tables.map(\.json)
            Console.print((objects.count == 1 ? objects[0] : .object([("tables", .array(objects))])).text)
        } else {
            Console.print(tables.map(\.text).joined(separator: "\n\n"))
        }
    }

    private func readOptions() throws(BadInput) -> ([Role], CribModel) {
        let role = try self.role.role()
        let model = try opponent.model()
        return (role == .none ? [.dealer, .pone] : [role], model)
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
        let ranks = Rank.allCases
        let columns = TextColumns(widths: [2] + ranks.map { _ in 6 }, gap: 0)
        func cells(_ label: String, _ values: [String]) -> String { columns.line([label] + values) }
        return ([
            "Expected crib by the two ranks thrown: \(whose), against \(opponent.phrase) throw",
            "",
            cells("", ranks.map(\.notation)),
        ] + zip(ranks, rows).map { rank, row in cells(rank.notation, row.map { $0.decimal(places: 2) }) }
        ).joined(separator: "\n")
    }
}
