import Canvas
import CribbageCore

/// What the table shows: the computer's cards (face down until its hand is counted), the crib
/// and the starter, the count and the cards before it, your cards with the ones picked, what to
/// do now, what just happened, the panel (the show's counts, a hint, why, a breakdown) and both
/// sides' pegs.
struct TableViewModel: Hashable, Sendable {
    struct Track: Hashable, Sendable {
        let name: String
        let front: Int
        let back: Int
        let role: String
        /// The side's chance to win, in whole percent, as the board gives it; nil where the
        /// model does not reach.
        let chance: Int?
    }

    /// One of the computer's seats at a table of three or four: its cards (face down until its
    /// hand is counted), the cards it has laid this deal, its role, and whether it is to lay.
    struct Seat: Hashable, Sendable {
        let name: String
        /// Its kept four, face up, once its hand is counted; else empty.
        let cards: [Card]
        /// The cards it holds face down.
        let hidden: Int
        let laid: [Card]
        let role: String
        let toPlay: Bool
    }

    /// The header's title: against the computer, or the person.
    let title: String
    /// The other seat's name at a table of two: "Computer", or the person's.
    let otherName: String
    /// The name by the lower row: "You", or the player's name to someone watching.
    let yourName: String
    let status: String
    /// The computer's seats, from your left, at a table of three or four; empty with two.
    let seats: [Seat]
    /// The cards you have laid this deal, at a table of three or four (the count row shows them with two).
    let yourLaid: [Card]
    /// You are to lay, at a table of three or four.
    let yourTurn: Bool
    let computerCards: [Card]
    /// The computer's cards are face up (its hand has been counted).
    let computerShown: Bool
    let computerRole: String
    let cribOwner: String
    let crib: [Card]
    let cribShown: Bool
    let starter: Card?
    let count: Int?
    let countCards: [Card]
    let earlier: [Card]
    let yourCards: [Card]
    let yourRole: String
    let picked: [Card]
    let cursor: Int?
    let playable: [Card]
    let prompt: String
    let last: [String]
    let panel: [String]
    let tracks: [Track]
    let target: Int
    /// The holes marked as skunk lines.
    let skunkLines: [Int]
    let message: String?
    let notice: Notice?
    let chain: [KeyScope]
    /// The table's keys that do something now, for the footer.
    private let working: Set<TableAction.Kind>

    /// Whether a key doing `action` does anything now: the rank keys and the hint while there is
    /// a decision (the hint only with hints on), why once the computer's hand is shown, the
    /// breakdowns once a count is, and enter but in the play.
    func offers(_ action: Action) -> Bool {
        guard let table = action.table else { return true }
        return working.contains(table.kind)
    }

