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
    /// Reads the drills, their schedule and the ratings, brings the ratings in step with the
    /// schedule's log, and runs `body`. No lock is held while `body` runs (it may print, and a
    /// paused terminal then holds up no other command): each save is a transaction of its own,
    /// made on what the database holds then.
    public func withDrills<T>(_ body: (inout DrillSession) throws -> T) throws -> T {
        try withConnection(holdsLock: false) { connection, problems in
            var session = try DrillSession(connection: connection, problems: problems)
            return try body(&session)
        }
    }
}

/// The drills as the database keeps them (`drills`, `drill-schedule`, `drill-ratings`,
/// `drill-setup`), and what saves them: an answer is one transaction (the review logged, the
/// schedule and the ratings), so nothing lies between them for a kill or a full disk to split.
/// A row that cannot be read is named in `notices`, and set aside when a new one takes its place.
public struct DrillSession {
    public private(set) var bank: [Drill]
    public private(set) var schedule: DrillSchedule
    public private(set) var ratings: DrillRatings
    /// What could not be read (each kept as it is), and what the import said.
    public private(set) var notices: [StoreError] = []
    /// What the import said, one line each.
    public private(set) var problems: [String]
    let connection: StoreConnection

    init(connection: StoreConnection, problems: [String]) throws(StoreError) {
        self.connection = connection
        self.problems = problems
        let read = try Self.read(connection)
        (bank, schedule, ratings) = (read.bank, read.schedule, read.ratings)
        notices = read.notices
        if read.behind {
            let ratings = self.ratings
            do throws(StoreError) {
                try connection.transaction { connection in try connection.write(SavedDrillRatings(ratings: ratings), as: "drill-ratings") }
            } catch {
                notices.append(error)
            }
        }
    }

    /// The drill rows as they are now, and whether the ratings had reviews to take in.
    private static func read(_ connection: StoreConnection) throws(StoreError)
        -> (bank: [Drill], schedule: DrillSchedule, ratings: DrillRatings, notices: [StoreError], behind: Bool) {
        var notices: [StoreError] = []
        func value<Document: VersionedDocument>(_ name: String, _ type: Document.Type) throws(StoreError) -> Document? {
            switch try connection.read(name, as: type) {
            case .success(let document)?: return document
            case .failure(let problem)?:
                notices.append(problem)
                return nil
            case nil: return nil
            }
        }
        let bank = try value("drills", DrillBank.self)?.drills ?? []
        let schedule = try value("drill-schedule", SavedDrillSchedule.self)?.schedule ?? DrillSchedule()
        var ratings = try value("drill-ratings", SavedDrillRatings.self)?.ratings ?? DrillRatings()
        var behind = false
        if ratings.rule != DrillRatings.rule {
            // Ratings of another rule are worked out again from the log.
            ratings = DrillRatings()
            behind = true
        } else if ratings.applied > schedule.nextNumber - 1 {
            // The log lost (its file could not be read): the ratings stand, and take in the
            // reviews numbered from the log's next.
            ratings.applied = schedule.nextNumber - 1
            behind = true
        }
        if ratings.catchUp(with: schedule) > 0 { behind = true }
        return (bank, schedule, ratings, notices, behind)
    }

    /// The drills of the bank by id.
    public func drill(_ id: String) -> Drill? { bank.first { $0.id == id } }

    /// Adds the drills the bank does not hold (by id) and saves it; returns those added.
    @discardableResult
    public mutating func enrol(_ drills: [Drill]) throws(StoreError) -> [Drill] {
        var added: [Drill] = [], kept: [Drill] = []
        try connection.transaction { connection in
            let now = try Self.read(connection)
            var known = Set(now.bank.map(\.id))
            added = drills.filter { known.insert($0.id).inserted }
            guard !added.isEmpty else { return }
            kept = now.bank + added
            if kept.count > DrillBank.maximumDrills {
                // The oldest never answered go first; the bank never loses a drill with a schedule.
                let scheduled = now.schedule.memories
                var over = kept.count - DrillBank.maximumDrills
                kept = kept.filter { drill in
                    guard over > 0, scheduled[drill.id] == nil else { return true }
                    over -= 1
                    return false
                }
            }
            try connection.write(DrillBank(drills: kept), as: "drills")
        }
        if !added.isEmpty { bank = kept }
        return added
    }

    /// Logs and schedules an answer and rates it, in one transaction on the schedule and the
    /// ratings as the database holds them then. Throws when nothing was saved.
    @discardableResult
    public mutating func record(_ drill: Drill, _ result: DrillResult, answer: String, at time: Int, seed: Double) throws(StoreError)
        -> DrillReview {
        var review: DrillReview?, next = schedule, rated = ratings
        try connection.transaction { connection in
            let now = try Self.read(connection)
            (next, rated) = (now.schedule, now.ratings)
            review = next.record(drill, result, answer: answer, at: time, seed: seed)
            if next.log.count > SavedDrillSchedule.maximumLog { next.log.removeFirst(next.log.count - SavedDrillSchedule.maximumLog) }
            rated.apply(review!)
            try connection.write(SavedDrillSchedule(schedule: next), as: "drill-schedule")
            try connection.write(SavedDrillRatings(ratings: rated), as: "drill-ratings")
        }
        (schedule, ratings) = (next, rated)
        return review!
    }

    /// The setup of the last session on screen: the standard one when none was kept, or when it
    /// cannot be read (kept as it is, and named in `notices`).
    public mutating func rememberedSetup() throws(StoreError) -> DrillSetup {
        switch try connection.read("drill-setup", as: SavedDrillSetup.self) {
        case .success(let saved)?: return saved.setup
        case .failure(let problem)?:
            notices.append(problem)
            return .standard
        case nil: return .standard
        }
    }

    /// The drills' files of the store before the database that the import could not read (each
    /// kept as it is on disk), one line each as the import named them, with the row each would
    /// have been (`drills`, `drill-schedule`, `drill-ratings`, `drill-setup`), while no row has
    /// taken its place: what the drills go on without.
    public func notImported() -> [(row: String, line: String)] {
        let folder = connection.path.splitLastPathComponent.parent + "/"
        let lines = (try? connection.db.all(String.self, "SELECT file FROM imported WHERE outcome = 'unreadable' ORDER BY rowid LIMIT ?",
                                            [StoreImport.recordedLimit])) ?? []
        return lines.compactMap { line in
            guard line.hasPrefix(folder), let file = line.dropFirst(folder.count).split(separator: " ").first else { return nil }
            // The file of the row's series: `drill-schedule.json`, `drill-schedule-2.json` …
            let row = ["drills", "drill-schedule", "drill-ratings", "drill-setup"].first { row in
                file == "\(row).json" || (file.hasPrefix("\(row)-") && file.hasSuffix(".json")
                                          && file.dropFirst(row.count + 1).dropLast(5).allSatisfy(\.isNumber))
            }
            guard let row, (try? connection.kept(row)) == .some(nil) else { return nil }
            return (row, "\(line); not imported")
        }
    }

    /// Keeps `setup` for the next session, in the row `rememberedSetup` reads.
    public mutating func remember(_ setup: DrillSetup) throws(StoreError) {
        if case .success(let saved)? = try connection.read("drill-setup", as: SavedDrillSetup.self), saved.setup == setup { return }
        try connection.transaction { connection in try connection.write(SavedDrillSetup(setup: setup), as: "drill-setup") }
    }
}

extension FSRS.Memory {
    var isWithinBounds: Bool {
        stability.isFinite && difficulty.isFinite && (0...1_000_000).contains(stability) && (1...10).contains(difficulty)
    }
}
