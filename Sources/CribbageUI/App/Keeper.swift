/// What the program keeps between runs (the board's game, the match against the computer, the
/// records), as the scenes ask for it. A scene declares its requests in its own folder, a
/// `KeeperRequest` each; the program registers an answer for each request it keeps
/// (`StoreKeeper`, or a test's stand-in); a request with no answer registered gets its
/// `unanswered` one. The UI never touches files: `App.perform` asks the keeper and hands the
/// answer back to the scene that asked.
///
///     var keeper = Keeper()
///     keeper.answer(SomeLoad.self) { request in … }
///     _ = app.perform(app.open(opening), with: keeper)
public struct Keeper {
    private var answers: [ObjectIdentifier: Any] = [:]

    public init() {}

    /// Answers every request of this type with `answer`, in place of any answer registered before.
    public mutating func answer<Request: KeeperRequest>(_ type: Request.Type,
                                                        with answer: @escaping (Request) -> Request.Answer) {
        answers[ObjectIdentifier(type)] = answer
    }

    /// The registered answer to `request`, or its `unanswered` one.
    func answer<Request: KeeperRequest>(_ request: Request) -> Request.Answer {
        guard let answer = answers[ObjectIdentifier(Request.self)] as? (Request) -> Request.Answer else {
            // A request that carries what answers it (the club's calls) is performed as it is.
            if let performed = request as? any PerformedRequest, let answer = performed.performed() as? Request.Answer {
                return answer
            }
            return Request.unanswered
        }
        return answer(request)
    }
}

/// A load or a save that a scene asks of the program's `Keeper`, declared in the scene's folder.
public protocol KeeperRequest: Hashable, Sendable {
    associatedtype Answer: Sendable
    /// The answer when this run keeps nothing of the kind.
    static var unanswered: Answer { get }
}

/// A request as its scene makes it: the answer comes back to that scene as its own action,
/// reduced by it whether or not it is on top.
protocol SceneRequest: KeeperRequest {
    /// The scene that asked, and the answer as its action.
    func reply(_ answer: Answer) -> Action
    var scene: Scene { get }
}

extension SceneRequest {
    /// The answer from `keeper`, as the action the app reduces next.
    func answered(by keeper: Keeper) -> Action {
        .answered(scene, reply(keeper.answer(self)))
    }
}

/// A request for the keeper in an `Effect`: equal when the requests are.
public struct KeeperAsk: Hashable, Sendable, CustomStringConvertible {
    let request: any SceneRequest

    init(_ request: some SceneRequest) { self.request = request }

    public static func == (one: KeeperAsk, other: KeeperAsk) -> Bool {
        AnyHashable(one.request) == AnyHashable(other.request)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(request)) }

    public var description: String { String(describing: request) }
}

/// Why a kept game (the board's, or the match at the table) could not be had or saved; the
/// notices word it.
public enum GameKeepingFailure: Error, Hashable, Sendable {
    /// This run was started with nowhere to keep a game.
    case noKeeper
    /// A save came before any game was read.
    case nothingRead
    /// Another program changed the game file since the board read it, in a way the board's
    /// entries cannot follow (an undo there, a new game, or a rule refusing them after it).
    case changedElsewhere(path: String)
    /// The store could not be opened, read or written: its own words (the path and why).
    case store(String)
    /// A bug: the change would not have read back, so it was not saved, and the scene goes back
    /// to what was last saved. The store's words.
    case refused(String)
}
