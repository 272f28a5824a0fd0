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
    /// A new game being set up, in place of the log.
    var setup: GameSetup?
    /// The starter being told by its rank and suit keys; nil when it is not being asked.
    var starterEntry: StarterEntry?
    /// The crib's cards told this round by their rank keys.
    var cribRanks: [Rank] = []
    /// This round's crib is typed as a total: its cards are not asked.
    var cribTyped = false
    /// What the suits add to the count the board makes of the show's next hand, as chosen.
    var suits: ShowHand.Suits = .none

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

    /// The show's next count as the board counts it from its cards: the hand's four cards laid
    /// in The Play (or the crib's four told) with the told starter; nil when they are not known.
    func showHand(laid: LaidCards) -> ShowHand? {
        guard target == .show, starterEntry == nil, let starter = game.roundCut, let next = game.nextCount else { return nil }
        guard next.rules == .hand else { return ShowHand(ranks: cribRanks, starter: starter, rules: .crib) }
        guard laid.cards.indices.contains(next.player), laid.ranks.indices.contains(next.player) else { return nil }
        return ShowHand(suited: laid.cards[next.player], ranks: laid.ranks[next.player], starter: starter, rules: .hand)
    }

    /// The board asks for the crib's cards by rank key: the crib is next, the starter is told,
    /// and its total was not chosen to be typed instead.
    var asksCribCards: Bool {
        target == .show && starterEntry == nil && game.nextCount?.rules == .crib && game.toldCut != nil
            && cribRanks.count < 4 && !cribTyped
    }

    /// How many cards of `rank` the round has shown: laid in the play, the starter, the crib's told.
    func seen(_ rank: Rank, laid: LaidCards) -> Int {
        laid.cards.joined().count { $0.rank == rank } + laid.ranks.joined().count { $0 == rank }
            + cribRanks.count { $0 == rank } + (game.roundCut?.rank == rank ? 1 : 0)
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

/// The starter as its keys are pressed: a rank key and a suit key, in either order.
struct StarterEntry: Hashable, Sendable {
    var rank: Rank?
    var suit: Suit?
}

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
    /// What the caller's save of the game came to: nil when it is on disk.
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
    /// A new game's set-up on the board.
    case setup(SetupAction)
    /// Show the players' records (asked of the keeper), or hide them.
    case recordsToggled
    case recordsShown(KeptRecords)
    /// Tell the round's starter: its rank key and suit key follow.
    case starterAsked
    case starterRankPressed(Rank)
    case starterSuitPressed(Suit)
    /// Stop telling the starter (or the crib's cards: its total is typed instead).
    case entryCancelled
    case cribRankPressed(Rank)
    case cribRankErased
    /// The next choice of flush the cards allow for the count the board makes.
    case flushToggled
    case nobsToggled

    /// The board's answer to a keeper's save (none kept: nothing to say).
    init(_ saving: GameSaving?) {
        switch saving {
        case nil, .saved?: self = .saved(failure: nil)
        case .merged(let game, let added)?: self = .merged(game, added: added)
        case .refused(let game, let reason)?: self = .saveRefused(game, reason: reason)
        case .failed(let failure)?: self = .saved(failure: failure)
        }
    }
}

enum BoardScene {
    /// The rules the counter takes when the player goes back to it from the board: the crib's
    /// when the crib is the board's next count, a hand's otherwise; nil with no game going on.
    static func counterRules(_ board: BoardState?) -> Rules? {
        board?.game.nextCount?.rules
    }

    /// Longest number typed: the play pegs at most 31, a hand 29.
    static let maximumDigits = 2

    /// The board on top: its own reduce, then the counter made ready for the next hand when a
    /// hand was counted, and the game to save when it changed.
    static func reduce(_ state: inout AppState, _ action: BoardAction) -> Outcome {
        guard var board = state.board else { return Outcome() }
        if action == .recordsToggled, board.records == nil { return Outcome(effect: .recordsRequested) }
        if action == .setup(.confirmed), let players = board.setup?.seating.players {
            board.setup?.cut = state.shared.random.below(players)
        }
        reduce(&board, action, state.shared, laid: GamePlay.laidBySeat(state.play, board))
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
        return Outcome(effect: started ? .gameStarted(board.game) : .gameChanged(board.game))
    }

    /// A game from the program's keeper: the board keeps it and opens on it.
    static func open(_ game: Game, message: String?, _ state: inout AppState) -> Outcome {
        state.board = BoardState(game: game, message: message.map(BoardMessage.opened))
        GamePlay.restore(&state)
        return Scene.board.open?(&state) ?? Outcome()
    }

