import CribbageCore

/// The game review: a finished game against the computer, every decision graded by the chance to
/// win it lost (`GradedDecision`, the review's core, as `twentynine review` prints it). It opens at
/// once and fills in as each decision is analysed off the key path, two at a time, the one shown
/// first; the whole review (both sides' figures and the luck) once every decision is in, its figures
/// then kept for the records (`reviews/<id>.json`) as the table's background review keeps them.
struct ReviewState: Hashable, Sendable {
    /// Whose decisions the steps go through.
    enum Side: Hashable, Sendable { case you, both }

    /// The game shown, once loaded.
    private(set) var game: ReviewedGame?
    /// Why there is no game to show, or what went wrong loading one.
    private(set) var problem: ReviewNotice?
    /// Every decision of the game, in the order made.
    private(set) var points: [DecisionPoint] = []
    /// Each decision's grade once analysed, in the order of `points`.
    private(set) var graded: [GradedDecision?] = []
    /// Seat 0's chance to win at each deal's start.
    private(set) var dealStarts: [Double] = []
    /// The game's end: each side's total (seat 0 first), the winner, the deals dealt.
    private(set) var totals: [Int] = []
    private(set) var winner: Int?
    /// The game as it ended (the board's scores, the result, the skunks).
    private(set) var ended: Game?
    private(set) var deals = 0
    /// The whole review, once every decision is graded.
    private(set) var review: GameReview?
    /// The decision shown: an index into `points`.
    private(set) var selected: Int?
    private(set) var side: Side = .you
    var optionsShown = false
    var cardsShown = false
    /// The result decomposed (luck, errors, hidden cards) in place of the decision.
    var resultShown = false
    /// The first row of the options table shown.
    var optionsScroll = 0
    /// The history's game asked for, while the keeper answers.
    private(set) var asked: Int?

    /// How many decisions are analysed at once, off the key path.
    static let workers = 2

    init() {}

    init(game: ReviewedGame) {
        show(game)
    }

    /// Decisions with no game from the history (the board's cards laid): every seat's stepped through.
    init(points: [DecisionPoint]) {
        self.points = points
        graded = Array(repeating: nil, count: points.count)
        side = .both
        selected = steps.first
    }

    mutating func show(_ game: ReviewedGame) {
        let points = (try? game.record.decisions()) ?? []
        self = ReviewState()
        self.game = game
        self.points = points
        graded = Array(repeating: nil, count: points.count)
        dealStarts = GameReview.dealStarts(of: game.record)
        if let match = try? game.record.replay() {
            totals = match.game.totals
            winner = match.game.result?.winner
            ended = match.game
        }
        deals = max(dealStarts.count, game.record.decks.count)
        selected = steps.first
        if points.isEmpty { problem = .doesNotReplay(game.id) }
    }

    mutating func failed(_ problem: ReviewNotice) {
        if game == nil { self.problem = problem }
        asked = nil
    }

    mutating func ask(back: Int) { asked = back }

    /// The decisions the steps go through: the side's, but those found trivial (too close to grade).
    var steps: [Int] {
        points.indices.filter { index in
            (side == .both || points[index].seat == 0) && graded[index]?.isGraded != false
        }
    }

    var analysed: Int { graded.count { $0 != nil } }

    /// The decisions still to analyse, the one shown first, then in order.
    var pending: [Int] {
        let rest = points.indices.filter { graded[$0] == nil }
        guard let selected, graded[selected] == nil else { return rest }
        return [selected] + rest.filter { $0 != selected }
    }

    /// The grade of the decision shown, once analysed.
    var shown: GradedDecision? { selected.flatMap { graded[$0] } }

    /// Takes a decision's grade; the selection stays, or moves off a decision found trivial.
    mutating func take(_ grade: GradedDecision, at index: Int) {
        guard graded.indices.contains(index), graded[index] == nil, points[index] == grade.point else { return }
        graded[index] = grade
        if selected == index, !grade.isGraded { selected = steps.first { $0 > index } ?? steps.last { $0 < index } }
    }

