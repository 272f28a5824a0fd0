/// A game kept on the board reviewed from the cards the board knows: each card laid in a play kept
/// card by card is graded as the table's are (the strongest policy's analysis from what its player
/// knew: its four as laid, the starter told, the cards laid before it, the scores then), and each
/// hand count typed as a number is checked against the count its cards make.
///
/// What the board never sees cannot be graded, and the review says so (`notGraded`): the throws (the
/// six dealt and the two thrown are never told), a play in a round whose starter was not told or
/// whose cards were not all laid (the game ended in the play), the plays of three and four players
/// (the decision model plays two), and a crib typed as a number (its cards are not laid).
public struct BoardReview: Hashable, Sendable {
    /// The cards laid, graded, in the order laid; the side is the seat (two players).
    public let decisions: [GradedDecision]
    /// Counts typed that the cards do not make, in the order counted.
    public let counts: [CountCheck]
    /// What could not be graded, and why, in words.
    public let notGraded: [String]
    public let names: [String]
    public let settings: ReviewSettings
    /// The cards laid by rank alone, by deal: their suits are stand-ins, and the review writes
    /// them as ranks (`Words.card`), never with a suit the board was not told.
    public let rankOnly: [Int: Set<Card>]
    /// The cribs counted from their ranks, in words: the board made their counts from the cards.
    public let cribsFromRanks: [String]

    /// A hand counted by typing a number, against what its four laid cards and the starter make.
    public struct CountCheck: Hashable, Sendable {
        public let round: Int
        public let seat: Int
        /// The points typed.
        public let typed: Int
        /// What the cards can make: one count where every suit is known; one for each way the suits
        /// of cards laid by rank alone could fall, smallest first.
        public let cardsMake: [Int]
        /// The hand (four cards laid, with stand-ins for suits not told) and its starter.
        public let hand: Hand

        /// "8", or "8 or 12" where suits laid by rank alone leave it open.
        public var makesText: String { cardsMake.map(String.init).joined(separator: " or ") }

        /// The check in words, as the review says it: "Deal 3, Ann's hand 5♣ 5♦ J♠ Q♥ with 4♣: typed
        /// 8, the cards make 10: 2 missed", the hand written by the caller.
        public func text(name: String, hand: String) -> String {
            "Deal \(round), \(name)'s hand \(hand): typed \(typed), the cards make \(makesText): "
                + (missed > 0 ? "\(missed) missed" : "\(-missed) too many")
        }

        /// Points the count left: the least the cards make less what was typed (0 when it could be
        /// right, negative when more was typed than the cards can make).
        public var missed: Int {
            if cardsMake.contains(typed) { return 0 }
            if let least = cardsMake.first, typed < least { return least - typed }
            return (cardsMake.last { $0 < typed } ?? cardsMake.first ?? typed) - typed
        }
    }

    /// Reviews `game`'s plays kept from the cards and its typed counts.
    public init(_ game: Game, settings: ReviewSettings = .standard, limit: Limit = .advice, workers: Int = 2) {
        let plan = Plan(game)
        let graded = GameReview.grade(plan.points, workers: workers) { BoardReview.grade($0, settings: settings, limit: limit) }
        self.init(plan, decisions: graded, settings: settings)
    }

    /// The review from its plan and the cards graded so far (in the order of the plan's points, some
    /// or all of them): for a review filled in as its cards are analysed, off the key path.
    public init(_ plan: Plan, decisions: [GradedDecision], settings: ReviewSettings = .standard) {
        names = plan.names
        self.settings = settings
        self.decisions = decisions
        counts = plan.counts
        notGraded = plan.notGraded
        rankOnly = plan.rankOnly
        cribsFromRanks = plan.cribsFromRanks
    }

    /// What a review of a board game grades, before any analysis: the cards laid to grade (each
    /// graded alone by `BoardReview.grade(_:)`), the typed counts the cards do not make, and what
    /// cannot be graded. Quick: the analysis is the grading.
    public struct Plan: Hashable, Sendable {
        /// Each card laid to grade, in the order laid.
        public let points: [DecisionPoint]
        /// Counts typed that the cards do not make, in the order counted.
        public let counts: [CountCheck]
        /// What could not be graded, and why, in words.
        public let notGraded: [String]
        public let names: [String]
        /// The deals the game has had: those with an entry, and this one once its play has begun.
        public let rounds: Int
        /// The cards laid by rank alone, by deal (their suits stand-ins).
        public let rankOnly: [Int: Set<Card>]
        /// The cribs counted from their ranks: "the crib of deal 2 (4 5 6 J), 12".
        public let cribsFromRanks: [String]

