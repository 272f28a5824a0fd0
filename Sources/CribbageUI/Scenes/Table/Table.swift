import CribbageCore

/// The table's state: the match against the computer, the cards picked to throw, the cursor on
/// the player's cards, a count being typed (with muggins), and the panel open beside the play.
struct TableState: Hashable, Sendable {
    var table: TableGame
    var picked: [Card] = []
    /// An index into the player's cards as drawn.
    var cursor = 0
    var typed = ""
    var panel: TablePanel?
    /// What the keeper said about the files when the match was read; shown until the first key.
    var opening: String?
    /// Why the last save failed, until one succeeds.
    var saveFailure: GameKeepingFailure?
    /// The match as last saved: a move the save could not keep (another table holds the match,
    /// or the store refused it) goes back to it, so play never runs on where nothing keeps it.
    var lastSaved: TableGame?
    /// The player's decision the tutor is weighing (its move made, the computer's answer held
    /// until the tutor has spoken).
    var tutoring: DecisionPoint?
    /// While the tutor weighs: the table with the computer's answer already made, as it is saved
    /// (a table read back makes the answer, so one without it would not read back as itself, and
    /// a kill before the tutor's word keeps the move and its answer); shown once the tutor speaks.
    var answered: TableGame?
    /// The table as shown while the computer's answer is paced: before the answer, catching up
    /// with `table` a move at a time (the answer itself is made and saved at once).
    var paced: TableGame?
    /// The chance to win on the pegboard, as last worked out off the key path (`chanceToWin`) and
    /// for where the player stood then: shown until the next one comes.
    var chance: KeptChance?
    /// The seat of the person looking at this table: the table is drawn, and their keys move,
    /// from here (seat 0 at home; a club's table seats each person where they sit).
    var viewer = TableGame.player
    /// The table between people this one is, held by the server: moves go to it, and its
    /// changes come back (nil: the match against the computer, kept by this program).
    var shared: SharedSeat?

    /// The player's cards as drawn, by rank as a hand is held: the six (five with three or four
    /// players) while throwing, then the cards still held.
    var cards: [Card] {
        guard let deal = table.deal else { return [] }
        // Watching: the seat drawn below holds nothing of the watcher's; its hand once shown.
        if watching {
            guard deal.shown.contains(where: { $0.count.player == viewer && $0.count.rules == .hand }) else { return [] }
            return (deal.kept[viewer] ?? []).sorted()
        }
        switch table.stage {
        case .discard: return deal.sixes[viewer].sorted()
        case .play: return deal.held(by: viewer).sorted()
        default: return (deal.kept[viewer] ?? []).sorted()
        }
    }

    /// The cards you throw to the crib: two with two players, one with three or four.
    var throwCount: Int { table.deal?.throwCount ?? 2 }

    /// Someone watching a table between people, not at it.
    var watching: Bool { shared?.watching == true }

    /// The match as the file keeps it: the table, or while the tutor weighs, the table with the
    /// computer's answer made (`answered`). Every save is of this.
    var kept: TableGame { answered ?? table }
}

/// A table between people as this session holds it: the club that holds the one game, its id,
/// the table's change count it was read at, how long each seat has been gone, and who has
/// pressed to go on.
struct SharedSeat: Hashable, Sendable {
    let club: ClubBox
    let id: String
    var version: Int
    var away: [Int?]
    /// At the show or a game's end: who has pressed to go on (`SharedTable.ready`).
    var ready: [Bool] = []
    /// The seat asking to take back its last move, until the other answers.
    var takeBackAsked: Int?
    /// The other has been gone long enough for this player to adjourn.
    var adjournable = false
    /// This player watches (no hand of theirs), and who watches the table.
    var watching = false
    var watchers: [String] = []

    /// Whether the player in `seat` has pressed to go on.
    func isReady(_ seat: Int) -> Bool { ready.indices.contains(seat) && ready[seat] }
}

