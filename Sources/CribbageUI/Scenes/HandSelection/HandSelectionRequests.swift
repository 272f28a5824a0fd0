import CribbageCore

/// A count got wrong in practice, kept as a count drill (from muggins) for the drills to ask
/// again; the answer is nil when it is kept.
public struct MugginsDrillSave: SceneRequest {
    public static let unanswered: GameKeepingFailure? = .noKeeper

    public let hand: Hand
    public let rules: Rules
    public let claimed: Int

    public init(hand: Hand, rules: Rules, claimed: Int) { (self.hand, self.rules, self.claimed) = (hand, rules, claimed) }

    var scene: Scene { .handSelection }
    func reply(_ answer: GameKeepingFailure?) -> Action { .handSelection(.mugginsKept(answer)) }
}
