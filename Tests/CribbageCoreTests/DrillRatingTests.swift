import Foundation
import TestSupport
import Testing
@testable import CribbageCore

/// The drills' ratings (Glicko-2), the reviews' log and the ratings kept in step, the dashboard and
/// a session's order.
@Suite("Drills: ratings, dashboard, sessions")
struct DrillRatingTests {
    @Test("Glickman's worked example: 1500/200/0.06 against 1400/30 (won), 1550/100 and 1700/300 (lost) gives 1464.06/151.52/0.05999")
    func glickmanExample() {
        let system = Glicko2(tau: 0.5)
        let player = Glicko2.Rating(rating: 1500, deviation: 200, volatility: 0.06)
        let games = [
            Glicko2.Game(Glicko2.Rating(rating: 1400, deviation: 30), 1),
            Glicko2.Game(Glicko2.Rating(rating: 1550, deviation: 100), 0),
            Glicko2.Game(Glicko2.Rating(rating: 1700, deviation: 300), 0),
        ]
        let after = system.update(player, after: games)
        #expect(abs(after.rating - 1464.06) < 0.01, "\(after.rating)")
        #expect(abs(after.deviation - 151.52) < 0.01, "\(after.deviation)")
        #expect(abs(after.volatility - 0.05999) < 0.00001, "\(after.volatility)")
        // A period without games widens the deviation only.
        let idle = system.update(player, after: [])
        #expect(idle.rating == 1500 && idle.deviation > 200)
    }

    static func drills() throws -> [Drill] {
        var generator = DrillGenerator(seed: 77)
        return try [Drill.Kind.throwDealer, .throwPone, .lead, .count, .throwPone, .reply].map { try next(&generator, $0) }
    }

    @Test("a wrong answer lowers the player's rating and raises the drill's; the ratings catch up with the log after a lost write")
    func ratingsFollowTheLog() throws {
        let drills = try Self.drills()
        var schedule = DrillSchedule()
        var ratings = DrillRatings()
        var behind = DrillRatings()
        for (index, drill) in drills.enumerated() {
            let analysis = drill.analysis()
            let worst = analysis.options.last!
            let move = drill.move(for: worst)
            let result = drill.grade(move, analysis: analysis)
            #expect(!result.isCorrect && result.rating == .again)
            let review = schedule.record(drill, result, answer: "x", at: 1_000_000 + index, seed: drill.seedRating(analysis: analysis))
            let before = ratings.player.rating
            ratings.apply(review)
            #expect(ratings.player.rating < before)
            #expect(ratings.drills[drill.id]!.rating > review.seed)
            if index < 2 { behind.apply(review) }
        }
        // The ratings' file written for two reviews of six: the four others are taken in on open.
        #expect(behind.catchUp(with: schedule) == 4)
        #expect(behind == ratings)
        #expect(ratings.catchUp(with: schedule) == 0)
        #expect(schedule.log.map(\.number) == Array(1...6) && schedule.log.allSatisfy(\.firstTry))
    }

    @Test("a drill's seed: a small gap or a beginner's mistake rates it harder")
    func seeds() throws {
        let drill = ClassicProblem.all[0].drill
        let analysis = drill.analysis()
        #expect(!drill.levelsWrong(analysis: analysis).contains(.expert))
        let seed = drill.seedRating(analysis: analysis)
        #expect((1000...2000).contains(seed))
    }

    @Test("the dashboard: first tries, points lost, a theme weak after 3 failures below the player's performance, weak themes first in the next session")
    func dashboardAndSession() throws {
        let drills = try Self.drills()
        var schedule = DrillSchedule()
        var ratings = DrillRatings()
        let weakTheme = try #require(drills[1].themes.first)
        for (index, drill) in drills.enumerated() {
            let analysis = drill.analysis()
            // Wrong on every drill of the pone's throw's first theme, three times; right elsewhere.
            let wrong = drill.themes.contains(weakTheme)
            let option = wrong ? analysis.options.last! : analysis.best
            let move = drill.move(for: option)
            let result = drill.grade(move, analysis: analysis)
            for time in 0..<(wrong ? 3 : 1) {
                ratings.apply(schedule.record(drill, result, answer: "x", at: index * 10 + time * 86_400 * 3, seed: 1500))
            }
        }
        let dashboard = DrillDashboard(bank: drills, schedule: schedule, ratings: ratings)
        #expect(dashboard.weakThemes.contains(weakTheme))
        #expect(dashboard.themes.first.map { dashboard.weakThemes.contains($0.theme!) } == true)
        #expect(dashboard.overall.reviews == schedule.log.count && dashboard.overall.firstTries == drills.count)
        #expect(dashboard.overall.pointsLostPerDrill! > 0)
        // The next session: due reviews first, then new drills of the weak theme.
        var generator = DrillGenerator(seed: 78)
        let fresh = try (0..<8).map { _ in try next(&generator, .throwPone) }
        let later = 400 * 86_400
        let plan = planSession(bank: drills + fresh, schedule: schedule, ratings: ratings, count: 12, at: later)
        let due = schedule.due(at: later)
        #expect(plan.prefix(due.count).map(\.id) == due)
        let newOnes = plan.dropFirst(due.count)
        if let firstOther = newOnes.firstIndex(where: { !$0.themes.contains(weakTheme) }) {
            #expect(newOnes[..<firstOther].count == fresh.count { $0.themes.contains(weakTheme) })
        }
        #expect(planSession(bank: drills + fresh, schedule: schedule, ratings: ratings, count: 20, at: later, theme: .counting)
            .allSatisfy { $0.themes.contains(.counting) })
    }
}
