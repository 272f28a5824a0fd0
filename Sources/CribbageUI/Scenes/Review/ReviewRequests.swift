import CribbageCore

/// A finished game against the computer from the history, for the review: `back` games before
/// the last (0 the last finished).
public struct ReviewLoad: SceneRequest {
    public static let unanswered = KeptReview.unavailable(.noKeeper)

    public let back: Int

    init(back: Int) { self.back = back }

    var scene: Scene { .review }
    func reply(_ answer: KeptReview) -> Action { .review(.loaded(answer)) }
}

/// What the keeper found for the review.
public enum KeptReview: Hashable, Sendable {
    case game(ReviewedGame)
    /// No such game: none finished against the computer yet, or none that far back.
    case none(finished: Int)
    /// The game is in the history but its record cannot be had: the store's words.
    case unreadable(id: String, reason: String)
    case unavailable(GameKeepingFailure)
}

/// A finished game against the computer, as the review shows it.
public struct ReviewedGame: Hashable, Sendable {
    /// The game's id in the history.
    public let id: String
    /// The computer's level, as the history names it.
    public let level: String
    public let record: GameRecord
    /// How many finished games before the last this one is, and how many there are.
    public let back: Int
    public let finished: Int

    public init(id: String, level: String, record: GameRecord, back: Int, finished: Int) {
        (self.id, self.level, self.record, self.back, self.finished) = (id, level, record, back, finished)
    }
}
