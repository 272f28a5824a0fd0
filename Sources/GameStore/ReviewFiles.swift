import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The review of one finished game against the computer as the records keep it: the game's id in
/// the history, when it finished, the computer's level, and each side's figures.
public struct SavedReview: Codable, Hashable, Sendable {
    public var id: String
    /// When the game finished, in whole seconds (as the file keeps it).
    public var finished: Date
    public var level: Recorded<ComputerLevel>?
    public var summary: ReviewSummary

    public init(id: String, finished: Date, level: Recorded<ComputerLevel>?, summary: ReviewSummary) {
        self.id = id
        self.finished = finished.wholeSeconds
        self.level = level
        self.summary = summary
    }

    /// The fingerprint of the engine that graded it; nil in a review kept before it was recorded.
    public var engine: String? { summary.engine }
}

/// One game's review summary, a few hundred bytes: a `review` row's bytes, as `reviews/<id>.json` held them.
struct ReviewFile: VersionedDocument {
    static let version = 1
    static let sizeLimit = 8_192

    var version = ReviewFile.version
    var review: SavedReview

    init(_ review: SavedReview) { self.review = review }

    var problem: String? {
        guard HistoryFiles.isFileName(review.id) else { return "the id \(review.id.prefix(100)) cannot name a file" }
        return review.summary.problem
    }

    private enum CodingKeys: String, CodingKey { case version, id, finished, level, sides, result, engine }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        review = SavedReview(id: try container.decode(String.self, forKey: .id),
                            finished: try container.decode(Date.self, forKey: .finished),
                            level: try container.decodeIfPresent(Recorded<ComputerLevel>.self, forKey: .level),
                            summary: ReviewSummary(sides: try container.decode([ReviewSummary.Side].self, forKey: .sides),
                                                   result: try container.decode(Double.self, forKey: .result),
                                                   engine: try container.decodeIfPresent(String.self, forKey: .engine)))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ReviewFile.version, forKey: .version)
        try container.encode(review.id, forKey: .id)
        try container.encode(review.finished, forKey: .finished)
        try container.encodeIfPresent(review.level, forKey: .level)
        try container.encode(review.summary.sides, forKey: .sides)
        try container.encode(review.summary.result, forKey: .result)
        try container.encodeIfPresent(review.engine, forKey: .engine)
    }
}

/// The reviews the records keep, a row a game (`review`): each the bytes its file
/// `reviews/<id>.json` held. A row that cannot be read is set aside (`setAside`), never lost, when
/// a new review takes its place.
enum ReviewRows {
    /// The most reviews read for the records.
    static let maximumReviews = 1_000_000

    /// Keeps a game's review (inside a transaction); returns a line for a row set aside. The same
    /// review already kept writes nothing; a review worked out again stands over the old.
    static func keep(_ review: SavedReview, _ connection: StoreConnection) throws -> String? {
        let place = connection.place("the review of \(review.id.prefix(100))")
        let data = try GameStore.readBack(ReviewFile(review), path: place).data
        var note: String?
        if let old = try connection.db.one(Data.self, "SELECT body FROM review WHERE id = ?", [review.id]) {
            if old == data { return nil }
            if case .failure(let problem) = Series<ReviewFile>.decode(old, path: place) {
                try connection.setAside("review \(review.id)", body: old, reason: problem.reason)
                note = "\(place) \(problem.reason); set aside in the database"
            }
        }
        try connection.execute("INSERT INTO review (id, finished, body) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET finished = excluded.finished, body = excluded.body",
                               [review.id, Int(review.finished.timeIntervalSince1970), data])
        return note
    }

    /// A game's review as kept, when its row reads back and holds that game's review.
    static func review(_ id: String, _ connection: StoreConnection) -> SavedReview? {
        guard let data = try? connection.db.one(Data.self, "SELECT body FROM review WHERE id = ?", [id]),
              case .success(let file) = Series<ReviewFile>.decode(data, path: connection.place("the review of \(id.prefix(100))")),
              file.review.id == id else { return nil }
        return file.review
    }

    /// The reviews of the last `wanted` finished two-player games against the computer (the review
    /// grades no other) that have one, newest first in the walk, oldest first in the answer; the
    /// games walked past without one.
    static func reviews(of games: [FinishedGame], wanted: Int, _ connection: StoreConnection) -> ReviewedGames {
        var walk = ReviewWalk<FinishedGame>(wanted: wanted, connection)
        for game in games.reversed() where game.level != nil && game.seating == .twoPlayers && !game.isAbandoned {
            guard walk.visit(game, id: game.id, connection) else { break }
        }
        var answer = ReviewedGames()
        (answer.reviews, answer.notReviewed, answer.problems) = (walk.found.reversed(), walk.missing.reversed(), walk.problems)
        return answer
    }
}