        public init(_ game: Game) {
            names = game.names
            let players = game.seating.players
            // Where the cards are graded, what the throws not told leave to the chance to win.
            var notGraded = ["the throws: the board is never told the six cards dealt or the two thrown"
                             + (players == 2 ? ", so the chance takes the crib from the expert's deals" : "")]
            var points: [DecisionPoint] = []
            var counts: [CountCheck] = []
            var rankOnly: [Int: Set<Card>] = [:]
            // The rounds with an entry, and this one once its play has begun (a game under way on the board).
            let rounds = max(game.log.last?.round ?? 0, game.roundPlay == nil ? 0 : game.round)
            self.rounds = rounds
            if players != 2, rounds > 0 {
                notGraded.append("the plays: the decision model grades the play of two players only")
            }
            for round in 1...max(1, rounds) where rounds > 0 {
                let dealer = (game.firstDealer + round - 1) % players
                let seatOf = { (index: Int) in (dealer + 1 + index) % players }
                guard let kept = game.play(ofRound: round), let play = kept.play(players: players) else { continue }
                let laid = play.laid
                let unsuited = Set(kept.unsuited.compactMap { index -> Card? in
                    guard play.steps.indices.contains(index), case .card(let card) = play.steps[index].token else { return nil }
                    return card
                })
                if !unsuited.isEmpty { rankOnly[round] = unsuited }
                if players == 2 {
                    if let starter = game.starter(ofRound: round), play.isComplete {
                        points += BoardReview.points(round: round, kept: kept, play: play, starter: starter, game: game, seatOf: seatOf)
                    } else {
                        let cut = round == game.round && !game.isOver ? "not every card is laid yet" : "the game ended before every card was laid"
                        notGraded.append("the play of deal \(round): " + (game.starter(ofRound: round) == nil ? "the starter was not told" : cut))
                    }
                }
                counts += BoardReview.checks(round: round, game: game, laid: laid, kept: kept, play: play, seatOf: seatOf)
            }
            // A crib counted from its ranks is the cards' count; one typed as a number cannot be checked.
            let cribs = game.log.indices.filter { if case .crib(nil) = game.log[$0].score { true } else { false } }
            if cribs.contains(where: { game.shown(atEntry: $0) == nil }) {
                notGraded.append("the cribs typed as numbers: their cards are never laid")
            }
            cribsFromRanks = cribs.compactMap { index in
                guard let shown = game.shown(atEntry: index), !shown.cribRanks.isEmpty else { return nil }
                let entry = game.log[index]
                return "\(game.names[entry.player])'s crib of deal \(entry.round) "
                    + "(\(shown.cribRanks.sorted().map(\.notation).joined(separator: " "))), \(entry.points)"
            }
            self.rankOnly = rankOnly
            self.points = points
            self.counts = counts.filter { $0.missed != 0 }
            self.notGraded = notGraded
        }
    }

    /// The review's words, as the command and the scene say them.
    public enum Words {
        /// What the review grades, from what.
        public static let graded = "Graded from the cards the board knows: each card laid in a play kept card by card, "
            + "from what its player knew then (its four as laid, the starter, the cards laid before); "
            + "the loss in points of win chance at the score, as at the table; the throws are never told, so the crib and the "
            + "opponent's hand are valued as the expert's deals count them, not by their cards."
        /// The heading of the counts typed that the cards do not make.
        public static let countsHeading = "Hands typed that the cards do not make:"
        /// No count typed differs from its cards'.
        public static let countsRight = "Every hand typed that the cards show was counted right."

        /// A seat's figures, the labels it got (as the game review names them): "Ann: error rate 3.1
        /// over 12 graded cards, accuracy 91.7%, 1 inaccuracy, 2 mistakes", or "…, no inaccuracy".
        public static func side(_ name: String, _ side: SideReview) -> String {
            let labels = ReviewLabel.allCases.compactMap { label in
                side.count(label) == 0 ? nil : "\(side.count(label)) \(label.name(count: side.count(label)))"
            }
            return "\(name): error rate \(side.errorRate.decimal(places: 1)) over \(side.graded.count) graded cards, "
                + "accuracy \(side.accuracy.decimal(places: 1))%, " + (labels.isEmpty ? "no inaccuracy" : labels.joined(separator: ", "))
        }

