import CribbageCore

/// The review of the game on the board, from the cards it was told (`BoardReview`, as `twentynine
/// review` gives it for a board game): each card laid in a play kept card by card graded as the
/// game review grades the table's, the counts typed that the cards do not make, and what the board
/// cannot grade. It opens at once on the plan (quick) and fills in as each card is analysed off the
/// key path, two at a time, the one shown first.
struct BoardReviewState: Hashable, Sendable {
    /// What the review grades, before any analysis: the cards to grade, the counts, what is not graded.
    let plan: BoardReview.Plan
    /// The game's line: its sides' names and totals, the side that won, the deals.
    let sides: [String]
    let totals: [Int]
    let winner: Int?
    let rounds: Int
    /// The cards laid to grade, their grades as analysed, and the one shown: stepped through as the
    /// game review steps through its decisions, every player's.
    var cards: ReviewState
    /// The notes shown whole in the panel's place (`d`), for a screen too short for both.
    var notesShown = false

    init(game: Game) {
        plan = BoardReview.Plan(game)
        sides = (0..<game.seating.sides).map(game.name(ofSide:))
        totals = game.totals
        winner = game.result?.winner
        rounds = plan.rounds
        cards = ReviewState(points: plan.points)
    }

    /// The review as far as it is graded: the core's figures for each seat.
    var review: BoardReview { BoardReview(plan, decisions: cards.graded.compactMap(\.self)) }
}

/// What the player does in the board game's review, and what comes back to it.
enum BoardReviewAction: Hashable, Sendable {
    /// A card analysed off the key path: its place among the plan's points.
    case graded(GradedDecision, index: Int)
    case stepped(Int)
    case mistakeJumped(Int)
    case optionsToggled
    case optionsScrolled(Int)
    case cardsToggled
    case notesToggled
}

enum BoardReviewScene {
    static func reduce(_ state: inout BoardReviewState, _ action: BoardReviewAction) -> Outcome {
        if state.plan.points.isEmpty, !action.isResult {
            // No card to grade: the keys say why.
            return Outcome(notice: Notice(BoardReviewNotice.nothingToGrade))
        }
        switch action {
        case .graded(let grade, let index):
            state.cards.take(grade, at: index)
        case .stepped(let offset):
            state.cards.step(offset)
        case .mistakeJumped(let direction):
            if !state.cards.jumpToMistake(direction) {
                return Outcome(notice: Notice(ReviewNotice.noMistake(forward: direction > 0, complete: state.cards.pending.isEmpty)))
            }
        case .optionsToggled:
            state.cards.optionsShown.toggle()
            state.cards.optionsScroll = 0
        case .optionsScrolled(let offset):
            state.cards.optionsScroll = max(0, state.cards.optionsScroll + offset)
        case .cardsToggled:
            state.cards.cardsShown.toggle()
        case .notesToggled:
            state.notesShown.toggle()
        }
        return Outcome()
    }

    /// Opens the review on the game on the board as it stands.
    static func open(_ state: inout AppState) -> Outcome {
        guard let board = state.board else { return Outcome() }
        state.boardReview = BoardReviewState(game: board.game)
        state.navigation.push(.boardReview)
        return Outcome()
    }

    /// The next cards to analyse, the one shown first, two at a time.
    static func jobs(_ state: BoardReviewState) -> [Job] {
        let cards = state.cards
        let progress = Notice(ReviewNotice.analysing(done: cards.analysed, of: cards.points.count))
        return cards.pending.prefix(ReviewState.workers).map { index in
            let point = cards.points[index]
            return Job(.boardReview, key: BoardReviewJob(index: index, point: point), progress: progress) {
                .boardReview(.graded(BoardReview.grade(point), index: index))
            }
        }
    }
}

extension BoardReviewAction {
    /// A job's answer, not a key's action.
    var isResult: Bool {
        if case .graded = self { return true }
        return false
    }
}

/// A job of the board game's review: a card laid, analysed.
struct BoardReviewJob: Hashable, Sendable {
    let index: Int
    let point: DecisionPoint
}