/// The walk back through the games against the computer for their reviews, newest first: the
/// reviews found (as many as wanted), the games passed without one (or with one that cannot be
/// read, named in `problems`).
struct ReviewWalk<Game> {
    let wanted: Int
    /// The first games are looked up one by one; past them, the ids of every game with a review
    /// row are read once (a walk that goes far finds few reviews).
    static var lookups: Int { 64 }
    private var ids: Set<String>?
    private var visited = 0
    private(set) var found: [SavedReview] = []
    private(set) var missing: [Game] = []
    private(set) var problems: [String] = []

    init(wanted: Int, _ connection: StoreConnection) {
        self.wanted = wanted
    }

    /// Takes the next game (older than the last); false once as many reviews as wanted are found.
    mutating func visit(_ game: Game, id: String, _ connection: StoreConnection) -> Bool {
        guard found.count < wanted else { return false }
        visited += 1
        let place = connection.place("the review of \(id.prefix(100))")
        var body: Data?
        if visited <= Self.lookups {
            do { body = try connection.db.one(Data.self, "SELECT body FROM review WHERE id = ?", [id]) } catch {
                problems.append("\(StoreDatabase.storeError(error, path: connection.path))")
            }
        } else {
            if ids == nil {
                do {
                    ids = Set(try connection.db.all(String.self, "SELECT id FROM review LIMIT ?", [ReviewRows.maximumReviews]))
                } catch {
                    problems.append("\(StoreDatabase.storeError(error, path: connection.path))")
                    ids = []
                }
            }
            if ids?.contains(id) == true {
                body = ((try? connection.db.one(Data.self, "SELECT body FROM review WHERE id = ?", [id])) ?? nil) ?? Data()
            }
        }
        guard let body else {
            missing.append(game)
            return true
        }
        switch Series<ReviewFile>.decode(body, path: place) {
        case .success(let file) where file.review.id == id:
            found.append(file.review)
        case .success:
            problems.append("\(place) is corrupt (it holds another game's review); it is kept as it is")
            missing.append(game)
        case .failure(let problem):
            problems.append("\(problem)")
            missing.append(game)
        }
        return found.count < wanted
    }
}

/// The reviews of your last games against the computer, as the Records screen shows them.
public struct RecentReviews: Hashable, Sendable {
    /// Oldest first: the last games against the computer that have a review, as many as were asked for.
    public var reviews: [SavedReview] = []
    /// Oldest first: the finished games against the computer walked past without a review.
    public var notReviewed: [RecordedGame] = []
    /// Reviews that could not be read (each kept as it is), one line each.
    public var problems: [String] = []
}

/// The reviews found for the last games against the computer, and the games passed without one.
public struct ReviewedGames: Hashable, Sendable {
    /// Oldest first: the last games against the computer that have a review, as many as were asked for.
    public var reviews: [SavedReview] = []
    /// Oldest first: the finished games against the computer walked past without a review (every
    /// one newer than the oldest review found; all of them when fewer were found than asked for).
    public var notReviewed: [FinishedGame] = []
    /// Review files that could not be read (each kept as it is), one line each.
    public var problems: [String] = []

    public init() {}

    /// Your error rate across the games reviewed that graded a decision of yours: the last 10 and
    /// 20, and the trend.
    public var trend: ErrorRateTrend {
        let graded = reviews.filter { $0.summary.sides[0].graded > 0 }
        return ErrorRateTrend(graded.map(\.summary.sides[0].errorRate), engines: graded.map(\.engine))
    }
}

extension StoreSession {
    /// The reviews of the last `wanted` finished games against the computer among `games` (the
    /// history's, oldest first).
    public func reviews(of games: [FinishedGame], wanted: Int = ErrorRateTrend.span) -> ReviewedGames {
        ReviewRows.reviews(of: games, wanted: wanted, connection)
    }

    /// The reviews of your last `wanted` finished games against the computer, the history walked
    /// back from its columns (no summary read): what the Records screen shows.
    public mutating func recentReviews(wanted: Int = ErrorRateTrend.span) -> RecentReviews {
        var walk = ReviewWalk<RecordedGame>(wanted: wanted, connection)
        let connection = connection
        walkGamesAgainstTheComputer { walk.visit($0, id: $0.id, connection) }
        return RecentReviews(reviews: walk.found.reversed(), notReviewed: walk.missing.reversed(), problems: walk.problems)
    }

    /// Whether a game's review is kept (not read).
    public func hasReview(_ id: String) -> Bool {
        (try? connection.db.exists("SELECT 1 FROM review WHERE id = ?", [id])) ?? false
    }

    /// A game's review as kept, when it reads back (nil when there is none, or it cannot be read).
    public func keptReview(_ id: String) -> SavedReview? {
        ReviewRows.review(id, connection)
    }

    /// Keeps a game's review, in one transaction; returns a line for a review that could not be
    /// read, set aside to make room. Throws when nothing was written.
    @discardableResult
    public func keep(_ review: SavedReview) throws(StoreError) -> String? {
        var note: String?
        try connection.transaction { connection in note = try ReviewRows.keep(review, connection) }
        return note
    }
}
