import Canvas
import CribbageCore

/// What the drills show: the drill's position and what is asked, the answer so far; then the
/// verdict (right or not, the loss in points and in win chance, why) and the whole options
/// table; at the end the session's first-try rate, points lost and the rating's change.
struct DrillsViewModel: Hashable, Sendable {
    typealias Line = ReviewViewModel.Line

    let status: String
    let lines: [Line]
    /// The first line of the options table, where the scroll starts.
    let optionsStart: Int?
    let notice: Notice?
    let chain: [KeyScope]

    init(state: DrillsState, app: AppState, glyphs: Glyphs) {
        chain = Scene.drills.keyChain(app)
        notice = app.noticeShown
        let card = ReviewViewModel.card(glyphs)
        let sep = " \(glyphs.separator) "
        switch state.phase {
        case .loading:
            let text = state.dealing ? "Dealing the session\(glyphs.ellipsis)" : "Reading the drills\(glyphs.ellipsis)"
            (status, lines, optionsStart) = ("", [Line(text: text, kind: .dim)], nil)
            return
        case .setup:
            // The setup's lines are a table, clipped and not wrapped, as the options are.
            (status, lines, optionsStart) = ("a new session", Self.setup(state), 2)
            return
        case .problem:
            status = ""
            lines = [Line(text: state.problem.map { Wording.text(Notice($0), glyphs: glyphs) } ?? "", kind: .bad)]
            optionsStart = nil
            return
        case .summary:
            status = "\(state.drills.count) of \(state.drills.count)"
            lines = Self.summary(state, glyphs: glyphs)
            optionsStart = nil
            return
        case .answering, .verdict:
            break
        }
        guard let drill = state.drill else { (status, lines, optionsStart) = ("", [], nil); return }
        status = "drill \(state.index + 1) of \(state.drills.count)"
        // Learning from a game's mistakes: each is one of yours, asked again before its answer.
        let what = state.learning ? "Your mistake \(state.index + 1) of \(state.drills.count) in this game" : "Drill \(state.index + 1) of \(state.drills.count)"
        var lines = [Line(text: what + sep + drill.kind.title
                          + (drill.themes.isEmpty ? "" : sep + drill.themes.map(\.words).joined(separator: ", ")), kind: .heading)]
        lines += Self.position(drill.decision, glyphs: glyphs)
        lines.append(Line(text: "", kind: .plain))
        guard let result = state.result else {
            lines.append(Self.question(state, drill: drill, glyphs: glyphs))
            if state.pending != nil { lines.append(Line(text: "Grading your answer\(glyphs.ellipsis)", kind: .dim)) }
            (self.lines, optionsStart) = (lines, nil)
            return
        }
        if let count = result.count, case .count(let hand, let rules, _, _) = drill.decision {
            // A count is graded as practice grades it, with the breakdown's combinations.
            lines += Self.countVerdict(count, result: result, breakdown: hand.breakdown(rules: rules), glyphs: glyphs)
            (self.lines, optionsStart) = (lines, nil)
            return
        }
        let graded = result.graded
        let minus = glyphs.minus
        let loss = result.isScored
            ? "\(minus)\(graded.pointsLoss.decimal(places: 1)) points, \(minus)\(graded.loss.decimal(places: 1)) points of win chance"
            : "\(minus)\(graded.loss.decimal(places: 1)) points"
        let verdict = result.isBest ? "the best" : loss
        lines.append(Line(text: "\(result.isCorrect ? "Correct" : "Not correct"): "
                          + "\(ReviewWords.choiceText(graded.chosen, card: card)) \(glyphs.dash) \(verdict)",
                          kind: result.isCorrect ? .good : .bad))
        if !result.isBest {
            lines.append(Line(text: "Best: \(ReviewWords.choiceText(graded.best, card: card)) "
                              + ReviewWords.figureText(graded.best, minus: minus), kind: .plain))
        }
        if !graded.why.isEmpty { lines.append(Line(text: "Why: " + graded.why, kind: .plain)) }
        let options = graded.analysis.options
        lines.append(Line(text: "All \(options.count) options, best first:", kind: .dim))
        optionsStart = lines.count
        for (rank, option) in options.enumerated().dropFirst(min(state.optionsScroll, max(0, options.count - 1))) {
            let mark = option == graded.chosen ? "  \(glyphs.separator) yours" : ""
            lines.append(Line(text: "\(String(rank + 1).leftPadded(to: 3)). \(ReviewWords.choiceText(option, card: card))  "
                              + ReviewWords.figureText(option, minus: minus) + mark,
                              kind: option == graded.chosen ? .chosen : .plain))
        }
        self.lines = lines
    }

