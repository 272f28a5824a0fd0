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
    /// His heels asked for while the starter told is not a jack.
    case heelsOnAStarterNotAJack(Card)
    /// A peg for one card past what a card can peg (`Game.pegRange`).
    case pegOutOfRange(Int)
    /// A fifth card of a rank in one round (laid, the starter, the crib's ranks).
    case fifthOfARank(Rank)
    /// The show's next count asked from the cards while they are not known (not all laid, or
    /// no starter told).
    case cardsNotKnown(String)
    /// A flush or his nobs said that the cards cannot hold.
    case suitsNotHeld(String)
    /// A round's play, as kept, that the rules refuse.
    case playRefused(round: Int)
    /// A count from the cards kept with the crib's ranks for a hand, or without them for the crib.
    case cribRanksMisplaced
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
        case .heelsOnAStarterNotAJack(let starter):
            "his heels is a jack turned as the starter: the starter is \(starter) (tell the starter again if it was a jack)"
        case .fifthOfARank(let rank):
            "the round has shown all four \(rank.notation)s already (the play, the starter, the crib): check the cards"
        case .cardsNotKnown(let count):
            "\(count) is not known from the cards: its four cards laid in the play (or the crib's told) and the starter first"
        case .suitsNotHeld(let count):
            "\(count) cannot hold that flush or his nobs"
        case .cribRanksMisplaced:
            "a crib's ranks go with the crib's count, and only with it"
        case .playRefused(let round):
            "the play of round \(round) is not one the rules allow"
        case .pegOutOfRange(let points):
            "\(points) points for a card in the play: a card pegs 1 to \(Game.pegRange.upperBound) "
                + "(at most a fifteen, a double pair royal and one for last)"
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
