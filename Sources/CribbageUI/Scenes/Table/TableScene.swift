import Canvas
import CribbageCore

extension Scene {
    /// A game against the computer: deal, throw, the play by rank key, the show, to 121.
    static let table: Scene = Scene(
        name: "table",
        title: "Against the computer",
        intro: "A game against the computer: throw two, lay by rank key, the show counts itself.",
        keyGroups: [KeyGroup.tableCards, KeyGroup.tableCount, KeyGroup.table, KeyGroup.tablePeople, KeyGroup.tableConsent,
                    KeyGroup.tableWatching],
        keyChain: { state in
            // At a table between people, esc goes to the lobby and the advice is off: keys of its own.
            if state.table?.shared?.watching == true { return [.tableWatching, .global] }
            let scope: KeyScope = state.table?.shared == nil ? .table : .tablePeople
            // The other asks to take back a move: y or n answers, before anything else.
            let asked: [KeyScope] = state.table.map { table in
                table.shared?.takeBackAsked.map { $0 != table.viewer } ?? false
            } == true ? [.tableConsent] : []
            // The count is typed by the seat it belongs to (at a table between people, the other's is theirs).
            if case .claim(let count) = state.table?.table.stage, state.table?.shared == nil || count.player == state.table?.viewer {
                return asked + [.tableCount, scope, .global]
            }
            return asked + [.tableCards, scope, .global]
        },
        open: { state in
            guard state.table != nil else { return Outcome(effect: .asking(TableLoad())) }
            state.navigation.push(.table)
            return Outcome()
        },
        reduce: { state, action in
            // The keep chosen in the Discard Advisor opened from here: thrown at once.
            if case .discardChosen(let cards) = action { return TableScene.reduce(&state, .thrown(cards)) }
            return reducing({ $0.table }, TableScene.reduce)(&state, action)
        },
        render: { state, glyphs, buffer in
            guard var table = state.table else { return }
            // While the computer's answer is paced, the table as far as it is shown.
            if let paced = table.paced { table.table = paced }
            TableRenderer.render(TableViewModel(state: table, app: state, glyphs: glyphs), glyphs: glyphs, into: &buffer)
        },
        work: { state in
            guard let scene = state.table else { return [] }
            // The chance to win on the pegboard, for where the player stands in the table shown.
            var jobs: [Job] = []
            if let shared = scene.shared { return TableScene.sharedJobs(shared) }
            if let standpoint = (scene.paced ?? scene.table).match.standpoint(of: scene.viewer),
               scene.chance?.standpoint != standpoint {
                jobs.append(Job(.table, key: standpoint, progress: nil) { analyst in
                    .table(.chanceWorkedOut(KeptChance(standpoint: standpoint, win: analyst.chance(standpoint))))
                })
            }
            if case .asked(let question) = scene.panel {
                let progress: TableNotice = question.isHint ? .hintWorking : .whyWorking
                jobs.append(Job(.table, key: question, progress: .tableNotice(progress)) { analyst in
                    .table(.answered(question, TableScene.answer(question, by: analyst)))
                })
            }
            if let point = scene.tutoring {
                return [Job(.table, key: point, progress: .tableNotice(.tutorWeighing)) { analyst in
                    .table(.tutored(point, TableTutor.verdict(point, by: analyst)))
                }] + jobs
            }
            // The pace: a timer a step, cancelled by any key that acts (it finishes the pace).
            guard let paced = scene.paced, scene.table.pace != .off else { return jobs }
            let shown = paced.moves.count
            return [Job(.table, key: PaceStep(game: paced.gameNumber, shown: shown), progress: .tableNotice(.computerPlaying),
                        after: .milliseconds(scene.table.pace.milliseconds)) {
                .table(.paceStepped(shown: shown))
            }] + jobs
        },
        // Back from watching: the lobby is read again at once, which ends the watching.
        leave: { state in
            guard state.table?.shared?.watching == true, let lobby = state.lobby?.lobby else { return }
            state.lobby?.lobby = ClubLobby(version: -1, rating: lobby.rating, members: lobby.members,
                                           invitations: lobby.invitations, waiting: lobby.waiting)
        },
        holdsUnsaved: { state in state.table?.saveFailure != nil }
    )
}