/// The player's chance to win from where they stood (`Standpoint`), worked out by a job.
struct KeptChance: Hashable, Sendable {
    let standpoint: Standpoint
    let win: Double?
}

/// What the panel beside the play shows: the hint for the decision at hand, why the computer
/// kept what it kept, or the breakdown of one of the round's counts.
enum TablePanel: Hashable, Sendable {
    /// The player's keeps as the strongest level ranks them from the game's score (by the points,
    /// near the end by the game points), each keep's chance to win beside.
    case discardHint(Analysis)
    /// The player's cards as the strongest level ranks them, with their chances.
    case playHint(Analysis)
    /// The computer's analysis of its throw, as its level threw: its keep first, the next best after.
    case why(Analysis)
    /// The n-th count of the round's show, in order.
    case breakdown(Int)
    /// A hint or why asked for and being worked out off the key path (`TableScene.answer`).
    case asked(TableQuestion)
}

/// What the panel asks the analysis: the player's decision for the hint, or the computer's six
/// for why it kept what it kept. The job's key: what it is worked out from.
enum TableQuestion: Hashable, Sendable {
    case hint(Decision)
    case why(six: [Card], dealer: Bool, score: GameScore?, level: ComputerLevel)

    var isHint: Bool { if case .hint = self { true } else { false } }
}

extension TablePanel {
    /// The hint, shown or being worked out.
    var isHint: Bool {
        switch self {
        case .discardHint, .playHint: true
        case .asked(let question): question.isHint
        case .why, .breakdown: false
        }
    }

    /// Why, shown or being worked out.
    var isWhy: Bool {
        switch self {
        case .why: true
        case .asked(let question): !question.isHint
        default: false
        }
    }
}

/// What the player does at the table.
enum TableAction: Hashable, Sendable {
    /// A rank key: pick or unpick a card of that rank to throw, or lay one.
    case rankPressed(Rank)
    case cursorMoved(Int)
    /// Pick or lay the card under the cursor.
    case cursorChosen
    /// Enter: throw the two picked, enter the typed count, or go on to the next deal or game.
    case confirmed
    case digitTyped(Character)
    case digitErased
    case hintToggled
    case whyToggled
    /// The breakdown of the round's counts, one after another.
    case breakdownShown
    /// The Discard Advisor, played to this game's score, with the player's six while they throw.
    case advisorOpened
    /// The keeper's match: the table opens on it (or says why there is none).
    case loaded(KeptTable)
    /// What came of saving the match.
    case saved(GameKeepingFailure?)
    /// Read the match again from the file (after another table moved it on).
    case reopened
    /// Take back your last throw or card of the deal, and the computer's answer.
    case tookBack
    /// Throw these two (the keep chosen in the Discard Advisor).
    case thrown([Card])
    /// The review of the game just finished (the Review scene takes it: the game is `table.record`).
    /// The tutor on or off.
    case tutorToggled
    /// The tutor's word on a decision (nil: nothing to say), then the computer answers.
    case tutored(DecisionPoint, TutorVerdict?)
    /// The pace the computer's moves are shown at, in turn: off, 300 ms, 800 ms.
    case paceCycled
    /// The pace's timer: the table shown with this many moves catches up one more.
    case paceStepped(shown: Int)
    /// The chance to win on the pegboard, worked out for where the player stood.
    case chanceWorkedOut(KeptChance)
    /// The panel's question answered: shown if the panel still asks it.
    case answered(TableQuestion, TablePanel?)
    /// A table between people as the club holds it now (after a move, or its change), or why not.
    case sharedMoved(Result<SharedTable, ClubRefusal>)
    /// At a table between people, the other asks a take-back: yes (true) or no.
    case takeBackAnswered(Bool)
    /// At a table between people, the other gone long enough: the game put aside for both.
    case adjournAsked
}

extension TableAction {
    /// What a key does, whatever its card or digit: what the footer offers or not.
    enum Kind: Hashable, Sendable {
        case rank, cursor, confirm, count, hint, why, breakdown, advisor, loaded, saved, reopen, takeBack, tutor, pace, chance, adjourn
    }

