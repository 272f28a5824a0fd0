import CribbageCore

/// The Board's state: the game being kept, the points being typed, whom they go to, and what
/// the last entry (or the last save) said. It lasts between visits.
struct BoardState: Hashable, Sendable {
    var game: Game
    /// The digits typed so far.
    var typed = ""
    /// Where a typed number goes.
    var target: BoardTarget
    /// The typed points are a correction, added (1) or taken off (-1), once a seat's key names
    /// its player; nil for a peg or a count.
    var correctionSign: Int?
    /// What the last entry, undo or refusal left to say.
    var message: BoardMessage?
    /// Why the last save failed, as the store said it, until a save succeeds.
    var saveFailure: GameKeepingFailure?
    /// The Play of this round, when one is being counted into the game.
    var playLink: PlayLink?
    /// Games each side won before this one while the board was open: the match's standing.
    var wonBefore: [Int]
    /// The players' records on show in place of the log, as the keeper gave them.
    var records: KeptRecords?
    /// The modes, each a child state with its own reducer: a new game being set up, in place
    /// of the log (`Board+Setup.swift`).
    var setup: GameSetup?
    /// The starter being told by its rank and suit keys; nil when it is not being asked
    /// (`Board+Starter.swift`).
    var starterEntry: StarterEntry?
    /// The crib's cards told this round (`Board+Crib.swift`).
    var crib = CribEntry()
    /// The count the board makes of the show's next hand: the suits chosen (`Board+Show.swift`).
    var show = ShowEntry()

    init(game: Game, message: BoardMessage? = nil) {
        self.game = game
        self.message = message
        wonBefore = Array(repeating: 0, count: game.seating.sides)
        target = .show
        target = defaultTarget
    }

    /// A peg for the player left of the dealer (who leads the play), or the show's next count
    /// once the show has begun or The Play has laid every card.
    var defaultTarget: BoardTarget {
        inThePlay ? .peg(game.showOrder[0]) : .show
    }

    /// Whether the round is still in its play: the cut or the pegging, and The Play (when it is
    /// counting this round) has not laid every card.
    var inThePlay: Bool {
        switch game.phase {
        case .cut, .play: !playIsComplete
        case .show, .over: false
        }
    }

    /// The Play has laid every card of this round: what comes next is the show.
    var playIsComplete: Bool {
        guard let link = playLink else { return false }
        return link.round == game.round && link.isComplete
    }

    /// Who deals the next game once this one is over: the loser (with two losers, the lower).
    var nextDealer: Int? {
        game.result.map { game.seating.players(on: $0.losers.last!.side)[0] }
    }

    /// The board asks for the crib's cards by rank key: the crib is next, the starter is told,
    /// and its total was not chosen to be typed instead.
    var asksCribCards: Bool {
        target == .show && starterEntry == nil && game.nextCount?.rules == .crib && game.toldCut != nil
            && crib.ranks.count < 4 && !crib.typed
    }

    /// How many cards of `rank` the round has shown: laid in the play, the starter, the crib's told.
    func seen(_ rank: Rank, laid: LaidCards) -> Int {
        laid.cards.joined().count { $0.rank == rank } + laid.ranks.joined().count { $0 == rank }
            + crib.ranks.count { $0 == rank } + (game.roundCut?.rank == rank ? 1 : 0)
    }

    /// What tab steps through: in the play a peg for each player in the order of the play, and
    /// never the show (`showBegun` says the play is over); after it, the show alone.
    var targets: [BoardTarget] {
        inThePlay ? game.showOrder.map(BoardTarget.peg) : [.show]
    }
}

/// What the board has to say after a key: the renderer words it.
enum BoardMessage: Hashable, Sendable {
    /// Enter with no points typed.
    case pointsNeeded
    /// The game refused the entry.
    case refused(GameError)
    /// `c` with no complete hand on the counter.
    case noCounterHand
    /// Undo took back this entry.
    case tookBack(Game.Entry)
    case nothingToUndo
    /// `n` before the game is over.
    case gameNotOver
    /// A new game began, the loser of the last (this seat) dealing.
    case newGame(dealer: Int)
    /// What the program found when it opened the game (a file it could not use, say).
    case opened(String)
    /// The show was asked for, and it is already what the board takes.
    case showAlready
    /// A peg typed once every card of the play is laid: the board takes the show now.
    case playComplete
    /// Another program's entries were found in the file; the board's last entries follow them.
    case merged(added: Int)
    /// A typed count differs from the cards' count: the typed one is scored, this is what the
    /// cards hold.
    case countDiffers(typed: Int, count: Game.Count, cards: Breakdown)
    /// A typed count more than the known cards can hold (`most`, their only count when `only`):
    /// not scored; `enter` again, while this is said, scores it as typed.
    case overcount(typed: Int, most: Int, only: Bool)
    /// An entry refused: what was typed for it (a correction with its sign) is cleared.
    indirect case cleared(BoardMessage, typed: String)
    /// A digit past the longest number a count or a peg can have, not typed.
    case digitDropped(Character)
    /// A rank whose four cards the round has already shown.
    case fifthOfARank(Rank)
    /// The cards of the next count cannot hold a flush (or his nobs) with the choice made.
    case noFlush
    case noNobs
    /// Enter on a correction: it needs its seat's key.
    case seatNeeded
    /// A new game set up on the board began, this seat dealing (chosen, or by the board's cut).
    case setUp(dealer: Int, byCut: Bool)
}

