import Canvas
import CribbageCore

/// What the Board shows, in words and numbers: a track per side, where the round is, where a
/// typed number goes, the counter's hand, the last entries.
struct BoardViewModel {
    struct Track {
        /// "1 Ann", "1&3 Ann & Cy".
        let label: String
        let pegs: Game.Pegs
        let deals: Bool
        let won: Bool
        /// The side's chance to win, from 0 to 1, and whether it is the moment's (the round not
        /// begun, or its show under way) or the start of the round's, kept while the play goes
        /// on; nil where the model does not reach.
        let chance: (value: Double, now: Bool)?
        /// Games the side has won while the board was open, this one included once won; nil
        /// before any game of the session is over.
        let gamesWon: Int?
    }

    let tracks: [Track]
    /// The game goes on with more than two sides or players, where the chance to win has no
    /// model: the board says so.
    let chanceForTwoOnly: Bool
    let target: Int
    /// The holes marked as skunk lines, the double skunk's first.
    let skunkLines: [Int]
    let round: Int
    /// "Round 3, Ann deals: the play, then Bob's hand."
    let status: String
    /// "Peg for Bob in the play", "Ann's hand"; nil once the game is over.
    let prompt: String?
    let typed: String
    /// The round is in its play, so tab chooses whose peg.
    let inThePlay: Bool
    /// A typed number is a peg (not the show's count).
    let pegs: Bool
    /// How many seats: a key each pegs the typed points for it.
    let seats: Int
    /// Once the game is over: "n: the next game, Bob deals first".
    let nextGame: String?
    /// The counter's complete hand and what it would count as the show's next count.
    let counterHand: (cards: [Card], cut: Card, points: Int, count: String)?
    /// The round's starter, once told or shown.
    let starter: Card?
    /// What is asked by key instead of points: the starter, the crib's cards.
    let asking: Asking?
    /// The show's next count as the board makes it from the cards.
    let showCount: ShowCount?

    /// Cards asked for by their keys, and those pressed so far.
    enum Asking {
        /// "5", "5♦"… the starter's keys pressed.
        case starter(String)
        /// The crib's ranks told so far.
        case crib([Rank])
    }

    /// The board's count of the next hand: its cards, what it counts and how, and what the flush
    /// and nobs keys would choose and add (nil where the cards allow no other choice).
    struct ShowCount {
        let cards: String
        let points: Int
        let words: String
        let flush: (to: ShowHand.Suits, adds: Int, nobsChanges: Bool)?
        let nobs: Int?
    }
    /// The log's last entries, as many as the screen has rows, oldest first.
    let log: [String]
    /// The players' records in place of the log, when asked for.
    let records: [String]?
    /// A new game's set-up in place of the log: a line a field, the chosen one marked.
    let setup: [String]?
    let message: String?
    let saveFailure: String?
    let notice: Notice?
    let chain: [KeyScope]
    /// Where the game is, for the keys the footer offers.
    private let phase: Game.Phase
    private let hasEntries: Bool

    /// Whether a key doing `action` does anything now: points and counts until the game is over,
    /// his heels at the cut, undo with an entry, a new game once over.
    func offers(_ action: Action) -> Bool {
        guard case .board(let board) = action else { return action != .opened(.play) || !isOver }
        switch board {
        case .digitTyped, .numberEntered, .counterHandEntered, .correctionMarked: return !isOver
        case .starter(.asked): return !isOver && starter == nil
        case .pegEntered: return inThePlay
        case .show(.flushToggled): return showCount?.flush != nil
        case .show(.nobsToggled): return showCount?.nobs != nil
        case .heelsScored: return phase == .cut && starter.map { $0.rank == .jack } ?? true
        case .undone: return hasEntries
        case .newGameStarted: return isOver
        default: return true
        }
    }

    /// The set-up's lines: each field and its value, the chosen one marked, then what enter does.
    private static func lines(_ setup: GameSetup, game: Game) -> [String] {
        let names = setup.typedNames
        let seats = ["2 players", "3 players", "two teams (1 & 3 v 2 & 4)"]
        let dealer = setup.cutsForTheDeal ? "the board cuts for the deal"
            : "seat \(setup.dealer + 1)" + (names.indices.contains(setup.dealer) ? ", \(names[setup.dealer])" : "")
        let values: [(GameSetup.Field, String, String)] = [
            (.seating, "Players", seats[GameSetup.seatings.firstIndex(of: setup.seating) ?? 0]),
            (.target, "To", String(setup.target.points)),
            (.dealer, "Deals", setup.cutsForTheDeal ? dealer : "\(dealer) (cut at the table, or choose the board's cut)"),
            (.names, "Names", setup.names + (setup.field == .names ? "_" : "")),
        ]
        var lines = values.map { field, label, value in
            (field == setup.field ? "> " : "  ") + label + String(repeating: " ", count: 9 - label.count) + value
        }
        if let refusal = setup.refusal {
            lines.append("Not started: \(refusal.description)")
        } else if setup.confirming {
            lines.append("The game on the board is unfinished: \(KeyMap.key(for: .board(.setup(.confirmed)))) again "
                         + "abandons it (into the history as abandoned)")
        }
        return lines
    }

    private static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    private var isOver: Bool {
        if case .over = phase { return true }
        return false
    }

