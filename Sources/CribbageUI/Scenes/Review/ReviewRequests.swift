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
    /// What the records keep beside the game's figures: its id in the history, the computer's
    /// level, when it finished.
    public let header: GameToReview.Header
    public let record: GameRecord
    /// How many finished games before the last this one is, and how many there are.
    public let back: Int
    public let finished: Int
    /// Its review is kept (`reviews/<id>.json`) and reads back: the figures summed here are not
    /// kept again.
    public let reviewKept: Bool

    public init(header: GameToReview.Header, record: GameRecord, back: Int, finished: Int, reviewKept: Bool) {
        (self.header, self.record, self.back, self.finished, self.reviewKept) = (header, record, back, finished, reviewKept)
    }

    /// The game's id in the history.
    public var id: String { header.id }
    /// The computer's level, as the history names it.
    public var level: String { header.level?.text ?? "computer" }
}