    var kind: Kind {
        switch self {
        case .rankPressed: .rank
        case .cursorMoved, .cursorChosen: .cursor
        case .confirmed: .confirm
        case .digitTyped, .digitErased: .count
        case .hintToggled: .hint
        case .whyToggled: .why
        case .breakdownShown: .breakdown
        case .advisorOpened: .advisor
        case .loaded: .loaded
        case .saved: .saved
        case .reopened: .reopen
        case .tookBack, .takeBackAnswered: .takeBack
        case .adjournAsked: .adjourn
        case .tutorToggled, .tutored: .tutor
        case .thrown: .confirm
        case .paceCycled, .paceStepped: .pace
        case .chanceWorkedOut, .answered: .chance
        case .sharedMoved: .loaded
        }
    }
}

enum TableScene {
    /// The match from the program's keeper: the table opens on it; or why there is none.
    static func open(_ kept: KeptTable, _ state: inout AppState) -> Outcome {
        switch kept {
        case .unavailable(let reason):
            return Outcome(notice: .gameUnavailable(reason))
        case .table(let table, let message):
            // The person here sits at the first seat the set-up gives a person.
            state.table = TableState(table: table, opening: message, lastSaved: table,
                                     viewer: table.setup.seats.firstIndex(of: .person) ?? TableGame.player)
            state.navigation.push(.table)
            return Outcome()
        }
    }

    /// What came of a save: a move another table's (or the store's refusal) kept off the file is
    /// taken back here too, and the failure shown until a save succeeds. A save the database could
    /// not take (a full disk, read-only) lets play go on in memory, except at a game's end: that
    /// move is taken back too, so that the next game is never dealt over a finish the history
    /// does not hold (issue 46, fault 3); it is played again once the database can be written.
    static func saved(_ failure: GameKeepingFailure?, _ scene: inout TableState) {
        scene.saveFailure = failure
        let takeBack: Bool
        switch failure {
        case nil:
            // What was saved: the answered table while the tutor weighs.
            scene.lastSaved = scene.kept
            takeBack = false
        case .changedElsewhere?, .refused?:
            takeBack = true
        case .store?:
            // The game's end: the history takes it with this save (`SavedTable.isOver`).
            if case .over = scene.kept.stage { takeBack = true } else { takeBack = false }
        case .noKeeper?, .nothingRead?:
            takeBack = false
        }
        if takeBack, let last = scene.lastSaved, last != scene.kept {
            scene.table = last
            scene.tutoring = nil
            scene.answered = nil
            scene.paced = nil
            scene.picked = []
            scene.typed = ""
            scene.panel = nil
            scene.cursor = min(scene.cursor, max(0, scene.cards.count - 1))
        }
    }

    /// A table between people from the club: the table opens on it, from the player's seat.
    static func openShared(_ shared: SharedTable, club: ClubBox, _ state: inout AppState) -> Outcome {
        state.table = TableState(table: shared.table, lastSaved: shared.table, viewer: shared.seat,
                                 shared: SharedSeat(club: club, id: shared.id, version: shared.version, away: shared.away,
                                                    ready: shared.ready, takeBackAsked: shared.takeBackAsked,
                                                    adjournable: shared.adjournable, watching: shared.watching,
                                                    watchers: shared.watchers))
        state.navigation.push(.table)
        return Outcome()
    }

