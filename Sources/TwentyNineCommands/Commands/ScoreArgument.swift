import CribbageCore

extension BadInput {
    /// `--score MINE,THEIRS`: two whole numbers, each below the target, or the token named.
    static func score(_ text: String, target: Game.Target) throws(BadInput) -> GameScore {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let mine = parts[0], let theirs = parts[1],
              (0..<target.points).contains(mine), (0..<target.points).contains(theirs) else {
            throw BadInput(message: "--score \(text.quotedToken): your score and theirs, each 0 to \(target.points - 1), as in --score 115,118")
        }
        return GameScore(mine: mine, theirs: theirs, target: target.points)
    }

    /// `--to 121` or `--to 61`, or the token named.
    static func target(_ text: String) throws(BadInput) -> Game.Target {
        guard let points = Int(text), let target = Game.Target(rawValue: points) else {
            throw BadInput(message: "--to \(text.quotedToken): a game goes to 121 or 61")
        }
        return target
    }
}