        /// "Counted from their ranks, so right by the cards: Bob's crib of deal 1 (4 5 6 J), 12."
        public static func cribsFromRanks(_ lines: [String]) -> String? {
            lines.isEmpty ? nil : "Counted from the ranks told, so as the cards make them: " + lines.joined(separator: "; ") + "."
        }

        /// A card as the board knows it: written by `write` (with its suit), or its rank alone
        /// where it was laid by rank (its suit a stand-in): "5", never "5♠".
        public static func card(_ card: Card, rankOnly: Set<Card>, write: (Card) -> String) -> String {
            rankOnly.contains(card) ? card.rank.notation : write(card)
        }

        /// "Not graded: the throws: …; the play of deal 3: …."
        public static func notGraded(_ lines: [String]) -> String { "Not graded: " + lines.joined(separator: "; ") + "." }
    }

    /// The figures of one seat's play (no throws, no luck: the board knows neither).
    public func side(_ seat: Int) -> SideReview {
        SideReview(seat: seat, decisions: decisions.filter { $0.point.seat == seat }, luck: [], settings: settings)
    }

    /// Each card laid where its player held two or more, as that player saw the play: its four (the
    /// cards it laid this round), the starter, the cards laid before, the scores before the card.
    static func points(round: Int, kept: Game.RoundPlay, play: Play, starter: Card, game: Game,
                       seatOf: (Int) -> Int) -> [DecisionPoint] {
        var points: [DecisionPoint] = []
        var sofar = Play(players: 2)
        for (index, step) in play.steps.enumerated() {
            defer { _ = try? sofar.apply(step.token) }
            guard case .card(let card) = step.token else { continue }
            let seat = seatOf(step.player)
            let totals = totalsBefore(step: index, round: round, kept: kept, game: game)
            let target = game.target.points
            let score = GameScore(mine: min(totals[seat], target - 1), theirs: min(totals[1 - seat], target - 1), target: target)
            guard let view = try? PeggingView(hand: play.laid[step.player], discards: [], cut: starter, seat: step.player, play: sofar)
            else { continue }
            points.append(DecisionPoint(index: index, seat: seat, deal: round, decision: .lay(view, score: score),
                                        move: .lay(seat: seat, card)))
        }
        return points
    }

    /// Every side's total before the play's step `step` of `round`: after the last entry of the log
    /// made before it (the heels, the play's earlier pegs, the rounds before).
    static func totalsBefore(step: Int, round: Int, kept: Game.RoundPlay, game: Game) -> [Int] {
        let later = kept.entries.filter { $0.key >= step }.map(\.value).min()
        let roundEnd = game.log.firstIndex { $0.round > round || ($0.round == round && ($0.score.isShow)) }
        let limit = later ?? roundEnd ?? game.log.count
        return limit > 0 ? game.log[limit - 1].totals : Array(repeating: 0, count: game.seating.sides)
    }

    /// The round's hands typed as numbers whose four cards were all laid, against what they make.
    static func checks(round: Int, game: Game, laid: [[Card]], kept: Game.RoundPlay, play: Play,
                       seatOf: (Int) -> Int) -> [CountCheck] {
        guard let starter = game.starter(ofRound: round) else { return [] }
        var suited = Array(repeating: [Card](), count: play.players), ranks = Array(repeating: [Rank](), count: play.players)
        for (index, step) in play.steps.enumerated() {
            guard case .card(let card) = step.token else { continue }
            if kept.unsuited.contains(index) { ranks[step.player].append(card.rank) } else { suited[step.player].append(card) }
        }
        var checks: [CountCheck] = []
        for (index, entry) in game.log.enumerated() where entry.round == round {
            guard case .hand(nil) = entry.score, game.shown(atEntry: index) == nil,
                  let place = (0..<play.players).first(where: { seatOf($0) == entry.player }),
                  laid[place].count == Play.cardsPerPlayer,
                  let show = ShowHand(suited: suited[place], ranks: ranks[place], starter: starter, rules: .hand),
                  let hand = try? Hand(laid[place], cut: starter)
            else { continue }
            let makes = Set(show.choices.compactMap { show.breakdown($0)?.total }).sorted()
            guard !makes.isEmpty else { continue }
            checks.append(CountCheck(round: round, seat: entry.player, typed: entry.points, cardsMake: makes, hand: hand))
        }
        return checks
    }
}

extension Game.Score {
    /// A count of the show: a hand or the crib.
    var isShow: Bool {
        switch self {
        case .hand, .crib: true
        default: false
        }
    }
}
