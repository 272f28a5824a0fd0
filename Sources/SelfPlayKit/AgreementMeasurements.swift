import ArgumentParser
import CribbageCore

/// A seeded two-player decision as the table meets it: a six to throw or a card to lay, the role,
/// and the scores, far from the end or within 30 of it, in a game to 121 or 61.
public struct SeededDecision: Hashable, Sendable {
    public let decision: Decision
    /// The player's knowledge as the computer takes it: the six, or the view of the play.
    public let six: [Card]?
    public let view: PeggingView?
    public let score: GameScore

    /// Decision `index` of `seed`: keeps and lays, dealer and pone, far and near, 121 and 61 in
    /// turn, so that any 16 in a row hold every combination.
    public init(_ index: Int, seed: UInt64) {
        var random = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        let target = index % 2 == 0 ? 121 : 61
        let near = index / 2 % 2 == 1
        let dealer = index / 4 % 2 == 1
        let keep = index / 8 % 2 == 0
        let (mine, theirs): (Int, Int)
        if near {
            // At least one side within 30 of the target, neither there.
            let close = target - 1 - random.below(30)
            let other = random.below(target - 1)
            (mine, theirs) = random.below(2) == 0 ? (close, other) : (other, close)
        } else {
            (mine, theirs) = (random.below(target - 31), random.below(target - 31))
        }
        score = GameScore(mine: mine, theirs: theirs, target: target)
        let role: Role = dealer ? .dealer : .pone
        if keep {
            let six = random.deal(6)
            self.six = six
            view = nil
            decision = .keep(six: six, role: role, score: score)
            return
        }
        // A lay: both sides throw as the computer would, the play goes on by its cards for a few
        // steps, to the player's turn with a choice of two cards or more.
        let computer = ComputerPlayer(level: .expert)
        while true {
            let cards = random.deal(13)
            let seat = dealer ? 1 : 0
            let sixes = [Array(cards[0..<6]), Array(cards[6..<12])]
            let kept = sixes.enumerated().map { side, six in computer.keep(six, dealer: side == 1) }
            let cut = cards[12]
            var play = Play(players: 2)
            let steps = random.below(6)
            var views: [PeggingView] = []
            while let turn = play.turn {
                let view = try! PeggingView(hand: kept[turn].kept, discards: kept[turn].thrown, cut: cut, seat: turn, play: play)
                if turn == seat && play.steps.count >= steps && view.legalCards.count >= 2 { views.append(view); break }
                var tie = SplitMix64(seed: UInt64(play.steps.count))
                try! play.apply(computer.token(for: view, score: nil, random: &tie))
            }
            if let view = views.first {
                six = nil
                self.view = view
                decision = .lay(view, score: score)
                return
            }
        }
    }

    /// The first option of each voice that speaks to this decision, from the core: the hint (the
    /// advice's analysis, every figure), the computer at the expert level (only the figures that
    /// rank), the review and the tutor (the graded best). The commands and the drills are checked in
    /// the tests, in process.
    public func voices() -> [(name: String, choice: Analysis.Choice)] {
        let hint = analyse(decision, by: .strongest, limit: .advice)
        let computer = ComputerPlayer(level: .expert)
        let computerChoice: Analysis.Choice
        var tie = SplitMix64(seed: 1)
        if let six {
            computerChoice = .keep(computer.keepAnalysis(six, dealer: decision.role == .dealer, score: score).best.keep!)
        } else {
            computerChoice = .lay(computer.token(for: view!, score: score, random: &tie))
        }
        let point = DecisionPoint(decision: decision, move: hint.best.move(seat: view?.seat ?? 0))
        let review = GradedDecision(point)
        return [("hint", hint.best.choice), ("computer", computerChoice), ("review", review.best.choice)]
    }
}

/// `selfplay agreement`: every voice that advises or decides names the same first option, over
/// seeded decisions (`SeededDecision`); and how many first options the one ranking changed from
/// the game points' (the expert's ranking near the end before it).
struct AgreementCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agreement",
        abstract: "Whether the hint, the computer and the review name the same first option, over seeded decisions.")

    @OptionGroup var common: Common
    @Option(help: "How many decisions.") var decisions = 2_000

    func validate() throws { try Common.positive(decisions, "--decisions") }

    struct Counts: Sendable {
        var decisions = 0, agreed = 0, changedFromGamePoints = 0, near = 0, nearChanged = 0
        var disagreements: [String] = []

        mutating func merge(_ other: Counts) {
            decisions += other.decisions
            agreed += other.agreed
            changedFromGamePoints += other.changedFromGamePoints
            near += other.near
            nearChanged += other.nearChanged
            disagreements += other.disagreements
        }
    }

    func run() async throws {
        let watch = Stopwatch(), seed = common.seed
        Output.print("$ selfplay agreement --decisions \(decisions) --seed \(seed)")
        let counts = await parallel(decisions, workers: common.workers, empty: Counts(), merge: { $0.merge($1) }) { index in
            let seeded = SeededDecision(index, seed: seed)
            var counts = Counts()
            counts.decisions = 1
            let voices = seeded.voices()
            if voices.allSatisfy({ $0.choice == voices[0].choice }) {
                counts.agreed = 1
            } else {
                counts.disagreements.append("decision \(index): " + voices.map { "\($0.name) \($0.choice)" }.joined(separator: ", "))
            }
            let before = analyse(seeded.decision, by: Policy.strongest.playing(for: .gamePoints), limit: .move).best.choice
            let near = seeded.score.isNear(within: ToScore.standardNear)
            if near { counts.near = 1 }
            if before != voices[0].choice {
                counts.changedFromGamePoints = 1
                if near { counts.nearChanged = 1 }
            }
            return counts
        }
        Output.print("The hint, the computer at the expert level and the review's best agree on \(counts.agreed) of \(counts.decisions) decisions.")
        for line in counts.disagreements.prefix(20) { Output.print("  " + line) }
        Output.print("The first option changed from the game points' ranking on \(counts.changedFromGamePoints) of \(counts.decisions) (\(counts.nearChanged) of the \(counts.near) within 30 of the target).")
        Output.print("  \(watch.seconds) s on \(common.workers) workers")
    }
}
