import CribbageCore

/// The match against the computer as the program keeps it: the kept one, or a new one (from the
/// options the program was started with) when none is kept or the kept one is over.
public struct TableLoad: SceneRequest {
    public static let unanswered = KeptTable.unavailable(.noKeeper)

    public init() {}

    var scene: Scene { .table }
    func reply(_ answer: KeptTable) -> Action { .table(.loaded(answer)) }
}

/// The match saved after a move; the answer is nil when it is saved.
public struct TableSave: SceneRequest {
    public static let unanswered: GameKeepingFailure? = .noKeeper

    public let table: TableGame

    init(table: TableGame) { self.table = table }

    var scene: Scene { .table }
    func reply(_ answer: GameKeepingFailure?) -> Action { .table(.saved(answer)) }
}

/// What the keeper found of the match against the computer.
public enum KeptTable: Hashable, Sendable {
    case table(TableGame, message: String?)
    case unavailable(GameKeepingFailure)
}

/// A move at a table between people, a take-back asked or answered, or the table's reading
/// again, performed by the keeper.
struct SharedTableCall: SceneRequest, PerformedRequest {
    enum Call: Hashable, Sendable {
        case read
        case move(TableGame.Move)
        case askTakeBack
        case answerTakeBack(accept: Bool)
        case adjourn
    }

    static let unanswered: Result<SharedTable, ClubRefusal> = .failure(ClubRefusal("No club here"))

    let club: ClubBox
    let id: String
    let call: Call

    var scene: Scene { .table }
    func reply(_ answer: Result<SharedTable, ClubRefusal>) -> Action { .table(.sharedMoved(answer)) }

    func performed() -> any Sendable { perform() }

    func perform() -> Result<SharedTable, ClubRefusal> {
        switch call {
        case .read: club.link.table(id).map { .success($0) } ?? .failure(ClubRefusal("That table is gone"))
        case .move(let move): club.link.move(move, at: id)
        case .askTakeBack: club.link.askTakeBack(at: id)
        case .answerTakeBack(let accept): club.link.answerTakeBack(at: id, accept: accept)
        case .adjourn: club.link.adjourn(at: id)
        }
    }
}
