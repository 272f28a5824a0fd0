import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The drills kept (`drills.json`): every drill enrolled or generated, in the order it came.
public struct DrillBank: Codable, Hashable, Sendable, VersionedDocument {
    public static let version = 1
    /// `maximumDrills` drills of about 400 bytes each.
    public static let sizeLimit = 8_000_000
    public static let maximumDrills = 10_000

    public var version = DrillBank.version
    public var drills: [Drill] = []

    public init(drills: [Drill] = []) { self.drills = drills }

    public var problem: String? {
        guard drills.count <= Self.maximumDrills else { return "\(drills.count) drills, more than \(Self.maximumDrills)" }
        guard Set(drills.map(\.id)).count == drills.count else { return "a drill twice" }
        return nil
    }
}

/// Each drill's memory and every review (`drill-schedule.json`), one review a line.
public struct SavedDrillSchedule: Codable, Hashable, Sendable, VersionedDocument {
    public static let version = 1
    /// `maximumLog` reviews of about 200 bytes, and the memories.
    public static let sizeLimit = 16_000_000
    /// Seven years of daily sessions of 20 drills; the oldest reviews are dropped past it.
    public static let maximumLog = 50_000

    public var version = SavedDrillSchedule.version
    public var schedule = DrillSchedule()

    public init(schedule: DrillSchedule = DrillSchedule()) { self.schedule = schedule }

    public var problem: String? {
        guard schedule.memories.count <= DrillBank.maximumDrills, schedule.log.count <= Self.maximumLog else {
            return "more than \(DrillBank.maximumDrills) drills or \(Self.maximumLog) reviews"
        }
        guard schedule.memories.allSatisfy({ $0.key.count <= 20 && $0.value.isWithinBounds }) else { return "a memory out of bounds" }
        guard schedule.log.allSatisfy(\.isWithinBounds),
              zip(schedule.log, schedule.log.dropFirst()).allSatisfy({ $0.number < $1.number }) else {
            return "a review out of bounds or out of order"
        }
        return nil
    }

    /// On one line a review: a year of daily sessions is some 1.5 MB.
    public var encoded: Data {
        var text = "{\"version\":\(version),\"schedule\":{\"memories\":"
        do {
            text += String(decoding: try JSONEncoder.storeLine.encode(schedule.memories), as: UTF8.self)
            text += ",\n\"log\":[\n"
            text += try schedule.log.map { String(decoding: try JSONEncoder.storeLine.encode($0), as: UTF8.self) }
                .joined(separator: ",\n")
        } catch {
            preconditionFailure("a schedule always encodes: \(error)")
        }
        return Data((text + "\n]}}\n").utf8)
    }
}

/// The player's and each drill's rating (`drill-ratings.json`).
public struct SavedDrillRatings: Codable, Hashable, Sendable, VersionedDocument {
    public static let version = 1
    public static let sizeLimit = 4_000_000

    public var version = SavedDrillRatings.version
    public var ratings = DrillRatings()

    public init(ratings: DrillRatings = DrillRatings()) { self.ratings = ratings }

    public var problem: String? {
        guard ratings.drills.count <= DrillBank.maximumDrills, ratings.trend.count <= DrillRatings.maximumTrend,
              ratings.isWithinBounds else { return "a rating out of bounds" }
        return nil
    }
}

/// The choice of the last session on screen (`drill-setup.json`): the theme, the difficulty, how
/// many drills. A file of its own, so that a setup that cannot be read costs only the setup.
public struct SavedDrillSetup: Codable, Hashable, Sendable, VersionedDocument {
    public static let version = 1
    public static let sizeLimit = 4_096

    public var version = SavedDrillSetup.version
    public var setup = DrillSetup.standard

    public init(setup: DrillSetup = .standard) { self.setup = setup }

    public var problem: String? {
        DrillSetup.counts.contains(setup.count) ? nil
            : "a session of \(setup.count) drills, not \(DrillSetup.counts.lowerBound) to \(DrillSetup.counts.upperBound)"
    }
}

extension GameStore {
    /// Reads the drills, their schedule and the ratings under the folder's lock, brings the
    /// ratings in step with the schedule's log, and runs `body`.
    public func withDrills<T>(_ body: (inout DrillSession) throws -> T) throws -> T {
        try AtomicFile.withLock(in: folder) {
            var session = try DrillSession(store: self)
            return try body(&session)
        }
    }
}

/// The drill files read, and what saves them: an answer writes the schedule (with its review
/// logged) and then the ratings, each atomically; a kill between the two loses nothing, as the
/// ratings take in the log's later reviews on the next open. A file that cannot be read is kept
/// and named in `notices`; the next name of its series takes its place.
public struct DrillSession {
    public private(set) var bank: [Drill]
    public private(set) var schedule: DrillSchedule
    public private(set) var ratings: DrillRatings
    /// The files kept as they are (corrupt, unreadable, from a newer TwentyNine), and saves that
    /// did not complete but lost nothing.
    public private(set) var notices: [StoreError] = []
    let paths: (bank: String, schedule: String, ratings: String)
    let fault: StoreFault?
    let folder: String

