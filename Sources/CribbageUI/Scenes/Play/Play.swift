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
    /// The hint's analysis as its job worked it out, for the decision it was asked of.
    var advice: KeptAdvice?
    /// The steps whose card was laid by its rank key: its suit is a stand-in, never shown.
    private(set) var unsuited: Set<Int> = []

    /// Lays a card or says go for the player whose turn it is; the play is unchanged when the
    /// rules refuse it.
    mutating func apply(_ token: PlayToken, unsuited: Bool = false) throws(PlayError) {
        var next = play
        lastPegs = try next.apply(token)
        if unsuited { self.unsuited.insert(play.steps.count) }
        play = next
    }

    /// The cards laid by rank alone, whose suits are stand-ins.
    var rankOnly: Set<Card> {
        Set(unsuited.compactMap { index in
            guard play.steps.indices.contains(index), case .card(let card) = play.steps[index].token else { return nil }
            return card
        })
    }

    /// A card of `rank` not yet laid, to stand for one laid by its rank key (whose suit does not
    /// matter to the play); nil when all four are laid.
    func standIn(for rank: Rank) -> Card? {
        let laid = Set(play.laid.joined())
        return Suit.allCases.map { Card(rank, $0) }.first { !laid.contains($0) }
    }

    /// Takes back the last token: the play again from its start with every token but the last.
    mutating func takeBack() {
        let tokens = play.steps.dropLast().map(\.token)
        let (hint, unsuited, advice) = (showsHint, self.unsuited, self.advice)
        self = PlayState(cursor: cursor, players: play.players)
        showsHint = hint
        self.advice = advice
        for (index, token) in tokens.enumerated() { try? apply(token, unsuited: unsuited.contains(index)) }
    }

    /// The play the tokens make for `players`, as saved with a game (tokens the rules refuse
    /// stop it there).
    mutating func restore(players: Int, tokens: [PlayToken], unsuited: Set<Int> = []) {
        start(players: players)
        for (index, token) in tokens.enumerated() {
            guard (try? apply(token, unsuited: unsuited.contains(index))) != nil else { break }
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
    /// Lay a card of this rank, its suit unsaid (the rank keys).
    case rankLaid(Rank)
    /// The player whose turn it is cannot lay a card.
    case goSaid
    /// Take back the last card or go.
    case tokenTakenBack
    /// Start a new play for 2, 3 or 4 players; the cards laid are taken back.
    case playersChosen(Int)
    /// The next number of players (2, 3, 4, then 2 again): `playersChosen` with it.
    case playersCycled
    /// Show or hide the engine's ranking of the cards the player to lay could lay.
    case hintToggled
    /// The hint's analysis, worked out off the key path.
    case adviceWorkedOut(KeptAdvice)

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
        case .rankLaid(let rank):
            guard let card = state.standIn(for: rank) else { return Outcome(notice: .allFourLaid(rank)) }
            if state.play.turn != nil, state.play.count + rank.value > 31 {
                return Outcome(notice: .playRefused(.rankPassesThirtyOne(rank, count: state.play.count)))
            }
            return apply(.card(card), &state, unsuited: true)
        case .goSaid:
            return apply(.go, &state)
        case .playersCycled:
            return reduce(&state, .playersChosen(state.play.players == 4 ? 2 : state.play.players + 1))
        case .tokenTakenBack:
            guard !state.play.steps.isEmpty else { return Outcome(notice: .nothingToTakeBack) }
            state.takeBack()
        case .hintToggled:
            state.showsHint.toggle()
        case .adviceWorkedOut(let advice):
            state.advice = advice
        case .playersChosen(let players):
            let hadTokens = !state.play.steps.isEmpty
            state.start(players: players)
            if hadTokens { return Outcome(notice: .playStartedAgain(players: players)) }
        }
        return Outcome()
    }

    private static func apply(_ token: PlayToken, _ state: inout PlayState, unsuited: Bool = false) -> Outcome {
        do throws(PlayError) {
            try state.apply(token, unsuited: unsuited)
            return Outcome()
        } catch {
            return Outcome(notice: .playRefused(PlayRefusal(error)))
        }
    }
}

/// Why the play refused a card or a go, as a notice holds it.
enum PlayRefusal: Hashable, Sendable {
    case passesThirtyOne(Card, count: Int)
    /// A card laid by its rank key would pass 31.
    case rankPassesThirtyOne(Rank, count: Int)
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

/// An analysis worked out by a job, with the decision it answers: shown only while that decision
/// is still the one at hand.
struct KeptAdvice: Hashable, Sendable {
    let decision: Decision
    let analysis: Analysis
}
