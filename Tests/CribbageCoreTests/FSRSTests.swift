import Foundation
import TestSupport
import Testing
@testable import CribbageCore

/// The drills' scheduler: FSRS-6 checked against the reference implementation's values, and a
/// learner who forgets by FSRS's own model kept at the desired retention.
@Suite("FSRS")
struct FSRSTests {
    struct Fixture: Decodable {
        struct Step: Decodable {
            let time: Int, rating: Int, retrievability: Double, stability: Double, difficulty: Double, due: Int
        }
        let parameters: [Double]
        let desired_retention: Double
        let maximum_interval: Int
        let sequences: [[Step]]
        let provenance: [String: String]
    }

    @Test("every review of py-fsrs 6.3.2's 40 seeded sequences: the same stability, difficulty, retrievability and due time")
    func againstReference() throws {
        let data = try Data(contentsOf: Repository.fixture("fsrs-reference.json"))
        let fixture = try JSONDecoder().decode(Fixture.self, from: data)
        #expect(fixture.provenance["package"]?.contains("py-fsrs") == true)
        #expect(fixture.parameters == FSRS.defaultParameters)
        let scheduler = FSRS(parameters: fixture.parameters, desiredRetention: fixture.desired_retention,
                             maximumInterval: fixture.maximum_interval)
        var reviews = 0
        for sequence in fixture.sequences {
            var memory: FSRS.Memory?
            for step in sequence {
                let rating = try #require(FSRS.Rating(rawValue: step.rating))
                #expect(abs(scheduler.retrievability(memory, at: step.time) - step.retrievability) < 1e-9)
                let next = scheduler.review(memory, rating, at: step.time)
                #expect(abs(next.stability - step.stability) <= 1e-9 * max(1, step.stability), "review \(reviews)")
                #expect(abs(next.difficulty - step.difficulty) < 1e-9, "review \(reviews)")
                #expect(next.due == step.due, "review \(reviews): due \(next.due), py-fsrs \(step.due)")
                memory = next
                reviews += 1
            }
        }
        #expect(reviews == 480)
    }

    @Test("a wrong answer comes back soon, a right one later and later")
    func intervals() {
        let scheduler = FSRS()
        var memory = scheduler.review(nil, .good, at: 0)
        var last = memory.due - memory.lastReview
        for _ in 0..<4 {
            memory = scheduler.review(memory, .good, at: memory.due)
            #expect(memory.due - memory.lastReview > last)
            last = memory.due - memory.lastReview
        }
        let forgotten = scheduler.review(memory, .again, at: memory.due)
        #expect(forgotten.due - forgotten.lastReview < last / 4)
    }

    @Test("a learner who forgets by FSRS's own model, drilled for a year, remembers within 3 points of the desired 90%")
    func simulatedLearner() {
        let scheduler = FSRS()
        var random = SplitMix64(seed: 2026)
        var cards: [FSRS.Memory?] = []
        var remembered = 0, reviewed = 0
        for day in 0..<365 {
            let now = day * FSRS.day
            // Ten new drills a day for the first half year.
            if day < 180 { cards += Array(repeating: nil, count: 10) }
            for index in cards.indices {
                if let memory = cards[index], memory.due > now { continue }
                guard let memory = cards[index] else {
                    cards[index] = scheduler.review(nil, .good, at: now)
                    continue
                }
                // The learner's true chance of remembering is the model's own.
                let chance = scheduler.retrievability(memory, at: now)
                let recalled = Double(random.next() >> 11) / Double(1 << 53) < chance
                reviewed += 1
                if recalled { remembered += 1 }
                cards[index] = scheduler.review(memory, recalled ? .good : .again, at: now)
            }
        }
        let retention = Double(remembered) / Double(reviewed)
        print("simulated learner: retention \(retention) over \(reviewed) reviews")
        #expect(abs(retention - 0.9) <= 0.03, "retention \(retention) over \(reviewed) reviews")
    }
}