    /// The club's table after a move or a change: shown as it is, what was picked kept while
    /// the throw is still to come.
    static func sharedMoved(_ result: Result<SharedTable, ClubRefusal>, _ scene: inout TableState, shown: Bool = true) -> Outcome {
        guard var seat = scene.shared else { return Outcome() }
        switch result {
        case .success(let shared):
            guard shared.id == seat.id else { return Outcome() }
            let before = scene.table
            let asked = seat.takeBackAsked
            seat.version = shared.version
            seat.away = shared.away
            seat.ready = shared.ready
            seat.takeBackAsked = shared.takeBackAsked
            seat.adjournable = shared.adjournable
            seat.watching = shared.watching
            seat.watchers = shared.watchers
            scene.shared = seat
            scene.table = shared.table
            scene.lastSaved = shared.table
            if shared.table.stage != .discard || before.deal?.number != shared.table.deal?.number
                || before.gameNumber != shared.table.gameNumber || !(shared.table.deal?.thrown[scene.viewer].isEmpty ?? true) {
                scene.picked = []
            }
            if case .claim(let count) = shared.table.stage, count.player == scene.viewer {} else { scene.typed = "" }
            if scene.panel != nil, case .discard = shared.table.stage { scene.panel = nil }
            scene.cursor = min(scene.cursor, max(0, scene.cards.count - 1))
            // Adjourned: back to the lobby, where both find it.
            if shared.adjourned {
                return Outcome(notice: .tableNotice(.club("Adjourned: the game is kept in both lobbies, and resumes when both are here")),
                               route: shown ? .back : nil)
            }
            // A take-back asked and answered: both told what came of it.
            guard let asker = asked, shared.takeBackAsked == nil else { return Outcome() }
            let words = SeatWords(table: shared.table, viewer: scene.viewer)
            let takenBack = shared.table.takeBacks > before.takeBacks
            if asker == scene.viewer {
                let other = words.name(words.opponent)
                return Outcome(notice: .tableNotice(.club(takenBack ? "\(other) let you take back your last move"
                                                          : "\(other) said no: your move stands")))
            }
            return takenBack ? Outcome(notice: .tableNotice(.club("\(words.name(asker))'s last move is taken back"))) : Outcome()
        case .failure(let refusal):
            // Read again, so that what is shown is the club's game.
            let notice: Notice = refusal.move.map { .tableNotice(.refused($0)) } ?? .tableNotice(.club(refusal.words))
            return Outcome(notice: notice, effect: .asking(SharedTableCall(club: seat.club, id: seat.id, call: .read)))
        }
    }

