import CribbageCore

/// The Play tied to the game's round: which round it counts, and the log entry each of its
/// steps made, so a take-back takes the entry back too.
struct PlayLink: Hashable, Sendable {
    let round: Int
    /// The entry each step that pegged made, by the step's index in the play.
    var entries: [Int: Game.Entry] = [:]
    /// Every card of the play is laid: the round goes on to the show.
    var isComplete = false

    /// The log became `after`: its last `added` entries are the last `added` of `before` scored
    /// again after another program's; the steps' entries among them are those new entries.
    mutating func follow(from before: [Game.Entry], to after: [Game.Entry], added: Int) {
        for (step, entry) in entries {
            guard let index = before.lastIndex(of: entry), index >= before.count - added else { continue }
            entries[step] = after[after.count - (before.count - index)]
        }
    }
}

/// The Play while a game is kept: it is the round's play, its players are the game's seats in
/// the order of the play (its first player sits left of the dealer), and every card or go that
/// pegs is entered in the game for the player who pegs it, in the same key.
///
/// Composes `PlayScene` with the board's game, as the app composes scenes: the play's own
/// reducer runs first, then what it pegged is scored.
enum GamePlay {
    /// Makes The Play the round's: a new play with the game's players when the round moved on
    /// (or the play has another number of players); otherwise the play goes on as it was.
    static func open(_ state: inout AppState) {
        guard var board = state.board else { return }
        let players = board.game.seating.players
        guard board.playLink?.round != board.game.round || state.play.play.players != players else { return }
        state.play.start(players: players)
        board.playLink = PlayLink(round: board.game.round)
        state.board = board
    }

    /// The round's play as the game keeps it, for saving: its tokens and the log index of each
    /// step's entry; nil when The Play is not the round's or nothing is laid yet.
    static func kept(_ play: PlayState, _ board: BoardState) -> Game.RoundPlay? {
        guard let link = board.playLink, link.round == board.game.round, play.play.players == board.game.seating.players,
              !play.play.steps.isEmpty else { return nil }
        var entries: [Int: Int] = [:]
        for (step, entry) in link.entries {
            if let index = board.game.log.lastIndex(of: entry) { entries[step] = index }
        }
        return Game.RoundPlay(round: link.round, tokens: play.play.steps.map(\.token), entries: entries,
                              unsuited: play.unsuited)
    }

    /// A kept game's play in progress, when it is of the game's round: The Play as it was, its
    /// steps linked to their entries again.
    static func restore(_ state: inout AppState) {
        guard var board = state.board, let kept = board.game.roundPlay, kept.round == board.game.round else { return }
        state.play.restore(players: board.game.seating.players, tokens: kept.tokens, unsuited: kept.unsuited)
        var link = PlayLink(round: kept.round)
        for (step, index) in kept.entries where board.game.log.indices.contains(index) {
            link.entries[step] = board.game.log[index]
        }
        link.isComplete = state.play.play.isComplete
        board.playLink = link
        if board.playIsComplete { board.target = board.defaultTarget }
        state.board = board
    }

    /// The Play on top: alone without a game, else composed with the board's.
    static func reduce(_ state: inout AppState, _ action: PlayAction) -> Outcome {
        guard state.board != nil else { return PlayScene.reduce(&state.play, action) }
        // A play that is not the round's (started alone, then a game opened over it) becomes it.
        open(&state)
        guard var board = state.board else { return Outcome() }
        var outcome = reduce(&state.play, &board, action)
        outcome.effect = BoardScene.keep(board, in: &state).effect
        return outcome
    }

