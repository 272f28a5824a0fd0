/// Why a game refuses an entry or a set-up; the message says what would be accepted.
public enum GameError: Error, Hashable, Sendable, CustomStringConvertible {
    case noSuchPlayer(Int, players: Int)
    case wrongNumberOfNames(Int, players: Int)
    /// The game is won: no later count of the round is scored.
    case gameOver(winner: String)
    case heelsTooLate
    case heelsAlreadyScored
    case playIsOver(next: String)
    case notTheCribYet(next: String)
    case notAHandNow(next: String)
    case pointsOutOfRange(Int, allowed: ClosedRange<Int>, what: String)
    case impossibleCount(Int, rules: Rules)
    case reasonsDoNotAdd(points: Int, reasons: Int)
    case conflictingReasons(String, String)
    case cutDiffers(Card, earlier: Card)
    case heelsWithoutAJack(cut: Card)
    case belowZero(total: Int)
    case zeroCorrection
    case badName(String, why: String)
    case logFull(Int)
    /// A card of the round seen in two places (hands, the crib, the cut, the play).
    case cardInTwoPlaces(Card, first: String, second: String)
    /// A player laid a card in the play that the hand counted for them does not hold.
    case laidCardNotInHand(Card, player: String, hand: String)
    /// A player laid a card of this rank (by its rank key, the suit unsaid) that the hand
    /// counted for them does not hold.
    case laidRankNotInHand(Rank, player: String, hand: String)

    public var description: String {
        switch self {
        case .noSuchPlayer(let player, let players):
            "no player \(player < Int.max ? String(player + 1) : "past \(Int.max)"): players are 1 to \(players)"
        case .wrongNumberOfNames(let count, let players):
            "\(count) names for \(players) players"
        case .gameOver(let winner):
            "the game is over (\(winner) won): later counts are not scored; undo, or start a new game"
        case .heelsTooLate:
            "his heels is scored at the cut, before the play and the show of the round"
        case .heelsAlreadyScored:
            "his heels is already scored this round"
        case .playIsOver(let next):
            "the play is over: the show has begun (next: \(next)); a correction can still change a score"
        case .notTheCribYet(let next):
            "the crib is counted last: next is \(next)"
        case .notAHandNow(let next):
            "every hand is counted: next is \(next)"
        case .pointsOutOfRange(let points, let allowed, let what):
            "\(points) points for \(what): expected \(allowed.lowerBound) to \(allowed.upperBound)"
        case .impossibleCount(let points, let rules):
            "no \(rules == .crib ? "crib" : "hand") counts \(points)"
        case .reasonsDoNotAdd(let points, let reasons):
            "\(points) points, but the reasons add up to \(reasons)"
        case .conflictingReasons(let first, let second):
            "one card cannot score both \(first) and \(second)"
        case .cutDiffers(let cut, let earlier):
            "cut \(cut) differs from this round's cut \(earlier)"
        case .heelsWithoutAJack(let cut):
            "his heels was scored this round, so the cut is a jack, not \(cut)"
        case .belowZero(let total):
            "a correction cannot take a score below 0 (it is \(total))"
        case .zeroCorrection:
            "a correction of 0 changes nothing"
        case .badName(_, let why):
            why
        case .cardInTwoPlaces(let card, let first, let second):
            "\(card) cannot be in both \(first) and \(second)"
        case .laidCardNotInHand(let card, let player, let hand):
            "\(player) laid \(card) in the play: \(hand) must hold it"
        case .laidRankNotInHand(let rank, let player, let hand):
            "\(player) laid a card of rank \(rank.notation) in the play: \(hand) must hold one"
        case .logFull(let most):
            "the log holds \(most) entries, the most a game may have: start a new game"
        }
    }
}
