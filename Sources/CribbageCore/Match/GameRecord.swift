/// A game kept whole: how it was set up, every deck as it was dealt, and every move of both sides,
/// in order. It replays to the game, and to each decision as the player who made it saw it then
/// (`decisions`): its own cards, its throw, the cut once turned, the cards laid so far, the score.
public struct GameRecord: Hashable, Sendable {
    public let setup: Match.Setup
    /// Each deal's thirteen cards as dealt: the pone's six, the dealer's six, alternately, then the
    /// starter.
    public let decks: [[Card]]
    public let moves: [Match.Move]
    /// How many times the player at the table took a move back in this game; nil for none (and
    /// in a game kept before take-backs were).
    public var takeBacks: Int?

    public init(setup: Match.Setup, decks: [[Card]], moves: [Match.Move], takeBacks: Int? = nil) {
        self.setup = setup
        self.decks = decks
        self.moves = moves
        self.takeBacks = takeBacks
    }

    /// The most moves a record holds: far more than a game to 121 takes.
    public static let maximumMoves = 4_000

    /// The game the moves make, or why they do not: a move the rules refuse, a deck that is not the
    /// one the seed deals. A record whose first move is `.next` was dealt after the cut for deal
    /// (the table's first game); any other was dealt at once.
    public func replay() throws(RecordError) -> Match {
        guard moves.count <= Self.maximumMoves else { throw .tooManyMoves(moves.count) }
        var match = Match(setup: setup, dealt: moves.first != .next)
        for (index, move) in moves.enumerated() {
            do { try match.perform(move) } catch { throw .refused(index, move, error) }
        }
        guard match.decks == decks else { throw .notTheSeedsDecks }
        return match
    }

    /// Every decision of either side in order, each as its player saw it before making it, with the
    /// move made. Goes are said for a side that cannot lay, and are no decision.
    public func decisions() throws(RecordError) -> [DecisionPoint] {
        guard moves.count <= Self.maximumMoves else { throw .tooManyMoves(moves.count) }
        var match = Match(setup: setup, dealt: moves.first != .next)
        var points: [DecisionPoint] = []
        for (index, move) in moves.enumerated() {
            if let point = Self.decision(before: move, in: match, index: index) { points.append(point) }
            do { try match.perform(move) } catch { throw .refused(index, move, error) }
        }
        guard match.decks == decks else { throw .notTheSeedsDecks }
        return points
    }

    /// The decision `move` makes in `match`, as its player sees the game; nil for `.next`.
    static func decision(before move: Match.Move, in match: Match, index: Int) -> DecisionPoint? {
        // The decisions graded are the two-player game's: three players' and teams' are not.
        guard let deal = match.deal, match.setup.seating == .twoPlayers else { return nil }
        switch move {
        case .next:
            return nil
        case .discard(let seat, _):
            let role: Role = deal.dealer == seat ? .dealer : .pone
            return DecisionPoint(index: index, seat: seat, deal: deal.number,
                                 decision: .keep(six: deal.sixes[seat], role: role, score: match.scoreBeforeDeal(for: seat)), move: move)
        case .lay(let seat, _):
            guard let view = match.view(of: seat) else { return nil }
            return DecisionPoint(index: index, seat: seat, deal: deal.number, decision: .lay(view, score: match.score(for: seat)),
                                 move: move)
        case .claim:
            guard case .claim(let count) = match.stage else { return nil }
            return DecisionPoint(index: index, seat: 0, deal: deal.number,
                                 decision: .count(deal.hand(for: count), rules: count.rules, role: deal.dealer == 0 ? .dealer : .pone,
                                                  score: match.score(for: 0)), move: move)
        }
    }
}

/// One decision of a recorded game: who made it, in which deal, what that player knew (the
/// decision, its information set), and the move made.
public struct DecisionPoint: Hashable, Sendable {
    /// The move's place in the record.
    public let index: Int
    public let seat: Int
    /// The deal's number in the game, from 1.
    public let deal: Int
    public let decision: Decision
    public let move: Match.Move

    /// A decision and the move made, outside a kept game (a drill's, a measurement's).
    public init(index: Int = 0, seat: Int = 0, deal: Int = 1, decision: Decision, move: Match.Move) {
        (self.index, self.seat, self.deal, self.decision, self.move) = (index, seat, deal, decision, move)
    }

    /// The option of `analysis` (of this decision) that the move chose.
    public func chosen(in analysis: Analysis) -> Analysis.Option? {
        switch move {
        case .discard(_, let thrown):
            return analysis.options.first { Set($0.keep?.discard ?? []) == Set(thrown) }
        case .lay(_, let card):
            return analysis.options.first { $0.token == .card(card) }
        case .claim(let points):
            return analysis.options.first { $0.claim == points }
        case .next:
            // Go on, or go in the play: the go where the analysis has it.
            return analysis.options.first { $0.token == .go }
        }
    }
}

/// Why a record does not replay.
public enum RecordError: Error, Hashable, Sendable, CustomStringConvertible {
    case tooManyMoves(Int)
    case refused(Int, Match.Move, TableError)
    case notTheSeedsDecks

    public var description: String {
        switch self {
        case .tooManyMoves(let count): "\(count) moves, more than \(GameRecord.maximumMoves)"
        case .refused(let index, let move, let error): "move \(index + 1) '\(move.text)': \(error)"
        case .notTheSeedsDecks: "the decks are not the ones the seed deals"
        }
    }
}
