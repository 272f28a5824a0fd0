/// A position and a decision to practise: a six to throw, a card to lay, a hand to count. It is
/// graded by the review's grading (`GradedDecision`) against the strongest policy's analysis, so a
/// drill and a reviewed game give the same numbers for the same choice.
///
///     let drill = Drill.classics[0]
///     let result = try drill.grade(drill.move(parsing: "2S 3H 10C JS"))
///     result.isCorrect   // the loss is within `Drill.tolerance`
public struct Drill: Hashable, Sendable {
    /// What is decided.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case throwDealer = "throw-dealer"
        case throwPone = "throw-pone"
        /// The first card of the play.
        case lead
        /// The dealer's answer to the lead.
        case reply
        /// A card later in a count: to 31, or for the go.
        case goOr31 = "go-31"
        /// A card that can win the game at once, or fails to.
        case pegOut = "peg-out"
        /// A hand or crib to count in full, with muggins.
        case count
    }

    /// Where the drill came from, in the order a session prefers them.
    public enum Origin: String, Hashable, Sendable, CaseIterable {
        /// A mistake, blunder or missed win of the player's own, from a reviewed game.
        case mistake
        /// Points the player failed to claim in a count, taken by muggins.
        case muggins
        /// Generated with one clear answer: the best beats the second by 0.5 points or more.
        case clear
        /// Generated with a gap of 0.1 to 0.5 points: the harder tier.
        case harder
        /// At a score where the chance to win and the points disagree.
        case atScore = "at-score"
        /// A published problem (its `source` names where).
        case classic
    }

    /// Stable: made from the decision, so the same position is the same drill wherever it comes from.
    public let id: String
    public let kind: Kind
    public let decision: Decision
    public let themes: [DrillTheme]
    /// Themes a newer TwentyNine named that this one does not know: kept as written (and written
    /// back), shown as unknown.
    public internal(set) var unknownThemes: [Recorded<DrillTheme>] = []
    public let origin: Origin
    /// The game and label of a mistake, or the citation of a classic; nil for a generated drill.
    public let source: String?
    /// How far the best option is ahead of the next distinct one: in points, or in points of win
    /// chance where the drill has a score.
    public let gap: Double

    init(kind: Kind, decision: Decision, themes: [DrillTheme], origin: Origin, source: String?, gap: Double) {
        self.kind = kind
        self.decision = decision
        self.themes = themes
        self.origin = origin
        self.source = source
        self.gap = (gap * 1000).rounded() / 1000
        id = Self.identifier(of: decision)
    }

    /// The loss within which an answer is correct: 0.1 points, or 0.25 points of win chance where
    /// the drill has a score.
    public static let tolerance = (points: 0.1, chance: 0.25)

    /// The strongest policy's analysis, with every figure: what every answer is graded against.
    public func analysis(limit: Limit = .advice) -> Analysis { analyse(decision, by: .strongest, limit: limit) }

    /// The answer graded by the review's grading; `analysis` is `analysis()` when given (the same
    /// figures, without the work again).
    public func grade(_ move: Match.Move, analysis: Analysis? = nil) -> DrillResult {
        let analysis = analysis ?? self.analysis()
        let point = DecisionPoint(index: 0, seat: 0, deal: 1, decision: decision, move: move)
        var count: CountGrade?
        if case .count(let hand, let rules, _, _) = decision, case .claim(let points) = move {
            count = hand.breakdown(rules: rules).grade(claimed: points)
        }
        return DrillResult(graded: GradedDecision(point, analysis: analysis), count: count)
    }

    /// The seat the player sits at in the play (0 leads), or nil for a throw or a count.
    var view: PeggingView? { if case .lay(let view, _) = decision { view } else { nil } }
}

/// A drill's answer, graded.
public struct DrillResult: Hashable, Sendable {
    public let graded: GradedDecision
    /// A count's grade as practice mode gives it: right, the fewest combinations missed, or the
    /// points counted over; nil for any other drill.
    public let count: CountGrade?

    /// The loss the schedule logs: the grading's; for a count claimed over the hand, the points over
    /// (the grading has no such option).
    public var loss: Double {
        if case .overcounted(let count, let claimed)? = count { return Double(claimed - count) }
        return graded.loss
    }

    /// What the answer lost in the deal's points, as `loss` counts an overcount.
    public var pointsLoss: Double {
        if case .overcounted(let count, let claimed)? = count { return Double(claimed - count) }
        return graded.pointsLoss
    }

    /// In points of win chance where every option has a chance to win, else in points.
    public var isScored: Bool {
        graded.analysis.options.allSatisfy { GradedDecision.value(of: $0) != nil }
    }

    /// Within the tolerance: 0.1 points, or 0.25 points of win chance at a score; a card that won
    /// the game at once left in the hand never is.
    public var isCorrect: Bool {
        // A count is right or wrong, as practice grades it: a point missed or over is a muggins.
        if let count { return count.isRight }
        guard graded.label != .missedWin else { return false }
        return graded.loss <= (isScored ? Drill.tolerance.chance : Drill.tolerance.points) + 1e-9
    }

    /// The best option itself (or its suit twin) was chosen.
    public var isBest: Bool { count?.isRight ?? (graded.loss <= 1e-9 && graded.label != .missedWin) }
}