    init(state: TableState, app: AppState, glyphs: Glyphs) {
        let table = state.table
        let watching = state.watching
        let words = SeatWords(table: table, viewer: state.viewer, watching: watching)
        let (you, other) = (state.viewer, words.opponent)
        let game = table.game
        let deal = table.deal
        let card = { (card: Card) in CardText.text(card, glyphs: glyphs) }
        let standing = table.standing
        let group = table.players > 2
        // With three or four, the games won without the game's number, so that it fits 74 columns.
        title = state.shared == nil ? Scene.table.title : watching ? "Watching" : "Against \(words.name(other))"
        otherName = words.name(other)
        yourName = words.name(you)
        status = (state.shared == nil ? table.setup.level.rawValue : "to \(table.setup.target.points)") + " \(glyphs.separator) "
            + (group ? "\(table.players) players \(glyphs.separator) " : "game \(table.gameNumber) \(glyphs.separator) games ")
            + (0..<game.seating.sides).map { String(standing.wins[(game.seating.side(of: you) + $0) % game.seating.sides]) }
            .joined(separator: "-")
            + (state.shared.map { $0.watchers.isEmpty ? "" : " \(glyphs.separator) watched by \($0.watchers.joined(separator: ", "))" } ?? "")
        let dealer = deal?.dealer ?? game.dealer
        let role = { (seat: Int) in deal == nil ? "" : (seat == dealer ? "dealer" : group ? "" : "pone") }
        // The pace beside the computer's cards, which it paces.
        computerRole = role(other) + (table.pace == .off ? "" : "  (\(table.pace.milliseconds) ms a card)")
        yourRole = role(you) + (table.tutor ? "  (tutor on)" : "")
        let shown = deal?.shown ?? []
        computerShown = shown.contains { $0.count.player == other && $0.count.rules == .hand }
        if let deal {
            computerCards = (computerShown ? deal.kept[other] ?? [] : deal.held(by: other)).sorted()
        } else {
            computerCards = []
        }
        cribOwner = "\(words.whose(dealer)) crib"
        crib = (deal?.crib ?? []).sorted()
        // The crib turns over when it is counted, or when you are to count it.
        let countingCrib = if case .claim(let count) = table.stage { count.rules == .crib } else { false }
        cribShown = countingCrib || shown.contains { $0.count.rules == .crib }
        starter = deal.flatMap { $0.isCut ? $0.cut : nil }
        let play = deal?.play
        count = deal?.isCut == true ? play?.count : nil
        countCards = play?.countCards ?? []
        earlier = play.map { play in play.steps.compactMap { step -> Card? in
            if case .card(let card) = step.token, !play.countCards.contains(card) { return card }
            return nil
        } } ?? []
        // The stage spelled out: the scene of the same name is named only where the recipe says.
        let playing = table.stage == Match.Stage.play
        let turn = playing ? deal?.turn : nil
        if group, let deal {
            seats = words.others.map { seat in
                let counted = shown.contains { $0.count.player == seat && $0.count.rules == .hand }
                // The cards laid while the play is on; after it, its four are its hand.
                return Seat(name: words.name(seat), cards: counted ? (deal.kept[seat] ?? []).sorted() : [],
                            hidden: counted ? 0 : deal.held(by: seat).count,
                            laid: playing ? deal.laid(by: seat) : [], role: role(seat), toPlay: turn == seat)
            }
            yourLaid = playing ? deal.laid(by: you) : []
        } else {
            seats = group ? words.others.map { Seat(name: words.name($0), cards: [], hidden: 0, laid: [], role: "", toPlay: false) } : []
            yourLaid = []
        }
        yourTurn = group && turn == you
        yourCards = state.cards
        picked = state.picked
        playable = table.playable(for: you)
        switch table.stage {
        case .discard, .play: cursor = state.cards.isEmpty ? nil : state.cursor
        default: cursor = nil
        }
        prompt = Self.prompt(state, glyphs: glyphs)
        // The show's counts are in the panel, so the lines above it keep what came before them.
        // A muggins line stays, for what it took.
        // The whole deal's events, kept across quit and reopen; the renderer shows the newest
        // that fit in the rows the screen has.
        last = table.dealEvents.filter { event in
            // Your own throw needs no line.
            if event == .threw(seat: you), !watching { return false }
            guard case .counted(_, _, let points, let claimed) = event else { return true }
            return state.panel != nil || (claimed.map { $0 != points } ?? false)
        }
            .map { Self.text($0, table: table, viewer: you, watching: watching, glyphs: glyphs) }
        // A taller screen gives the hint's table more keeps: half of each row over 24.
        panel = Self.panel(state, keeps: 3 + max(0, app.screenSize.height - Placement.design.height) / 2, glyphs: glyphs)
        if group {
            // A side a track: each player's with three, "Yours" (you and your partner) and "Theirs" with teams.
            let yourSide = game.seating.side(of: you)
            tracks = ((0..<game.seating.sides).map { (yourSide + $0) % game.seating.sides }).map { side in
                let name = game.seating == .twoTeams ? (side == yourSide ? "Yours" : "Theirs") : words.name(side)
                return Track(name: name, front: game.pegs[side].front, back: game.pegs[side].back, role: "", chance: nil)
            }
        } else {
            // Two players: the analysis's chance for the player from what they know, worked out off
            // the key path (`KeptChance`), the computer's the rest of it; none while the figure for
            // where the player stands now is on its way (an older one would say something false).
            let now = table.match.standpoint(of: you)
            let mine = state.chance.flatMap { $0.standpoint == now ? $0.win : nil }
            tracks = [you, other].map { seat in
                Track(name: words.name(seat), front: game.pegs[seat].front, back: game.pegs[seat].back, role: role(seat),
                      chance: mine.map { Int(((seat == you ? $0 : 1 - $0) * 100).rounded()) })
            }
        }
        target = game.target.points
        skunkLines = [game.target.doubleSkunkLine, game.target.skunkLine]
        if let failure = state.saveFailure {
            message = Self.text(failure, takenBack: state.table == state.lastSaved)
        } else if let shared = state.shared, let asker = shared.takeBackAsked {
            let yes = KeyMap.key(for: .table(.takeBackAnswered(true))), no = KeyMap.key(for: .table(.takeBackAnswered(false)))
            message = asker == state.viewer ? "You asked to take back your last move: waiting for \(words.name(words.opponent))'s answer"
                : "\(words.name(asker)) asks to take back their last throw or card: \(yes) lets them, \(no) says no"
        } else if let shared = state.shared, let gone = words.others.first(where: { shared.away.indices.contains($0) && shared.away[$0] != nil }) {
            // The seat waits: the other sees who is gone and for how long.
            let seconds = shared.away[gone] ?? 0
            let time = seconds < 60 ? "under a minute" : seconds < 7_200 ? "\(seconds / 60) min" : "\(seconds / 3_600) h"
            message = "\(words.name(gone)) is gone (\(time)): the table waits for them; esc to the lobby, the game is kept"
                + (shared.adjournable ? "; \(KeyMap.key(for: .table(.adjournAsked))) adjourns it" : "")
        } else {
            message = state.opening
        }
        notice = app.noticeShown
        chain = app.keyChain
        var working: Set<TableAction.Kind> = state.shared == nil ? [.cursor, .count, .advisor, .tutor, .pace] : [.cursor, .count]
        if case .changedElsewhere = state.saveFailure { working.insert(.reopen) }
        if state.shared == nil ? table.canTakeBack : table.canTakeBack(seat: state.viewer) || state.shared?.takeBackAsked != nil {
            working.insert(.takeBack)
        }
        switch table.stage {
        case .discard, .play:
            working.insert(.rank)
            if table.setup.hints { working.insert(.hint) }
            if case .discard = table.stage { working.insert(.confirm) }
        case .cutForDeal, .claim, .show:
            working.insert(.confirm)
        case .over:
            working.insert(.confirm)
        }
        let counted = TableScene.countsShown(table)
        if TableScene.whyQuestion(table, viewer: you) != nil { working.insert(.why) }
        if !counted.isEmpty { working.insert(.breakdown) }
        // The hint, why and the tutor weigh two-player deals, and none is offered against a person.
        if !table.hasAdvice || state.shared != nil { working.subtract([.hint, .why, .tutor]) }
        self.working = working
        _ = card
    }