    static func reduce(_ state: inout AppState, _ action: TableAction) -> Outcome {
        if case .loaded(let kept) = action { return open(kept, &state) }
        guard var scene = state.table else { return Outcome() }
        defer { state.table = scene }
        if case .sharedMoved(let result) = action { return sharedMoved(result, &scene, shown: state.navigation.top == .table) }
        // Against a person: no advice, no tutor, no pace, no Advisor with your six.
        if scene.shared != nil, [.hintToggled, .whyToggled, .tutorToggled, .paceCycled, .advisorOpened].contains(action) {
            return Outcome(notice: .tableNotice(.againstAPerson))
        }
        if case .saved(let failure) = action {
            saved(failure, &scene)
            // A game finished and kept: its review runs off the key path, for the records (once the
            // tutor has spoken: its word's save asks for it).
            guard failure == nil, scene.tutoring == nil, case .over = scene.table.stage else { return Outcome() }
            return Outcome(effect: .asking(FinishedGameReview()))
        }
        if action == .reopened {
            guard case .changedElsewhere = scene.saveFailure else { return Outcome(notice: .tableNotice(.noDecision)) }
            // The keeper reads the file again, and the match opens as the other table left it.
            return Outcome(effect: .asking(TableLoad()))
        }
        if case .chanceWorkedOut(let chance) = action {
            // No key: the pace and the opening line stay.
            scene.chance = chance
            return Outcome()
        }
        if case .answered(let question, let panel) = action {
            guard scene.panel == .asked(question) else { return Outcome() }
            scene.panel = panel
            return panel == nil ? Outcome(notice: .tableNotice(question.isHint ? .noDecision : .whyAfterTheShow)) : Outcome()
        }
        scene.opening = nil
        if case .paceStepped(let shown) = action { return paceStepped(shown, &scene) }
        // A key that acts finishes the pace at once: the table is already as the answer left it.
        scene.paced = nil
        if case .tutored(let point, let verdict) = action { return tutored(point, verdict, &scene) }
        if scene.tutoring != nil, [.rank, .cursor, .confirm, .takeBack, .count].contains(action.kind) {
            if case .cursorMoved = action {} else { return Outcome(notice: .tableNotice(.tutorWeighing)) }
        }
        switch action {
        case .rankPressed(let rank):
            return rankPressed(rank, &scene)
        case .cursorMoved(let step):
            let count = scene.cards.count
            if count > 0 { scene.cursor = (scene.cursor + step + count) % count }
        case .cursorChosen:
            let cards = scene.cards
            guard cards.indices.contains(scene.cursor) else { return Outcome() }
            return choose(cards[scene.cursor], &scene)
        case .confirmed:
            return confirm(&scene)
        case .digitTyped(let digit):
            if scene.typed.count < 2 { scene.typed.append(digit) }
        case .digitErased:
            if !scene.typed.isEmpty { scene.typed.removeLast() }
        case .hintToggled:
            guard scene.table.hasAdvice else { return Outcome(notice: .tableNotice(.twoPlayersOnly(.hint))) }
            guard scene.table.setup.hints else { return Outcome(notice: .tableNotice(.hintsOff)) }
            if scene.panel?.isHint == true { scene.panel = nil } else {
                guard let question = hintQuestion(scene.table, viewer: scene.viewer) else { return Outcome(notice: .tableNotice(.noDecision)) }
                scene.panel = .asked(question)
            }
        case .whyToggled:
            guard scene.table.hasAdvice else { return Outcome(notice: .tableNotice(.twoPlayersOnly(.why))) }
            if scene.panel?.isWhy == true { scene.panel = nil } else {
                guard let question = whyQuestion(scene.table, viewer: scene.viewer) else { return Outcome(notice: .tableNotice(.whyAfterTheShow)) }
                scene.panel = .asked(question)
            }
        case .breakdownShown:
            let counted = countsShown(scene.table)
            guard !counted.isEmpty else { return Outcome(notice: .tableNotice(.nothingCounted)) }
            if case .breakdown(let index) = scene.panel {
                scene.panel = index + 1 < counted.count ? .breakdown(index + 1) : nil
            } else {
                scene.panel = .breakdown(0)
            }
        case .advisorOpened:
            // Your six to the advisor in a two-player deal; with three or four, it opens on its own.
            let deal = scene.table.stage == .discard && scene.table.hasAdvice ? scene.table.deal : nil
            return DiscardAdvisorScene.open(&state, playingTo: scene.table.game, dealt: deal.map {
                ($0.sixes[scene.viewer], $0.dealer == scene.viewer ? .dealer : .pone)
            })
        case .tookBack:
            return takeBack(&scene)
        case .adjournAsked:
            guard let seat = scene.shared else { return Outcome(notice: .tableNotice(.noDecision)) }
            return Outcome(effect: .asking(SharedTableCall(club: seat.club, id: seat.id, call: .adjourn)))
        case .takeBackAnswered(let yes):
            guard let seat = scene.shared, let asker = seat.takeBackAsked, asker != scene.viewer else {
                return Outcome(notice: .tableNotice(.club("Nobody asks to take back a move now")))
            }
            return Outcome(effect: .asking(SharedTableCall(club: seat.club, id: seat.id, call: .answerTakeBack(accept: yes))))
        case .thrown(let cards):
            guard case .discard = scene.table.stage else { return Outcome(notice: .tableNotice(.noDecision)) }
            scene.picked = cards
            return confirm(&scene)
        case .tutorToggled:
            guard scene.table.hasAdvice else { return Outcome(notice: .tableNotice(.twoPlayersOnly(.tutor))) }
            let on = !scene.table.tutor
            set(&scene) { $0.tutor = on }
            return Outcome(notice: .tableNotice(.tutor(on: on)), effect: .asking(TableSave(table: scene.kept)))
        case .paceCycled:
            let pace = scene.table.pace.next
            set(&scene) { $0.pace = pace }
            return Outcome(notice: .tableNotice(.pace(pace)), effect: .asking(TableSave(table: scene.kept)))
        case .loaded, .saved, .reopened, .tutored, .paceStepped, .chanceWorkedOut, .answered, .sharedMoved:
            break // above
        }
        return Outcome()
    }