extension TableScene {
    /// At a table between people: the table's next change awaited (no thread held, no polling),
    /// and while a seat is gone, the table read again every 10 seconds for how long.
    static func sharedJobs(_ shared: SharedSeat) -> [Job] {
        let (club, id, version) = (shared.club, shared.id, shared.version)
        let read = SharedTableCall(club: club, id: id, call: .read)
        var jobs = [Job(.table, key: SharedWait(id: id, version: version, away: nil),
                        awaiting: { await club.link.tableChanges(id, after: version) }) { .table(.sharedMoved(read.perform())) }]
        if shared.away.contains(where: { $0 != nil }) {
            jobs.append(Job(.table, key: SharedWait(id: id, version: version, away: shared.away), progress: nil,
                            after: .seconds(10)) { .table(.sharedMoved(read.perform())) })
        }
        return jobs
    }
}

/// What a table between people waits for: the club's change after `version`, or the clock
/// while a seat is gone.
private struct SharedWait: Hashable, Sendable {
    let id: String
    let version: Int
    let away: [Int?]?
}

/// The pace's timer step: which table shown it moves on.
private struct PaceStep: Hashable, Sendable {
    let game: Int
    let shown: Int
}

extension Opening {
    /// The table on the kept match against the computer (`twentynine table`).
    public static let table = Opening(scene: .table)
}

extension KeyScope {
    static let tableCards: KeyScope = KeyScope(title: "Against the computer: your cards")
    static let tableCount: KeyScope = KeyScope(title: "Against the computer: your count (muggins)")
    static let table: KeyScope = KeyScope(title: "Against the computer")
    static let tablePeople: KeyScope = KeyScope(title: "At a table between people")
    static let tableConsent: KeyScope = KeyScope(title: "At a table between people: the other asks a take-back")
    static let tableWatching: KeyScope = KeyScope(title: "Watching a game between people")
}

extension KeyGroup {
    /// The rank keys: `a 2-9 t j q k`, and `0` for a ten.
    static let tableCards: KeyGroup = KeyGroup(scope: .tableCards, commands: [
        KeyCommand("pick to throw by rank (again: the next suit), or lay", hint: "rank",
                   bindings: KeyMap.rankKeys { .table(.rankPressed($0)) }),
        KeyCommand("move along your cards", bindings: [
            KeyBinding(keys: [.left, .character("h")], action: .table(.cursorMoved(-1))),
            KeyBinding(keys: [.right, .character("l")], action: .table(.cursorMoved(1))),
        ]),
        KeyCommand("pick or lay the card under the cursor", keys: [.character(" ")], action: .table(.cursorChosen)),
        KeyCommand("take back your last throw or card, and the answer", hint: "take back",
                   keys: [.character("u"), .backspace], action: .table(.tookBack)),
    ])

    static let tableCount: KeyGroup = KeyGroup(scope: .tableCount, commands: [
        KeyCommand("type your count of the hand or crib", hint: "count",
                   bindings: "0123456789".map { digit in
                       KeyBinding(keys: [.character(digit)], action: .table(.digitTyped(digit)))
                   }),
        KeyCommand("erase a digit", keys: [.backspace, .delete], action: .table(.digitErased)),
    ])

