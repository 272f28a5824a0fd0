import ArgumentParser
import CribbageCore

/// `selfplay review`: games between two players reviewed as a player's games are (`GameReview`),
/// for the review's own checks: each player's error rate with its interval (the levels and the
/// baselines must come in order, the engine reviewing itself near 0), the labels' shares, and the
/// decomposition's residual (result − start − luck + errors, which averages near 0 when the model
/// is consistent).
struct ReviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review", abstract: "Games between two players reviewed: error rates, labels, luck and the residual.")

    @OptionGroup var common: Common
    @Option(help: "The first player (as sprt names them).") var first = "expert"
    @Option(help: "The second player.") var second = "beginner"
    @Option(help: "How many games (in twin pairs; a player against itself, each game its own deal).") var games = 200
    @Option(help: "The opponent's fours a chance is played out against, in the review's analysis.") var played = DiscardOdds.playedHands

    func validate() throws {
        try Common.positive(games, "--games")
        try Common.positive(played, "--played")
        for (name, spec) in [("--first", first), ("--second", second)] where SPRTCommand.player(spec, hands: common.hands) == nil {
            throw ValidationError("\(name) '\(spec.escapingControlCharacters.cut(to: 40))': a level (novice, beginner, club, expert), greedy, hand-and-crib, with-pegging or random, with @N hands")
        }
    }

    struct Figures: Sendable {
        /// By player (the first, the second): the error rate a game, the throws', the cards', the
        /// accuracy, and the labels' counts and graded decisions.
        var errorRate = [Tally(), Tally()], throwsRate = [Tally(), Tally()], playRate = [Tally(), Tally()]
        var accuracy = [Tally(), Tally()]
        var labels = [[ReviewLabel: Int](), [ReviewLabel: Int]()], graded = [0, 0]
        var residual = Tally(), luck = Tally()
        /// The parts of the residual: each deal's but the last, the last deal's; each six's luck by
        /// role (dealer, pone) and each cut's, in points of win chance: all near 0 when the model is
        /// calibrated.
        var dealResidual = Tally(), lastDealResidual = Tally()
        var sixLuck = [Tally(), Tally()], cutLuck = [Tally(), Tally()]
        var seconds = Tally()

        mutating func merge(_ other: Figures) {
            for k in 0...1 {
                errorRate[k].merge(other.errorRate[k])
                throwsRate[k].merge(other.throwsRate[k])
                playRate[k].merge(other.playRate[k])
                accuracy[k].merge(other.accuracy[k])
                labels[k].merge(other.labels[k], uniquingKeysWith: +)
                graded[k] += other.graded[k]
            }
            residual.merge(other.residual)
            luck.merge(other.luck)
            dealResidual.merge(other.dealResidual)
            lastDealResidual.merge(other.lastDealResidual)
            for k in 0...1 {
                sixLuck[k].merge(other.sixLuck[k])
                cutLuck[k].merge(other.cutLuck[k])
            }
            seconds.merge(other.seconds)
        }
    }

    func run() async throws {
        // A player against itself would play each twin's game again: there each game is its own deal.
        let watch = Stopwatch(), seed = common.seed, twinned = first != second
        let count = twinned ? (games + 1) / 2 * 2 : games
        let players = [SPRTCommand.player(first, hands: common.hands)!, SPRTCommand.player(second, hands: common.hands)!]
        let limit = Limit(searchedHands: common.hands, playedHands: played, figures: .everything)
        Output.print("$ selfplay review --first \(first) --second \(second) --games \(games) --seed \(seed) --played \(played)")
        let figures = await parallel(count, workers: common.workers, empty: Figures(), merge: { $0.merge($1) }) { index in
            let pair = twinned ? index / 2 : index, swapped = twinned && index % 2 == 1
            let seated = swapped ? [players[1], players[0]] : players
            let match = Match.play(Match.Setup(seed: seed, game: pair + 1, dealer: pair % 2), players: seated)
            let started = ContinuousClock.now
            guard let review = try? GameReview(match.record, limit: limit) else { return Figures() }
            let elapsed = (ContinuousClock.now - started).components
            var figures = Figures()
            figures.seconds.add(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
            for seat in 0...1 {
                let side = review.side(seat), player = swapped ? 1 - seat : seat
                guard !side.graded.isEmpty else { continue }
                figures.errorRate[player].add(side.errorRate)
                figures.throwsRate[player].add(side.throwsErrorRate)
                figures.playRate[player].add(side.playErrorRate)
                figures.accuracy[player].add(side.accuracy)
                for label in ReviewLabel.allCases { figures.labels[player][label, default: 0] += side.count(label) }
                figures.graded[player] += side.graded.count
            }
            let parts = review.decomposition
            figures.residual.add(parts.residual)
            figures.luck.add(parts.yourLuck - parts.theirLuck)
            Self.parts(of: review, into: &figures)
            return figures
        }
        Output.print("\(count) games of \(first) against \(second)\(twinned ? " in twin pairs" : ", each its own deal"), each reviewed (the strongest policy, \(played) of the opponent's fours for a chance), seed \(seed):")
        for (k, name) in [first, second].enumerated() {
            Output.print("\(name):")
            Output.print("  error rate a game      \(figures.errorRate[k].text)")
            Output.print("  throws' error rate     \(figures.throwsRate[k].text)")
            Output.print("  cards' error rate      \(figures.playRate[k].text)")
            Output.print("  accuracy               \(figures.accuracy[k].text)")
            let graded = max(1, figures.graded[k])
            let shares = ReviewLabel.allCases.map { label in
                "\(label.rawValue) \(figures.labels[k][label, default: 0]) (\((100 * Double(figures.labels[k][label, default: 0]) / Double(graded)).decimal(places: 2))%)"
            }
            Output.print("  labels of \(figures.graded[k]) graded: " + shares.joined(separator: ", "))
        }
        Output.print("The decomposition, seat 0 (points of win chance): result − start − (luck − errors) = residual")
        Output.print("  residual a game        \(figures.residual.text)")
        Output.print("  luck a game (net)      \(figures.luck.text)")
        Output.print("  residual a deal, not the last   \(figures.dealResidual.text)")
        Output.print("  residual of the game's last deal \(figures.lastDealResidual.text)")
        Output.print("  luck of a six, dealer  \(figures.sixLuck[0].text)")
        Output.print("  luck of a six, pone    \(figures.sixLuck[1].text)")
        Output.print("  luck of a cut, dealer  \(figures.cutLuck[0].text)")
        Output.print("  luck of a cut, pone    \(figures.cutLuck[1].text)")
        Output.print("  seconds a review       \(figures.seconds.text)")
        Output.print("  \(watch.seconds) s on \(common.workers) workers")
    }
}