/// The cards each seat laid in the round's play: with their suits, and by rank alone.
typealias LaidCards = (cards: [[Card]], ranks: [[Rank]])

/// Where a typed number goes: a card in the play for a player, or the show's next count.
enum BoardTarget: Hashable, Sendable {
    case peg(Int)
    case show
}

/// What the player does on the Board.
enum BoardAction: Hashable, Sendable {
    case digitTyped(Character)
    case digitErased
    /// The typed number, to the target.
    case numberEntered
    /// The next player to peg for, in the order of the play; never the show.
    case targetSwitched
    /// The play is over (the cards were not laid in The Play): typed numbers go to the show.
    case showBegun
    /// His heels: 2 to the dealer.
    case heelsScored
    /// Hand Selection's complete hand, counted as the show's next count.
    case counterHandEntered
    case undone
    /// The next game, once this one is over: the same players; a loser deals first.
    case newGameStarted
    /// The keeper's game: the board opens on it (or says why there is none).
    case loaded(KeptGame)
    /// What the keeper's save of the game came to: nil when it is on disk.
    case saved(failure: GameKeepingFailure?)
    /// The save found another program's entries in the file: this game holds them, then the
    /// board's last `added` entries scored again, and is on disk.
    case merged(Game, added: Int)
    /// The save refused the change (a bug, said in `reason`): the board goes back to the game
    /// last saved.
    case saveRefused(Game, reason: String)

    /// A peg of the points typed for this seat (digits, then the seat's key), or the
    /// correction typed.
    case pegEntered(player: Int)
    /// The points typed are a correction: added (1) or taken off (-1).
    case correctionMarked(sign: Int)
    /// Show the players' records (asked of the keeper), or hide them.
    case recordsToggled
    case recordsShown(KeptRecords)
    /// The modes' own actions: a new game's set-up, the starter, the crib's cards, a count from
    /// the cards.
    case setup(SetupAction)
    case starter(StarterAction)
    case crib(CribAction)
    case show(ShowAction)

    /// The board's answer to a keeper's save.
    init(_ saving: GameSaving) {
        switch saving {
        case .saved: self = .saved(failure: nil)
        case .merged(let game, let added): self = .merged(game, added: added)
        case .refused(let game, let reason): self = .saveRefused(game, reason: reason)
        case .failed(let failure): self = .saved(failure: failure)
        }
    }
}

enum BoardScene {
    /// The rules the counter takes when the player goes back to it from the board: the crib's
    /// when the crib is the board's next count, a hand's otherwise; nil with no game going on.
    static func counterRules(_ board: BoardState?) -> Rules? {
        board?.game.nextCount?.rules
    }

    /// Longest number typed: a card pegs at most 15, a hand counts 29.
    static let maximumDigits = 2

    /// The board on top: its own reduce, then the counter made ready for the next hand when a
    /// hand was counted, and the game to save when it changed.
    static func reduce(_ state: inout AppState, _ action: BoardAction) -> Outcome {
        if case .loaded(let kept) = action { return open(kept, &state) }
        guard var board = state.board else { return Outcome() }
        if action == .recordsToggled, board.records == nil { return Outcome(effect: .asking(BoardRecords())) }
        if action == .setup(.confirmed), let players = board.setup?.seating.players {
            board.setup?.cut = state.shared.random.below(players)
        }
        reduce(&board, action, state.shared, laid: GamePlay.laidBySeat(state.play, board))
        if board.game.roundPlay != nil, board.playLink?.round != board.game.round {
            // Back in a round whose play the game keeps (an undo past its crib): The Play is it again.
            state.board = board
            GamePlay.restore(&state)
            board = state.board ?? board
        }
        if action == .counterHandEntered, let before = state.board, board.game.log.count > before.game.log.count {
            // Counted: the counter is ready for the next hand of the round, on the same cut.
            let cut = board.game.round == before.game.round ? state.selection.cut : nil
            state.shared.selection.replace(cut: cut, hand: [])
            // A breakdown of that hand under the board has nothing left to show.
            state.navigation.remove(.breakdown)
        }
        if case .merged = action {
            // Already saved: the keeper wrote this game.
            state.board = board
            return Outcome()
        }
        if case .saveRefused = action {
            // The game last saved, as it is on disk.
            state.board = board
            return Outcome()
        }
        return keep(board, in: &state, started: action == .newGameStarted || action == .setup(.confirmed))
    }

