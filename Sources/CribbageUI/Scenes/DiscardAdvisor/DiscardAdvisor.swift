import CribbageCore

/// The Discard Advisor's state: six cards picked on the grid, then the 15 keeps ranked for the
/// role. It lasts between visits.
struct DiscardAdvisorState: Hashable, Sendable {
    var cursor = GridPosition(row: 0, column: 0)
    /// The dealt cards picked so far, in order (at most six).
    private(set) var picks: [Card] = []
    /// A player at the table is the dealer or the pone: the dealer first; `r` cycles to the
    /// pone and to none (the hand alone, with no play).
    private(set) var role: Role = .dealer
    /// How the opponent throws to the crib: expert by default, as on the command line.
    private(set) var opponent: CribModel = .solved
    /// The analysis of the six picks for the role and the opponent, once there are six: every
    /// keep with its points and, with a game's score and the solved crib, its chances, ranked by the
    /// chance to win (`byPoints` has the points' order).
    private(set) var analysis: Analysis?
    /// The two-player game the scores come from: the table's, when the advisor was opened from
    /// it, else the board's while one is kept.
    private(set) var game: Game?
    /// The six dealt in the game that opened the advisor with them: choosing a keep of that six
    /// throws its two there (`Action.discardChosen`).
    private(set) var dealt: [Card]?
    /// The keeps by the chance to win when there are chances (the default), or by the points.
    private(set) var byChance = true
    /// The highlighted row of the ranked keeps.
    var highlighted = 0

    /// The score the keeps are played to, for the role, from the game; nil without one.
    var score: GameScore? { game?.roundStartScore(for: role) }

    /// The keeps' chances are worked out: a game's score, six picks, a role and the expert opponent.
    var hasChances: Bool { analysis?.best.value.chances != nil }

    /// The keeps are ranked by the chance to win.
    var isRankedByChance: Bool { byChance && hasChances }

    /// What each keep's chance to win is worked out from, while the state waits for it: the six
    /// analysed against the expert, a game's score for the role, and no odds yet. Some 10 to 16 ms
    /// of work (release build), run off the key path as a `Job`; the keeps show by the points
    /// meanwhile.
    var chancesAsked: ChancesAsked? {
        guard analysis != nil, !hasChances, role != .none, let score, opponent == .solved else { return nil }
        return ChancesAsked(six: picks, role: role, score: score)
    }

    /// The keeps, best first: by the chance to win from the game's score, or for the role with
    /// the play counted (`Keep.netWithPegging`).
    var ranked: [Analysis.Option] { guard let analysis else { return [] }; return isRankedByChance ? analysis.options : analysis.byPoints }
    var rankedKeeps: [Keep] { ranked.map { $0.keep! } }

    /// The keep hand and crib alone rank first, when the play changes the best keep.
    var bestWithoutThePlay: Keep? { analysis?.bestWithoutPegging }

    mutating func setPicks(_ cards: [Card]) {
        picks = cards
        analyze()
    }

    mutating func setRole(_ role: Role) {
        self.role = role
        analyze()
    }

    mutating func setOpponent(_ opponent: CribModel) {
        self.opponent = opponent
        analyze()
    }

    /// The game whose score the keeps are played to, or none, and the six dealt with the role
    /// when they come with it: weighed once.
    mutating func playTo(_ game: Game?, dealt: (cards: [Card], role: Role)? = nil) {
        self.game = game
        self.dealt = dealt?.cards
        if let dealt { (picks, role) = dealt }
        analyze()
    }

    mutating func switchRanking() {
        byChance.toggle()
        highlighted = 0
    }

    /// Each keep's chance to win, worked out for `key` (the six, the role and the score): taken
    /// while the state still asks for that work, dropped otherwise. The highlight stays on its
    /// keep, or on the first.
    mutating func take(_ analysis: Analysis, for key: ChancesAsked.Key) {
        guard chancesAsked?.key == key else { return }
        let keeps = rankedKeeps
        let keep = highlighted > 0 && keeps.indices.contains(highlighted) ? keeps[highlighted] : nil
        self.analysis = analysis
        highlighted = keep.flatMap { rankedKeeps.firstIndex(of: $0) } ?? 0
    }

    /// The solved crib depends on the role, so the keeps are weighed again when either changes;
    /// the chances to win are asked for again.
    private mutating func analyze() {
        analysis = nil
        if picks.count == 6, Card.firstRepeat(in: picks) == nil {
            var policy = Policy.strongest
            policy.crib = opponent
            // The points at once; the chances to win from the score come off the key path.
            analysis = analyse(.keep(six: picks, role: role, score: nil), by: policy, limit: .advice)
        }
        highlighted = 0
    }
}