    /// Why the match is not saved, in the table's words; another table holding it says what
    /// to do. `takenBack`: the table shown is the one last saved (a game's end the database
    /// could not take is taken back; other moves go on in memory).
    static func text(_ failure: GameKeepingFailure, takenBack: Bool) -> String {
        switch failure {
        case .changedElsewhere(let file):
            let reopen = KeyMap.key(for: .table(.reopened)), quit = KeyMap.key(for: .quitRequested, in: [.table])
            return "Another table holds this match: \(file) changed since this table read it; that move is not kept. "
                + "\(reopen) reopens the match from the file; \(quit) quits."
        case .refused(let reason):
            return "That move was not kept: \(reason)"
        default:
            if takenBack {
                return "That move was not kept: \(Wording.text(failure)); the match is as last saved: play it again once it can be saved"
            }
            return "Not saved: \(Wording.text(failure)); the match goes on in memory only until a save succeeds"
        }
    }

    private static func prompt(_ state: TableState, glyphs: Glyphs) -> String {
        let table = state.table
        if state.watching {
            let words = SeatWords(table: table, viewer: state.viewer, watching: true)
            return "Watching \(words.name(0)) and \(words.name(1)): no hand is shown before its count \(glyphs.separator) esc to the lobby"
        }
        let words = SeatWords(table: table, viewer: state.viewer, watching: state.watching)
        let go = KeyMap.key(for: .table(.confirmed))
        switch table.stage {
        case .cutForDeal:
            return "\(go) deals the first hand"
        case .discard where table.players > 2:
            let dealer = table.deal?.dealer ?? 0
            let crib = words.isYou(dealer) ? "your crib" : "\(words.name(dealer))'s crib"
            if state.picked.count == 1 { return "\(go) throws it to \(crib)" }
            return "Throw one to \(crib): press its rank"
        case .discard where state.shared != nil && !(table.deal?.thrown[state.viewer].isEmpty ?? true):
            return "Waiting for \(words.whom(words.opponent)) to throw"
        case .play where state.shared != nil && table.deal?.turn != state.viewer:
            return "\(words.who(table.deal?.turn ?? words.opponent)) to lay: waiting"
        case .claim(let count) where count.player != state.viewer:
            return "\(words.who(count.player)) counts \(count.rules == .crib ? "the crib" : "their hand"): waiting"
        case .discard:
            let dealer = table.deal?.dealer ?? 0
            let crib = words.isYou(dealer) ? "your crib" : "\(words.whom(dealer))'s crib"
            if state.picked.count == 2 { return "\(go) throws them to \(crib)" }
            return "Throw two to \(crib): press their ranks (\(state.picked.count) of 2 picked)"
        case .play:
            let count = table.deal?.play.count ?? 0
            return count == 0 ? "Your lead: press a card's rank" : "Your card on \(count): press its rank"
        case .claim(let count):
            let whose = count.rules == .crib ? "your crib" : "your hand"
            return "Count \(whose) and type it, then \(go): \(state.typed.isEmpty ? "_" : state.typed)"
        case .show where state.shared != nil, .over where state.shared != nil:
            // Between people the next hand (or game) waits until both have pressed: each is told who still looks.
            let shared = state.shared!
            let other = words.opponent, breakdowns = "\(KeyMap.key(for: .table(.breakdownShown))) breakdowns"
            let next = table.stage == .show ? "the next hand" : "the next game"
            if shared.isReady(state.viewer) {
                return "\(words.name(other)) is still looking: \(next) when they press \(go) \(glyphs.separator) \(breakdowns)"
            }
            if shared.isReady(other) { return "\(go) deals \(next): \(words.name(other)) has seen this \(glyphs.separator) \(breakdowns)" }
            return "\(go) when you have seen this: \(next) once both have \(glyphs.separator) \(breakdowns)"
        case .show where !table.hasAdvice:
            return "\(go) deals the next hand \(glyphs.separator) \(KeyMap.key(for: .table(.breakdownShown))) breakdowns"
        case .show:
            return "\(go) deals the next hand \(glyphs.separator) \(KeyMap.key(for: .table(.breakdownShown))) breakdowns"
                + " \(glyphs.separator) \(KeyMap.key(for: .table(.whyToggled))) why the computer kept its four"
        case .over where table.players > 2:
            return "\(go) starts the next game (the first deal passes to the left)"
        case .over:
            return "\(go) starts the next game (the loser deals) \(glyphs.separator) \(KeyMap.key(for: .opened(.review))) reviews this one"
        }
    }

