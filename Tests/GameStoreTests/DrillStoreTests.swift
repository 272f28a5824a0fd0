import Foundation
import TestSupport
import Testing
@testable import CribbageCore
@testable import GameStore

/// The drills' files: the bank, the schedule with its log, the ratings; atomic, private, bounded,
/// a corrupt file kept and named, a kill at any step losing at most the answer in flight.
@Suite("GameStore: the drills' files")
struct DrillStoreTests {
    static func drills(_ seed: UInt64 = 12, count: Int = 4) -> [Drill] {
        var generator = DrillGenerator(seed: seed)
        return (0..<count).compactMap { generator.drill($0 % 2 == 0 ? .throwPone : .count) }
    }

    static func answer(_ session: inout DrillSession, _ drill: Drill, best: Bool, at time: Int) throws {
        let analysis = drill.analysis()
        let option = best ? analysis.best : analysis.options.last!
        let move = drill.move(for: option)
        try session.record(drill, drill.grade(move, analysis: analysis), answer: "answer", at: time, seed: 1500)
    }

    @Test("drills enrolled and answered read back whole, every file 0600; the ratings take in every review")
    func roundTrip() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.file("twentynine"))
        let drills = Self.drills()
        let (schedule, ratings) = try store.withDrills { session in
            #expect(try session.enrol(drills).count == drills.count)
            #expect(try session.enrol(drills).isEmpty)
            for (index, drill) in drills.enumerated() { try Self.answer(&session, drill, best: index % 2 == 0, at: 1_000 + index) }
            #expect(session.notices.isEmpty)
            return (session.schedule, session.ratings)
        }
        try store.withDrills { session in
            #expect(session.bank.map(\.id) == drills.map(\.id) && session.bank == drills)
            #expect(session.schedule == schedule && session.ratings == ratings)
            #expect(session.ratings.applied == drills.count && session.schedule.log.count == drills.count)
        }
        for name in ["drills", "drill-schedule", "drill-ratings"] { #expect(try keptBytes(store, name) != nil, "\(name)") }
    }

    @Test("ratings of the first rule (one answer a period, from 1500 ± 350; no rule in the file) are worked out again from the log on open, and saved")
    func oldRuleWorkedOutAgain() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.file("twentynine"))
        let drills = Self.drills(count: 2)
        let ratings = try store.withDrills { session in
            try session.enrol(drills)
            for (index, drill) in drills.enumerated() { try Self.answer(&session, drill, best: index == 0, at: 100 + index) }
            return session.ratings
        }
        // The ratings as the first rule wrote them: the swing of 300 an answer, and no rule or period.
        let old = #"{"version":1,"ratings":{"player":{"rating":1686,"deviation":270,"volatility":0.06},"drills":{},"applied":2,"trend":[1382,1686]}}"#
        try setKept(store, "drill-ratings", Data(old.utf8))
        try store.withDrills { session in
            #expect(session.ratings == ratings && session.ratings.rule == DrillRatings.rule && session.notices.isEmpty)
        }
        #expect(String(decoding: try keptBytes(store, "drill-ratings") ?? Data(), as: UTF8.self).contains("\"rule\" : 2"))
    }

    @Test("a corrupt drills.json and a newer drill-ratings.json: named by the import, kept as they are; the bank goes on in the database")
    func corruptKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.file("twentynine"))
        try FileManager.default.createDirectory(atPath: folder.file("twentynine"), withIntermediateDirectories: true)
        try Data("{\"version\":1,\"drills\":[{\"id\":\"t00000000\"".utf8).write(to: URL(fileURLWithPath: folder.file("twentynine/drills.json")))
        try Data("{\"version\":9}".utf8).write(to: URL(fileURLWithPath: folder.file("twentynine/drill-ratings.json")))
        let files = try snapshot(folder.file("twentynine"))
        try store.withDrills { session in
            #expect(session.problems.contains { $0.contains("drills.json is corrupt") && $0.contains("kept as it is") })
            #expect(session.problems.contains { $0.contains("drill-ratings.json is from a newer TwentyNine") })
            #expect(session.bank.isEmpty)
            try session.enrol(Self.drills(count: 1))
            try Self.answer(&session, session.bank[0], best: true, at: 5)
        }
        #expect(sameFiles(try snapshot(folder.file("twentynine")).filter { $0.key.hasSuffix(".json") }, files))
        try store.withDrills { session in
            #expect(session.bank.count == 1 && session.ratings.applied == 1)
            #expect(session.problems.isEmpty, "the import is said once")
        }
    }

    @Test("the setup of the last session: the standard one until one is kept, read only when asked for; a corrupt one named and set aside")
    func setupKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.file("twentynine"))
        let chosen = DrillSetup(theme: .pegOut, difficulty: .easier, count: 17)
        try store.withDrills { session in
            #expect(try session.rememberedSetup() == .standard && session.notices.isEmpty)
            try session.remember(chosen)
        }
        #expect(try store.withDrills { try $0.rememberedSetup() } == chosen)
        #expect(try keptBytes(store, "drill-ratings") == nil)
        // A count out of range is refused by the reader, so never written: the init brings it within.
        #expect(SavedDrillSetup(setup: DrillSetup(theme: nil, difficulty: .normal, count: 99)).setup.count == 20)
        try setKept(store, "drill-setup", Data("{\"version\":1,\"setup\":{\"difficulty\":\"normal\",\"count\":99}}".utf8))
        try store.withDrills { session in
            #expect(try session.rememberedSetup() == .standard)
            #expect(session.notices.map(\.description).contains { $0.contains("(drill-setup) is corrupt") && $0.contains("kept as it is") },
                    "\(session.notices)")
            try session.remember(chosen)
        }
        #expect(try store.withDrills { try $0.rememberedSetup() } == chosen)
    }

    @Test("a file past its size, or with numbers out of bounds, is refused unread by the import and kept as it is")
    func bounded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = GameStore(folder: folder.file("twentynine"))
        try FileManager.default.createDirectory(atPath: folder.file("twentynine"), withIntermediateDirectories: true)
        let big = Data(repeating: 0x20, count: SavedDrillRatings.sizeLimit + 1)
        try big.write(to: URL(fileURLWithPath: folder.file("twentynine/drill-ratings.json")))
        var ratings = DrillRatings()
        ratings.player.rating = .infinity
        #expect(SavedDrillRatings(ratings: ratings).problem != nil)
        try store.withDrills { session in
            #expect(session.problems.contains { $0.contains("drill-ratings.json is corrupt") })
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("twentynine/drill-ratings.json"))).count == big.count)
    }

    @Test("killed at every step of an answer: the next open has the answer whole, or not at all, and the ratings agree with the log")
    func killedMidAnswer() throws {
        let drills = Self.drills(count: 2)
        var whole: DrillRatings?
        let steps = try killedAtEveryStep(prepare: { store in
            try store.withDrills { session in
                try session.enrol(drills)
                try Self.answer(&session, drills[0], best: true, at: 100)
            }
        }, operation: { store in
            try store.withDrills { session in try Self.answer(&session, drills[1], best: false, at: 200) }
        }, check: { store, step in
            try store.withDrills { session in
                let count = session.schedule.log.count
                #expect(count == 1 || count == 2, "step \(step)")
                #expect(session.ratings.applied == count, "step \(step)")
                #expect(session.bank.count == 2)
                if count == 2 {
                    if whole == nil { whole = session.ratings } else { #expect(session.ratings == whole, "step \(step)") }
                }
            }
        })
        #expect(steps >= 3)
    }
}
