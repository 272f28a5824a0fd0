import CribbageCore

/// The records against the computer: wins and losses by level, skunks, points by kind, and your
/// error rate across the games reviewed, with its trend. It also holds the games waiting for
/// their review, which runs off the key path whether or not the screen is shown (a game finished
/// at the table, or one the screen found not reviewed), one at a time, each kept as it is summed up.
struct RecordsState: Hashable, Sendable {
    /// The records, once loaded.
    private(set) var book: RecordBook?
    /// Why there are no records to show.
    private(set) var problem: RecordsNotice?
    /// The records asked for, while the keeper answers.
    private(set) var asked = false
    /// The games waiting for their review, the next first.
    private(set) var queue: [GameToReview] = []
    /// The games reviewed (or found not to replay) this run: not queued again.
    private(set) var done: Set<String> = []
    /// Why the last review could not be kept, until one is.
    private(set) var keepFailure: GameKeepingFailure?

    init() {}

    /// Games to review, each once: those taken in go next, newest first, ahead of those waiting
    /// but after the one under review (its work is not thrown away).
    mutating func enqueue(_ games: [GameToReview]) {
        let fresh = games.filter { game in !done.contains(game.header.id) && !queue.contains { $0.header.id == game.header.id } }
        queue = Array(queue.prefix(1)) + fresh + Array(queue.dropFirst())
    }

    mutating func ask() {
        asked = true
    }

    mutating func load(_ kept: KeptRecordBook) {
        asked = false
        switch kept {
        case .records(let book, let toReview):
            self.book = book
            problem = nil
            enqueue(toReview)
        case .unavailable(let failure):
            problem = .unavailable(failure)
        }
    }

    /// A review finished (nil: the game does not replay): out of the queue.
    mutating func finish(_ id: String) {
        queue.removeAll { $0.header.id == id }
        done.insert(id)
    }

    /// A review kept (by the records' own work, or the review screen's): counted, and not worked
    /// out again here.
    mutating func kept(_ game: GameToReview.Header, _ summary: ReviewSummary, failure: GameKeepingFailure?) {
        keepFailure = failure
        guard failure == nil else { return }
        finish(game.id)
        book?.take(RecordBook.Reviewed(header: game, summary: summary))
    }
}

/// What the player does on the Records screen, and what comes back to it.
enum RecordsAction: Hashable, Sendable {
    case loaded(KeptRecordBook)
    /// Games to review off the key path (the one just finished at the table).
    case queued([GameToReview])
    /// A game's review summed up off the key path; nil when its record does not replay.
    case reviewed(GameToReview.Header, ReviewSummary?)
    /// What came of keeping a review.
    case kept(GameToReview.Header, ReviewSummary, failure: GameKeepingFailure?)
}

enum RecordsScene {
    static func reduce(_ state: inout RecordsState, _ action: RecordsAction) -> Outcome {
        switch action {
        case .loaded(let kept):
            state.load(kept)
        case .queued(let games):
            state.enqueue(games)
        case .reviewed(let header, let summary):
            state.finish(header.id)
            guard let summary else { return Outcome() }
            return Outcome(effect: .asking(ReviewFiguresSave(game: header, summary: summary)))
        case .kept(let header, let summary, let failure):
            state.kept(header, summary, failure: failure)
        }
        return Outcome()
    }

    /// Opens the screen and asks for the records afresh.
    static func open(_ state: inout AppState) -> Outcome {
        var records = state.records ?? RecordsState()
        records.ask()
        state.records = records
        state.navigation.push(.records)
        return Outcome(effect: .asking(RecordsLoad()))
    }

    /// The next game's review, on one core (the table may be dealing on the other), while any waits.
    static func jobs(_ state: RecordsState) -> [Job] {
        guard let next = state.queue.first else { return [] }
        let progress = Notice(RecordsNotice.reviewing(left: state.queue.count))
        return [Job(.records, key: next.header, progress: progress) {
            let review = try? GameReview.review(next.record, workers: 1)
            return .records(.reviewed(next.header, review.map(ReviewSummary.init)))
        }]
    }
}