/// The work of the keeps' chances to win, as the advisor's state asks for it.
struct ChancesAsked: Sendable {
    let six: [Card]
    let role: Role
    let score: GameScore

    /// What the work is told apart by: the six, the role and the score.
    var key: Key { Key(cards: six, role: role, score: score) }

    struct Key: Hashable, Sendable {
        let cards: [Card]
        let role: Role
        let score: GameScore
    }

    /// The keeps against the solved crib, ranked by the chance to win from the score as the
    /// computer and the review rank them (by the points far from the end, `anchoredToPoints`).
    func workOut() -> Analysis {
        var policy = Policy.strongest
        policy.crib = .solved
        return analyse(.keep(six: six, role: role, score: score), by: policy, limit: .advice)
    }
}

/// What the player does in the Discard Advisor.
enum DiscardAdvisorAction: Hashable, Sendable, GridSceneAction {
    /// Move the cursor; deal or put back the card under it, or a clicked one.
    case grid(GridAction)
    case lastCardRemoved
    case roleSwitched
    /// Switch the opponent model between solved and random.
    case opponentSwitched
    /// Rank the keeps by the chance to win the game, or by the points.
    case rankingSwitched
    case keepHighlighted(offset: Int)
    /// A click on a keep: highlights it, or takes it when it is highlighted already.
    case keepClicked(Int)
    /// Put all six dealt cards back, for a new deal; the counter's hand stays.
    case newDeal
    /// Take the highlighted keep's four cards to Hand Selection, for the cut.
    case keepChosen
    /// Each keep's chance to win, worked out off the key path for a six, a role and a score.
    case chancesWorkedOut(Analysis, for: ChancesAsked.Key)
}

enum DiscardAdvisorScene {
    /// Opens the advisor over the scene on top, playing to the score of `game` (the table's, or
    /// the board's while one is kept), with the six dealt and the role when they come with it.
    static func open(_ state: inout AppState, playingTo game: Game?, dealt: (cards: [Card], role: Role)? = nil) -> Outcome {
        state.discardAdvisor.playTo(game, dealt: dealt)
        state.navigation.push(.discardAdvisor)
        return Outcome()
    }

    static func reduce(_ state: inout DiscardAdvisorState, _ action: DiscardAdvisorAction,
                       _ shared: inout SharedState) -> Outcome {
        switch action {
        case .grid(let grid):
            guard let card = state.cursor.reduce(grid) else { break }
            return toggle(card, &state)
        case .lastCardRemoved:
            state.setPicks(Array(state.picks.dropLast()))
        case .roleSwitched:
            let roles = Role.allCases
            state.setRole(roles[(roles.firstIndex(of: state.role)! + 1) % roles.count])
        case .opponentSwitched:
            state.setOpponent(state.opponent.other)
        case .rankingSwitched:
            guard state.hasChances || state.chancesAsked != nil else { return Outcome(notice: .noScoreToPlayTo) }
            state.switchRanking()
        case .keepHighlighted(let offset):
            let count = state.rankedKeeps.count
            if count > 0 { state.highlighted = (state.highlighted + offset % count + count) % count }
        case .keepClicked(let index):
            guard state.rankedKeeps.indices.contains(index) else { break }
            if index == state.highlighted { return reduce(&state, .keepChosen, &shared) }
            state.highlighted = index
        case .newDeal:
            state.setPicks([])
        case .keepChosen:
            let keeps = state.rankedKeeps
            guard keeps.indices.contains(state.highlighted) else { break }
            let keep = keeps[state.highlighted]
            // Opened by a game with its six, and still on them: the game throws the two.
            if let dealt = state.dealt, Set(dealt) == Set(state.picks) {
                return Outcome(route: .backThen(.discardChosen(keep.discard)))
            }
            shared.selection.replace(cut: nil, hand: keep.cards.sorted(), thrown: keep.discard.sorted())
            return Outcome(route: .root)
        case .chancesWorkedOut(let odds, let key):
            state.take(odds, for: key)
        }
        return Outcome()
    }

    private static func toggle(_ card: Card, _ state: inout DiscardAdvisorState) -> Outcome {
        if let index = state.picks.firstIndex(of: card) {
            var picks = state.picks
            picks.remove(at: index)
            state.setPicks(picks)
        } else if state.picks.count < 6 {
            state.setPicks(state.picks + [card])
        } else {
            return Outcome(notice: .dealIsFull(refused: card))
        }
        return Outcome()
    }
}
