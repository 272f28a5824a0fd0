/// Where one player of a two-player game stands, from what they know: the one question behind the
/// chance to win on the pegboard. Each case is answered by the analysis the hint and the review
/// read (`chanceToWin`), so the pegboard, the hint and `odds` give one figure for one moment.
public enum Standpoint: Hashable, Sendable {
    /// Between deals (and before the first): the next deal's chance from the scores, as the win
    /// table has it, dealing it or not.
    case between(GameScore, dealing: Bool)
    /// The player's own decision (a six to throw, a card to lay): the chance of the analysis's
    /// first option, the hint's first figure.
    case deciding(Decision)
    /// The deal under way once the player has thrown: their four and two, the starter once turned
    /// (his heels with it), every card laid and every count of the show to come (`assess`).
    case dealt(DealPosition)
    /// The game is over.
    case over(won: Bool)
}

/// The chance to win from a standpoint, by the one analysis; nil where the model does not reach
/// (a decision with no score).
public func chanceToWin(_ standpoint: Standpoint, limit: Limit = .advice) -> Double? {
    switch standpoint {
    case .between(let score, let dealing):
        guard let target = Game.Target(rawValue: score.target) else { return nil }
        return WinTable.shipped(target).table.chances(mine: score.mine, theirs: score.theirs, dealing: dealing).win
    case .deciding(let decision):
        return Analysis.gradingValue(of: analyse(decision, by: .strongest, limit: limit).best)
    case .dealt(let position):
        return try? assess(position, limit: limit).win
    case .over(let won):
        return won ? 1 : 0
    }
}
