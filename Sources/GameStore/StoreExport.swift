#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension GameStore {
    /// Writes everything the database keeps as the files of the store before it (`game.json`,
    /// `table.json`, `history.json` and `history/<n>.json` in parts of 200 games,
    /// `records/<id>.json`, `reviews/<id>.json`, the drill files) into `destination`, for a backup
    /// or another machine; the import takes them in again. A file already there is never
    /// replaced (the export stops, and says which). Returns what was written, one line each.
    public func export(to destination: String) throws -> [String] {
        try withConnection(holdsLock: false) { connection, _ in
            try StoreExport(connection: connection, destination: destination).run()
        }
    }
}

/// The export: each row read through the checks it has, written where no file is.
struct StoreExport {
    let connection: StoreConnection
    let destination: String

    func path(_ name: String) -> String { destination.appendingPathComponent(name) }

    /// A kept document, or nil; one that cannot be read stops the export.
    func kept<Document: VersionedDocument>(_ name: String, _ type: Document.Type) throws -> Document? {
        switch try connection.read(name, as: type) {
        case .success(let document)?: return document
        case .failure(let problem)?: throw problem
        case nil: return nil
        }
    }

    func run() throws -> [String] {
        var lines: [String] = []
        if let game = try kept("game", SavedGame.self) {
            try GameStore.create(game, at: path("game.json"))
            lines.append(path("game.json"))
        }
        if let table = try kept("table", SavedTable.self) {
            try GameStore.create(table, at: path("table.json"))
            lines.append(path("table.json"))
        }
        let (history, unreadable) = HistoryRows.all(connection)
        if let problem = unreadable.first { throw StoreError.unusable(path: connection.path, reason: "cannot be exported whole: \(problem)") }
        if !history.games.isEmpty {
            // Sealed parts of 200 games, then the part games are added to.
            let size = HistoryFiles.gamesAPart
            let chunks = stride(from: 0, to: history.games.count, by: size).map { Array(history.games[$0..<min($0 + size, history.games.count)]) }
            var sealedStarts: Date?
            for (index, games) in chunks.enumerated() {
                let isLast = index == chunks.count - 1 && games.count < size
                let part = HistoryPart(part: index + 1, sealedStarts: sealedStarts, games: games)
                let file = isLast ? path("history.json") : path("history/\(index + 1).json")
                try GameStore.create(part, at: file)
                sealedStarts = ([sealedStarts].compactMap { $0 } + games.map(\.started)).max()
            }
            if chunks.last!.count == size {
                try GameStore.create(HistoryPart(part: chunks.count + 1, sealedStarts: sealedStarts), at: path("history.json"))
            }
            var records = 0
            for game in history.games where HistoryFiles.isFileName(game.id) {
                guard case .success(let record) = HistoryRows.record(game.id, connection) else { continue }
                try GameStore.create(record, at: path("records/\(game.id).json"))
                records += 1
            }
            lines.append("\(path("history.json")): \(history.games.count) games, \(records) records in \(path("records"))")
        }
        var reviews = 0
        let ids = try connection.db.all(String.self, "SELECT id FROM review ORDER BY id")
        for id in ids where HistoryFiles.isFileName(id) {
            guard let review = ReviewRows.review(id, connection) else { continue }
            try GameStore.create(ReviewFile(review), at: path("reviews/\(id).json"))
            reviews += 1
        }
        if reviews > 0 { lines.append("\(path("reviews")): \(reviews) reviews") }
        if let drills = try kept("drills", DrillBank.self) {
            try GameStore.create(drills, at: path("drills.json"))
            lines.append(path("drills.json"))
        }
        if let schedule = try kept("drill-schedule", SavedDrillSchedule.self) {
            try GameStore.create(schedule, at: path("drill-schedule.json"))
            lines.append(path("drill-schedule.json"))
        }
        if let ratings = try kept("drill-ratings", SavedDrillRatings.self) {
            try GameStore.create(ratings, at: path("drill-ratings.json"))
            lines.append(path("drill-ratings.json"))
        }
        if let setup = try kept("drill-setup", SavedDrillSetup.self) {
            try GameStore.create(setup, at: path("drill-setup.json"))
            lines.append(path("drill-setup.json"))
        }
        return lines
    }
}