    mutating func take(_ review: GameReview) {
        guard review.record == game?.record else { return }
        self.review = review
    }

    /// Moves `offset` steps along the side's decisions.
    mutating func step(_ offset: Int) {
        let steps = steps
        guard !steps.isEmpty else { return }
        let at = selected.flatMap { steps.firstIndex(of: $0) } ?? 0
        select(steps[min(max(at + offset, 0), steps.count - 1)])
    }

    /// Moves to the next (or, with -1, the previous) decision labelled a mistake or worse; false
    /// when there is none that way (yet).
    mutating func jumpToMistake(_ direction: Int) -> Bool {
        let steps = direction > 0 ? steps.filter { $0 > (selected ?? -1) } : steps.filter { $0 < (selected ?? .max) }.reversed()
        guard let next = steps.first(where: { graded[$0].map(Self.isMistake) == true }) else { return false }
        select(next)
        return true
    }

    /// Your mistakes and worse (and counts that left points to muggins) of this game as drills, in
    /// the order made, each once, as `twentynine review` enrols them (`Drill.enrols`); nil while a
    /// decision waits for its grade.
    var mistakeDrills: [Drill]? {
        guard pending.isEmpty else { return nil }
        var seen: Set<String> = []
        return graded.compactMap(\.self).filter { $0.point.seat == 0 && Drill.enrols($0) }
            .map { Drill(from: $0, game: game?.id) }.filter { seen.insert($0.id).inserted }
    }

    static func isMistake(_ graded: GradedDecision) -> Bool {
        [.mistake, .blunder, .missedWin].contains(graded.label)
    }

    mutating func switchSide() {
        side = side == .you ? .both : .you
        if let selected, !steps.contains(selected) { self.selected = steps.first { $0 > selected } ?? steps.last }
    }

    private mutating func select(_ index: Int) {
        guard index != selected else { return }
        selected = index
        optionsScroll = 0
    }

    /// The game `offset` further back in the history (-1 newer), if there is one.
    func back(by offset: Int) -> Int? {
        guard let game else { return nil }
        let back = game.back + offset
        return back >= 0 && (game.finished == 0 || back < game.finished) ? back : nil
    }
}

/// What the player does in the review, and what comes back to it.
enum ReviewAction: Hashable, Sendable {
    /// A key's action, not an answer from the keeper or a job.
    var isKey: Bool {
        switch self {
        case .loaded, .graded, .summed: false
        default: true
        }
    }

    case loaded(KeptReview)
    /// A decision analysed off the key path: its place in the game's decisions, for the game of `id`.
    case graded(GradedDecision, index: Int, id: String)
    case summed(GameReview, id: String)
    case stepped(Int)
    case mistakeJumped(Int)
    case optionsToggled
    case optionsScrolled(Int)
    case cardsToggled
    /// The result's parts in the panel, or the decision again.
    case resultToggled
    case sideSwitched
    /// An older (+1) or newer (-1) game from the history.
    case gameChanged(Int)
    /// Learn from your mistakes: each mistake of yours in this game asked as a drill, before its
    /// answer is shown; the answers saved to the drills.
    case learnRequested
}

