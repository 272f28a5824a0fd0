import CribbageCore

/// The Play scene's state: the play so far (2, 3 or 4 players), what its last token pegged, and
/// the cursor on the grid. It lasts between visits.
struct PlayState: Hashable, Sendable {
    var cursor = GridPosition(row: 0, column: 0)
    private(set) var play = Play(players: 2)
    /// What the last token pegged, for whom.
    private(set) var lastPegs: [Peg] = []
    /// The engine's ranking of the cards the player to lay could lay is on screen.
    var showsHint = false

    /// Lays a card or says go for the player whose turn it is; the play is unchanged when the
    /// rules refuse it.
    mutating func apply(_ token: PlayToken) throws(PlayError) {
        var next = play
        lastPegs = try next.apply(token)
        play = next
    }

    /// Takes back the last token: the play again from its start with every token but the last.
    mutating func takeBack() {
        let tokens = play.steps.dropLast().map(\.token)
        let hint = showsHint
        self = PlayState(cursor: cursor, players: play.players)
        showsHint = hint
        for token in tokens { try? apply(token) }
    }

    /// The play the tokens make for `players`, as saved with a game (tokens the rules refuse
    /// stop it there).
    mutating func restore(players: Int, tokens: [PlayToken]) {
        start(players: players)
        for token in tokens {
            guard (try? apply(token)) != nil else { break }
        }
    }

    /// A new, empty play for `players`.
    mutating func start(players: Int) {
        self = PlayState(cursor: cursor, players: players)
    }

    private init(cursor: GridPosition, players: Int) {
        self.cursor = cursor
        self.play = Play(players: players)
    }

    init() {}
}

/// What the player does in the Play scene.
enum PlayAction: Hashable, Sendable {
    case cursorMoved(GridMove)
    /// Lay the card under the cursor for the player whose turn it is.
    case cursorCardLaid
    /// Lay a card (a clicked one).
    case cardLaid(Card)
    /// The player whose turn it is cannot lay a card.
    case goSaid
    /// Take back the last card or go.
    case tokenTakenBack
    /// Start a new play for 2, 3 or 4 players; the cards laid are taken back.
    case playersChosen(Int)
    /// Show or hide the engine's ranking of the cards the player to lay could lay.
    case hintToggled

    /// The card a `cardLaid` lays.
    var laidCard: Card? {
        if case .cardLaid(let card) = self { return card }
        return nil
    }
}

enum PlayScene {
    static func reduce(_ state: inout PlayState, _ action: PlayAction) -> Outcome {
        switch action {
        case .cursorMoved(let move):
            state.cursor.move(move)
        case .cursorCardLaid:
            return apply(.card(state.cursor.card), &state)
        case .cardLaid(let card):
            state.cursor = GridPosition(card)
            return apply(.card(card), &state)
        case .goSaid:
            return apply(.go, &state)
        case .tokenTakenBack:
            guard !state.play.steps.isEmpty else { return Outcome(notice: .nothingToTakeBack) }
            state.takeBack()
        case .hintToggled:
            state.showsHint.toggle()
        case .playersChosen(let players):
            let hadTokens = !state.play.steps.isEmpty
            state.start(players: players)
            if hadTokens { return Outcome(notice: .playStartedAgain(players: players)) }
        }
        return Outcome()
    }

    private static func apply(_ token: PlayToken, _ state: inout PlayState) -> Outcome {
        do throws(PlayError) {
            try state.apply(token)
            return Outcome()
        } catch {
            return Outcome(notice: .playRefused(PlayRefusal(error)))
        }
    }
}

/// Why the play refused a card or a go, as a notice holds it.
enum PlayRefusal: Hashable, Sendable {
    case passesThirtyOne(Card, count: Int)
    case goWhileACardFits(count: Int)
    case alreadyLaid(Card, player: Int)
    case complete

    init(_ error: PlayError) {
        switch error {
        case .passesThirtyOne(let card, let count): self = .passesThirtyOne(card, count: count)
        case .goWhileACardFits(let count): self = .goWhileACardFits(count: count)
        case .alreadyLaid(let card, let player): self = .alreadyLaid(card, player: player)
        case .complete: self = .complete
        }
    }
}
