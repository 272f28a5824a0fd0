import Canvas
import CribbageCore

/// What the drills say: their progress, a refused answer, and why there is nothing to drill.
enum DrillsNotice: SceneNotice {
    case grading
    case refused(DrillError)
    case pickTwo(Int)
    case noCardOfRank(Rank)
    case noDrills
    case unavailable(GameKeepingFailure)
    case notSaved(GameKeepingFailure)
    case setupNotKept(GameKeepingFailure)
    case setupPassedOver(GameKeepingFailure)
    case notRead(GameKeepingFailure)

    func text(glyphs: Glyphs) -> String {
        switch self {
        case .grading: "Working out every option's figures; the keys work meanwhile"
        case .refused(let error): "Not an answer: \(error.description)"
        case .pickTwo(let count): "\(count) picked: pick the two to throw, then enter"
        case .noCardOfRank(let rank): "No \(rank.notation) to lay"
        case .noDrills: "No drills to do: none due, and none could be dealt"
        case .unavailable(let failure): "The drills cannot be read: \(Wording.text(failure))"
        case .notSaved(let failure): "The answer was not saved: \(Wording.text(failure))"
        case .setupNotKept(let failure): "The setup was not kept for next time: \(Wording.text(failure))"
        case .setupPassedOver(let failure): "The last setup was not read: \(Wording.text(failure))"
        case .notRead(let failure): "Not read (the session goes on without it): \(Wording.text(failure))"
        }
    }
}