    /// Before the session: the theme, the difficulty and how many, the line chosen marked.
    static func setup(_ state: DrillsState) -> [Line] {
        guard let setup = state.setup else { return [] }
        let values: [(DrillsState.SetupField, String, String)] = [
            (.theme, "Theme", setup.theme.map { "\($0.rawValue): \($0.words)" } ?? "all themes"),
            (.difficulty, "Difficulty", "\(setup.difficulty.rawValue): " + difficultyWords(setup.difficulty)),
            (.count, "Drills", "\(setup.count) (\(DrillSetup.counts.lowerBound) to \(DrillSetup.counts.upperBound))"),
        ]
        var lines = [Line(text: "A session of drills: choose, then \(KeyMap.key(for: .drills(.entered))) to start", kind: .heading),
                     Line(text: "Due reviews come first, then weak themes, then new drills; the setup is kept for the next session.",
                          kind: .dim),
                     Line(text: "", kind: .plain)]
        for (field, name, value) in values {
            let chosen = field == state.field
            lines.append(Line(text: "\(chosen ? ">" : " ") \(name + String(repeating: " ", count: 11 - name.count))\(value)", kind: chosen ? .chosen : .plain))
        }
        return lines
    }

    static func difficultyWords(_ difficulty: DrillDifficulty) -> String {
        switch difficulty {
        case .easier: "new drills 300 below your rating"
        case .normal: "new drills at your rating"
        case .harder: "new drills 300 above your rating"
        }
    }