    private static func reduce(_ state: inout BoardState, _ action: BoardAction, _ shared: SharedState,
                               laid: LaidCards) {
        switch action {
        case .digitTyped(let digit):
            if state.typed.count < maximumDigits { state.typed.append(digit) }
            state.message = nil
        case .digitErased:
            if !state.typed.isEmpty {
                state.typed.removeLast()
            } else if state.correctionSign != nil {
                state.correctionSign = nil
            } else if state.target == .show, state.game.nextCount?.rules == .crib, !state.cribRanks.isEmpty {
                // The crib's last rank told is taken back: the board asks for it again.
                state.cribRanks.removeLast()
            }
        case .setup(let action):
            reduce(&state, action)
        case .recordsToggled:
            state.records = nil
        case .recordsShown(let records):
            state.records = records
        case .correctionMarked(let sign):
            state.correctionSign = sign
            state.message = nil
        case .numberEntered where state.correctionSign != nil:
            state.message = .seatNeeded
        case .numberEntered:
            let show = state.showHand(laid: laid), next = state.game.nextCount
            let counted = show?.breakdown(state.suits)
            guard let points = Int(state.typed) ?? counted?.total else {
                state.message = .pointsNeeded
                return
            }
            let target = state.target
            if case .peg = target, !state.inThePlay {
                // The play is over (every card laid): a number is never a peg now.
                state.target = .show
                state.message = .playComplete
                return
            }
            score(&state) { game throws(GameError) in
                switch target {
                case .peg(let player): return try game.peg(player: player, points: points)
                case .show: return try game.count(points: points)
                }
            }
            if let counted, let next, counted.total != points, state.message == nil {
                state.message = .countDiffers(typed: points, count: next, cards: counted)
            }
        case .pegEntered(let player):
            guard let points = Int(state.typed) else {
                state.message = .pointsNeeded
                return
            }
            if let sign = state.correctionSign {
                score(&state) { game throws(GameError) in return try game.correct(player: player, points: sign * points) }
                return
            }
            guard state.inThePlay else {
                state.target = .show
                state.message = .playComplete
                return
            }
            score(&state) { game throws(GameError) in return try game.peg(player: player, points: points) }
        case .starterAsked:
            state.starterEntry = StarterEntry()
            state.message = nil
        case .starterRankPressed(let rank):
            state.starterEntry?.rank = rank
            tellStarter(&state, laid: laid)
        case .starterSuitPressed(let suit):
            state.starterEntry?.suit = suit
            tellStarter(&state, laid: laid)
        case .entryCancelled:
            if state.starterEntry != nil { state.starterEntry = nil } else { state.cribTyped = true }
        case .cribRankPressed(let rank):
            guard state.seen(rank, laid: laid) < 4 else {
                state.message = .fifthOfARank(rank)
                return
            }
            state.cribRanks.append(rank)
            state.message = nil
        case .cribRankErased:
            if !state.cribRanks.isEmpty { state.cribRanks.removeLast() }
        case .flushToggled:
            guard let show = state.showHand(laid: laid) else { return }
            let flushes = show.choices.filter { $0.nobs == state.suits.nobs }.map(\.flush)
            guard let next = flushes.first(where: { $0 > state.suits.flush }) ?? flushes.first, next != state.suits.flush else {
                state.message = .noFlush
                return
            }
            state.suits.flush = next
            state.message = nil
        case .nobsToggled:
            guard let show = state.showHand(laid: laid) else { return }
            let toggled = ShowHand.Suits(flush: state.suits.flush, nobs: !state.suits.nobs)
            guard show.choices.contains(toggled) else {
                state.message = .noNobs
                return
            }
            state.suits = toggled
            state.message = nil
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
            let round = state.game.round
            if let entry = state.game.undo() {
                state.message = .tookBack(entry)
                retarget(&state, roundBefore: round)
            } else {
                state.message = .nothingToUndo
            }
        case .newGameStarted:
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

    /// The starter once both its keys are pressed: told to the game (a rank the round has shown
    /// four of is refused), his heels scored at the cut when it is a jack.
    private static func tellStarter(_ state: inout BoardState, laid: LaidCards) {
        guard let rank = state.starterEntry?.rank, let suit = state.starterEntry?.suit else { return }
        state.starterEntry = nil
        let card = Card(rank, suit)
        guard state.game.roundCut?.rank == rank || state.seen(rank, laid: laid) < 4 else {
            state.message = .fifthOfARank(rank)
            return
        }
        if let seat = laid.cards.firstIndex(where: { $0.contains(card) }) {
            state.message = .refused(.cardInTwoPlaces(card, first: "the cards \(state.game.names[seat]) laid", second: "the cut"))
            return
        }
        do throws(GameError) {
            try state.game.tellStarter(card)
            state.message = nil
            if rank == .jack, state.game.phase == .cut {
                score(&state) { game throws(GameError) in return try game.heels() }
            }
        } catch {
            state.message = .refused(error)
        }
    }

    /// Applies one scoring change (the log shows it); a refusal leaves the game and the typed
    /// number as they were, and says why.
    private static func score(_ state: inout BoardState, _ change: (inout Game) throws(GameError) -> Game.Entry) {
        let round = state.game.round
        do {
            _ = try change(&state.game)
            state.message = nil
            state.typed = ""
            state.correctionSign = nil
            state.suits = .none
            retarget(&state, roundBefore: round)
        } catch {
            state.message = .refused(error)
        }
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
            state.cribRanks = []
            state.cribTyped = false
            state.suits = .none
        }
        if state.game.round != roundBefore || (!state.targets.contains(state.target) && state.target != .show) {
            state.target = state.defaultTarget
        }
        if !state.inThePlay { state.target = .show }
    }
}
