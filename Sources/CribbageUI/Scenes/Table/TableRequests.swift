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