    /// A setting of the table changed, on the table shown and on the answer the tutor holds.
    private static func set(_ scene: inout TableState, _ change: (inout TableGame) -> Void) {
        change(&scene.table)
        if scene.answered != nil { change(&scene.answered!) }
    }

    private static func rankPressed(_ rank: Rank, _ scene: inout TableState) -> Outcome {
        let cards = scene.cards.filter { $0.rank == rank }
        guard !cards.isEmpty else { return Outcome(notice: .tableNotice(.noCardOfRank(rank))) }
        switch scene.table.stage {
        case .discard:
            let others = scene.picked.filter { $0.rank != rank }
            let picks = rankPicks(cards, room: scene.throwCount - others.count)
            guard picks.count > 1 else { return Outcome(notice: .tableNotice(scene.throwCount == 1 ? .onePicked : .twoPicked)) }
            let now = cards.filter(scene.picked.contains)
            let next = picks.firstIndex(of: now).map { picks[($0 + 1) % picks.count] } ?? picks[1]
            scene.picked = others + next
            return Outcome()
        case .play:
            guard let card = cards.first(where: scene.table.playable(for: scene.viewer).contains) else {
                return Outcome(notice: .tableNotice(.doesNotFit(rank, count: scene.table.deal?.play.count ?? 0)))
            }
            return apply(.lay(seat: scene.viewer, card), &scene)
        default:
            return Outcome(notice: .tableNotice(.noDecision))
        }
    }

    /// What a rank key picks of the cards of its rank, in turn from nothing picked: each card alone
    /// (the suit by key: pressed again, the pick moves to the next card of that rank), then each two
    /// (while two may be picked), then none again.
    static func rankPicks(_ cards: [Card], room: Int) -> [[Card]] {
        var picks: [[Card]] = [[]]
        guard room > 0 else { return picks }
        picks += cards.map { [$0] }
        if room > 1 {
            for (index, first) in cards.enumerated() {
                for second in cards[(index + 1)...] { picks.append([first, second]) }
            }
        }
        return picks
    }

    private static func choose(_ card: Card, _ scene: inout TableState) -> Outcome {
        switch scene.table.stage {
        case .discard:
            if scene.picked.contains(card) { scene.picked.removeAll { $0 == card } } else if scene.picked.count < scene.throwCount {
                scene.picked.append(card)
            } else {
                return Outcome(notice: .tableNotice(scene.throwCount == 1 ? .onePicked : .twoPicked))
            }
            return Outcome()
        case .play:
            return apply(.lay(seat: scene.viewer, card), &scene)
        default:
            return confirm(&scene)
        }
    }

    private static func confirm(_ scene: inout TableState) -> Outcome {
        switch scene.table.stage {
        case .discard:
            guard scene.picked.count == scene.throwCount else {
                return Outcome(notice: .tableNotice(scene.throwCount == 1 ? .pickOne : .pickTwo(scene.picked.count)))
            }
            return apply(.discard(seat: scene.viewer, scene.picked), &scene)
        case .claim(let count):
            guard count.player == scene.viewer else {
                return Outcome(notice: .tableNotice(.club("\(SeatWords(table: scene.table, viewer: scene.viewer).who(count.player)) counts now")))
            }
            guard let points = Int(scene.typed) else { return Outcome(notice: .tableNotice(.typeTheCount)) }
            return apply(.claim(points: points), &scene)
        case .play:
            return Outcome(notice: .tableNotice(.layByRank))
        case .cutForDeal, .show, .over:
            return apply(.next, &scene)
        }
    }