    /// Keeps the board's new state, and asks for the game to be saved when it changed.
    static func keep(_ board: BoardState, in state: inout AppState, started: Bool = false) -> Outcome {
        var board = board
        board.game.roundPlay = GamePlay.kept(state.play, board)
        defer { state.board = board }
        guard board.game != state.board?.game else { return Outcome() }
        return Outcome(effect: .asking(BoardSave(game: board.game, isNew: started)))
    }

    /// The game from the program's keeper: the board keeps it and opens on it; or why there is none.
    static func open(_ kept: KeptGame, _ state: inout AppState) -> Outcome {
        switch kept {
        case .unavailable(let reason):
            return Outcome(notice: .gameUnavailable(reason))
        case .game(let game, let message):
            state.board = BoardState(game: game, message: message.map(BoardMessage.opened))
            GamePlay.restore(&state)
            return Scene.board.open?(&state) ?? Outcome()
        }
    }

    /// The board's own keys; a mode's go to its reducer.
    private static func reduce(_ state: inout BoardState, _ action: BoardAction, _ shared: SharedState,
                               laid: LaidCards) {
        switch action {
        case .setup(let action): reduce(&state, action)
        case .starter(let action): reduce(&state, action, laid: laid)
        case .crib(let action): reduce(&state, action, laid: laid)
        case .show(let action): reduce(&state, action, laid: laid)
        case .digitTyped(let digit):
            if state.typed.count < maximumDigits {
                state.typed.append(digit)
                state.message = nil
            } else {
                state.message = .digitDropped(digit)
            }
        case .digitErased:
            if !state.typed.isEmpty {
                state.typed.removeLast()
            } else if state.correctionSign != nil {
                state.correctionSign = nil
            } else if state.target == .show, state.game.nextCount?.rules == .crib {
                // The crib's last rank told is taken back: the board asks for it again.
                reduce(&state, CribAction.rankErased, laid: laid)
            }
        case .recordsToggled:
            state.records = nil
        case .recordsShown(let records):
            state.records = records
        case .correctionMarked(let sign):
            state.correctionSign = sign
            state.message = nil
        case .numberEntered:
            enterNumber(&state, laid: laid)
        case .pegEntered(let player):
            enterPeg(&state, player: player)
        case .targetSwitched:
            let targets = state.targets
            let index = targets.firstIndex(of: state.target) ?? -1
            state.target = targets[(index + 1) % targets.count]
        case .showBegun:
            if state.target == .show {
                state.message = .showAlready
            } else {
                state.target = .show
                state.message = nil
            }
        case .heelsScored:
            score(&state) { game throws(GameError) in return try game.heels() }
        case .counterHandEntered:
            guard let hand = shared.selection.completeHand else {
                state.message = .noCounterHand
                return
            }
            score(&state) { game throws(GameError) in
                try game.checkRoundCards(of: hand, laid: laid.cards, laidRanks: laid.ranks)
                return try game.count(hand)
            }
        case .undone:
            undo(&state)
        case .newGameStarted:
            startNextGame(&state)
        case .loaded:
            break // opened above
        case .saved(let failure):
            state.saveFailure = failure
        case .merged(let game, let added):
            let round = state.game.round
            state.playLink?.follow(from: state.game.log, to: game.log, added: added)
            state.game = game
            state.saveFailure = nil
            state.message = .merged(added: added)
            retarget(&state, roundBefore: round)
        case .saveRefused(let game, let reason):
            let round = state.game.round
            // A play that pegged what was refused begins again when The Play is opened.
            if state.playLink?.entries.values.contains(where: { !game.log.contains($0) }) == true { state.playLink = nil }
            state.game = game
            state.saveFailure = .refused(reason)
            retarget(&state, roundBefore: round)
        }
    }