    /// A table event in words: "The computer lays 5♣ for 15: fifteen for two".
    static func text(_ event: TableEvent, table: TableGame, viewer: Int = TableGame.player, watching: Bool = false,
                     glyphs: Glyphs) -> String {
        let card = { (card: Card) in CardText.text(card, glyphs: glyphs) }
        let group = table.players > 2
        let words = SeatWords(table: table, viewer: viewer, watching: watching)
        let (who, whom) = (words.who, words.whom)
        switch event {
        case .cutForDeal(let cards, let dealer) where group:
            let cuts = cards.enumerated().map { "\(whom($0.offset)) \(card($0.element))" }.joined(separator: ", ")
            return "Cut for deal: \(cuts): the lowest card deals, \(whom(dealer)) first"
        case .cutForDeal(let cards, let dealer):
            let other = words.opponent
            let cut = words.isYou(viewer) ? "You cut" : "\(words.name(viewer)) cuts"
            return "\(cut) \(card(cards[viewer])), \(whom(other)) \(card(cards[other])): the lower card deals, \(whom(dealer)) first"
        case .dealt(let dealer) where group:
            return "\(who(dealer)) deal\(words.isYou(dealer) ? "" : "s"): five cards each"
                + (table.players == 3 ? ", and one from the deck to the crib" : "")
        case .dealt(let dealer):
            return "\(who(dealer)) deal\(words.isYou(dealer) ? "" : "s"): six cards each"
        case .threw(let seat) where group:
            let dealer = table.deal?.dealer ?? 0
            let crib = dealer == seat ? "its own crib" : words.isYou(dealer) ? "your crib" : "\(words.name(dealer))'s crib"
            return "\(who(seat)) throws one to \(crib)"
        case .threw(let seat):
            let dealer = table.deal?.dealer ?? 0
            let crib = dealer == seat ? (table.setup.seats[seat].isComputer ? "its own crib" : "their own crib")
                : words.isYou(dealer) ? "your crib" : "\(words.name(dealer))'s crib"
            return "\(who(seat)) throws two to \(crib)"
        case .starter(let starter, let heels):
            return "The starter is \(card(starter))" + (heels ? ": his heels, two to \(whom(table.deal?.dealer ?? 0))" : "")
        case .played(let seat, let token, let count, let pegs):
            // A go or the last card says whose point it is, whoever laid; a score made by a card is its layer's.
            let calls = pegs.map { peg in
                let named = peg.seat != seat || peg.score == .go || peg.score == .lastCard
                return Wording.call(peg.score) + (named ? " to \(whom(peg.seat))" : "")
            }.joined(separator: ", ")
            switch token {
            case .card(let laid):
                let verb = words.isYou(seat) ? "lay" : "lays"
                return "\(who(seat)) \(verb) \(card(laid)) for \(count)" + (calls.isEmpty ? "" : ": \(calls)")
            case .go where pegs.contains(where: { $0.seat == seat && $0.score == .go }):
                // The go's point to the one who laid last and can lay no more: no one said go to them.
                return "No one can lay on \(count): " + calls
            case .go:
                let verb = words.isYou(seat) ? "say" : "says"
                return "\(who(seat)) \(verb) go" + (calls.isEmpty ? "" : ": \(calls)")
            }
        case .counted(let count, let hand, let points, let claimed):
            let whose = words.whose(count.player)
            let what = "\(whose) \(count.rules == .crib ? "crib" : "hand") \(CardText.list(hand.cards.sorted(), glyphs: glyphs))"
                + " with \(card(hand.cut))"
            guard let claimed else { return "\(what): \(points)" }
            // Counted by the seat it belongs to: you, or the other person at a table between people.
            let counter = whom(count.player), taker = (count.player + 1) % table.players
            if claimed == points { return "\(what): \(points), as \(counter) counted" }
            return "\(what): \(points); \(counter) counted \(claimed), missing "
                + Self.missed(hand.breakdown(rules: count.rules).grade(claimed: claimed), glyphs: glyphs)
                + ": muggins, \(words.isYou(taker) ? "you take" : "\(whom(taker)) takes") \(points - claimed)"
                + " (\(KeyMap.key(for: .table(.breakdownShown))) shows them all)"
        case .won(let result):
            let seating = table.game.seating
            return table.game.resultLine(result) { side in seating.players(on: side).map(words.name).joined(separator: " & ") }
        }
    }

