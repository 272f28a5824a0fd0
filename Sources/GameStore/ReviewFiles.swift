#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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
    public var level: ComputerLevel?
    public var summary: ReviewSummary

    public init(id: String, finished: Date, level: ComputerLevel?, summary: ReviewSummary) {
        self.id = id
        self.finished = finished.wholeSeconds
        self.level = level
        self.summary = summary
    }
}

/// `reviews/<id>.json`: one game's review summary, a few hundred bytes.
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

    private enum CodingKeys: String, CodingKey { case version, id, finished, level, sides, result }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        review = SavedReview(id: try container.decode(String.self, forKey: .id),
                            finished: try container.decode(Date.self, forKey: .finished),
                            level: try container.decodeIfPresent(ComputerLevel.self, forKey: .level),
                            summary: ReviewSummary(sides: try container.decode([ReviewSummary.Side].self, forKey: .sides),
                                                   result: try container.decode(Double.self, forKey: .result)))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ReviewFile.version, forKey: .version)
        try container.encode(review.id, forKey: .id)
        try container.encode(review.finished, forKey: .finished)
        try container.encodeIfPresent(review.level, forKey: .level)
        try container.encode(review.summary.sides, forKey: .sides)
        try container.encode(review.summary.result, forKey: .result)
    }
}

/// The reviews the records keep, `reviews/<id>.json` in the data folder, one a game: written once
/// a game is reviewed, read only for the last games asked for (the folder listed once, then a
/// file a game, newest first, until enough are found), so 20,000 games cost one listing.
///
/// A file that cannot be read is never written over: a corrupt one is set aside as
/// `<id>.json.corrupt` (or `.corrupt-2` …) and named in the notes, one from a newer TwentyNine is
/// kept where it is and the new review not written.
struct ReviewFiles {
    let folder: String
    let fault: StoreFault?

    var reviewsFolder: String { "\(folder)/reviews" }

    /// A game's review's path; nil for an id that cannot name a file.
    func path(_ id: String) -> String? { HistoryFiles.isFileName(id) ? "\(reviewsFolder)/\(id).json" : nil }

    /// The most files a corrupt review is set aside as, before nothing more is written for that game.
    static let asideLimit = 9

    /// Keeps a game's review; returns a line for a file set aside. The same review already kept
    /// writes nothing.
    func keep(_ review: SavedReview) throws(StoreError) -> String? {
        guard let path = path(review.id) else {
            throw .cannotWrite(path: "\(reviewsFolder)/", reason: "the id \(review.id.prefix(100)) cannot name a file")
        }
        let file = ReviewFile(review)
        var note: String?
        if AtomicFile.exists(path) {
            switch Series<ReviewFile>.read(path) {
            case .success(let existing) where existing.encoded == file.encoded:
                return nil
            case .success:
                break // a review worked out again: the newer stands
            case .failure(let problem):
                if Self.isNewer(path) { throw .cannotWrite(path: path, reason: "\(problem.reason), and is kept as it is") }
                note = try setAside(path, problem: problem)
            }
        }
        do throws(StoreError) { try GameStore.write(document: file, to: path, fault: fault) } catch where error.isSaved {}
        return note
    }

    /// Whether the file says it is of a newer format than this program reads.
    private static func isNewer(_ path: String) -> Bool {
        guard case .success(let data) = AtomicFile.read(path, limit: ReviewFile.sizeLimit),
              let header = try? JSONDecoder.store.decode(VersionHeader.self, from: data) else { return false }
        return header.version > ReviewFile.version
    }

    /// Renames an unreadable review out of the way, to the first free `<name>.corrupt` name.
    private func setAside(_ path: String, problem: StoreError) throws(StoreError) -> String {
        let names = (1...Self.asideLimit).map { $0 == 1 ? "\(path).corrupt" : "\(path).corrupt-\($0)" }
        guard let aside = names.first(where: { !AtomicFile.exists($0) }) else {
            throw .cannotWrite(path: path, reason: "\(problem.reason), and \(Self.asideLimit) copies are set aside already")
        }
        try fault?.step(path)
        guard rename(path, aside) == 0 else {
            throw .cannotWrite(path: path, reason: "it cannot be read, nor set aside (\(String(cString: strerror(errno))))")
        }
        try? AtomicFile.syncFolder(reviewsFolder)
        return "\(path) \(problem.reason); set aside as \(aside.splitLastPathComponent.last)"
    }

    /// A game's review as kept, when its file reads back and holds that game's review.
    func review(_ id: String) -> SavedReview? {
        guard let path = path(id), AtomicFile.isRegularFile(path),
              case .success(let file) = Series<ReviewFile>.read(path), file.review.id == id else { return nil }
        return file.review
    }

    /// The reviews of the last `wanted` finished two-player games against the computer (the review
    /// grades no other) that have one, newest first in the walk, oldest first in the answer; the
    /// games walked past without one.
    func reviews(of games: [FinishedGame], wanted: Int) -> ReviewedGames {
        var answer = ReviewedGames()
        let names: Set<String>
        do { names = Set(try AtomicFile.names(in: reviewsFolder)) } catch {
            answer.problems.append("\(error)")
            names = []
        }
        var found: [SavedReview] = [], missing: [FinishedGame] = []
        for game in games.reversed() where game.level != nil && game.seating == .twoPlayers && !game.isAbandoned {
            guard found.count < wanted else { break }
            guard let path = path(game.id), names.contains("\(game.id).json") else {
                missing.append(game)
                continue
            }
            switch Series<ReviewFile>.read(path) {
            case .success(let file) where file.review.id == game.id:
                found.append(file.review)
            case .success:
                answer.problems.append("\(path) is corrupt (it holds another game's review); it is kept as it is")
                missing.append(game)
            case .failure(let problem):
                answer.problems.append("\(problem)")
                missing.append(game)
            }
        }
        answer.reviews = found.reversed()
        answer.notReviewed = missing.reversed()
        return answer
    }
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
        ErrorRateTrend(reviews.map(\.summary.sides[0]).filter { $0.graded > 0 }.map(\.errorRate))
    }
}

extension StoreSession {
    /// The reviews of the last `wanted` finished games against the computer among `games` (the
    /// history's, oldest first): one listing of `reviews/`, then a file a game from the newest.
    public func reviews(of games: [FinishedGame], wanted: Int = ErrorRateTrend.span) -> ReviewedGames {
        ReviewFiles(folder: store.folder, fault: store.fault).reviews(of: games, wanted: wanted)
    }

    /// Whether a game's review is kept (a file by its name; not read).
    public func hasReview(_ id: String) -> Bool {
        ReviewFiles(folder: store.folder, fault: store.fault).path(id).map(AtomicFile.isRegularFile) ?? false
    }

    /// A game's review as kept, when its file reads back (nil when there is none, or it cannot be read).
    public func keptReview(_ id: String) -> SavedReview? {
        ReviewFiles(folder: store.folder, fault: store.fault).review(id)
    }

    /// Keeps a game's review, atomically, in `reviews/<id>.json`; returns a line for a corrupt file
    /// set aside to make room. Throws when nothing was written (a file from a newer TwentyNine is
    /// kept, and this review is not).
    @discardableResult
    public func keep(_ review: SavedReview) throws(StoreError) -> String? {
        try ReviewFiles(folder: store.folder, fault: store.fault).keep(review)
    }
}
