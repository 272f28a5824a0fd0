import Canvas
import CribbageCore

/// What the Discard Advisor shows: the grid while six cards are dealt, then the 15 keeps
/// ranked for the role.
struct DiscardAdvisorViewModel: Hashable, Sendable {
    /// One keep, its figures formatted for the table.
    struct Row: Hashable, Sendable {
        let keep: [Card]
        let discard: [Card]
        let handMean: String
        let minimum: Int
        let maximum: Int
        let cribMean: String
        /// The keep's pegging net, signed; nil for the role none.
        let peg: String?
        let net: String
        let isHighlighted: Bool
        /// The keep the other opponent model ranks best, when it is not this one's best.
        let isBestUnderOtherModel: Bool
        /// The chance to win the game with the keep, when the keeps are ranked by it.
        let win: String?
        /// The keep the points rank first, when the chance to win ranks another first.
        let isBestByPoints: Bool
    }

    let role: Role
    let opponent: CribModel
    let isPractice: Bool
    let picks: [Card]
    /// The grid while dealing (nil once six are dealt).
    let grid: [[CardGrid.Cell]]?
    let rows: [Row]
    /// The keep hand and crib alone rank first, when the play changes the best keep.
    let bestWithoutThePlay: [Card]?
    /// The game's score the keeps can be played to, when there is one.
    let score: GameScore?
    /// The keeps are ranked by the chance to win from `score`, not by the points.
    let rankedByChance: Bool
    /// Why the chance to win ranks its best keep first, when the keeps are ranked by it (the
    /// score and the role are shown beside).
    let why: String?
    let instruction: String
    let notice: Notice?
    let entry: TypedEntry?
    let chain: [KeyScope]

    init(state: AppState) {
        let discard = state.discardAdvisor
        role = discard.role
        opponent = discard.opponent
        isPractice = state.practice.isOn
        picks = discard.picks.sorted()
        if discard.analysis == nil {
            grid = CardGrid.cells(cursor: discard.cursor, cut: nil) { discard.picks.contains($0) }
            instruction = "Deal six cards: \(6 - discard.picks.count) left"
        } else {
            grid = nil
            let key = KeyMap.key(for: .discardAdvisor(.keepChosen))
            instruction = discard.dealt.map { Set($0) == Set(discard.picks) } == true
                ? "\(key) keeps the highlighted four in the game: its two are thrown"
                : "\(key) keeps the highlighted four; then pick the cut"
        }
        let role = discard.role
        let byChance = discard.isRankedByChance
        // Ranked by the chance, the keeps are against the solved throw: the other model's best is not marked.
        let otherBest = byChance ? nil : discard.analysis?.keeps?.bestUnderOtherModel
        let pointsBest = byChance ? discard.analysis.flatMap { $0.best != $0.byPoints[0] ? $0.byPoints[0].keep : nil } : nil
        rows = discard.ranked.enumerated().map { index, option in
            let keep = option.keep!
            return Row(keep: keep.cards.sorted(), discard: keep.discard.sorted(), handMean: keep.hand.mean.decimal(places: 2),
                       minimum: keep.hand.minimum, maximum: keep.hand.maximum, cribMean: keep.cribMean.decimal(places: 2),
                       peg: keep.pegging(for: role).map { $0.net.signed(places: 2) },
                       net: keep.netWithPegging(for: role).decimal(places: 2), isHighlighted: index == discard.highlighted,
                       isBestUnderOtherModel: keep == otherBest, win: byChance ? option.value.chances?.win.percent : nil,
                       isBestByPoints: keep == pointsBest)
        }
        bestWithoutThePlay = byChance ? nil : discard.bestWithoutThePlay?.cards.sorted()
        score = discard.hasChances ? discard.score : nil
        rankedByChance = byChance
        why = byChance ? discard.analysis?.advice : nil
        notice = state.noticeShown
        entry = state.entry
        chain = state.keyChain
    }

    var roleLabel: String { "Role: \(role.rawValue)  vs \(opponent.rawValue)" }

    /// What the mark beside a keep means, when a keep has it.
    var markLegend: String? {
        if rows.contains(where: \.isBestByPoints) { return "\(Self.pointsMark) best by the points" }
        return rows.contains(where: \.isBestUnderOtherModel)
            ? "\(Self.mark) best against \(opponent.other.phrase) throw (o switches)"
            : nil
    }

    static let mark = "*"
    /// Beside the keep the points rank first, when the chance to win ranks another first.
    static let pointsMark = "^"

    func roleExplanation(glyphs: Glyphs) -> String {
        let switchKey = KeyMap.key(for: .discardAdvisor(.rankingSwitched))
        if let score {
            let position = "\(score.mine)-\(score.theirs)"
            return rankedByChance ? "keeps to win from \(position) (\(switchKey): by points)"
                                  : "keeps by the points (\(switchKey): to win from \(position))"
        }
        return switch role {
        case .dealer: "best keeps for the dealer: hand + crib + play"
        case .pone: "best keeps for the pone: hand \(glyphs.minus) crib + play"
        case .none: "best keeps by the hand alone"
        }
    }
}
