import Canvas
import CribbageCore

/// What the review shows: the game's line, the chance to win through the game (your chance at
/// each deal's start and after every decision, with each side's labels, where each starter was
/// turned, each deal's luck and the luckiest deals named), the
/// decision shown (its choice, the best, the loss, why, the options, the cards then), and each
/// side's figures.
struct ReviewViewModel: Hashable, Sendable {
    /// A point of the chance line: your chance, at a deal's start or after a decision (nil until
    /// that decision is analysed).
    struct ChartPoint: Hashable, Sendable {
        let chance: Double?
        let deal: Int
        /// The decision's seat and label, and whether it is the one shown.
        let seat: Int?
        let label: ReviewLabel?
        let selected: Bool
        /// The deal's starter was turned just before this decision (its first after the throws).
        var starter = false
    }

    /// A line of the panel and how it is drawn.
    struct Line: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case heading, plain, dim, good, bad, chosen }
        let text: String
        let kind: Kind
        /// A row of the options table: left out, from the end, where the panel has no room for it
        /// (every other line is shown whole, wrapped).
        var droppable = false
    }

    let status: String
    let title: String
    let chart: [ChartPoint]
    /// Your luck less the computer's in each deal, in points of win chance, once summed up.
    let dealLuck: [Double]
    /// The deals whose luck moved your chance most (`GameReview.luckiestDeals`), once summed up,
    /// each in brief words: "deal 9 +42.1 (5♠ cut +30.2)".
    let luckiest: [LuckyDeal]

    struct LuckyDeal: Hashable, Sendable {
        let deal: Int
        let luck: Double
        let text: String
    }
    let panel: [Line]
    let figures: [String]
    /// Why there is nothing to show, in place of the review.
    let problem: String?
    let notice: Notice?
    let chain: [KeyScope]

    static let names = ["You", "Computer"]

    /// Whether a key doing `action` does anything now: with no game shown, only going back.
    let hasGame: Bool
    func offers(_ action: Action) -> Bool { hasGame || action.review == nil }

    init(state: ReviewState, app: AppState, glyphs: Glyphs) {
        chain = Scene.review.keyChain(app)
        notice = app.noticeShown
        hasGame = state.game != nil
        guard let game = state.game else {
            status = ""
            title = state.asked != nil ? "Reading the history\(glyphs.ellipsis)" : ""
            problem = state.problem.map { Wording.text(Notice($0), glyphs: glyphs) }
            (chart, dealLuck, luckiest, panel, figures) = ([], [], [], [], [])
            return
        }
        problem = nil
        // A short name for the game: the computer's level and the day it finished; the result first.
        let day = CivilDate(secondsSince1970: game.header.finished).text
        let sep = " \(glyphs.separator) "
        status = game.level + sep + day + (game.finished > 0 ? sep + "game \(game.finished - game.back) of \(game.finished)" : "")
        title = Self.title(state)
        chart = Self.chart(state)
        dealLuck = state.review.map { review in
            (1...max(1, state.deals)).map { deal in
                review.luck.filter { $0.deal == deal }.reduce(0) { $0 + ($1.seat == 0 ? $1.points : -$1.points) }
            }
        } ?? []
        luckiest = state.review?.luckiestDeals().map { swing in
            LuckyDeal(deal: swing.deal, luck: swing.total, text: ReviewWords.swingText(swing, brief: true, card: { CardText.text($0, glyphs: glyphs) },
                                                          minus: glyphs.minus))
        } ?? []
        panel = state.resultShown ? Self.result(state, glyphs: glyphs) : Self.panel(state, glyphs: glyphs)
        figures = [0, 1].map { Self.figures(state, seat: $0, glyphs: glyphs) }
    }

    /// The game's end as the board shows it, first: "The computer won 121 to 119, by 2, in 9 deals".
    static func title(_ state: ReviewState) -> String {
        let result = state.ended.map { ReviewWords.resultText($0) } ?? "unfinished, " + state.totals.map(String.init).joined(separator: " to ")
        return result.prefix(1).uppercased() + result.dropFirst() + ", in \(state.deals) deal\(state.deals == 1 ? "" : "s")"
    }

    /// Each deal's start, then each decision of it, in order.
    static func chart(_ state: ReviewState) -> [ChartPoint] {
        var points: [ChartPoint] = []
        var deal = 0, turned = 0
        for (index, point) in state.points.enumerated() {
            while deal < point.deal {
                deal += 1
                points.append(ChartPoint(chance: state.dealStarts.indices.contains(deal - 1) ? state.dealStarts[deal - 1] : nil,
                                         deal: deal, seat: nil, label: nil, selected: false))
            }
            let graded = state.graded[index]
            let chance = graded?.chosenValue.map { point.seat == 0 ? $0 : 1 - $0 }
            // The starter is turned once both have thrown: before the deal's first decision that is not a throw.
            var isKeep = false
            if case .keep = point.decision { isKeep = true }
            let starter = !isKeep && turned < point.deal
            if starter { turned = point.deal }
            points.append(ChartPoint(chance: chance, deal: point.deal, seat: point.seat, label: graded?.label,
                                     selected: index == state.selected, starter: starter))
        }
        if let winner = state.winner { points.append(ChartPoint(chance: winner == 0 ? 1 : 0, deal: deal, seat: nil, label: nil, selected: false)) }
        return points
    }

    /// A card as the screen writes it; one laid on the board by rank alone, its rank alone.
    static func card(_ glyphs: Glyphs, rankOnly: Set<Card> = []) -> (Card) -> String {
        { BoardReview.Words.card($0, rankOnly: rankOnly) { CardText.text($0, glyphs: glyphs) } }
    }

    /// Cards as the screen lists them (`CardText.list`), those laid by rank alone as ranks.
    static func list(_ cards: [Card], glyphs: Glyphs, rankOnly: Set<Card>) -> String {
        rankOnly.isDisjoint(with: cards) ? CardText.list(cards, glyphs: glyphs)
            : cards.map(card(glyphs, rankOnly: rankOnly)).joined(separator: " ")
    }

    /// The decision shown: what it was, the choice and its loss, the best, why, the cards then,
    /// and the options (the top three, or all of them); the cards of each deal in `rankOnly` (laid on
    /// the board by rank alone) as ranks.
    static func panel(_ state: ReviewState, names: [String] = ["you", "the computer"], glyphs: Glyphs,
                      rankOnly: [Int: Set<Card>] = [:]) -> [Line] {
        guard let index = state.selected else {
            return [Line(text: state.points.isEmpty ? "" : "No decision of yours to review: s shows both sides'", kind: .dim)]
        }
        let point = state.points[index]
        let unsuited = rankOnly[point.deal] ?? []
        let card = card(glyphs, rankOnly: unsuited)
        let minus = glyphs.minus
        var lines = [Line(text: "Deal \(point.deal) \(glyphs.separator) \(names[point.seat]) "
                          + "\(glyphs.separator) \(ReviewWords.decisionText(point.decision))", kind: .heading)]
        if state.cardsShown { lines += cards(point, glyphs: glyphs, rankOnly: unsuited) }
        guard let graded = state.graded[index] else {
            lines.append(Line(text: "Analysing this decision\(glyphs.ellipsis)", kind: .dim))
            return lines
        }
        let unit = graded.chosenValue != nil ? "points of win chance" : "points"
        let verdict: String
        if let label = graded.label {
            verdict = " \(glyphs.dash) \(label.rawValue), \(minus)\(graded.loss.decimal(places: 1)) \(unit)"
                + (graded.chosenValue != nil ? " (\(minus)\(graded.pointsLoss.decimal(places: 1)) points)" : "")
        } else if graded.loss > 0 {
            verdict = " \(glyphs.dash) \(minus)\(graded.loss.decimal(places: 1)) \(unit), within the lines"
        } else {
            verdict = " \(glyphs.dash) the best"
        }
        lines.append(Line(text: "Chose \(ReviewWords.choiceText(graded.chosen, card: card))" + verdict,
                          kind: ReviewState.isMistake(graded) ? .bad : graded.label == nil ? .good : .plain))
        if graded.loss > 0 {
            lines.append(Line(text: "Best: \(ReviewWords.choiceText(graded.best, card: card)) "
                              + ReviewWords.figureText(graded.best, minus: minus), kind: .plain))
        }
        // With every option asked for, the list comes before the why where both do not fit.
        if !graded.why.isEmpty { lines.append(Line(text: "Why: " + graded.why, kind: .plain, droppable: state.optionsShown)) }
        let options = graded.analysis.options
        var shown = state.optionsShown ? Array(options.dropFirst(state.optionsScroll)) : Array(options.prefix(3))
        if !state.optionsShown, let chosen = graded.chosen, !shown.contains(chosen) { shown.append(chosen) }
        lines.append(Line(text: state.optionsShown ? "All \(options.count) options, best first:"
                                                   : "The top \(min(3, options.count)) of \(options.count) options:", kind: .dim,
                          droppable: !state.optionsShown))
        for option in shown {
            let rank = (options.firstIndex(of: option) ?? 0) + 1
            let mark = option == graded.chosen ? "  \(glyphs.separator) chosen" : ""
            lines.append(Line(text: "\(String(rank).leftPadded(to: 3)). \(ReviewWords.choiceText(option, card: card))  "
                              + ReviewWords.figureText(option, minus: minus) + mark,
                              kind: option == graded.chosen ? .chosen : .plain, droppable: !state.optionsShown))
        }
        return lines
    }

    /// The longest bar of the result's parts, in cells.
    static let barCells = 24

    /// The result decomposed for you, in points of win chance (`GameReview.decomposition`), in the
    /// words `twentynine review` uses (`ReviewWords.resultParts`): four bars (the luck, yours less
    /// the computer's; what your errors cost you; what the computer's gave you; the hidden cards),
    /// each as long as its share of the largest, then what the hidden cards and the luck taken out
    /// mean for you.
    static func result(_ state: ReviewState, glyphs: Glyphs) -> [Line] {
        guard let review = state.review else {
            return [Line(text: "The result's parts come once every decision is analysed (\(state.analysed) of \(state.points.count))",
                         kind: .dim)]
        }
        let words = ReviewWords.resultParts(review, minus: glyphs.minus, card: { CardText.text($0, glyphs: glyphs) })
        let largest = max(words.parts.map { abs($0.value) }.max() ?? 0, 0.001)
        let cell = glyphs.unicode ? "█" : "#"
        let nameWidth = words.parts.map(\.name.displayWidth).max() ?? 0
        var lines = [Line(text: words.heading, kind: .heading)]
        for part in words.parts {
            let cells = Int((abs(part.value) / largest * Double(barCells)).rounded())
            lines.append(Line(text: part.name.padded(to: nameWidth + 1) + ReviewWords.signed(part.value, minus: glyphs.minus).leftPadded(to: 7)
                              + "  " + String(repeating: cell, count: cells), kind: part.value < 0 ? .bad : .good))
        }
        lines += words.notes.map { Line(text: $0, kind: .plain) }
        return lines
    }

    /// The cards as they were: the six and the score for a throw; the hand, the count and the
    /// starter for a card; the hand counted.
    static func cards(_ point: DecisionPoint, glyphs: Glyphs, rankOnly: Set<Card> = []) -> [Line] {
        switch point.decision {
        case .keep(let six, let role, let score):
            let at = score.map { ", \($0.mine) to \($0.theirs)" } ?? ""
            return [Line(text: "Dealt \(CardText.list(six, glyphs: glyphs)) (\(role.rawValue)\(at))", kind: .dim)]
        case .lay(let view, _):
            let laid = view.play.countCards.isEmpty ? "" : ": \(list(view.play.countCards, glyphs: glyphs, rankOnly: rankOnly))"
            return [Line(text: "Held \(list(view.hand, glyphs: glyphs, rankOnly: rankOnly)); the count \(view.play.count)\(laid); "
                         + "starter \(CardText.text(view.cut, glyphs: glyphs))", kind: .dim)]
        case .count(let hand, _, _, _):
            return [Line(text: "Counted \(CardText.list(hand.cards, glyphs: glyphs)), starter \(CardText.text(hand.cut, glyphs: glyphs))",
                         kind: .dim)]
        }
    }

    /// A side's figures: the whole review's once summed up, else the error rate so far.
    static func figures(_ state: ReviewState, seat: Int, glyphs: Glyphs) -> String {
        let name = names[seat]
        guard let review = state.review else {
            let graded = state.graded.compactMap(\.self).filter { $0.point.seat == seat && $0.isGraded }
            let total = state.points.count { $0.seat == seat }
            let done = state.graded.compactMap(\.self).count { $0.point.seat == seat }
            return "\(name): error rate \(SideReview.errorRate(graded).decimal(places: 1)) so far (\(done) of \(total) analysed)"
        }
        let side = review.side(seat)
        let labels = ReviewLabel.allCases.compactMap { label in
            side.count(label) == 0 ? nil : "\(side.count(label)) \(plural(label, side.count(label)))"
        }
        let sep = " \(glyphs.separator) "
        return "\(name): error rate \(side.errorRate.decimal(places: 1))" + sep + "accuracy \(side.accuracy.decimal(places: 0))%"
            + sep + "luck \(ReviewWords.signed(side.luck, minus: glyphs.minus))"
            + sep + ReviewWords.ratingText(side)
            + sep + (labels.isEmpty ? "no inaccuracy" : labels.joined(separator: ", "))
    }
}

extension ReviewViewModel {
    /// A label's name for `count` of them: "1 mistake", "3 inaccuracies".
    static func plural(_ label: ReviewLabel, _ count: Int) -> String {
        label.name(count: count)
    }
}