    init(store: GameStore) throws(StoreError) {
        let names = try AtomicFile.names(in: store.folder)
        let bank = Series<DrillBank>(folder: store.folder, stem: "drills").scan(names)
        let schedule = Series<SavedDrillSchedule>(folder: store.folder, stem: "drill-schedule").scan(names)
        let ratings = Series<SavedDrillRatings>(folder: store.folder, stem: "drill-ratings").scan(names)
        notices = bank.unusable + schedule.unusable + ratings.unusable
        paths = (bank.path, schedule.path, ratings.path)
        fault = store.fault
        folder = store.folder
        self.bank = bank.document?.drills ?? []
        self.schedule = schedule.document?.schedule ?? DrillSchedule()
        self.ratings = ratings.document?.ratings ?? DrillRatings()
        // A ratings file ahead of the log (the log kept elsewhere, or lost), or worked out by
        // another rule, starts again from the log.
        if self.ratings.applied > self.schedule.nextNumber - 1 || self.ratings.rule != DrillRatings.rule {
            self.ratings = DrillRatings()
        }
        if self.ratings.catchUp(with: self.schedule) > 0 { saveRatings() }
    }

    /// The drills of the bank by id.
    public func drill(_ id: String) -> Drill? { bank.first { $0.id == id } }

    /// Adds the drills the bank does not hold (by id) and saves it; returns those added.
    @discardableResult
    public mutating func enrol(_ drills: [Drill]) throws(StoreError) -> [Drill] {
        var known = Set(bank.map(\.id))
        let added = drills.filter { known.insert($0.id).inserted }
        guard !added.isEmpty else { return [] }
        var kept = bank + added
        if kept.count > DrillBank.maximumDrills {
            // The oldest never answered go first; the bank never loses a drill with a schedule.
            let scheduled = schedule.memories
            var over = kept.count - DrillBank.maximumDrills
            kept = kept.filter { drill in
                guard over > 0, scheduled[drill.id] == nil else { return true }
                over -= 1
                return false
            }
        }
        try GameStore.write(document: DrillBank(drills: kept), to: paths.bank, fault: fault)
        bank = kept
        return added
    }

    /// Logs and schedules an answer, then rates it: the schedule's file first, then the ratings'.
    /// Throws only when the schedule could not be saved (nothing changed then); a ratings file that
    /// could not be written is a notice, and is brought up to date on the next open.
    @discardableResult
    public mutating func record(_ drill: Drill, _ result: DrillResult, answer: String, at time: Int, seed: Double) throws(StoreError)
        -> DrillReview {
        var next = schedule
        let review = next.record(drill, result, answer: answer, at: time, seed: seed)
        if next.log.count > SavedDrillSchedule.maximumLog { next.log.removeFirst(next.log.count - SavedDrillSchedule.maximumLog) }
        do {
            try GameStore.write(document: SavedDrillSchedule(schedule: next), to: paths.schedule, fault: fault)
        } catch where error.isSaved {
            notices.append(error)
        }
        schedule = next
        ratings.apply(review)
        saveRatings()
        return review
    }

    /// The setup of the last session on screen, read only when asked for: the standard one when
    /// none was kept, or when its file cannot be read (kept as it is, and named in `notices`).
    public mutating func rememberedSetup() throws(StoreError) -> DrillSetup {
        let scan = Series<SavedDrillSetup>(folder: folder, stem: "drill-setup").scan(try AtomicFile.names(in: folder))
        notices += scan.unusable
        return scan.document?.setup ?? .standard
    }

    /// Keeps `setup` for the next session, atomically, in the file `rememberedSetup` reads.
    public mutating func remember(_ setup: DrillSetup) throws(StoreError) {
        let scan = Series<SavedDrillSetup>(folder: folder, stem: "drill-setup").scan(try AtomicFile.names(in: folder))
        guard scan.document?.setup != setup else { return }
        do {
            try GameStore.write(document: SavedDrillSetup(setup: setup), to: scan.path, fault: fault)
        } catch where error.isSaved {
            notices.append(error)
        }
    }

    private mutating func saveRatings() {
        do throws(StoreError) {
            try GameStore.write(document: SavedDrillRatings(ratings: ratings), to: paths.ratings, fault: fault)
        } catch {
            notices.append(error)
        }
    }
}

extension FSRS.Memory {
    var isWithinBounds: Bool {
        stability.isFinite && difficulty.isFinite && (0...1_000_000).contains(stability) && (1...10).contains(difficulty)
    }
}