    /// Enter: the points typed to the target, or with nothing typed the count the board makes
    /// of the show's next hand from the cards.
    private static func enterNumber(_ state: inout BoardState, laid: LaidCards) {
        guard state.correctionSign == nil else {
            state.message = .seatNeeded
            return
        }
        let next = state.game.nextCount
        let counted = state.showHand(laid: laid)?.breakdown(state.show.suits)
        guard let points = Int(state.typed) ?? counted?.total else {
            state.message = .pointsNeeded
            return
        }
        let target = state.target
        if case .peg = target, !state.inThePlay {
            // The play is over (every card laid): a number is never a peg now.
            state.target = .show
            refuse(&state, .playComplete)
            return
        }
        if holdsOvercount(&state, points: points, laid: laid) { return }
        let fromTheCards = target == .show && state.typed.isEmpty && counted != nil
        let (suits, cribRanks) = (state.show.suits, state.crib.ranks)
        score(&state, typed: true) { game throws(GameError) in
            switch target {
            case .peg(let player): return try game.peg(player: player, points: points)
            case .show where fromTheCards: return try game.count(fromTheCards: suits, cribRanks: cribRanks)
            case .show: return try game.count(points: points)
            }
        }
        if let counted, let next, counted.total != points, state.message == nil {
            state.message = .countDiffers(typed: points, count: next, cards: counted)
        }
    }

    /// A seat's key: a peg of the points typed for that seat, or the correction typed.
    private static func enterPeg(_ state: inout BoardState, player: Int) {
        guard let points = Int(state.typed) else {
            state.message = .pointsNeeded
            return
        }
        if let sign = state.correctionSign {
            score(&state, typed: true) { game throws(GameError) in return try game.correct(player: player, points: sign * points) }
            return
        }
        guard state.inThePlay else {
            state.target = .show
            refuse(&state, .playComplete)
            return
        }
        score(&state, typed: true) { game throws(GameError) in return try game.peg(player: player, points: points) }
    }

    /// Undo: the last entry taken back; a count made from the cards gives the board its crib's
    /// ranks and suits again.
    private static func undo(_ state: inout BoardState) {
        let round = state.game.round
        let shown = state.game.shown(atEntry: state.game.log.count - 1)
        guard let entry = state.game.undo() else {
            state.message = .nothingToUndo
            return
        }
        state.message = .tookBack(entry)
        retarget(&state, roundBefore: round)
        if let shown {
            if !shown.cribRanks.isEmpty { state.crib.ranks = shown.cribRanks }
            state.show.suits = shown.suits
        }
    }

    /// The next game, once this one is over: the same players, the loser of this one dealing.
    private static func startNextGame(_ state: inout BoardState) {
        let game = state.game
        guard game.isOver else {
            state.message = .gameNotOver
            return
        }
        let dealer = state.nextDealer ?? game.dealer
        var won = state.wonBefore
        if let winner = game.result?.winner, won.indices.contains(winner) { won[winner] += 1 }
        state = BoardState(game: try! Game(seating: game.seating, target: game.target, dealer: dealer,
                                           names: game.names, matchPoints: game.matchPoints),
                           message: .newGame(dealer: dealer))
        state.wonBefore = won
    }

    /// Applies one scoring change (the log shows it); a refusal leaves the game as it was and
    /// says why, clearing the points typed when the change was made of them (`typed`).
    static func score(_ state: inout BoardState, typed: Bool = false,
                              _ change: (inout Game) throws(GameError) -> Game.Entry) {
        let round = state.game.round
        do {
            _ = try change(&state.game)
            state.message = nil
            state.typed = ""
            state.correctionSign = nil
            state.show = ShowEntry()
            retarget(&state, roundBefore: round)
        } catch {
            if typed { refuse(&state, .refused(error)) } else { state.message = .refused(error) }
        }
    }

    /// An entry of the points typed refused: they are cleared, so that the next key starts a
    /// new number, and the message says so.
    private static func refuse(_ state: inout BoardState, _ message: BoardMessage) {
        let typed = (state.correctionSign.map { $0 > 0 ? "+" : "-" } ?? "") + state.typed
        state.typed = ""
        state.correctionSign = nil
        state.message = typed.isEmpty ? message : .cleared(message, typed: typed)
    }

    /// After the game changed elsewhere (The Play): the last message no longer holds, and the
    /// target follows the round.
    static func gameChanged(_ state: inout BoardState, roundBefore: Int) {
        state.message = nil
        retarget(&state, roundBefore: roundBefore)
    }

    /// A new round, the show, or the end of The Play puts the target back where it starts; a
    /// show chosen with `showBegun` stays while the round is in its play.
    static func retarget(_ state: inout BoardState, roundBefore: Int) {
        if state.game.round != roundBefore {
            state.crib = CribEntry()
            state.show = ShowEntry()
        }
        if state.game.round != roundBefore || (!state.targets.contains(state.target) && state.target != .show) {
            state.target = state.defaultTarget
        }
        if !state.inThePlay { state.target = .show }
    }
}