    /// Your last throw or card of the deal taken back with the computer's answer, and saved.
    private static func takeBack(_ scene: inout TableState) -> Outcome {
        if let seat = scene.shared {
            // Between people: only in an unrated game, and only if the other lets you.
            guard scene.table.setup.takeBacks else { return Outcome(notice: .tableNotice(.takeBacksRated)) }
            guard scene.table.canTakeBack(seat: scene.viewer) else { return Outcome(notice: .tableNotice(.nothingToTakeBack)) }
            guard seat.takeBackAsked == nil else { return Outcome(notice: .tableNotice(.club("A take-back is asked already"))) }
            return Outcome(effect: .asking(SharedTableCall(club: seat.club, id: seat.id, call: .askTakeBack)))
        }
        guard scene.table.setup.takeBacks else { return Outcome(notice: .tableNotice(.takeBacksOff)) }
        guard scene.table.takeBack() else { return Outcome(notice: .tableNotice(.nothingToTakeBack)) }
        scene.picked = []
        scene.typed = ""
        scene.cursor = min(scene.cursor, max(0, scene.cards.count - 1))
        if scene.panel?.isHint == true { scene.panel = hintQuestion(scene.table, viewer: scene.viewer).map { .asked($0) } }
        return Outcome(notice: .tableNotice(.tookBack(scene.table.takeBacks)), effect: .asking(TableSave(table: scene.table)))
    }

    private static func apply(_ move: TableGame.Move, _ scene: inout TableState) -> Outcome {
        if let seat = scene.shared {
            // The club's game: refused here in the table's words as the club would refuse it,
            // else sent, and the club's game after it comes back as the table.
            var probe = scene.table
            do throws(TableError) {
                try probe.apply(move, answering: false)
            } catch {
                if case .claim = move { scene.typed = "" }
                return Outcome(notice: .tableNotice(.refused(error)))
            }
            scene.picked = []
            scene.typed = ""
            return Outcome(effect: .asking(SharedTableCall(club: seat.club, id: seat.id, call: .move(move))))
        }
        // With the tutor on, the player's throw or card waits for its word before the answer.
        let point: DecisionPoint? = switch move {
        case .discard, .lay: scene.table.tutor ? scene.table.decisionPoint(for: move) : nil
        default: nil
        }
        do throws(TableError) {
            try scene.table.apply(move, answering: false)
        } catch {
            if case .claim = move { scene.typed = "" }
            return Outcome(notice: .tableNotice(.refused(error)))
        }
        scene.picked = []
        scene.typed = ""
        scene.tutoring = point
        if point == nil {
            answer(&scene)
        } else {
            // The answer is made and saved now, and shown when the tutor has spoken.
            var answered = scene.table
            answered.answer()
            scene.answered = answered
        }
        return Outcome(effect: .asking(TableSave(table: scene.kept)))
    }

    /// The computer's answer to the player's move, made at once (or the one the tutor held,
    /// `answered`); with a pace, shown a move at a time from the table before it.
    private static func answer(_ scene: inout TableState, answered: TableGame? = nil) {
        let unanswered = scene.table
        if let answered { scene.table = answered } else { scene.table.answer() }
        if scene.table.pace != .off, unanswered.moves.count < scene.table.moves.count,
           unanswered.gameNumber == scene.table.gameNumber {
            scene.paced = unanswered
        }
        moved(&scene)
    }

    /// The pace's timer: one more of the computer's moves shown, until the table shown is the
    /// table; a step for a table shown no longer is dropped.
    private static func paceStepped(_ shown: Int, _ scene: inout TableState) -> Outcome {
        guard var paced = scene.paced, paced.moves.count == shown else { return Outcome() }
        scene.paced = paced.catchUp(with: scene.table) && paced.moves.count < scene.table.moves.count ? paced : nil
        return Outcome()
    }

