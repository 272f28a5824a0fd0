#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The files of the store before the database, taken in once, on the database's first open, in
/// one transaction: the board's game and the table (each the file of its series the old store
/// used, the games it owed the history put into it), the history's parts (every sealed part in
/// `history/`, whatever its number, then the part games were added to), each game's record, the
/// reviews and the drills. Every file is read through the checks it always had (size, a regular
/// file, depth, version, bounds, the replay) and left exactly as it is on disk: never written,
/// renamed or deleted. A file that cannot be read is named in one line and skipped; the import
/// then says what it took.
struct StoreImport {
    let folder: String
    let database: StoreDatabase
    let fault: StoreFault?

    /// The most lines naming files that cannot be read; the rest are counted.
    static let namedLimit = 20
    /// The most files that cannot be read recorded in the database (`imported`), for the records to say.
    static let recordedLimit = 10_000

    /// What the import found, before it is written.
    private struct Found {
        var game: SavedGame?
        var table: SavedTable?
        var summaries: [FinishedGame] = []
        var records: [String: RecordFile] = [:]
        var owed: [HistoryEntry] = []
        var reviews: [SavedReview] = []
        var drills: DrillBank?
        var schedule: SavedDrillSchedule?
        var ratings: SavedDrillRatings?
        var setup: SavedDrillSetup?
        var unreadable: [String] = []
        var notes: [String] = []
        var isEmpty: Bool {
            game == nil && table == nil && summaries.isEmpty && owed.isEmpty && reviews.isEmpty && drills == nil && schedule == nil
                && ratings == nil && setup == nil && unreadable.isEmpty
        }
    }

    /// Imports, unless the database has; returns what it says, one line each (nothing when there
    /// was nothing to take).
    func run() throws(StoreError) -> [String] {
        do {
            let db = database.connection
            if try db.exists("SELECT 1 FROM importDone") { return [] }
            let found = try read()
            let connection = StoreConnection(db: db, path: database.path, readOnly: false, fault: fault, holdsLock: false)
            var done = false
            try connection.transaction { connection in
                // Another program may have imported while this one read.
                if try connection.db.exists("SELECT 1 FROM importDone") {
                    done = true
                    return
                }
                try write(found, connection)
            }
            return done || found.isEmpty ? [] : report(found)
        } catch {
            throw StoreDatabase.storeError(error, path: database.path)
        }
    }

    /// Every file of the old store, read and checked.
    private func read() throws(StoreError) -> Found {
        var found = Found()
        let names = try AtomicFile.names(in: folder)
        func unreadable(_ problem: StoreError) { found.unreadable.append("\(problem)") }

        let game = Series<SavedGame>(folder: folder, stem: "game").scan(names)
        game.unusable.forEach(unreadable)
        found.game = game.document
        let table = Series<SavedTable>(folder: folder, stem: "table").scan(names)
        table.unusable.forEach(unreadable)
        found.table = table.document

        // The history: every sealed part by its number, then the part games were added to.
        let current = Series<HistoryPart>(folder: folder, stem: "history").scan(names)
        current.unusable.forEach(unreadable)
        var parts: [HistoryPart] = []
        for (number, path) in sealedParts() {
            switch Series<HistoryPart>.read(path) {
            case .success(let part):
                parts.append(part)
                if part.part != number || (current.document.map { number >= $0.part } ?? false) {
                    found.notes.append("\(path) holds part \(part.part) beside the history's part \(current.document?.part ?? 1): its \(part.games.count) games are imported too")
                }
            case .failure(let problem): unreadable(problem)
            }
        }
        if let part = current.document { parts.append(part) }
        var games: [FinishedGame] = []
        for part in parts {
            if !part.removed.isEmpty {
                let removed = Set(part.removed)
                games.removeAll { removed.contains($0.id) }
            }
            games += part.games
        }
        var seen = Set<String>()
        found.summaries = games.reversed().filter { seen.insert($0.id).inserted }.reversed()

        // Each game's record, and the games the game files owed the history.
        for summary in found.summaries {
            guard HistoryFiles.isFileName(summary.id) else { continue }
            let path = "\(folder)/records/\(summary.id).json"
            guard AtomicFile.exists(path) else { continue }
            switch Series<RecordFile>.read(path) {
            case .success(let record): found.records[summary.id] = record
            case .failure(let problem): unreadable(problem)
            }
        }
        let now = Date()
        for owed in (found.game?.unrecorded ?? []) + (found.table?.unrecorded ?? []) where !seen.contains(owed.summary.id) {
            seen.insert(owed.summary.id)
            found.owed.append(owed)
        }
        if let game = found.game, game.isOver, !seen.contains(game.historyID) {
            seen.insert(game.historyID)
            found.owed.append(game.entry(finished: now))
        }
        if let table = found.table, table.isOver, !seen.contains(table.historyID) {
            found.owed.append(table.entry(finished: now))
        }

        // The reviews.
        let reviewsFolder = "\(folder)/reviews"
        for name in ((try? AtomicFile.names(in: reviewsFolder)) ?? []).sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
            switch Series<ReviewFile>.read("\(reviewsFolder)/\(name)") {
            case .success(let file) where "\(file.review.id).json" == name: found.reviews.append(file.review)
            case .success: found.unreadable.append("\(reviewsFolder)/\(name) is corrupt (it holds another game's review); it is kept as it is")
            case .failure(let problem): unreadable(problem)
            }
        }

