import CribbageCore

/// A session of drills from the store, one at a time, after a short setup (the theme, the
/// difficulty, how many, as the last session had them): the position, the answer by keys as at the
/// table, the verdict with the whole options table, and a summary at the end. Each drill is
/// analysed off the key path (the one shown first, then the next); each answer is saved on its
/// own, as `twentynine drill answer` saves it.
struct DrillsState: Hashable, Sendable {
    enum Phase: Hashable, Sendable { case loading, setup, answering, verdict, summary, problem }

    /// A line of the setup.
    enum SetupField: Int, Hashable, Sendable, CaseIterable { case theme, difficulty, count }

    /// The session's setup: the last one kept, then as the player changes it.
    private(set) var setup: DrillSetup?
    private(set) var field = SetupField.theme
    /// The session asked for with the setup: its drills are on the way.
    private(set) var dealing = false

    private(set) var drills: [Drill] = []
    /// The player's rating before the session, and after the last answer saved.
    private(set) var ratingBefore: Glicko2.Rating?
    private(set) var rating: Glicko2.Rating?
    private(set) var problem: DrillsNotice?
    /// The drill shown: an index into `drills`.
    private(set) var index = 0
    /// Each drill's analysis, once worked out off the key path.
    private(set) var analyses: [Int: Analysis] = [:]
    /// The cards picked to throw (a throw's drill).
    private(set) var picked: [Card] = []
    /// The count typed (a count's drill).
    private(set) var typed = ""
    /// The answer given, waiting for its drill's analysis to be graded.
    private(set) var pending: PendingAnswer?
    /// Each drill's graded answer, in the order answered.
    private(set) var results: [DrillResult] = []
    /// The answers not saved.
    private(set) var unsaved = 0
    var optionsScroll = 0
    /// A session of one game's mistakes, from its review (learn from your mistakes).
    var learning = false

    init() {}

    /// Learn from your mistakes: these drills, once the keeper gives the rating.
    init(learning drills: [Drill]) {
        self.drills = drills
        learning = true
    }

    init(drills: [Drill], rating: Glicko2.Rating, setup: DrillSetup? = nil) {
        self.drills = drills
        self.setup = setup
        (ratingBefore, self.rating) = (rating, rating)
        if drills.isEmpty { problem = .noDrills }
    }

    mutating func failed(_ problem: DrillsNotice) { self.problem = problem }

    var phase: Phase {
        if problem != nil { return .problem }
        if ratingBefore == nil { return setup != nil && !dealing ? .setup : .loading }
        if results.count > index { return .verdict }
        return index < drills.count ? .answering : .summary
    }

    var drill: Drill? { drills.indices.contains(index) ? drills[index] : nil }
    var result: DrillResult? { results.indices.contains(index) ? results[index] : nil }

    /// The drills still to analyse: the one shown first, then the next.
    var toAnalyse: [Int] {
        [index, index + 1].filter { drills.indices.contains($0) && analyses[$0] == nil }
    }

    mutating func setupLoaded(_ setup: DrillSetup) {
        guard ratingBefore == nil, !dealing else { return }
        self.setup = setup
    }

    /// Up or down the setup's lines, round.
    mutating func moveField(_ step: Int) {
        guard phase == .setup else { return }
        let fields = SetupField.allCases
        field = fields[((field.rawValue + step) % fields.count + fields.count) % fields.count]
    }

    /// The line's value changed: the next theme (round), difficulty or count (within their range).
    mutating func changeValue(_ step: Int) {
        guard phase == .setup, var setup else { return }
        switch field {
        case .theme:
            let themes: [DrillTheme?] = [nil] + DrillTheme.allCases
            let at = themes.firstIndex(of: setup.theme) ?? 0
            setup.theme = themes[((at + step) % themes.count + themes.count) % themes.count]
        case .difficulty:
            let levels = DrillDifficulty.allCases
            let at = levels.firstIndex(of: setup.difficulty) ?? 0
            setup.difficulty = levels[min(levels.count - 1, max(0, at + step))]
        case .count:
            setup = DrillSetup(theme: setup.theme, difficulty: setup.difficulty, count: setup.count + step)
        }
        self.setup = setup
    }

