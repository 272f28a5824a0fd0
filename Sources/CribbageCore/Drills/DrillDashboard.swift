/// What the player's drills say, theme by theme: the rating and its trend, the first-try rate, the
/// points lost an answer (and the points of win chance an answer at a score), the failures and a performance; a theme is weak after 3 failures or more
/// with a performance below the player's overall one.
public struct DrillDashboard: Hashable, Sendable {
    public struct Line: Hashable, Sendable {
        public let theme: DrillTheme?
        public var drills = 0
        public var reviews = 0
        public var firstTries = 0
        public var firstTryCorrect = 0
        public var failures = 0
        /// The loss in the deal's points of every review that knows it (all but those at a score
        /// logged before the points were kept), added up, and their count.
        public var pointsLost = 0.0
        public var pointsReviews = 0
        /// The loss in points of win chance of the reviews at a score, added up, and their count.
        public var chanceLost = 0.0
        public var chanceReviews = 0
        /// The drills' ratings when answered, added up, and the score (answers right).
        var opponents = 0.0
        public var correct = 0

        public var firstTryRate: Double? { firstTries == 0 ? nil : Double(firstTryCorrect) / Double(firstTries) }
        /// Points lost an answer.
        public var pointsLostPerDrill: Double? { pointsReviews == 0 ? nil : pointsLost / Double(pointsReviews) }
        /// Points of win chance lost an answer at a score.
        public var chanceLostPerDrill: Double? { chanceReviews == 0 ? nil : chanceLost / Double(chanceReviews) }

        /// A performance rating, as a tournament's: the mean rating of the drills answered, plus
        /// 400 × (right − wrong) / answers.
        public var performance: Double? {
            reviews == 0 ? nil : opponents / Double(reviews) + 400 * Double(2 * correct - reviews) / Double(reviews)
        }
    }

    public let player: Glicko2.Rating
    /// The change in the player's rating over the last 20 answers (or as many as there are).
    public let trend: Double
    /// The answers `trend` is over: 20, or fewer in the first 20.
    public let trendAnswers: Int
    public let overall: Line
    /// One line a theme drilled, weak themes first, then by failures.
    public let themes: [Line]
    public let weakThemes: Set<DrillTheme>
    /// Drills due now, and drills in the bank never answered.
    public let due: Int
    public let fresh: Int

    public init(bank: [Drill], schedule: DrillSchedule, ratings: DrillRatings, at time: Int = .max) {
        let byID = Dictionary(bank.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var overall = Line(theme: nil)
        var lines: [DrillTheme: Line] = [:]
        var seen: [DrillTheme: Set<String>] = [:]
        for review in schedule.log {
            let themes = byID[review.drill]?.themes ?? []
            let opponent = review.seed
            func add(_ line: inout Line) {
                line.reviews += 1
                if review.firstTry {
                    line.firstTries += 1
                    if review.correct { line.firstTryCorrect += 1 }
                }
                if review.correct { line.correct += 1 } else { line.failures += 1 }
                // Every answer lost points, at a score too; only those at a score, win chance.
                if review.scored {
                    line.chanceLost += review.loss
                    line.chanceReviews += 1
                }
                if let points = review.pointsLost {
                    line.pointsLost += points
                    line.pointsReviews += 1
                }
                line.opponents += opponent
            }
            add(&overall)
            for theme in themes {
                add(&lines[theme, default: Line(theme: theme)])
                seen[theme, default: []].insert(review.drill)
            }
        }
        overall.drills = Set(schedule.log.map(\.drill)).count
        for theme in lines.keys { lines[theme]!.drills = seen[theme]?.count ?? 0 }
        let base = overall.performance ?? ratings.player.rating
        let weak = Set(lines.values.filter { $0.failures >= 3 && ($0.performance ?? base) < base }.compactMap(\.theme))
        self.player = ratings.player
        // From the rating before the first of the last 20 answers: a new player's, where the
        // trend holds every answer.
        let all = ratings.trend
        let from: Double?
        if all.count > 20 {
            (from, trendAnswers) = (all[all.count - 21], 20)
        } else if all.count == ratings.applied {
            (from, trendAnswers) = (DrillRatings.newPlayer.rating, all.count)
        } else {
            (from, trendAnswers) = (all.first, max(0, all.count - 1))
        }
        trend = from.flatMap { from in all.last.map { $0 - from } } ?? 0
        self.overall = overall
        weakThemes = weak
        themes = lines.values.sorted { a, b in
            let (x, y) = (weak.contains(a.theme!), weak.contains(b.theme!))
            if x != y { return x }
            if a.failures != b.failures { return a.failures > b.failures }
            return a.theme!.rawValue < b.theme!.rawValue
        }
        due = schedule.due(at: time).count
        fresh = bank.count { schedule.memories[$0.id] == nil }
    }
}