        // The drills.
        func drillFile<Document: VersionedDocument>(_ stem: String, _ type: Document.Type) -> Document? {
            let scan = Series<Document>(folder: folder, stem: stem).scan(names)
            scan.unusable.forEach(unreadable)
            return scan.document
        }
        found.drills = drillFile("drills", DrillBank.self)
        found.schedule = drillFile("drill-schedule", SavedDrillSchedule.self)
        found.ratings = drillFile("drill-ratings", SavedDrillRatings.self)
        found.setup = drillFile("drill-setup", SavedDrillSetup.self)
        return found
    }

    /// The sealed parts' files in `history/`, by number.
    private func sealedParts() -> [(Int, String)] {
        let sealedFolder = "\(folder)/history"
        let names = (try? AtomicFile.names(in: sealedFolder)) ?? []
        return names.compactMap { name -> (Int, String)? in
            guard name.hasSuffix(".json") else { return nil }
            let digits = name.dropLast(5)
            guard digits.count <= 7, let number = Int(digits), String(number) == digits,
                  (1...HistoryFiles.maximumPart).contains(number) else { return nil }
            return (number, "\(sealedFolder)/\(name)")
        }.sorted { $0.0 < $1.0 }
    }

    /// Writes what was found (inside the import's transaction), then checks it reads back.
    private func write(_ found: Found, _ connection: StoreConnection) throws {
        if var game = found.game {
            game.unrecorded = []
            try connection.write(game, as: "game")
        }
        if var table = found.table {
            table.unrecorded = []
            try connection.write(table, as: "table")
        }
        for summary in found.summaries {
            try HistoryRows.insert(summary, record: found.records[summary.id], connection)
        }
        for entry in found.owed { try HistoryRows.insert(entry, connection) }
        for review in found.reviews { _ = try ReviewRows.keep(review, connection) }
        if let drills = found.drills { try connection.write(drills, as: "drills") }
        if let schedule = found.schedule { try connection.write(schedule, as: "drill-schedule") }
        if let ratings = found.ratings { try connection.write(ratings, as: "drill-ratings") }
        if let setup = found.setup { try connection.write(setup, as: "drill-setup") }
        for line in found.unreadable.prefix(Self.recordedLimit) { try connection.execute("INSERT INTO imported (file, outcome) VALUES (?, 'unreadable')", [line]) }
        try connection.execute("INSERT INTO importDone (at) VALUES (?)", [Int(Date().timeIntervalSince1970)])

        // The check: every game and review is there, once.
        let games = try connection.db.one(Int.self, "SELECT count(*) FROM game") ?? 0
        let reviews = try connection.db.one(Int.self, "SELECT count(*) FROM review") ?? 0
        guard games == found.summaries.count + found.owed.count, reviews == found.reviews.count else {
            throw StoreError.refused(path: connection.path, reason: "the import read back \(games) games and \(reviews) reviews, not \(found.summaries.count + found.owed.count) and \(found.reviews.count)")
        }
    }

    /// What the import says: each file it could not read, then what it took.
    private func report(_ found: Found) -> [String] {
        var lines = found.unreadable.prefix(Self.namedLimit).map { "\($0); not imported" }
        if found.unreadable.count > Self.namedLimit {
            lines.append("and \(found.unreadable.count - Self.namedLimit) more files of \(folder) cannot be read; each is kept as it is, not imported")
        }
        lines += found.notes
        var took: [String] = []
        if found.game != nil { took.append("the board's game") }
        if found.table != nil { took.append("the match against the computer") }
        let games = found.summaries.count + found.owed.count
        if games > 0 {
            let records = found.records.count + found.owed.count
            took.append("\(games) finished \(games == 1 ? "game" : "games") (\(records) with \(records == 1 ? "its record" : "their records"))")
        }
        if !found.reviews.isEmpty { took.append("\(found.reviews.count) \(found.reviews.count == 1 ? "review" : "reviews")") }
        if let drills = found.drills { took.append("\(drills.drills.count) drills") }
        if found.schedule != nil { took.append("the drills' schedule") }
        if found.ratings != nil { took.append("the drills' ratings") }
        if found.setup != nil { took.append("the drills' last setup") }
        lines.append("the files of \(folder) are imported into \(database.path.splitLastPathComponent.last): "
            + (took.isEmpty ? "nothing could be read" : took.joined(separator: ", ")) + "; every file is kept as it was")
        return lines
    }
}
