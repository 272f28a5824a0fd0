import CribbageCore

/// The setup of the last session on screen, to start the next from.
public struct DrillSetupLoad: SceneRequest {
    public static let unanswered = KeptDrillSetup.unavailable(.noKeeper)

    init() {}

    var scene: Scene { .drills }
    func reply(_ answer: KeptDrillSetup) -> Action { .drills(.setupLoaded(answer)) }
}

/// What the keeper found of the last setup: the standard one when none was kept.
public enum KeptDrillSetup: Hashable, Sendable {
    /// The setup, and a file passed over to find it (kept as it is), if one was.
    case setup(DrillSetup, passedOver: GameKeepingFailure? = nil)
    case unavailable(GameKeepingFailure)
}

/// A session of drills from the store, as `twentynine drill` picks them (the due first, new ones
/// dealt to fill it) for the setup chosen, which is kept for the next session.
public struct DrillsLoad: SceneRequest {
    public static let unanswered = KeptDrills.unavailable(.noKeeper)

    public let setup: DrillSetup

    init(setup: DrillSetup) { self.setup = setup }

    var scene: Scene { .drills }
    func reply(_ answer: KeptDrills) -> Action { .drills(.loaded(answer)) }
}

/// What the keeper found for the drills.
public enum KeptDrills: Hashable, Sendable {
    /// The session's drills and the player's rating before it; why the setup was not kept, if it
    /// was not; and the first of the drills' records (the bank, the schedule, the ratings) that
    /// could not be read, if one could not (kept as it is; the session goes on without it).
    case session([Drill], rating: Glicko2.Rating, setupNotKept: GameKeepingFailure? = nil, notRead: GameKeepingFailure? = nil)
    case unavailable(GameKeepingFailure)
}

/// Learn from your mistakes: a game's mistakes as the session's drills, in the order made, with
/// the player's rating before it (each answer then saved as any drill's, the drill enrolled then).
public struct MistakesLoad: SceneRequest {
    public static let unanswered = KeptDrills.unavailable(.noKeeper)

    public let drills: [Drill]

    init(drills: [Drill]) { self.drills = drills }

    var scene: Scene { .drills }
    func reply(_ answer: KeptDrills) -> Action { .drills(.loaded(answer)) }
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
    case saved(rating: Glicko2.Rating)
    case failed(GameKeepingFailure)
}