    /// What a count missed, each combination with its cards (the fewest that make up the points
    /// missed): "fifteen for two (7♥ 8♣) and his nobs for one (J♠ 4♠)"; the points alone when none do.
    static func missed(_ grade: CountGrade, glyphs: Glyphs) -> String {
        guard case .missed(let count, let claimed, let items) = grade else { return "nothing" }
        guard !items.isEmpty else { return "\(count - claimed)" }
        let words = items.map { Wording.combination($0.rank, cards: $0.cards, points: $0.points, glyphs: glyphs) }
        return words.count == 1 ? words[0] : words.dropLast().joined(separator: ", ") + " and " + words.last!
    }

    /// The panel's lines; a hint shows up to `keeps` keeps.
    private static func panel(_ state: TableState, keeps: Int, glyphs: Glyphs) -> [String] {
        let table = state.table
        let card = { (cards: [Card]) in CardText.list(cards.sorted(), glyphs: glyphs) }
        switch state.panel {
        case .discardHint(let analysis):
            guard case .keep(let six, let role, _) = analysis.decision else { return [] }
            // Where the chance to win and the points prefer different keeps, both with their
            // figures and the reason, in a line a player can check against the rows below.
            let against = analysis.againstBestScoring(naming: { card($0) }, minus: glyphs.minus)
            let chance = analysis.best.value.chances == nil ? "" : ", and the chance to win"
            let title = against.map { "Hint: " + $0.prefix(1).uppercased() + $0.dropFirst() + "." }
                ?? "Hint: keep / throw by hand \(role == .dealer ? "+" : glyphs.minus) crib + the play\(chance):"
            // Suit twins once: K♣ and K♥ kept alike are one keep unless a flush or nobs tells them
            // apart. The best (three at 80×24); with the line, one fewer and the keep it names that
            // is not among them, so that the whole fits 74×22.
            var shown = Array(analysis.distinctKeeps.prefix(against == nil ? keeps : keeps - 1))
            if let (best, pointsBest) = analysis.bestByChanceAndPoints {
                for named in [best, pointsBest] where !shown.contains(where: {
                    Analysis.areSuitTwins($0.keep!, named.keep!, six: six)
                }) {
                    shown.append(named)
                }
            }
            return [title] + shown.map { option in
                let keep = option.keep!
                let peg = keep.pegging(for: role)?.net ?? 0
                return "  \(card(keep.cards)) / \(card(keep.discard)): hand \(keep.hand.mean.decimal(places: 1)), "
                    + "crib \(keep.cribMean.decimal(places: 1)), play \(signed(peg, glyphs: glyphs)), "
                    + "net \(signed(option.value.net, glyphs: glyphs))"
                    + (option.value.chances.map { ", \($0.win.percent)" } ?? "")
            }
        case .playHint(let analysis) where analysis.ranking != .points:
            // Near the end: ranked by the chance to win the game.
            let options = analysis.options.map { option in
                let name = if case .card(let laid) = option.token { CardText.text(laid, glyphs: glyphs) } else { "go" }
                return "\(name) \((option.value.chances?.win ?? 0).percent) \(signed(option.value.net, glyphs: glyphs))"
            }
            return ["Hint, near the end: each card's chance to win, and its net in the play:",
                    "  You: " + options.joined(separator: " \(glyphs.separator) ")]
        case .playHint(let analysis):
            let words = SeatWords(table: table, viewer: state.viewer, watching: state.watching)
            let text = PlayRenderer.hintText(.options(player: "You", analysis.options, greedy: false),
                                             names: [words.name(state.viewer), words.name(words.opponent)], glyphs: glyphs)
            return ["Hint: each card's points for the rest of the play, you less \(words.whom(words.opponent)):", "  " + text]
        case .asked(let question):
            return [question.isHint ? "Hint: working it out\(glyphs.ellipsis)" : "Why: working it out\(glyphs.ellipsis)"]
        case .why(let analysis):
            guard case .keep(_, let role, let score) = analysis.decision else { return [] }
            let distinct = analysis.distinctKeeps
            let (chosen, next) = (distinct[0], distinct[1])
            func line(_ option: Analysis.Option) -> String {
                let keep = option.keep!
                let peg = keep.pegging(for: role)?.net ?? 0
                return "keep \(card(keep.cards)), throw \(card(keep.discard)): hand \(keep.hand.mean.decimal(places: 1)), "
                    + "crib \(role == .dealer ? "+" : glyphs.minus)\(keep.cribMean.decimal(places: 1)), "
                    + "play \(signed(peg, glyphs: glyphs)): \(minus(option.value.net.decimal(places: 1), glyphs: glyphs))"
            }
            let level = switch table.setup.level {
            case .novice: " (the novice counts its hand alone)"
            case .beginner: " (the beginner counts hand and crib only, against a random crib)"
            case .club: " (the club player counts hand and crib only)"
            case .expert: ""
            }
            let keeps = ["  it chose  " + line(chosen), "  next best " + line(next)]
            guard analysis.ranking != .points, let score, let kept = chosen.value.chances?.gamePoints,
                  let other = next.value.chances?.gamePoints else {
                return ["Why, as \(role == .dealer ? "dealer" : "pone"), on average over the cut\(level):"] + keeps
            }
            // Thrown to the score near the end: the game points rank, the averages follow.
            return ["Why, as \(role == .dealer ? "dealer" : "pone") at \(score.mine) to \(score.theirs), for the game points: "
                + "\(signed(kept, places: 2, glyphs: glyphs)) kept, "
                + "\(signed(other, places: 2, glyphs: glyphs)) the next"] + keeps
        case .breakdown(let index):
            let counts = table.deal?.shown ?? []
            guard counts.indices.contains(index) else { return [] }
            let shown = counts[index]
            let breakdown = shown.hand.breakdown(rules: shown.count.rules)
            let whose = SeatWords(table: table, viewer: state.viewer, watching: state.watching).whose(shown.count.player)
            // Each combination with its cards, as the counter's breakdown lists them, then the count said;
            // the count's own line (its cards and total) is in the lines above, not repeated.
            let owner = whose == "Your" || whose == "Its" ? whose.lowercased() : whose
            return ["How \(owner) \(shown.count.rules == .crib ? "crib" : "hand") makes \(breakdown.total):"]
                + Wording.combinationLines(breakdown, glyphs: glyphs).map { "  " + $0 }
                + ["  " + glyphs.quoted(breakdown.spokenCount)]
        case nil where isOver(table):
            return TableSummary.game(table, viewer: state.viewer, watching: state.watching)
        case nil where table.players > 2:
            // The cards are face up on the seats' rows and the crib's: the counts in one line.
            let counts = (table.deal?.shown ?? []).map { shown in
                let whose = shown.count.rules == .crib ? "the crib"
                    : SeatWords(table: table, viewer: state.viewer, watching: state.watching).whom(shown.count.player)
                return "\(whose) \(shown.points)" + (shown.claimed.map { $0 == shown.points ? "" : " (\(SeatWords(table: table, viewer: state.viewer, watching: state.watching).whom(shown.count.player)) counted \($0))" } ?? "")
            }
            let summary = table.stage == .show ? TableSummary.deal(table, viewer: state.viewer, watching: state.watching) : []
            guard let cut = table.deal?.cut, !counts.isEmpty else { return summary }
            return summary + ["The show with \(CardText.text(cut, glyphs: glyphs)): " + counts.joined(separator: ", ")]
        case nil:
            let counts = table.deal?.shown ?? []
            let summary = table.stage == .show ? TableSummary.deal(table, viewer: state.viewer, watching: state.watching) : []
            return summary + counts.map { shown in
                let whose = SeatWords(table: table, viewer: state.viewer, watching: state.watching).whose(shown.count.player)
                let name = "\(whose) \(shown.count.rules == .crib ? "crib" : "hand")".padding(9)
                return "\(name) \(card(shown.hand.cards)) + \(CardText.text(shown.hand.cut, glyphs: glyphs))  \(shown.points)"
                    + (shown.claimed.map { $0 == shown.points ? "" : " (\(SeatWords(table: table, viewer: state.viewer, watching: state.watching).whom(shown.count.player)) counted \($0))" } ?? "")
            }
        }
    }

    private static func isOver(_ table: TableGame) -> Bool {
        if case .over = table.stage { return true }
        return false
    }

    private static func signed(_ value: Double, places: Int = 1, glyphs: Glyphs) -> String {
        minus(value.signed(places: places), glyphs: glyphs)
    }

    /// One minus sign: the glyphs' (− in Unicode) for a number's hyphen.
    private static func minus(_ text: String, glyphs: Glyphs) -> String {
        text.hasPrefix("-") ? glyphs.minus + text.dropFirst() : text
    }
}

private extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