    static let table: KeyGroup = KeyGroup(scope: .table, commands: [
        KeyCommand("throw the two picked, enter your count, or go on", hint: "go on",
                   keys: [.enter], action: .table(.confirmed)),
        KeyCommand("hint: the advice for your throw or your card", hint: "hint",
                   keys: [.character("e")], action: .table(.hintToggled)),
        KeyCommand("why the computer kept what it kept (after the show)", hint: "why",
                   keys: [.character("w")], action: .table(.whyToggled)),
        KeyCommand("the breakdown of each count of the show in turn", hint: "breakdown",
                   keys: [.character("b")], action: .table(.breakdownShown)),
        KeyCommand("the Discard Advisor: your six, to win from the score", keys: [.character("d")],
                   action: .table(.advisorOpened)),
        KeyCommand("the game review of the last game finished", keys: [.character("V")], action: .opened(.review)),
        KeyCommand("drills: the decisions you get wrong", keys: [.character("D")], action: .opened(.drills)),
        KeyCommand("records: wins by level, skunks, your error rate", keys: [.character("r")],
                   action: .opened(.records)),
        KeyCommand("back to the counter; the game is saved (v returns)", hint: "counter",
                   keys: [.escape], action: .backRequested),
        KeyCommand("tutor on or off: a mistake said, and what was better", keys: [.character("T")],
                   action: .table(.tutorToggled)),
        KeyCommand("pace of the computer's cards: off, 300 ms, 800 ms", keys: [.character("p")],
                   action: .table(.paceCycled)),
        KeyCommand("reopen the match from its file", hint: "reopen",
                   keys: [.character("R")], action: .table(.reopened)),
        KeyCommand("quit (q is a queen here)", hint: "quit",
                   keys: [.character("Q")], action: .quitRequested),
    ])
}

extension KeyGroup {
    /// At a table between people (the cards and the count as against the computer): no advice,
    /// no tutor, no pace; esc goes back to the lobby, where the table waits.
    static let tablePeople: KeyGroup = KeyGroup(scope: .tablePeople, commands: [
        KeyCommand("throw, count, go on; the next hand once both press", hint: "go on", keys: [.enter], action: .table(.confirmed)),
        KeyCommand("the breakdown of each count of the show in turn", hint: "breakdown",
                   keys: [.character("b")], action: .table(.breakdownShown)),
        KeyCommand("hint, why, the tutor: off against a person", bindings: [
            KeyBinding(keys: [.character("e")], action: .table(.hintToggled)),
            KeyBinding(keys: [.character("w")], action: .table(.whyToggled)),
            KeyBinding(keys: [.character("T")], action: .table(.tutorToggled)),
        ]),
        KeyCommand("ask to take back your last throw or card (unrated)", otherInput: "u"),
        KeyCommand("adjourn, the other gone long enough: kept for both", keys: [.character("A")],
                   action: .table(.adjournAsked)),
        KeyCommand("back to the lobby, where the table waits", hint: "lobby",
                   keys: [.escape], action: .backRequested),
        KeyCommand("quit; the table waits (q is a queen here)", hint: "quit",
                   keys: [.character("Q")], action: .quitRequested),
    ])
}

extension KeyGroup {
    /// Watching a game from the lobby: the breakdowns, and back.
    static let tableWatching: KeyGroup = KeyGroup(scope: .tableWatching, commands: [
        KeyCommand("the breakdown of each count of the show in turn", hint: "breakdown",
                   keys: [.character("b")], action: .table(.breakdownShown)),
        KeyCommand("back to the lobby, watching no longer", hint: "lobby", keys: [.escape], action: .backRequested),
    ])

    /// The other player asks to take back their last move: yes or no.
    static let tableConsent: KeyGroup = KeyGroup(scope: .tableConsent, commands: [
        KeyCommand("let them take back their last throw or card", hint: "let them", keys: [.character("y")],
                   action: .table(.takeBackAnswered(true))),
        KeyCommand("say no: their move stands", hint: "no", keys: [.character("n")], action: .table(.takeBackAnswered(false))),
    ])
}

extension Action {
    /// The scene's own action, when this is one.
    var table: TableAction? {
        if case .table(let action) = self { return action }
        return nil
    }
}

extension AppState {
    /// The match against the computer, once one is open.
    var table: TableState? {
        get { scenes[TableState.self] }
        _modify { yield &scenes[TableState.self] }
    }
}