enum ReviewScene {
    static func reduce(_ state: inout ReviewState, _ action: ReviewAction) -> Outcome {
        if state.game == nil, action.isKey {
            // Nothing shown (none finished, or the history unread): the keys say why.
            return Outcome(notice: Notice(state.problem ?? .noGames))
        }
        switch action {
        case .loaded(.game(let game)):
            state.show(game)
        case .loaded(let kept):
            let problem: ReviewNotice = switch kept {
            case .game: .noGames
            case .none(let finished): finished == 0 ? .noGames : .noOlder
            case .unreadable(let id, let reason): .unreadable(id, reason)
            case .unavailable(let failure): .unavailable(failure)
            }
            // A game shown stays: the problem is the notice.
            state.failed(problem)
            if state.game != nil { return Outcome(notice: Notice(problem)) }
        case .graded(let grade, let index, let id):
            guard id == state.game?.id else { return Outcome() }
            state.take(grade, at: index)
        case .summed(let review, let id):
            guard id == state.game?.id, state.review == nil else { return Outcome() }
            state.take(review)
            // A finished game's figures, kept for the records as the table's background review keeps
            // them; not again where its review is kept already and reads back.
            guard let game = state.game, state.review == review, state.winner != nil, !game.reviewKept else { return Outcome() }
            return Outcome(effect: .asking(ReviewFiguresSave(game: game.header, summary: ReviewSummary(review))))
        case .stepped(let offset):
            state.step(offset)
            state.resultShown = false
        case .mistakeJumped(let direction):
            state.resultShown = false
            if !state.jumpToMistake(direction) {
                return Outcome(notice: Notice(ReviewNotice.noMistake(forward: direction > 0, complete: state.pending.isEmpty)))
            }
        case .optionsToggled:
            state.optionsShown.toggle()
            state.optionsScroll = 0
        case .optionsScrolled(let offset):
            state.optionsScroll = max(0, state.optionsScroll + offset)
        case .cardsToggled:
            state.cardsShown.toggle()
        case .resultToggled:
            state.resultShown.toggle()
        case .sideSwitched:
            state.switchSide()
        case .learnRequested:
            // The app opens the drills on the mistakes (`learn`); here only where there are none yet.
            guard let drills = state.mistakeDrills else {
                return Outcome(notice: Notice(ReviewNotice.learnWaits(done: state.analysed, of: state.points.count)))
            }
            if drills.isEmpty { return Outcome(notice: Notice(ReviewNotice.noMistakeToLearn)) }
        case .gameChanged(let offset):
            guard let back = state.back(by: offset) else {
                return Outcome(notice: Notice(offset > 0 ? ReviewNotice.noOlder : .noNewer))
            }
            state.ask(back: back)
            return Outcome(effect: .asking(ReviewLoad(back: back)))
        }
        return Outcome()
    }

    /// Learn from your mistakes: the drills open on this game's mistakes of yours, in the order made,
    /// each asked before its answer is shown; the keeper gives the rating, and each answer is saved
    /// to the drills as any drill's (enrolled then if it is not already).
    static func learn(_ state: inout AppState) -> Outcome {
        guard let drills = state.review?.mistakeDrills, !drills.isEmpty else {
            var review = state.review ?? ReviewState()
            defer { state.review = review }
            return reduce(&review, .learnRequested)
        }
        return DrillsScene.learn(drills, &state)
    }

    /// Opens the review on the last game finished against the computer, from the history (the
    /// table's game goes there with the save of its last move).
    static func open(_ state: inout AppState) -> Outcome {
        var review = ReviewState()
        review.ask(back: 0)
        state.review = review
        state.navigation.push(.review)
        return Outcome(effect: .asking(ReviewLoad(back: 0)))
    }

    /// The work the review asks for: the next decisions to analyse, then the whole review.
    static func jobs(_ state: ReviewState) -> [Job] {
        guard let game = state.game, state.review == nil, !state.points.isEmpty else { return [] }
        let pending = state.pending
        let progress = Notice(ReviewNotice.analysing(done: state.analysed, of: state.points.count))
        guard pending.isEmpty else {
            return pending.prefix(ReviewState.workers).map { index in
                let point = state.points[index]
                return Job(.review, key: ReviewJob(id: game.id, index: index), progress: progress) {
                    .review(.graded(GradedDecision(point), index: index, id: game.id))
                }
            }
        }
        let graded = state.graded.compactMap(\.self)
        let points = state.points
        return [Job(.review, key: ReviewJob(id: game.id, index: nil), progress: Notice(ReviewNotice.summing)) {
            guard let review = try? GameReview(game.record, points: points, graded: graded) else {
                return .review(.loaded(.unreadable(id: game.id, reason: "the game does not replay")))
            }
            return .review(.summed(review, id: game.id))
        }]
    }
}

/// A job of the review: a decision of a game analysed, or (index nil) the whole review summed up.
struct ReviewJob: Hashable, Sendable {
    let id: String
    let index: Int?
}