    /// The position: the six, the role and the score; the hand, the count and the cards laid, the
    /// starter; or the hand to count.
    static func position(_ decision: Decision, glyphs: Glyphs) -> [Line] {
        let list = { (cards: [Card]) in CardText.list(cards, glyphs: glyphs) }
        func at(_ score: GameScore?) -> String { score.map { "; the score \($0.mine) to \($0.theirs)" } ?? "" }
        switch decision {
        case .keep(let six, let role, let score):
            return [Line(text: "Dealt \(list(six)); you are the \(role.rawValue)\(at(score))", kind: .plain),
                    Line(text: "Throw two to \(role == .dealer ? "your" : "the dealer's") crib.", kind: .dim)]
        case .lay(let view, let score):
            let laid = view.play.countCards.isEmpty ? "nothing laid yet" : "laid: \(list(view.play.countCards))"
            return [Line(text: "You hold \(list(view.held)); starter \(CardText.text(view.cut, glyphs: glyphs))\(at(score))", kind: .plain),
                    Line(text: "The count is \(view.play.count), \(laid)", kind: .plain)]
        case .count(let hand, let rules, _, let score):
            return [Line(text: "Count \(list(hand.cards)) with the starter \(CardText.text(hand.cut, glyphs: glyphs))"
                         + (rules == .crib ? " (a crib)" : "") + at(score), kind: .plain)]
        }
    }

    /// A count's verdict as practice mode gives it (right, the combinations missed, or the points
    /// over), then every combination of the breakdown by HandRank, and the total.
    static func countVerdict(_ count: CountGrade, result: DrillResult, breakdown: Breakdown, glyphs: Glyphs) -> [Line] {
        let claimed = if case .claim(let points) = result.graded.point.move { points } else { 0 }
        var lines = [count.isRight
            ? Line(text: "Correct: \(claimed)", kind: .good)
            : Line(text: "Not correct: \(claimed) \(glyphs.dash) \(count.message)", kind: .bad)]
        for category in breakdown.categories where !category.combinations.isEmpty {
            let each = category.combinations.map { "\(CardText.list($0.cards, glyphs: glyphs)) +\($0.points)" }
            lines.append(Line(text: "\(category.rank.title) \(category.points): " + each.joined(separator: ", "), kind: .plain))
        }
        lines.append(Line(text: "Total \(breakdown.total)", kind: .heading))
        return lines
    }

    /// What is asked, and the answer so far.
    static func question(_ state: DrillsState, drill: Drill, glyphs: Glyphs) -> Line {
        switch drill.decision {
        case .keep:
            let picked = state.picked.isEmpty ? "" : ": \(CardText.list(state.picked, glyphs: glyphs))"
            return Line(text: "Pick the two to throw by rank key (again: the next suit), then enter\(picked)", kind: .heading)
        case .lay(let view, _):
            return Line(text: view.legalCards.isEmpty ? "No card may be laid: \(KeyMap.key(for: .drills(.wentGo))) says go" : "Lay a card: its rank key", kind: .heading)
        case .count:
            return Line(text: "Type the count, then enter: \(state.typed)_", kind: .heading)
        }
    }

    /// The session's end: the first-try rate, the points lost and the rating's change.
    static func summary(_ state: DrillsState, glyphs: Glyphs) -> [Line] {
        let right = state.results.count(where: \.isCorrect)
        let total = state.results.count
        let lost = state.results.reduce(0) { $0 + $1.pointsLoss }
        var lines = [Line(text: state.learning ? "Your mistakes, asked again: done (the answers are in your drills)" : "Session done",
                          kind: .heading),
                     Line(text: "Right first time: \(right) of \(total) (\((total == 0 ? 0 : 100 * Double(right) / Double(total)).decimal(places: 0))%)",
                          kind: .plain),
                     Line(text: "Points lost: \(lost.decimal(places: 1))", kind: .plain)]
        if let before = state.ratingBefore, let after = state.rating {
            let change = after.rating.rounded() - before.rating.rounded()
            lines.append(Line(text: "Rating: \(before.rating.decimal(places: 0)) to \(after.words(plusMinus: glyphs.plusMinus)) "
                              + "(\(change >= 0 ? "+" : glyphs.minus)\(abs(change).decimal(places: 0)))", kind: .plain))
            if after.isProvisional {
                lines.append(Line(text: "Provisional until the \(glyphs.plusMinus) is under \(Int(Glicko2.Rating.settledDeviation)): "
                                  + "a new rating moves fast", kind: .dim))
            }
        }
        if state.unsaved > 0 { lines.append(Line(text: "\(state.unsaved) answer\(state.unsaved == 1 ? " was" : "s were") not saved", kind: .bad)) }
        lines.append(Line(text: state.learning ? "Enter or esc: back to the review; D opens the drills"
                                               : "Enter or esc: back; D opens another session", kind: .dim))
        return lines
    }
}

/// Draws the drills.
enum DrillsRenderer {
    static func render(_ model: DrillsViewModel, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        let width = buffer.size.width - 2
        let last = buffer.size.height - 4
        Frame.drawHeader(Scene.drills.title, status: model.status, practice: false, glyphs: glyphs, into: &buffer)
        var row = 1
        for (index, line) in model.lines.enumerated() {
            // The options table is a table: its lines are clipped, not wrapped.
            for text in index >= model.optionsStart ?? .max ? [line.text] : line.text.wrapped(width: width) {
                guard row <= last else { break }
                buffer.write(text.clipped(to: width, glyphs: glyphs), row: row, column: 1, style: line.kind.style)
                row += 1
            }
        }
        Frame.drawFoot(notice: model.notice, noticeRow: buffer.size.height - 2, entry: nil, chain: model.chain,
                       glyphs: glyphs, into: &buffer)
    }
}
