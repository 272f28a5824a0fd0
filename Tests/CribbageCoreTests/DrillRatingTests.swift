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

    /// A review of the log, made up: the drill, right or wrong, the drill's starting rating.
    static func review(_ number: Int, drill: String, correct: Bool, seed: Double, loss: Double = 0, scored: Bool = false,
                       pointsLoss: Double? = 0) -> DrillReview {
        DrillReview(number: number, drill: drill, time: number * 60, rating: correct ? .good : .again, correct: correct, loss: loss,
                    scored: scored, answer: "x", firstTry: true, seed: seed, pointsLoss: pointsLoss)
    }

    /// Answers from a player of `strength`: drills from 1000 to 2000, `streaks` makes runs of 15
    /// right then 15 wrong whatever the drill. Each answer's change, and the rating before it.
    static func answers(seed: UInt64, strength: Double, count: Int, streaks: Bool = false) -> [(before: Glicko2.Rating, after: Glicko2.Rating)] {
        var random = SplitMix64(seed: seed)
        var ratings = DrillRatings()
        var moves: [(before: Glicko2.Rating, after: Glicko2.Rating)] = []
        for number in 1...count {
            let id = "t\(Int.random(in: 0..<80, using: &random))"
            let rating = ratings.drills[id]?.rating ?? Double.random(in: 1000...2000, using: &random)
            let chance = 1 / (1 + pow(10, (rating - strength) / 400))
            let correct = streaks ? (number / 15) % 2 == 0 : Double.random(in: 0..<1, using: &random) < chance
            let before = ratings.player
            ratings.apply(review(number, drill: id, correct: correct, seed: rating))
            moves.append((before, ratings.player))
        }
        return moves
    }

    @Test("a new rating is provisional (1500 ± 150) and one answer moves it under 90; settled (± under 110) within 20 answers, it stays so, and no answer moves it 70 or more (45 from a player of one strength)",
          arguments: [(UInt64(1), 1200.0, false), (2, 1500, false), (3, 1900, false), (4, 1700, true), (5, 1300, true)])
    func settles(seed: UInt64, strength: Double, streaks: Bool) {
        let moves = Self.answers(seed: seed, strength: strength, count: 300, streaks: streaks)
        #expect(moves[0].before == DrillRatings.newPlayer && moves[0].before.isProvisional)
        #expect(moves[0].before.words() == "1500 ± 150, provisional")
        let first = moves.map { abs($0.after.rating - $0.before.rating) }
        #expect(first.prefix(3).allSatisfy { $0 < 90 }, "\(first.prefix(3))")
        let settledAt = moves.firstIndex { !$0.after.isProvisional }
        #expect(settledAt.map { $0 < 20 } == true, "settled after \(settledAt.map { $0 + 1 } ?? -1) answers")
        for (index, move) in moves.enumerated() {
            #expect(move.after.isProvisional == (move.after.deviation >= 110))
            if let settledAt, index > settledAt { #expect(!move.after.isProvisional, "provisional again at answer \(index + 1)") }
            guard !move.before.isProvisional else { continue }
            let change = abs(move.after.rating - move.before.rating)
            #expect(change < (streaks ? 70 : 45), "answer \(index + 1) moved a settled \(move.before.words()) by \(change)")
        }
        // Found near the strength, well settled.
        #expect(abs(moves.last!.after.rating - strength) < (streaks ? 400 : 150) && moves.last!.after.deviation < 60)
    }

    @Test("the played defect: wrong, right, right against drills at 1700 moved 1500 to 1382, 1686, 1855; now each answer under 90")
    func noSwingOfHundreds() {
        var ratings = DrillRatings()
        var shown = [ratings.player.rating]
        for (number, correct) in [false, true, true].enumerated() {
            ratings.apply(Self.review(number + 1, drill: "t\(number)", correct: correct, seed: 1700))
            shown.append(ratings.player.rating)
        }
        #expect(zip(shown, shown.dropFirst()).allSatisfy { abs($1 - $0) < 90 }, "\(shown)")
        #expect(ratings.player.isProvisional && ratings.period?.games.count == 3)
        // The old rule, a period of one answer from 1500 ± 350, swung by hundreds.
        var old = Glicko2.Rating()
        var swings: [Double] = []
        for correct in [false, true, true] {
            let next = Glicko2().update(old, after: [Glicko2.Game(Glicko2.Rating(rating: 1700, deviation: 250), correct ? 1 : 0)])
            swings.append(next.rating - old.rating)
            old = next
        }
        #expect(swings.contains { abs($0) > 150 }, "\(swings)")
    }

    @Test("a rating period of 10 answers: the rating shown is the period's update so far; the tenth closes it; ratings of the old rule are worked out again")
    func periods() {
        var ratings = DrillRatings()
        var games: [Glicko2.Game] = []
        for number in 1...12 {
            let review = Self.review(number, drill: "t\(number)", correct: number % 3 != 0, seed: 1400 + Double(number) * 20)
            let drill = Glicko2.Rating(rating: review.seed, deviation: DrillRatings.newDrillDeviation)
            let start = number <= 10 ? DrillRatings.newPlayer : ratings.period?.start ?? ratings.player
            games.append(Glicko2.Game(drill, review.correct ? 1 : 0))
            ratings.apply(review)
            #expect(ratings.player == Glicko2().update(start, after: games))
            if number == 10 { games = []; #expect(ratings.period == nil) }
        }
        #expect(ratings.period?.games.count == 2 && ratings.rule == DrillRatings.rule)
        // A file of the first rule has no rule: it decodes as nil, and the store works it out again from the log.
        let old = #"{"player":{"rating":1855,"deviation":180,"volatility":0.06},"drills":{},"applied":3,"trend":[1382,1686,1855]}"#
        let decoded = try? JSONDecoder().decode(DrillRatings.self, from: Data(old.utf8))
        #expect(decoded?.rule == nil && decoded?.period == nil)
    }

    @Test("the dashboard's points: every answer's loss in points, at a score too (a 7.95-point loss at a score was 0.00 points lost); win chance only at a score")
    func dashboardPoints() {
        let bank: [Drill] = []
        var schedule = DrillSchedule()
        schedule.log = [
            Self.review(1, drill: "t1", correct: true, seed: 1500),
            Self.review(2, drill: "t2", correct: true, seed: 1500),
            Self.review(3, drill: "t3", correct: false, seed: 1500, loss: 12.5, scored: true, pointsLoss: 7.95),
            // At a score, logged before the points were kept: no points known.
            Self.review(4, drill: "t4", correct: false, seed: 1500, loss: 2.5, scored: true, pointsLoss: nil),
            // Unscored, logged before: its loss is in points.
            Self.review(5, drill: "t5", correct: false, seed: 1500, loss: 1.05, pointsLoss: nil),
        ]
        var ratings = DrillRatings()
        ratings.catchUp(with: schedule)
        let dashboard = DrillDashboard(bank: bank, schedule: schedule, ratings: ratings)
        let overall = dashboard.overall
        #expect(overall.pointsReviews == 4 && abs(overall.pointsLostPerDrill! - 9.0 / 4) < 1e-9)
        #expect(overall.chanceReviews == 2 && abs(overall.chanceLostPerDrill! - 7.5) < 1e-9)
        #expect(overall.failures == 3 && overall.reviews == 5)
        // The trend over the first five answers is from a new player's 1500.
        #expect(dashboard.trendAnswers == 5 && abs(dashboard.trend - (ratings.player.rating - 1500)) < 1e-9)
    }
}
