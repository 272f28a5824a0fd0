import CribbageCore

/// A new game being set up on the board: its seats, its length, who deals first (cut for the
/// deal at the table, then choose the winner of the cut), the names; an unfinished game is
/// abandoned only on a second `enter`.
struct GameSetup: Hashable, Sendable {
    enum Field: Int, CaseIterable, Sendable {
        case seating, target, dealer, names
    }

    static let seatings: [Game.Seating] = [.twoPlayers, .threePlayers, .twoTeams]

    var seating: Game.Seating
    var target: Game.Target
    /// The first dealer's seat, or the number of seats when the board cuts for the deal.
    var dealer: Int
    /// The seat the board's cut gave the deal to, drawn when enter is pressed.
    var cut = 0
    /// The names as typed, comma-separated, in seat order.
    var names: String
    /// The names are the ones the set-up offered: the first character typed replaces them all.
    var namesOffered = true
    var field = Field.seating
    /// Enter was pressed once with an unfinished game on the board: the next enter abandons it.
    var confirming = false
    /// Why the last enter did not start the game.
    var refusal: GameError?

    /// The set-up of `game`, to change: the same seats, length and names, its next dealer.
    init(like game: Game, dealer: Int) {
        seating = game.seating
        target = game.target
        self.dealer = dealer
        names = game.names.joined(separator: ", ")
    }

    var cutsForTheDeal: Bool { dealer == seating.players }

    var typedNames: [String] {
        names.split(separator: ",", omittingEmptySubsequences: false).map { name in
            String(name.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        }
    }

    /// The field's next value (`step` 1) or the one before (-1); the names follow the seats.
    mutating func change(by step: Int) {
        switch field {
        case .seating:
            let cuts = cutsForTheDeal
            let index = Self.seatings.firstIndex(of: seating) ?? 0
            seating = Self.seatings[(index + step + Self.seatings.count) % Self.seatings.count]
            let kept = typedNames.prefix(seating.players)
            names = (kept + (kept.count..<seating.players).map { "Player \($0 + 1)" }).joined(separator: ", ")
            dealer = cuts ? seating.players : Swift.min(dealer, seating.players - 1)
        case .target:
            target = target == .long ? .short : .long
        case .dealer:
            dealer = (dealer + step + seating.players + 1) % (seating.players + 1)
        case .names:
            return
        }
        confirming = false
    }

    /// The game this set-up makes, or why the rules refuse it (names).
    func game(matchPoints: Game.MatchPoints) throws(GameError) -> Game {
        try Game(seating: seating, target: target, dealer: cutsForTheDeal ? cut : dealer, names: typedNames,
                 matchPoints: matchPoints)
    }
}

/// The set-up's keys while it is on the board.
enum SetupAction: Hashable, Sendable {
    case opened
    case fieldMoved(Int)
    case valueChanged(Int)
    case typed(Character)
    case erased
    case confirmed
    case cancelled
}

extension BoardScene {
    /// The set-up on the board; a confirmed one replaces the board's game with a new one.
    static func reduce(_ state: inout BoardState, _ action: SetupAction) {
        guard action == .opened || state.setup != nil else { return }
        switch action {
        case .opened:
            state.setup = GameSetup(like: state.game, dealer: state.nextDealer ?? state.game.dealer)
            state.message = nil
        case .fieldMoved(let step):
            let fields = GameSetup.Field.allCases, index = state.setup!.field.rawValue + step
            state.setup?.field = fields[(index % fields.count + fields.count) % fields.count]
        case .valueChanged(let step):
            state.setup?.change(by: step)
        case .typed(let character):
            guard state.setup?.field == .names, state.setup!.names.count < 4 * (Game.maximumNameLength + 2) else { return }
            if state.setup!.namesOffered { state.setup?.names = "" }
            state.setup?.namesOffered = false
            state.setup?.names.append(character)
            state.setup?.confirming = false
        case .erased:
            guard state.setup?.field == .names else { return }
            state.setup?.namesOffered = false
            if state.setup?.names.isEmpty == false { state.setup?.names.removeLast() }
        case .cancelled:
            state.setup = nil
        case .confirmed:
            let setup = state.setup!
            let game: Game
            do throws(GameError) {
                game = try setup.game(matchPoints: state.game.matchPoints)
            } catch {
                state.setup?.refusal = error
                return
            }
            if !state.game.isOver, !state.game.log.isEmpty, !setup.confirming {
                state.setup?.confirming = true
                state.setup?.refusal = nil
                return
            }
            state = BoardState(game: game, message: .setUp(dealer: game.firstDealer, byCut: setup.cutsForTheDeal))
        }
    }
}
