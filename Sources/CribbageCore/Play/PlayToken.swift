/// One thing that happens in the play: a card laid, or a go from a player who cannot lay one.
///
///     try PlayToken(parsing: "5h")   // .card(5H)
///     try PlayToken(parsing: "go")   // .go
public enum PlayToken: Hashable, Sendable {
    case card(Card)
    case go
}

extension PlayToken: CustomStringConvertible {
    /// The card in canonical notation, or `go`.
    public var description: String {
        switch self {
        case .card(let card): card.description
        case .go: "go"
        }
    }
}

extension PlayToken {
    /// Reads `go` (in any case) or card notation.
    public init(parsing text: String) throws(CardParseError) {
        if text.trimmingWhitespace().lowercased() == "go" {
            self = .go
        } else {
            self = .card(try Card(parsing: text))
        }
    }
}

/// One token of the play as it was scored: who, what, the count after it, and what it pegged for
/// that player. A go that ends a count adds its point to the step of the last card laid.
public struct PlayStep: Hashable, Sendable {
    /// The player's index, 0 ..< players; 0 leads the play.
    public let player: Int
    public let token: PlayToken
    /// The running count after the token, before any reset: 31 when it makes 31.
    public let count: Int
    public internal(set) var scores: [PlayScore]
    /// The count starts again from 0 after this step (31, or no one could lay a card), or the
    /// play is complete.
    public internal(set) var endsCount = false

    public var points: Int { scores.reduce(0) { $0 + $1.points } }
}

/// Why a token cannot come next in the play.
public enum PlayError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The card would take the count past 31.
    case passesThirtyOne(Card, count: Int)
    /// A go at a count of 21 or less, where any card fits.
    case goWhileACardFits(count: Int)
    /// The card was laid already, by the player with this index.
    case alreadyLaid(Card, player: Int)
    /// Every player has laid four cards, so any card would be a fifth.
    case complete(PlayToken)

    public var description: String {
        switch self {
        case .passesThirtyOne(let card, let count):
            "\(card) would pass 31: the count is \(count) and \(card) counts \(card.rank.value), "
                + "so only a card of \(31 - count) or less fits (or go)"
        case .goWhileACardFits(let count):
            "go at a count of \(count): any card fits (a ten makes \(count + 10)), so a go needs a count of 22 or more"
        case .alreadyLaid(let card, let player):
            "\(card) was laid already, by player \(player + 1): each card is laid once"
        case .complete(.card(let card)):
            "the play is complete: every player has laid 4 cards, so \(card) would be a fifth"
        case .complete(.go):
            "the play is complete: every player has laid 4 cards, so there is no go to say"
        }
    }
}
