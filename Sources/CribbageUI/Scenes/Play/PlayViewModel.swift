import Canvas
import CribbageCore

/// What the Play shows: the grid with the cards laid, the running count and its cards, whose
/// turn it is, what the last card or go pegged, and each player's total.
struct PlayViewModel: Hashable, Sendable {
    /// One player's line: the pegs and the cards laid so far.
    struct Seat: Hashable, Sendable {
        let name: String
        /// "pone" or "dealer" with two players; the dealer otherwise; empty for the rest.
        let role: String
        let total: Int
        let laid: [Card]
        let isToPlay: Bool
        let saidGo: Bool
        /// The side's score on the board, while the play is the game's.
        let board: Int?
    }

    let grid: [[CardGrid.Cell]]
    let players: Int
    let count: Int
    let countCards: [Card]
    let turn: String
    let lastStep: PlayStep?
    let lastPegs: [Peg]
    let seats: [Seat]
    /// With four players: "Players 1 & 3  12    Players 2 & 4  9".
    let partnerships: String?
    /// The seats' names: the game's players in the order of the play, or "Player 1" ….
    let names: [String]
    /// The game's round, while the play is the game's.
    let round: Int?
    /// How the game ended, when a card of this play won it.
    let gameResult: String?
    /// While the hint is shown: the engine's options for the player to lay, best first, or why
    /// it has none.
    let hint: Hint?

    enum Hint: Hashable, Sendable {
        case options(player: String, [Analysis.Option], greedy: Bool)
        /// The analysis is being worked out off the key path.
        case working
        /// The counter holds no complete hand to take as the player's own.
        case needsTheHand
        /// The counter's hand cannot be the player's: why.
        case notTheHand(PeggingViewError)
    }
    let notice: Notice?
    let chain: [KeyScope]
    /// The cards laid by their rank keys: drawn as their rank alone, not marked on the grid.
    let rankOnly: Set<Card>

    init(state: AppState) {
        let scene = state.play
        let play = scene.play
        let rankOnly = scene.rankOnly
        self.rankOnly = rankOnly
        let earlier = Set(play.laid.joined()).subtracting(play.countCards).subtracting(rankOnly)
        grid = CardGrid.cells(cursor: scene.cursor, cut: nil, thrown: Array(earlier)) {
            play.countCards.contains($0) && !rankOnly.contains($0)
        }
        players = play.players
        count = play.count
        countCards = play.countCards
        lastStep = play.steps.last
        lastPegs = scene.lastPegs
        let game = state.board.flatMap { $0.playLink?.round == $0.game.round ? $0.game : nil }
        let names = (0..<play.players).map { player in
            game.map { $0.names[$0.showOrder[player]] } ?? Wording.player(player)
        }
        seats = (0..<play.players).map { player in
            Seat(name: names[player], role: Self.role(player, of: play.players), total: play.totals[player],
                 laid: play.laid[player], isToPlay: play.turn == player, saidGo: play.saidGo.contains(player),
                 board: game.map { $0.totals[$0.seating.side(of: $0.showOrder[player])] })
        }
        self.names = names
        turn = Self.turn(play, names: names)
        partnerships = play.partnershipTotals.map { totals in
            guard let game else { return "Players 1 & 3  \(totals[0])    Players 2 & 4  \(totals[1])" }
            // The game's sides in the board's order and words; the play's first pair is the leader's side.
            let leaders = game.seating.side(of: game.showOrder[0])
            return (0..<2).map { "\(game.name(ofSide: $0))  \(totals[$0 == leaders ? 0 : 1])" }.joined(separator: "    ")
        }
        gameResult = game?.result.map { game!.resultLine($0) }
        hint = scene.showsHint ? Self.hint(play, selection: state.selection, names: names, kept: scene.advice) : nil
        round = game?.round
        notice = state.noticeShown
        chain = state.keyChain
    }

    /// The decision the hint is about: the player to lay's, taking the counter's four and cut as
    /// that player's own (and its thrown cards as the discards, when they are as many as a player
    /// throws), so only what that player may know reaches the engine; or why there is none (nil
    /// with the play complete).
    static func hintDecision(_ play: Play, selection: Selection) -> Result<Decision, HintUnavailable>? {
        guard let player = play.turn else { return nil }
        guard let hand = selection.completeHand else { return .failure(.needsTheHand) }
        let thrown = selection.thrown.count == (play.players == 2 ? 2 : 1) ? selection.thrown : []
        do {
            let view = try PeggingView(hand: hand.cards, discards: thrown, cut: hand.cut, seat: player, play: play)
            return .success(.lay(view, score: nil))
        } catch {
            return .failure(.notTheHand(error))
        }
    }

    /// Why the hint has no decision to analyse.
    enum HintUnavailable: Error, Hashable, Sendable {
        case needsTheHand
        case notTheHand(PeggingViewError)
    }

    /// The engine's advice as the scene kept it from its job, for the decision at hand.
    private static func hint(_ play: Play, selection: Selection, names: [String], kept: KeptAdvice?) -> Hint? {
        switch hintDecision(play, selection: selection) {
        case nil: return nil
        case .failure(.needsTheHand): return .needsTheHand
        case .failure(.notTheHand(let error)): return .notTheHand(error)
        case .success(let decision):
            guard let kept, kept.decision == decision, case .lay(let view, _) = decision else { return .working }
            return .options(player: names[view.seat], kept.analysis.options, greedy: kept.analysis.method == .greedy)
        }
    }

    var status: String {
        (players == 4 ? "4 players, partners" : "\(players) players") + (round.map { ", round \($0) of the game" } ?? "")
    }

    private static func role(_ player: Int, of players: Int) -> String {
        if player == players - 1 { return "dealer" }
        return players == 2 ? "pone" : ""
    }

    private static func turn(_ play: Play, names: [String]) -> String {
        guard let player = play.turn else { return "The play is complete" }
        let name = names[player]
        if play.steps.isEmpty { return "\(name) leads: lay a card" }
        if play.count == 0 { return "\(name) leads a new count" }
        return play.count >= 22 ? "\(name) to lay a card of \(31 - play.count) or less, or go" : "\(name) to lay a card"
    }

    /// "Player 2 laid 10♣: fifteen for two", "Player 1 said go: one for the go to Player 2".
    func last(glyphs: Glyphs) -> String? {
        guard let step = lastStep else { return nil }
        let pegs = lastPegs
        let name = names[step.player]
        let calls = pegs.map { Wording.call($0.score) }.joined(separator: ", ")
        let points = pegs.reduce(0) { $0 + $1.score.points }
        switch step.token {
        case .card(let card):
            let cardName = rankOnly.contains(card) ? card.rank.notation : CardText.text(card, glyphs: glyphs)
            guard !pegs.isEmpty else { return "\(name) laid \(cardName): no points" }
            return "\(name) laid \(cardName): \(calls)" + (pegs.count > 1 ? ", \(points) in all" : "")
        case .go:
            guard let peg = pegs.first else { return "\(name) said go" }
            return "\(name) said go: \(calls) to \(names[peg.player])"
        }
    }
}