extension Drill {
    /// The move an answer names, or why it names none: a keep of four (or the two thrown) from
    /// the six, a card that may be laid (or go where none may), a count from 0 to the most a hand
    /// can hold. Cards are separated by spaces, commas or hyphens; a rank alone (`Q`, `a`, `10`,
    /// `t` or `0`) names a card as the rank keys do on screen (`card(of:besides:)`).
    public func move(parsing text: String) throws(DrillError) -> Match.Move {
        let trimmed = String(text.trimmingWhitespace())
        guard !trimmed.isEmpty else { throw .emptyAnswer }
        switch decision {
        case .keep(let six, _, _):
            let tokens = trimmed.split { $0 == " " || $0 == "," || $0 == "-" || $0 == "\t" }.map(String.init)
            var cards: [Card] = [], ranks: [(Rank, String)] = []
            for token in tokens {
                // Ranks after the cards named in full, so that `5 5H` takes the other five.
                if let rank = Rank(alone: Substring(token)) {
                    ranks.append((rank, token))
                    continue
                }
                let card: Card
                do { card = try Card(parsing: token) } catch { throw .badCard(token) }
                guard six.contains(card) else { throw .notInTheSix(token) }
                guard !cards.contains(card) else { throw .cardTwice(token) }
                cards.append(card)
            }
            for (rank, token) in ranks {
                guard six.contains(where: { $0.rank == rank }) else { throw .notInTheSix(token) }
                guard let card = card(of: rank, besides: cards) else { throw .cardTwice(token) }
                cards.append(card)
            }
            switch cards.count {
            case 4: return .discard(seat: 0, six.filter { !cards.contains($0) })
            case 2: return .discard(seat: 0, six.filter(cards.contains))
            default: throw .wrongKeepCount(cards.count)
            }
        case .lay(let view, _):
            let card: Card
            if let rank = Rank(alone: Substring(trimmed)) {
                guard let held = self.card(of: rank) else { throw .notYourCard(trimmed) }
                card = held
            } else {
                let token: PlayToken
                do { token = try PlayToken(parsing: trimmed) } catch { throw .badCard(trimmed) }
                guard case .card(let named) = token else {
                    // Go is the answer only where no card may be laid, as at the table.
                    guard view.legalCards.isEmpty else { throw .goWithACard }
                    return .next
                }
                guard view.held.contains(named) else { throw .notYourCard(trimmed) }
                card = named
            }
            guard view.legalCards.contains(card) else { throw .overThirtyOne(card.description, count: view.play.count) }
            return .lay(seat: view.seat, card)
        case .count:
            guard let points = Int(trimmed), (0...29).contains(points) else { throw .badCount(trimmed) }
            return .claim(points: points)
        }
    }

    /// The card a rank alone names, as a rank key names it on screen: in a throw, the rank's
    /// lowest card of the six not among `named` (a key pressed again takes the next); in a card to
    /// lay, the rank's card that may be laid, else one held (which the count then refuses); nil
    /// where the drill holds none (or a count's).
    public func card(of rank: Rank, besides named: [Card] = []) -> Card? {
        switch decision {
        case .keep(let six, _, _): six.filter { $0.rank == rank && !named.contains($0) }.min()
        case .lay(let view, _): view.legalCards.first { $0.rank == rank } ?? view.held.first { $0.rank == rank }
        case .count: nil
        }
    }

    /// The move that chooses an option of the drill's analysis.
    public func move(for option: Analysis.Option) -> Match.Move {
        switch option.choice {
        case .keep(let keep): .discard(seat: 0, keep.discard)
        case .lay(.card(let card)): .lay(seat: view?.seat ?? 0, card)
        case .lay(.go): .next
        case .count(let points): .claim(points: points)
        }
    }

    /// The answer that names an option: the four cards kept, the card, the count.
    public func answer(for option: Analysis.Option) -> String {
        switch option.choice {
        case .keep(let keep): DrillText.cards(keep.cards)
        case .lay(let token): token.description
        case .count(let points): String(points)
        }
    }

    /// The kind of answer the drill takes, in a few words.
    public var answerHint: String {
        switch decision {
        case .keep: "the four cards to keep or the two to throw, as cards (5H) or ranks (5)"
        case .lay(let view, _): view.legalCards.isEmpty ? "go (no card may be laid)" : "the card to lay, as a card (5H) or a rank (5)"
        case .count: "the points the hand holds"
        }
    }
}

/// Why an answer names no move of its drill; each names the bad token.
public enum DrillError: Error, Hashable, Sendable, CustomStringConvertible {
    case emptyAnswer
    case badCard(String)
    /// A card or rank a throw's six does not hold.
    case notInTheSix(String)
    /// A card or rank to lay that is not held.
    case notYourCard(String)
    case cardTwice(String)
    case wrongKeepCount(Int)
    case goWithACard
    case overThirtyOne(String, count: Int)
    case badCount(String)

    public var description: String {
        switch self {
        case .emptyAnswer: "an empty answer: give the cards to keep, the card to lay, or the count"
        case .badCard(let token): "unknown card \(token.quotedToken): expected a card such as 5H, or a rank such as 5"
        case .notInTheSix(let token): "\(token.quotedToken) is not among your six: throw two of them, or keep four"
        case .notYourCard(let token): "\(token.quotedToken) is not among the cards you hold"
        case .cardTwice(let token): "\(token.quotedToken) is given twice"
        case .wrongKeepCount(let count): "\(count) card\(count == 1 ? "" : "s"): keep 4 of the six (or name the 2 to throw)"
        case .goWithACard: "go: a card may be laid, so go is no answer here"
        case .overThirtyOne(let token, let count): "\(token.quotedToken) would take the count of \(count) past 31"
        case .badCount(let token): "\(token.quotedToken) is not a count from 0 to 29"
        }
    }
}

extension Drill {
    /// A short stable name: the kind's letter and 8 hex digits of the decision's FNV-1a hash.
    static func identifier(of decision: Decision) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in DrillText.canonical(decision).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let letter = switch decision {
        case .keep: "t"
        case .lay: "p"
        case .count: "c"
        }
        let hex = String(hash >> 32, radix: 16)
        return letter + String(repeating: "0", count: 8 - hex.count) + hex
    }
}
