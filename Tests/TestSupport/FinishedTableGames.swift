import CribbageCore

/// Real games against the computer, finished at the table, and their real reviews at a quick
/// limit: what the records' tests keep in a store and show (no figure made up).
public enum FinishedTableGames {
    /// The computer's play and the review's analysis, small and quick.
    public static let limit = Limit(searchedHands: 8, playedHands: 16, figures: .ranking)

    /// Game `number`: seed 300 + number, the computer at `level`, your seat played by `you` (the
    /// novice's throws and cards make more errors than the beginner's).
    public static func game(_ number: Int, level: ComputerLevel = .beginner, you: ComputerLevel = .beginner) -> TableGame {
        var table = TableGame(setup: .init(seed: 300 + UInt64(number), level: level), limit: limit)
        let player = ComputerPlayer(level: you, limit: limit)
        while true {
            if case .over = table.stage { return table }
            try! table.apply(table.match.move(of: TableGame.player, by: player) ?? .next)
        }
    }

    /// The game's review summed up, as the table keeps it.
    public static func summary(_ table: TableGame) -> ReviewSummary {
        ReviewSummary(try! GameReview.review(table.record, limit: limit, workers: 2))
    }

    /// `count` games, your seat alternating novice and beginner, with their reviews; worked out once a run.
    public static func reviewed(_ count: Int) -> [(table: TableGame, summary: ReviewSummary)] {
        let all = cached
        precondition(count <= all.count, "at most \(all.count) reviewed games")
        return Array(all.prefix(count))
    }

    private static let cached: [(table: TableGame, summary: ReviewSummary)] = (0..<13).map { number in
        let table = game(number, you: number % 2 == 0 ? .novice : .beginner)
        return (table, summary(table))
    }
}