    /// The session asked for with the setup chosen.
    mutating func start() -> Outcome {
        guard phase == .setup, let setup else { return Outcome() }
        dealing = true
        return Outcome(effect: .asking(DrillsLoad(setup: setup)))
    }

    /// A rank key: for a throw, picks the rank's cards in turn, then two of it, then none, as at
    /// the table; for a card to lay, answers with the card of that rank.
    mutating func press(_ rank: Rank) -> Outcome {
        guard phase == .answering, pending == nil, let drill else { return Outcome() }
        switch drill.decision {
        case .keep(let six, _, _):
            let ofRank = six.filter { $0.rank == rank }.sorted()
            guard !ofRank.isEmpty else { return Outcome(notice: Notice(DrillsNotice.refused(.notInTheSix(rank.notation)))) }
            // As at the table: each card of the rank in turn, then two of it, then none.
            var picks: [[Card]] = [[]] + ofRank.map { [$0] }
            for (at, first) in ofRank.enumerated() { for second in ofRank[(at + 1)...] { picks.append([first, second]) } }
            let others = picked.filter { $0.rank != rank }
            let now = picks.firstIndex(of: picked.filter { $0.rank == rank }.sorted()) ?? 0
            var next: [Card] = []
            for step in 1..<picks.count {
                let pick = picks[(now + step) % picks.count]
                if others.count + pick.count <= 2 {
                    next = pick
                    break
                }
            }
            picked = others + next
        case .lay:
            // The command's rule for a rank alone, so the key and `drill answer ID 5` agree.
            guard let card = drill.card(of: rank) else { return Outcome(notice: Notice(DrillsNotice.noCardOfRank(rank))) }
            return answer(card.description)
        case .count:
            break
        }
        return Outcome()
    }

    /// Go: the answer where no card may be laid; where one may, it is refused as the command refuses it.
    mutating func go() -> Outcome {
        guard phase == .answering, pending == nil, case .lay? = drill?.decision else { return Outcome() }
        return answer("go")
    }

    mutating func type(_ digit: Int) {
        guard phase == .answering, pending == nil, case .count = drill?.decision, typed.count < 2 else { return }
        typed += String(digit)
    }

    mutating func erase() {
        guard phase == .answering, pending == nil else { return }
        if !typed.isEmpty { typed.removeLast() } else if !picked.isEmpty { picked.removeLast() }
    }

    /// Enter: the answer picked or typed, on to the next drill once graded, or back after the last.
    mutating func enter() -> Outcome {
        switch phase {
        case .answering:
            guard pending == nil, let drill else { return Outcome() }
            if case .keep = drill.decision, picked.count != 2 { return Outcome(notice: Notice(DrillsNotice.pickTwo(picked.count))) }
            return answer(drill.decision.isCount ? typed : picked.map(\.description).joined(separator: " "))
        case .verdict:
            index += 1
            (picked, typed, optionsScroll) = ([], "", 0)
        case .summary:
            return Outcome(route: .back)
        case .setup:
            return start()
        case .loading, .problem:
            break
        }
        return Outcome()
    }

    /// The answer read as the command reads it; graded at once if its analysis is in, else when it is.
    private mutating func answer(_ text: String) -> Outcome {
        guard let drill else { return Outcome() }
        do {
            pending = PendingAnswer(move: try drill.move(parsing: text), answer: text)
        } catch {
            if drill.decision.isCount { typed = "" }
            return Outcome(notice: Notice(DrillsNotice.refused(error)))
        }
        return grade()
    }

    mutating func take(_ analysis: Analysis, at index: Int) -> Outcome {
        guard drills.indices.contains(index), analyses[index] == nil else { return Outcome() }
        analyses[index] = analysis
        return index == self.index ? grade() : Outcome()
    }

    /// Grades the answer waiting, and asks for it to be saved.
    private mutating func grade() -> Outcome {
        guard let pending, let drill, let analysis = analyses[index], results.count == index else { return Outcome() }
        self.pending = nil
        let result = drill.grade(pending.move, analysis: analysis)
        results.append(result)
        return Outcome(effect: .asking(DrillAnswerSave(drill: drill, result: result, answer: pending.answer)))
    }