    /// The tutor has weighed the player's move: its word, if any, then the computer's answer,
    /// the one made and saved with the move. Saved again: a save that failed is tried again, and
    /// a game the answer finished asks for its review.
    private static func tutored(_ point: DecisionPoint, _ verdict: TutorVerdict?, _ scene: inout TableState) -> Outcome {
        guard scene.tutoring == point, let answered = scene.answered else { return Outcome() }
        scene.tutoring = nil
        scene.answered = nil
        answer(&scene, answered: answered)
        return Outcome(notice: verdict.map { .tableNotice(.tutorSays($0)) }, effect: .asking(TableSave(table: scene.table)))
    }

    /// After a move and its answer: the cursor on a card still held, and the panel following.
    private static func moved(_ scene: inout TableState) {
        scene.cursor = min(scene.cursor, max(0, scene.cards.count - 1))
        // A hint follows the decision at hand; the other panels belong to the round they were opened in.
        if scene.panel?.isHint == true {
            scene.panel = hintQuestion(scene.table, viewer: scene.viewer).map { .asked($0) }
        } else if scene.panel != nil, case .discard = scene.table.stage {
            scene.panel = nil
        }
    }

    /// The player's decision at hand, for the hint: the six to throw from the scores before the
    /// deal, or the card to lay from the scores now; nil where the player has none.
    static func hintQuestion(_ table: TableGame, viewer: Int) -> TableQuestion? {
        guard let deal = table.deal, table.hasAdvice else { return nil }
        let role: Role = deal.dealer == viewer ? .dealer : .pone
        switch table.stage {
        case .discard:
            return .hint(.keep(six: deal.sixes[viewer], role: role, score: table.scoreBeforeDeal(for: viewer)))
        case .play:
            guard let view = table.match.view(of: viewer), view.play.turn == view.seat else { return nil }
            return .hint(.lay(view, score: table.score(for: viewer)))
        default:
            return nil
        }
    }

    /// The computer's six for why it kept what it kept: only once its hand has been counted and
    /// the crib turned over, since its throw is half the crib (while you count your hand as
    /// dealer, why would show the crib before it is shown).
    static func whyQuestion(_ table: TableGame, viewer: Int) -> TableQuestion? {
        let other = SeatWords(table: table, viewer: viewer).opponent
        guard let deal = table.deal, table.hasAdvice, case .computer(let level) = table.setup.seats[other],
              countsShown(table).contains(where: { $0.count.player == other }), cribTurned(table) else {
            return nil
        }
        return .why(six: deal.sixes[other], dealer: deal.dealer == other,
                    score: table.scoreBeforeDeal(for: other), level: level)
    }

    /// The panel that answers a question, by the injected analyst (a job's work, never a key's):
    /// the hint by the one advice policy (`analyse`, as the computer decides), why by the
    /// computer's level; nil where why has only one keep to show.
    static func answer(_ question: TableQuestion, by analyst: any Analyst) -> TablePanel? {
        switch question {
        case .hint(let decision):
            let analysis = analyst.advice(decision)
            if case .keep = decision { return .discardHint(analysis) }
            return .playHint(analysis)
        case .why(let six, let dealer, let score, let level):
            let analysis = analyst.computersKeep(level: level, six: six, dealer: dealer, score: score)
            guard analysis.distinctKeeps.count > 1 else { return nil }
            return .why(analysis)
        }
    }

    /// The hint's panel for the decision at hand, worked out here: for tests and fixtures.
    static func hint(for table: TableGame) -> TablePanel? {
        hintQuestion(table, viewer: TableGame.player).flatMap { answer($0, by: LiveAnalyst()) }
    }

    /// The counts of this deal's show made so far, in order.
    static func countsShown(_ table: TableGame) -> [Deal.ShowCount] { table.deal?.shown ?? [] }

    /// The crib is face up: counted, or being counted by the player.
    static func cribTurned(_ table: TableGame) -> Bool {
        if case .claim(let count) = table.stage, count.rules == .crib { return true }
        return countsShown(table).contains { $0.count.rules == .crib }
    }
}
