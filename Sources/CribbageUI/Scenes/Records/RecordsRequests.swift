import CribbageCore

/// The player's records against the computer, read afresh: wins and losses by level, skunks,
/// points by kind, and the figures of the last 20 games reviewed; with the games not reviewed
/// among the last 20, to review off the key path.
public struct RecordsLoad: SceneRequest {
    public static let unanswered = KeptRecordBook.unavailable(.noKeeper)

    public init() {}

    var scene: Scene { .records }
    func reply(_ answer: KeptRecordBook) -> Action { .records(.loaded(answer)) }
}

/// What the keeper found for the records.
public enum KeptRecordBook: Hashable, Sendable {
    /// The records, and the last games not reviewed (newest first) with what reviews them.
    case records(RecordBook, toReview: [GameToReview])
    case unavailable(GameKeepingFailure)
}

/// The game that has just finished at the table, kept in the history, if its review is not kept
/// yet: reviewed off the key path for the records.
public struct FinishedGameReview: SceneRequest {
    public static let unanswered: GameToReview? = nil

    public init() {}

    var scene: Scene { .records }
    func reply(_ answer: GameToReview?) -> Action { .records(.queued(answer.map { [$0] } ?? [])) }
}

/// A game's review summed up, to keep beside the history (`reviews/<id>.json`); nil when kept.
public struct ReviewFiguresSave: SceneRequest {
    public static let unanswered: GameKeepingFailure? = .noKeeper

    public let game: GameToReview.Header
    public let summary: ReviewSummary

    public init(game: GameToReview.Header, summary: ReviewSummary) { (self.game, self.summary) = (game, summary) }

    var scene: Scene { .records }
    func reply(_ answer: GameKeepingFailure?) -> Action { .records(.kept(game, summary, failure: answer)) }
}

/// A finished game against the computer to review: which, and its record.
public struct GameToReview: Hashable, Sendable {
    /// What the records keep beside a game's figures.
    public struct Header: Hashable, Sendable {
        /// The game's id in the history.
        public let id: String
        public let level: Recorded<ComputerLevel>?
        /// When it finished, in seconds since 1970, as the history says.
        public let finished: Int

        public init(id: String, level: Recorded<ComputerLevel>?, finished: Int) { (self.id, self.level, self.finished) = (id, level, finished) }
    }

    public let header: Header
    public let record: GameRecord

    public init(header: Header, record: GameRecord) { (self.header, self.record) = (header, record) }
}

/// The player's records against the computer, as the Records screen shows them.
public struct RecordBook: Hashable, Sendable {
    /// Games won and lost against one level.
    public struct Level: Hashable, Sendable {
        public let level: Recorded<ComputerLevel>
        public let won: Int
        public let lost: Int

        public init(level: Recorded<ComputerLevel>, won: Int, lost: Int) { (self.level, self.won, self.lost) = (level, won, lost) }
    }

    /// One reviewed game's figures for you.
    public struct Reviewed: Hashable, Sendable {
        public let header: GameToReview.Header
        public let errorRate: Double
        public let graded: Int
        public let mistakes: Int
        public let blunders: Int
        public let won: Bool
        /// The engine's fingerprint that graded it; nil for a review kept before it was recorded.
        public let engine: String?

        public init(header: GameToReview.Header, summary: ReviewSummary) {
            self.header = header
            engine = summary.engine
            let you = summary.sides[0]
            (errorRate, graded, mistakes, blunders, won) = (you.errorRate, you.graded, you.mistakes, you.blunders + you.missedWins, summary.won)
        }
    }

    /// The levels played, in the levels' order (any a newer version wrote after them).
    public var levels: [Level]
    /// Skunks (and double skunks) you gave the computer, and it gave you.
    public var skunksGiven: Int, doubleSkunksGiven: Int, skunksTaken: Int, doubleSkunksTaken: Int
    /// Your points by kind over the games the history keeps them for, and how many were counted.
    public var tally: Game.Tally
    public var rounds: Int
    /// The last games reviewed, oldest first, at most `ErrorRateTrend.span`.
    public var reviewed: [Reviewed]
    /// Finished games against the computer newer than the oldest reviewed (or all, with fewer than
    /// 20 reviewed) that have no review.
    public var notReviewed: Int
    /// Games of the history and reviews that could not be read: left out of these figures, and said.
    public var unreadable = 0
    /// Files of the store before the database (history parts, records, reviews) that its import
    /// could not read: their games are left out of these figures, and said.
    public var notImported = 0
    /// Whole databases not read (one of the series that is not a database, kept as it is, this
    /// one used in its place), one line each: what these figures cannot hold, and said.
    public var notRead: [String] = []

    public init(levels: [Level], skunksGiven: Int, doubleSkunksGiven: Int, skunksTaken: Int, doubleSkunksTaken: Int,
                tally: Game.Tally, rounds: Int, reviewed: [Reviewed], notReviewed: Int) {
        self.levels = levels
        (self.skunksGiven, self.doubleSkunksGiven, self.skunksTaken, self.doubleSkunksTaken)
            = (skunksGiven, doubleSkunksGiven, skunksTaken, doubleSkunksTaken)
        self.tally = tally
        self.rounds = rounds
        self.reviewed = reviewed
        self.notReviewed = notReviewed
    }

    /// Your error rate across the reviewed games that graded a decision of yours.
    var trend: ErrorRateTrend {
        let graded = reviewed.filter { $0.graded > 0 }
        return ErrorRateTrend(graded.map(\.errorRate), engines: graded.map(\.engine))
    }

    /// A game's figures taken in where they belong by its finish, the last 20 kept, and one game
    /// fewer not reviewed.
    mutating func take(_ game: Reviewed) {
        guard !reviewed.contains(where: { $0.header.id == game.header.id }) else { return }
        let at = reviewed.firstIndex { $0.header.finished > game.header.finished } ?? reviewed.count
        reviewed.insert(game, at: at)
        if reviewed.count > ErrorRateTrend.span { reviewed.removeFirst(reviewed.count - ErrorRateTrend.span) }
        notReviewed = max(0, notReviewed - 1)
    }
}