    mutating func saved(_ saving: DrillSaving) -> Outcome {
        switch saving {
        case .saved(let rating):
            self.rating = rating
            return Outcome()
        case .failed(let failure):
            unsaved += 1
            return Outcome(notice: Notice(DrillsNotice.notSaved(failure)))
        }
    }
}

extension Decision {
    var isCount: Bool { if case .count = self { true } else { false } }
}

/// What the player does in the drills, and what comes back to them.
enum DrillsAction: Hashable, Sendable {
    case setupLoaded(KeptDrillSetup)
    case setupFieldMoved(Int)
    case setupValueChanged(Int)
    case loaded(KeptDrills)
    /// A drill analysed off the key path: its place in the session, and its id.
    case analysed(Analysis, index: Int, drill: String)
    case saved(DrillSaving, drill: String)
    case rankPressed(Rank)
    case digitTyped(Int)
    case wentGo
    case erased
    case entered
    case optionsScrolled(Int)
}

enum DrillsScene {
    /// The drills opened on a game's mistakes (learn from your mistakes, from the review), each
    /// asked before its answer is shown.
    static func learn(_ drills: [Drill], _ state: inout AppState) -> Outcome {
        state.drills = DrillsState(learning: drills)
        state.navigation.push(.drills)
        return Outcome(effect: .asking(MistakesLoad(drills: drills)))
    }

    static func reduce(_ state: inout DrillsState, _ action: DrillsAction) -> Outcome {
        switch action {
        case .setupLoaded(.setup(let setup, let passedOver)):
            state.setupLoaded(setup)
            return Outcome(notice: passedOver.map { Notice(DrillsNotice.setupPassedOver($0)) })
        case .setupLoaded(.unavailable(let failure)):
            state.failed(.unavailable(failure))
        case .setupFieldMoved(let step):
            state.moveField(step)
        case .setupValueChanged(let step):
            state.changeValue(step)
        case .loaded(.session(let drills, let rating, let setupNotKept, let notRead)):
            let learning = state.learning
            state = DrillsState(drills: drills, rating: rating, setup: state.setup)
            state.learning = learning
            // What could not be read matters more than a setup not kept for next time.
            if let notRead { return Outcome(notice: Notice(DrillsNotice.notRead(notRead))) }
            return Outcome(notice: setupNotKept.map { Notice(DrillsNotice.setupNotKept($0)) })
        case .loaded(.unavailable(let failure)):
            state.failed(.unavailable(failure))
        case .analysed(let analysis, let index, let id):
            guard state.drills.indices.contains(index), state.drills[index].id == id else { return Outcome() }
            return state.take(analysis, at: index)
        case .saved(let saving, _):
            return state.saved(saving)
        case .rankPressed(let rank):
            return state.press(rank)
        case .digitTyped(let digit):
            state.type(digit)
        case .wentGo:
            return state.go()
        case .erased:
            state.erase()
        case .entered:
            return state.enter()
        case .optionsScrolled(let offset):
            state.optionsScroll = max(0, state.optionsScroll + offset)
        }
        return Outcome()
    }

    /// Opens the drills, asking the keeper for the last session's setup.
    static func open(_ state: inout AppState) -> Outcome {
        state.drills = DrillsState()
        state.navigation.push(.drills)
        return Outcome(effect: .asking(DrillSetupLoad()))
    }

    /// The work the drills ask for: the drill shown analysed, then the next.
    static func jobs(_ state: DrillsState) -> [Job] {
        state.toAnalyse.map { index in
            let drill = state.drills[index]
            return Job(.drills, key: DrillsJob(id: drill.id, index: index), progress: Notice(DrillsNotice.grading)) {
                .drills(.analysed(drill.analysis(), index: index, drill: drill.id))
            }
        }
    }
}

/// An answer read, waiting for its drill's analysis.
struct PendingAnswer: Hashable, Sendable {
    let move: Match.Move
    let answer: String
}

/// A job of the drills: a drill of the session analysed.
struct DrillsJob: Hashable, Sendable {
    let id: String
    let index: Int
}