    private static func reduce(_ play: inout PlayState, _ board: inout BoardState, _ action: PlayAction) -> Outcome {
        let round = board.game.round
        let wasComplete = board.playIsComplete
        defer {
            board.playLink?.isComplete = play.play.isComplete
            if board.playIsComplete != wasComplete { board.target = board.defaultTarget }
            BoardScene.retarget(&board, roundBefore: round)
        }
        switch action {
        case .hintToggled, .adviceWorkedOut:
            return PlayScene.reduce(&play, action)
        case .playersCycled:
            return reduce(&play, &board, .playersChosen(play.play.players == 4 ? 2 : play.play.players + 1))
        case .playersChosen(let players) where players != board.game.seating.players:
            return Outcome(notice: .playFollowsTheGame(players: board.game.seating.players))
        case .playersChosen:
            // All or nothing: every step comes back with its points, or none does.
            var (newPlay, newBoard) = (play, board)
            while !newPlay.play.steps.isEmpty {
                guard takeBack(&newPlay, &newBoard) else { return Outcome(notice: .takeBackRefused) }
            }
            (play, board) = (newPlay, newBoard)
            return PlayScene.reduce(&play, action)
        case .tokenTakenBack:
            guard !play.play.steps.isEmpty else { return PlayScene.reduce(&play, action) }
            return takeBack(&play, &board) ? Outcome() : Outcome(notice: .takeBackRefused)
        case .cursorMoved, .cursorCardLaid, .cardLaid, .goSaid, .rankLaid:
            // A card laid by its rank has a stand-in suit: the show checks its rank instead, and
            // the round holds four of it at most.
            if let turn = play.play.turn {
                do throws(GameError) {
                    if let card = action == .cursorCardLaid ? play.cursor.card : action.laidCard {
                        try board.game.checkLaid(card, by: board.game.showOrder[turn])
                    } else if case .rankLaid(let rank) = action {
                        try board.game.checkLaid(rank: rank)
                    }
                } catch {
                    return Outcome(notice: .notLaid(error))
                }
            }
            let step = play.play.steps.count
            let outcome = PlayScene.reduce(&play, action)
            guard play.play.steps.count > step, let first = play.lastPegs.first else { return outcome }
            let points = play.lastPegs.reduce(0) { $0 + $1.score.points }
            do throws(GameError) {
                let entry = try board.game.peg(player: board.game.showOrder[first.player], points: points,
                                               reasons: play.lastPegs.map(\.score))
                board.playLink?.entries[step] = entry
                BoardScene.gameChanged(&board, roundBefore: round)
                return outcome
            } catch {
                return Outcome(notice: .notPegged(error))
            }
        }
    }

    /// The cards each seat has laid in the round's play, and the ranks laid by rank alone (none
    /// when The Play counts another round).
    static func laidBySeat(_ play: PlayState, _ board: BoardState) -> LaidCards {
        let game = board.game
        var laid = Array(repeating: [Card](), count: game.seating.players)
        var ranks = Array(repeating: [Rank](), count: game.seating.players)
        guard board.playLink?.round == game.round, play.play.players == game.seating.players else { return (laid, ranks) }
        let rankOnly = play.rankOnly
        for (index, cards) in play.play.laid.enumerated() {
            laid[game.showOrder[index]] = cards.filter { !rankOnly.contains($0) }
            ranks[game.showOrder[index]] = cards.filter(rankOnly.contains).map(\.rank)
        }
        return (laid, ranks)
    }

    /// Takes back the play's last step and, when it pegged, its entry in the game. Returns false,
    /// changing nothing, when later entries on the board keep that entry from being the log's
    /// last, or a count of the round was made from the cards laid (an entry already undone on the
    /// board is simply gone).
    private static func takeBack(_ play: inout PlayState, _ board: inout BoardState) -> Bool {
        // A count made from the cards laid holds them: undo it first.
        guard !board.game.countedFromTheCardsThisRound else { return false }
        let step = play.play.steps.count - 1
        if let entry = board.playLink?.entries[step], board.game.log.contains(entry) {
            guard board.game.log.last == entry else { return false }
            let round = board.game.round
            board.game.undo()
            BoardScene.gameChanged(&board, roundBefore: round)
        }
        board.playLink?.entries.removeValue(forKey: step)
        _ = PlayScene.reduce(&play, .tokenTakenBack)
        return true
    }
}