    init(state board: BoardState, app: AppState, glyphs: Glyphs) {
        let game = board.game
        let laid = GamePlay.laidBySeat(app.play, board)
        let cardsLaid = laid.cards.joined().count + laid.ranks.joined().count
        let chances = game.chancesToWin(playOver: !board.inThePlay, cardsLaid: cardsLaid > 0 ? cardsLaid : nil,
                                        knownHands: game.knownHands(laid: laid.cards))
        var standing: [Int]? = board.wonBefore.count == game.seating.sides ? board.wonBefore : nil
        if let winner = game.result?.winner { standing?[winner] += 1 }
        if standing?.allSatisfy({ $0 == 0 }) == true { standing = nil }
        chanceForTwoOnly = game.seating != .twoPlayers && game.result == nil
        tracks = (0..<game.seating.sides).map { side in
            let seats = game.seating.players(on: side).map { String($0 + 1) }.joined(separator: "&")
            return Track(label: "\(seats) \(game.name(ofSide: side))", pegs: game.pegs[side],
                         deals: game.seating.side(of: game.dealer) == side, won: game.result?.winner == side,
                         chance: chances.map { ($0.sides[side].win, $0.moment != .roundStart) },
                         gamesWon: standing.map { $0[side] })
        }
        target = game.target.points
        skunkLines = [game.target.doubleSkunkLine, game.target.skunkLine]
        round = game.round
        switch game.phase {
        case .over(let result):
            status = game.resultLine(result)
        case .cut:
            let starter = KeyMap.key(for: .board(.starter(.asked))), heels = KeyMap.key(for: .board(.heelsScored))
            status = game.roundCut == nil
                ? "Next: the starter (\(starter); a jack: his heels, \(heels)), the play, then \(game.describe(game.nextCount!))."
                : "Next: the play (\(KeyMap.key(for: .opened(.play)))), then \(game.describe(game.nextCount!))."
        case .play where board.playIsComplete:
            status = "The play is complete: the show, next \(game.describe(game.nextCount!))."
        case .play:
            status = "Next: more of the play, then \(game.describe(game.nextCount!))."
        case .show(let count):
            status = "The show: next \(game.describe(count))."
        }
        inThePlay = board.inThePlay && game.nextCount != nil
        if case .peg = board.target { pegs = true } else { pegs = false }
        seats = game.seating.players
        nextGame = board.nextDealer.map { "n: the next game, \(game.names[$0]) deals first" }
        starter = game.roundCut
        if let entry = board.starterEntry {
            asking = .starter((entry.rank?.notation ?? "") + (entry.suit.map { String(glyphs.unicode ? $0.symbol : $0.letter) } ?? ""))
        } else if board.asksCribCards {
            asking = .crib(board.crib.ranks)
        } else {
            asking = nil
        }
        if let show = board.showHand(laid: laid), let counted = show.breakdown(board.show.suits) {
            let nextFlush = BoardState.nextFlush(show, after: board.show.suits)
            let toggled = ShowHand.Suits(flush: board.show.suits.flush, nobs: !board.show.suits.nobs)
            let cards = show.suited.map { CardText.text($0, glyphs: glyphs) } + show.ranks.map(\.notation)
            showCount = ShowCount(cards: cards.joined(separator: " "), points: counted.total,
                                  words: Wording.categories(counted),
                                  flush: nextFlush.flatMap { next in
                                      show.breakdown(next).map { (next, $0.total - counted.total, next.nobs != board.show.suits.nobs) }
                                  },
                                  nobs: show.choices.contains(toggled) ? (toggled.nobs ? 1 : -1) : nil)
        } else {
            showCount = nil
        }
        switch (board.target, game.nextCount, asking) {
        case _ where board.setup != nil:
            let choose = [-1, 1].flatMap { KeyMap.keys(for: .board(.setup(.valueChanged($0))), in: [.boardSetup], glyphs: glyphs) }
            prompt = "New game: \(choose.joined(separator: " ")) choose, tab next line, enter starts it, esc keeps this one"
        case (_, nil, _): prompt = nil
        case _ where board.correctionSign != nil:
            let seats = (0..<game.seating.players).map { KeyMap.key(for: .board(.pegEntered(player: $0))) }
            prompt = "A correction, then its seat's key (\(seats.joined(separator: " ")))"
        case (_, _, .starter?): prompt = "The starter: its rank key and its suit key (c d h s)"
        case (_, let count?, .crib?): prompt = Self.capitalized(game.describe(count)) + ": its four cards by rank key"
        case (.peg(let player), _, _): prompt = "Peg for \(game.names[player]) in the play"
        case (.show, let count?, _):
            prompt = Self.capitalized(game.describe(count)) + (showCount.map { " \($0.cards)" } ?? "")
        }
        switch asking {
        case .starter(let keys)?: typed = keys
        case .crib(let ranks)?: typed = ranks.map(\.notation).joined(separator: " ")
        case nil: typed = (board.correctionSign.map { $0 > 0 ? "+" : "-" } ?? "") + board.typed
        }
        if let hand = app.selection.completeHand, let next = game.nextCount {
            counterHand = (hand.cards, hand.cut, hand.breakdown(rules: next.rules).total, game.describe(next))
        } else {
            counterHand = nil
        }
        // Only what a screen can show is worded: a counted hand's words come from its breakdown.
        log = game.log.suffix(app.screenSize.height).map { game.describe($0) { CardText.text($0, glyphs: glyphs) } }
        setup = board.setup.map { Self.lines($0, game: game) }
        switch board.records {
        case .records(let lines)?: records = lines
        case .unavailable(let failure)?: records = ["No records: \(Wording.text(failure))"]
        case nil: records = nil
        }
        message = board.message.map { Wording.text($0, game: game, glyphs: glyphs) }
        saveFailure = board.saveFailure.map { failure in
            // A refused change is taken back (the board shows the game saved); any other goes on in memory.
            if case .refused = failure { return "not kept: \(Wording.text(failure))" }
            return "not saved: \(Wording.text(failure)); the game goes on in memory only"
        }
        notice = app.noticeShown
        chain = app.keyChain
        phase = game.phase
        hasEntries = !game.log.isEmpty
    }
}