extension ReviewCommand {
    /// The residual deal by deal (seat 0's chance at the next deal's start, or the result, less the
    /// deal's start, less the deal's luck and errors) and each chance event's luck by role.
    static func parts(of review: GameReview, into figures: inout Figures) {
        let starts = GameReview.dealStarts(of: review.record)
        let dealers = review.decisions.reduce(into: [Int: Int]()) { dealers, graded in
            if case .keep(_, let role, _) = graded.point.decision { dealers[graded.point.deal] = role == .dealer ? graded.point.seat : 1 - graded.point.seat }
        }
        for (index, start) in starts.enumerated() {
            let deal = index + 1
            let end = index + 1 < starts.count ? starts[index + 1] : review.result
            let sign = { (seat: Int) in seat == 0 ? 1.0 : -1.0 }
            let luck = review.luck.filter { $0.deal == deal }
            let errors = review.decisions.filter { $0.point.deal == deal && $0.isGraded }
            let explained = luck.reduce(0) { $0 + sign($1.seat) * $1.points } - errors.reduce(0) { $0 + sign($1.point.seat) * $1.loss }
            let residual = (end - start) * 100 - explained
            if index + 1 < starts.count { figures.dealResidual.add(residual) } else { figures.lastDealResidual.add(residual) }
            for event in luck {
                let role = dealers[deal] == event.seat ? 0 : 1
                if event.kind == .six { figures.sixLuck[role].add(event.points) } else { figures.cutLuck[role].add(event.points) }
            }
        }
    }
}

/// `selfplay labels`: the review's labels on seeded discards at a neutral score (no game score: the
/// lines in points of the deal, 0.5, 1 and 2), for each player: the share of its throws marked a
/// mistake or worse, as the review would mark them.
struct LabelsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "labels", abstract: "The review's labels on seeded neutral discards, for each player.")

    @OptionGroup var common: Common
    @Option(help: "How many sixes (half as dealer, half as pone).") var deals = 1_000
    @Option(parsing: .upToNextOption, help: "The players, as sprt names them.")
    var players = ["expert", "with-pegging", "hand-and-crib", "greedy", "random"]

    func validate() throws {
        try Common.positive(deals, "--deals")
        for spec in players where SPRTCommand.player(spec, hands: common.hands) == nil {
            throw ValidationError("'\(spec.escapingControlCharacters.cut(to: 40))': a level (novice, beginner, club, expert), greedy, hand-and-crib, with-pegging or random")
        }
    }

    func run() async throws {
        let watch = Stopwatch(), seed = common.seed
        let deciders = players.map { SPRTCommand.player($0, hands: common.hands)! }
        Output.print("$ selfplay labels --deals \(deals) --seed \(seed) --players \(players.joined(separator: " "))")
        // For each player: graded throws, then each label's count.
        let counts = await parallel(deals, workers: common.workers, empty: [[Int]](repeating: [0, 0, 0, 0, 0], count: deciders.count),
                                    merge: { total, part in for k in total.indices { for j in 0..<5 { total[k][j] += part[k][j] } } }) { index in
            var random = DealScheme.generator(seed, 0x1ABE1, index)
            let six = random.deal(6)
            let role: Role = index % 2 == 0 ? .dealer : .pone
            let decision = Decision.keep(six: six, role: role, score: nil)
            let analysis = analyse(decision, by: .strongest, limit: .advice)
            return deciders.map { player in
                var unused = random
                let thrown = player.keep(six, role: role, score: nil, random: &unused)
                let graded = GradedDecision(DecisionPoint(decision: decision, move: .discard(seat: 0, thrown)), analysis: analysis)
                guard graded.isGraded else { return [0, 0, 0, 0, 0] }
                return [1] + ReviewLabel.allCases.map { graded.label == $0 ? 1 : 0 }
            }
        }
        Output.print("\(deals) seeded sixes at no score (half as dealer), each player's throw graded as the review grades it (lines 0.5, 1 and 2 points):")
        for (k, name) in players.enumerated() {
            let graded = max(1, counts[k][0])
            let worse = counts[k][2] + counts[k][3] + counts[k][4]
            let share = Double(worse) / Double(graded)
            let se = (share * (1 - share) / Double(graded)).squareRoot()
            Output.print("  \(name + String(repeating: " ", count: max(0, 14 - name.count))) \(counts[k][0]) graded: inaccuracy \(counts[k][1]), mistake \(counts[k][2]), blunder \(counts[k][3]); "
                         + "mistake or worse \((100 * share).decimal(places: 1))% (95% CI \((100 * (share - 1.96 * se)).decimal(places: 1))% to \((100 * (share + 1.96 * se)).decimal(places: 1))%)")
        }
        Output.print("  \(watch.seconds) s on \(common.workers) workers")
    }
}
