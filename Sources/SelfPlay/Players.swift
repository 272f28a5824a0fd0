import CribbageCore

/// How a player throws to the crib.
enum Thrower: Hashable, Sendable {
    /// The best hand ± crib against an expert opponent's crib (`discard`'s default ranking).
    case expert
    /// The best hand ± crib against a random opponent's crib: the greedy baseline.
    case greedy
    /// The best hand ± crib against an expert crib, plus the keep's pegging net (`KeepPegging`).
    case pegging
    /// The computer opponent of the table at a level.
    case computer(ComputerLevel)
    /// As `pegging`, but by the chance to win from the score (`DiscardOdds`), or the game points
    /// as `goal` says, when either side is within `near` points of the target before the deal.
    case toScore(near: Int, goal: ScoreGoal = .win)

    /// The keeps of six dealt cards that hand ± crib, and hand ± crib with the play, rank
    /// first against an expert crib: one analysis for both.
    static func expertKeeps(_ cards: [Card], dealer: Bool) -> (plain: (kept: [Card], thrown: [Card]),
                                                               pegging: (kept: [Card], thrown: [Card])) {
        let role: Role = dealer ? .dealer : .pone
        let analysis = try! DiscardAdvisor.analyze(cards, role: role, opponent: .expert)
        let plain = analysis.ranked(for: role)[0], pegging = analysis.ranked(for: role, pegging: true)[0]
        return ((plain.cards, plain.discard), (pegging.cards, pegging.discard))
    }

    /// The policy this thrower keeps by.
    var policy: Policy {
        switch self {
        case .expert: Policy(crib: .expert, keep: .handAndCrib, lay: .search)
        case .greedy: .greedy
        case .pegging: Policy(crib: .expert, keep: .withPegging, lay: .search)
        case .computer(let level): level.policy
        case .toScore(let near, let goal): Policy(crib: .expert, keep: .withPegging, lay: .search, toScore: ToScore(near: near, goal: goal))
        }
    }

    /// The four kept and the two thrown of six dealt cards; `score`, the scores before the deal,
    /// for a thrower that plays to it.
    func keep(_ cards: [Card], dealer: Bool, score: GameScore? = nil) -> (kept: [Card], thrown: [Card]) {
        let best = analyse(.keep(six: cards, role: dealer ? .dealer : .pone, score: score), by: policy, limit: .move).best.keep!
        return (best.cards, best.discard)
    }
}

/// How a player lays its cards in the play.
enum Pegger: Sendable {
    case engine(PeggingEngine)
    /// The engine played to the score (`advice(for:score:nearTheEnd:)`) when the scores are known,
    /// for `goal`.
    case engineToScore(PeggingEngine, nearTheEnd: Int = ToScore.standardNear, goal: ScoreGoal = .win)
    /// The card that pegs most now (`Play.points(laying:)`), ties at random.
    case greedy
    /// The computer opponent of the table at a level, as the table plays it.
    case computer(ComputerPlayer)

    func token(for view: PeggingView, score: GameScore? = nil, random: inout SplitMix64) -> PlayToken {
        switch self {
        case .engine(let engine):
            return engine.advice(for: view)!.best.token
        case .engineToScore(let engine, let near, let goal):
            let policy = Policy(crib: .expert, keep: .withPegging, lay: .search, toScore: ToScore(near: near, goal: goal))
            return analyse(.lay(view, score: score), by: policy, limit: Limit(searchedHands: engine.hands, figures: .ranking)).best.token!
        case .greedy:
            return ComputerPlayer(level: .beginner).token(for: view, score: nil, random: &random)
        case .computer(let player):
            return player.token(for: view, score: score, random: &random)
        }
    }
}

/// One deal's cards: six to the pone (seat 0), six to the dealer (seat 1), and the cut.
struct DealtCards {
    let sixes: [[Card]]
    let cut: Card

    init(_ random: inout SplitMix64) {
        let cards = random.deal(13)
        sixes = [Array(cards[0..<6]), Array(cards[6..<12])]
        cut = cards[12]
    }
}

/// The play of one deal between two peggers, seat 0 the pone: every peg in order. With
/// `scores` (each seat's score as the play starts) and `target`, a pegger that plays to the
/// score sees the scores as they stand at each turn.
func playOut(kept: [[Card]], thrown: [[Card]], cut: Card, peggers: [Pegger], random: inout SplitMix64,
             scores: [Int]? = nil, target: Int = 121) -> [Peg] {
    var play = Play(players: 2)
    var pegs: [Peg] = []
    var running = scores
    while let turn = play.turn {
        let view = try! PeggingView(hand: kept[turn], discards: thrown[turn], cut: cut, seat: turn, play: play)
        let score = running.map { GameScore(mine: $0[turn], theirs: $0[1 - turn], target: target) }
        let new = try! play.apply(peggers[turn].token(for: view, score: score, random: &random))
        for peg in new { running?[peg.player] += peg.score.points }
        pegs += new
        if let running, running.contains(where: { $0 >= target }) { break }
    }
    return pegs
}

/// A generator for item `index` of a run seeded `seed`: the same item gets the same cards
/// whichever worker plays it.
func generator(seed: UInt64, index: Int) -> SplitMix64 {
    var mixer = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
    return SplitMix64(seed: mixer.next())
}
