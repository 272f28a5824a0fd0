extension Drill {
    /// The drill a reviewed decision makes: its position and decision as the player saw them, the
    /// themes its analysis shows, its gap. `game` names the game it came from. Call it for the
    /// decisions `enrols` takes (the review scene does, for the player's mistakes).
    public init(from graded: GradedDecision, game: String? = nil) {
        let decision = graded.point.decision
        let kind: Kind
        switch decision {
        case .keep(_, let role, _): kind = role == .dealer ? .throwDealer : .throwPone
        case .lay(let view, _):
            if graded.analysis.options.contains(where: \.value.winsNow) {
                kind = .pegOut
            } else if view.play.steps.isEmpty {
                kind = .lead
            } else if view.play.steps.count == 1 {
                kind = .reply
            } else {
                kind = .goOr31
            }
        case .count: kind = .count
        }
        let origin: Origin = kind == .count ? .muggins : .mistake
        let what = graded.label?.rawValue ?? (kind == .count ? "points missed" : "loss")
        let source = [game.map { "game \($0.prefix(100))" }, what].compactMap { $0 }.joined(separator: ", ")
        self.init(kind: kind, decision: decision, themes: DrillThemes.tag(graded.analysis), origin: origin, source: source,
                  gap: min(100, DrillGenerator.gap(graded.analysis)))
    }

    /// Whether a reviewed decision is worth a drill: a mistake, a blunder or a missed win, or a
    /// count that left points to muggins.
    public static func enrols(_ graded: GradedDecision) -> Bool {
        if case .count = graded.point.decision { return graded.pointsLoss > 0 }
        guard let label = graded.label else { return false }
        return label != .inaccuracy
    }

    /// The drills a reviewed game gives `seat`: each decision `enrols` takes, once.
    public static func enrolments(from review: GameReview, seat: Int = 0, game: String? = nil) -> [Drill] {
        var seen: Set<String> = []
        return review.side(seat).decisions.filter(enrols).map { Drill(from: $0, game: game) }.filter { seen.insert($0.id).inserted }
    }
}

extension Drill {
    /// A count got wrong in practice mode, as a count drill from muggins (its source says what was
    /// claimed of what); nil when the claim was the count. The hand counts as the pone's, a crib
    /// as the dealer's, at no score.
    public static func muggins(hand: Hand, rules: Rules, claimed: Int) -> Drill? {
        let count = FastScorer.shared.total(hand: hand, rules: rules)
        guard claimed != count else { return nil }
        let decision = Decision.count(hand, rules: rules, role: rules == .crib ? .dealer : .pone, score: nil)
        let analysis = analyse(decision, by: .strongest, limit: .advice)
        return Drill(kind: .count, decision: decision, themes: DrillThemes.tag(analysis), origin: .muggins,
                     source: "practice, claimed \(claimed) of \(count)", gap: min(100, DrillGenerator.gap(analysis)))
    }
}
