import Canvas
import CribbageCore

/// What the records say: their progress, and why there is nothing to show.
enum RecordsNotice: SceneNotice {
    case reviewing(left: Int)
    case unavailable(GameKeepingFailure)

    func text(glyphs: Glyphs) -> String {
        switch self {
        case .reviewing(let left):
            "Reviewing \(left == 1 ? "a game" : "\(left) games") in the background; the figures fill in as each is done"
        case .unavailable(let failure):
            "The records cannot be read: \(Wording.text(failure))"
        }
    }
}
