import Canvas
import CribbageCore

/// What the Discard Advisor says about a key that did not do what it names, and about the
/// chances it is working out.
enum DiscardAdvisorNotice: SceneNotice {
    /// A seventh card was dealt.
    case dealIsFull(refused: Card)
    /// The keeps were asked to be ranked by the chance to win with no score to play to.
    case noScoreToPlayTo
    /// Each keep's chance to win from the score is being worked out, off the key path.
    case workingOutTheChances(GameScore)

    func text(glyphs: Glyphs) -> String {
        switch self {
        case .dealIsFull(let card):
            "Six cards are dealt: put one back (\(KeyMap.key(for: .discardAdvisor(.lastCardRemoved)))) before picking \(CardText.text(card, glyphs: glyphs))"
        case .noScoreToPlayTo:
            "No score to play to: open the advisor from a game, as dealer or pone, against the solved throw"
        case .workingOutTheChances(let score):
            "Working out each keep's chance to win from \(score.mine)-\(score.theirs)\(glyphs.ellipsis) (the keys still work)"
        }
    }
}

extension Notice {
    static func dealIsFull(refused card: Card) -> Notice { Notice(DiscardAdvisorNotice.dealIsFull(refused: card)) }
    static let noScoreToPlayTo = Notice(DiscardAdvisorNotice.noScoreToPlayTo)
}
