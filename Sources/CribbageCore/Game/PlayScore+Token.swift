/// The play's scores as the game's log and save file name them.
extension PlayScore {
    /// The name used on the command line and in the save file: `fifteen`, `thirtyOne`, `pair`,
    /// `pairRoyal`, `doublePairRoyal`, `run3` … `run7`, `go`, `last`.
    public var token: String {
        switch self {
        case .fifteen: "fifteen"
        case .thirtyOne: "thirtyOne"
        case .pair: "pair"
        case .pairRoyal: "pairRoyal"
        case .doublePairRoyal: "doublePairRoyal"
        case .run(let length): "run\(length)"
        case .go: "go"
        case .lastCard: "last"
        }
    }

    public init?(token: String) {
        guard let score = Self.all.first(where: { $0.token == token }) else { return nil }
        self = score
    }

    /// The lengths a run in the play can have: 3 to 7 cards.
    public static let runLengths = 3...7

    /// Every score, runs of each length included: the tokens a parser accepts.
    public static let all: [PlayScore] =
        [.fifteen, .thirtyOne, .pair, .pairRoyal, .doublePairRoyal] + runLengths.map { .run(length: $0) } + [.go, .lastCard]

    /// Two scores one card cannot both make: the same twice, two kinds of pair, two runs, two
    /// of 31 / go / last card, or 15 and 31 at once.
    func conflicts(with other: Self) -> Bool {
        if self == other { return true }
        switch (self, other) {
        case (.run, .run): return true
        case (.fifteen, .thirtyOne), (.thirtyOne, .fifteen): return true
        default: break
        }
        let pairs: [Self] = [.pair, .pairRoyal, .doublePairRoyal]
        let endings: [Self] = [.thirtyOne, .go, .lastCard]
        return (pairs.contains(self) && pairs.contains(other)) || (endings.contains(self) && endings.contains(other))
    }
}
