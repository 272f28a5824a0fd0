import Canvas
import CribbageCore

/// What the review says: its progress, and why it has nothing to show.
enum ReviewNotice: SceneNotice {
    case analysing(done: Int, of: Int)
    case summing
    case noGames
    case noOlder
    case noNewer
    case noMistake(forward: Bool, complete: Bool)
    case doesNotReplay(String)
    case unreadable(String, String)
    case unavailable(GameKeepingFailure)
    /// Learning from the mistakes waits for every decision's grade.
    case learnWaits(done: Int, of: Int)
    case noMistakeToLearn

    func text(glyphs: Glyphs) -> String {
        switch self {
        case .analysing(let done, let total):
            "Analysing the decisions: \(done) of \(total); the keys work meanwhile"
        case .summing:
            "Summing up: each side's figures and the luck"
        case .noGames:
            "No two-player game against the computer has finished yet: play one (\(KeyMap.key(for: .opened(.table))) from the counter)"
        case .noOlder:
            "No older two-player game finished against the computer"
        case .noNewer:
            "This is the last game finished"
        case .noMistake(let forward, let complete):
            "No mistake or worse \(forward ? "after" : "before") this decision" + (complete ? "" : " among those analysed so far")
        case .doesNotReplay(let id):
            "Game \(id.quotedToken) does not replay: it cannot be reviewed"
        case .unreadable(let id, let reason):
            "Game \(id.quotedToken) cannot be reviewed: \(reason)"
        case .unavailable(let failure):
            "The history cannot be read: \(Wording.text(failure))"
        case .learnWaits(let done, let total):
            "Your mistakes come once every decision is graded: \(done) of \(total) so far"
        case .noMistakeToLearn:
            "No mistake or worse of yours in this game to learn from"
        }
    }
}
