import CribbageCore

/// A session of drills from the store, as `twentynine drill` picks them: the due first, new ones
/// dealt to fill it.
public struct DrillsLoad: SceneRequest {
    public static let unanswered = KeptDrills.unavailable(.noKeeper)

    public let count: Int

    init(count: Int) { self.count = count }

    var scene: Scene { .drills }
    func reply(_ answer: KeptDrills) -> Action { .drills(.loaded(answer)) }
}

/// What the keeper found for the drills.
public enum KeptDrills: Hashable, Sendable {
    /// The session's drills and the player's rating before it.
    case session([Drill], rating: Double)
    case unavailable(GameKeepingFailure)
}

/// One answer saved as `twentynine drill answer` saves it: the drill scheduled again and rated.
public struct DrillAnswerSave: SceneRequest {
    public static let unanswered = DrillSaving.failed(.noKeeper)

    public let drill: Drill
    public let result: DrillResult
    /// The answer as the command takes it: the cards, the card or the count.
    public let answer: String

    public init(drill: Drill, result: DrillResult, answer: String) { (self.drill, self.result, self.answer) = (drill, result, answer) }

    var scene: Scene { .drills }
    func reply(_ answer: DrillSaving) -> Action { .drills(.saved(answer, drill: drill.id)) }
}

/// Whether an answer was kept, and the player's rating after it.
public enum DrillSaving: Hashable, Sendable {
    case saved(rating: Double)
    case failed(GameKeepingFailure)
}
