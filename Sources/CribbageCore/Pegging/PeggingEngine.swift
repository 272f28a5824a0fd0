import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The pegging engine: the card to lay (or go), with what each choice is worth for the rest of
/// the play. It reads only a `PeggingView`, what the player may know.
///
/// With two players it searches: it weighs the opponent's possible hands (`PeggingBelief`),
/// takes up to `hands` of them, and for each card it may lay and each hand finds the opponent's
/// reply as an opponent who cannot see its cards would (`hiddenReplies`), then solves the rest of
/// the play exactly as if both hands were open (each player maximising its points minus the
/// other's, on ranks), and averages.
/// With three or four players it samples: deals of the unseen cards to the other seats that fit
/// what was laid and every go said, each play finished by every seat laying greedily
/// (`GroupPegging`), and the card whose side nets most on average (measured against the greedy
/// rule alone in Docs/Measurements.md, "Three and four players").
///
///     let advice = PeggingEngine().advice(for: view)!
///     advice.best.token   // .card(5H)
public struct PeggingEngine: Hashable, Sendable {
    /// How many of the opponent's possible hands a decision solves at most: when the belief
    /// holds more, they are chosen by systematic sampling (K evenly spaced points of the
    /// cumulative chances, in a fixed order), so the same view always gets the same advice.
    public let hands: Int
    /// How the opponent's possible hands are weighed.
    public let inference: Inference
    /// How the opponent's reply is found in each solve: by an opponent who cannot see the
    /// player's cards, over this many holdings of them (the standard 8), or with both hands open
    /// (nil, the search before hidden replies).
    public let hiddenReplies: Int?

    /// The hands a decision solves unless a `Limit` says otherwise.
    public static let standardHands = 48
    /// The holdings of the player's an opponent's hidden reply is weighed over (`hiddenReplies`).
    public static let standardReplies = 8

    public init(hands: Int = standardHands, inference: Inference = .consistent, hiddenReplies: Int? = standardReplies) {
        precondition(hands > 0, "the engine solves at least one hand")
        self.hands = hands
        self.inference = inference
        self.hiddenReplies = hiddenReplies
    }

    /// How the search weighs the hands the opponent may hold (Rules.md, "What the engine believes").
    public enum Inference: Hashable, Sendable {
        /// By consistency alone: each hand the expert's throw leaves that could have laid the cards
        /// laid and said the goes, weighed by the ways it can be dealt (`PeggingBelief`).
        case consistent
        /// The same hands, each weighed besides by how likely the opponent was to lay each card it
        /// laid had it held them: a softmax, `sharpness` a point, over what `model` says each card
        /// it could have laid then was worth to it.
        case policy(sharpness: Double, model: OpponentModel)
    }

    /// Forgets the hidden replies every search has kept (`ReplyMemo`), which changes no advice:
    /// so that a measurement times a decision worked out afresh, as the first of a session is.
    public static func forgetKeptReplies() { ReplyMemo.shared.removeAll() }

    /// The options of the player whose view it is, best first; nil when it is not its turn.
    public func advice(for view: PeggingView) -> PeggingAdvice? {
        guard view.play.turn == view.seat else { return nil }
        return view.play.players == 2 ? searched(view, score: nil) : GroupPegging(deals: Self.groupDeals(hands)).advice(for: view)
    }

    /// The same options with each one's race to the target from `score` (the chance the player
    /// reaches it in this play and the opponent does not, and the other way round), measured and not
    /// followed: the order is `advice(for:)`'s. Playing to the score is a policy above the search
    /// (`Policy.toScore`, which ranks by the chance to win near the end).
    public func advice(for view: PeggingView, racingTo score: GameScore) -> PeggingAdvice? {
        guard view.play.turn == view.seat else { return nil }
        return view.play.players == 2 ? searched(view, score: score) : GroupPegging(deals: Self.groupDeals(hands)).advice(for: view)
    }

    // MARK: Two players

    /// What the player of a two-player view believes of the ranks the opponent still holds,
    /// given its cards, the cut and the opponent's cards and goes so far.
    static func belief(for view: PeggingView) -> PeggingBelief {
        var seen = InlineArray<13, Int>(repeating: 0)
        for card in view.hand + view.discards + [view.cut] { seen[card.rank.order - 1] += 1 }
        var laid: [UInt8] = [], goes: [(laid: Int, count: Int)] = []
        for step in view.play.steps where step.player != view.seat {
            switch step.token {
            case .card(let card): laid.append(card.rank.rawValue)
            case .go: goes.append((laid.count, step.count))
            }
        }
        var belief = PeggingBelief(seen: seen, opponentIsDealer: !view.isDealer, laid: laid, goes: goes)
        // A history that no expert keep with honest goes explains (a go said while a card fitted,
        // which `Play` cannot know): without the goes, then without the expert's throw.
        if belief.hands.isEmpty {
            belief = PeggingBelief(seen: seen, opponentIsDealer: !view.isDealer, laid: laid, goes: [])
        }
        if belief.hands.isEmpty {
            belief = PeggingBelief(seen: seen, opponentIsDealer: !view.isDealer, laid: laid, goes: [], thrownAsExpert: false)
        }
        return belief
    }

    private func searched(_ view: PeggingView, score: GameScore?) -> PeggingAdvice {
        let play = view.play, seat = view.seat, opponent = 1 - seat
        let belief = Self.belief(for: view)
        let memo = LineMemo<NoLine>()
        let sample: [(index: Int, weight: Double)]
        if case .policy(let sharpness, let model) = inference, let lays = Self.opponentLays(view) {
            sample = Self.weighed(belief, lays: lays, view: view, sharpness: sharpness, model: model, size: hands, memo: memo)
        } else {
            sample = Self.sample(belief.hands.map(\.chance), size: hands)
        }

        let held = view.held
        let legal = view.legalCards
        // Each distinct rank once: cards of a rank are alike in the play.
        var moves: [UInt8] = []
        for card in legal where !moves.contains(card.rank.rawValue) { moves.append(card.rank.rawValue) }
        let mine = held.map(\.rank.rawValue)

        var sums = [(mine: Double, theirs: Double)](repeating: (0, 0), count: max(1, moves.count))
        // Played to the score: the weight of the hands where the player reaches the target in
        // this play and the opponent does not, and the other way round.
        var races = [(won: Double, lost: Double)](repeating: (0, 0), count: max(1, moves.count))
        func race(_ k: Int, _ points: InlineArray<2, Int>, _ weight: Double) {
            guard let score else { return }
            let mine = points[seat] >= score.target - score.mine, theirs = points[opponent] >= score.target - score.theirs
            if mine && !theirs { races[k].won += weight }
            if theirs && !mine { races[k].lost += weight }
        }
        for (hand, weight) in sample {
            var hands: [[UInt8]] = [[], []]
            hands[seat] = mine
            hands[opponent] = belief.hands[hand].ranks
            let start = RankPlay(play, held: hands)
            if moves.isEmpty {
                var next = start
                next.go()
                let points = next.solved(memo: memo)
                sums[0].mine += weight * Double(points[seat])
                sums[0].theirs += weight * Double(points[opponent])
                race(0, points, weight)
            }
            for (k, rank) in moves.enumerated() {
                var next = start
                next.lay(rank)
                let points = hiddenReplies.map {
                    Self.hiddenReply(next, seat: seat, view: view, laying: rank, samples: $0, memo: memo)
                } ?? next.solved(memo: memo)
                sums[k].mine += weight * Double(points[seat])
                sums[k].theirs += weight * Double(points[opponent])
                race(k, points, weight)
            }
        }
        let method = PeggingAdvice.Method.search(solved: sample.count, possible: belief.hands.count)
        guard !moves.isEmpty else {
            return PeggingAdvice(options: [.init(token: .go, mine: sums[0].mine, theirs: sums[0].theirs,
                                                 racesWon: races[0].won, racesLost: races[0].lost)], method: method)
        }
        let options = legal.map { card in
            let k = moves.firstIndex(of: card.rank.rawValue)!
            return PeggingAdvice.Option(token: .card(card), mine: sums[k].mine, theirs: sums[k].theirs,
                                        racesWon: races[k].won, racesLost: races[k].lost)
        }
        return PeggingAdvice(options: Self.ranked(options), method: method)
    }

    /// One card the opponent laid: the play just before it, its rank, and the ranks each player
    /// laid from then on (the opponent's from this card on).
    struct OpponentLay {
        let play: Play
        let rank: UInt8
        let laterMine: [UInt8]
        let laterTheirs: [UInt8]
    }

    /// The opponent's cards laid so far, each with the play before it; nil when it has laid none.
    static func opponentLays(_ view: PeggingView) -> [OpponentLay]? {
        let opponent = 1 - view.seat
        var play = Play(players: 2)
        var before: [(play: Play, step: Int)] = []
        for (index, step) in view.play.steps.enumerated() {
            if step.player == opponent, case .card = step.token { before.append((play, index)) }
            try! play.apply(step.token)
        }
        guard !before.isEmpty else { return nil }
        let steps = view.play.steps
        return before.map { play, index in
            func ranks(_ player: Int, from start: Int) -> [UInt8] {
                steps[start...].compactMap { step in
                    guard step.player == player, case .card(let card) = step.token else { return nil }
                    return card.rank.rawValue
                }
            }
            guard case .card(let card) = steps[index].token else { preconditionFailure("a lay is a card") }
            return OpponentLay(play: play, rank: card.rank.rawValue, laterMine: ranks(view.seat, from: index + 1),
                               laterTheirs: ranks(opponent, from: index))
        }
    }

    /// The hands to solve under policy-weighted inference: a systematic sample of `size` of the
    /// belief's hands, each weighed besides by the chance the opponent would have laid what it laid
    /// holding it (`Inference.policy`). The belief weighs a hand by the ways it holds each card
    /// laid (j for j cards of its rank), as if any card held were as likely laid; the policy's
    /// chance of the rank, over j for the card of it, takes that place.
    static func weighed(_ belief: PeggingBelief, lays: [OpponentLay], view: PeggingView, sharpness: Double,
                        model: OpponentModel, size: Int, memo: LineMemo<NoLine>) -> [(index: Int, weight: Double)] {
        let seat = view.seat, opponent = 1 - seat
        let mine = view.held.map(\.rank.rawValue)
        let wide = sample(belief.hands.map(\.chance), size: size)
        var weights = wide.map { index, weight in
            var likelihood = 1.0
            for lay in lays {
                var hands: [[UInt8]] = [[], []]
                hands[seat] = mine + lay.laterMine
                hands[opponent] = belief.hands[index].ranks + lay.laterTheirs
                let start = RankPlay(lay.play, held: hands)
                let (ranks, n) = start.legalRanks()
                guard n > 1 else { continue }
                var nets = InlineArray<4, Double>(repeating: 0), laid = 0.0, best = -Double.infinity
                for k in 0..<n {
                    var next = start
                    next.lay(ranks[k])
                    switch model {
                    case .open:
                        let points = next.solved(memo: memo)
                        nets[k] = Double(points[opponent] - points[seat])
                    case .pointsNow:
                        nets[k] = Double(next.points[opponent] - start.points[opponent])
                    case .search(let samples):
                        nets[k] = Self.opponentNet(next, seat: seat, opponent: opponent,
                                                   pool: unseenByOpponent(lay.play, theirs: hands[opponent], cut: view.cut),
                                                   seed: seed(hands[opponent], steps: lay.play.steps.count), samples: samples, memo: memo)
                    }
                    best = max(best, nets[k])
                    if ranks[k] == lay.rank { laid = nets[k] }
                }
                var total = 0.0
                for k in 0..<n { total += exp(sharpness * (nets[k] - best)) }
                // The belief counted a hand with j cards of the rank laid j ways to hold the card
                // laid; a card of the rank the policy chose is that card one time in j.
                let held = hands[opponent].count { $0 == lay.rank }
                likelihood *= exp(sharpness * (laid - best)) / total / Double(held)
            }
            return weight * likelihood
        }
        let total = weights.reduce(0, +)
        guard total > 0 else { return wide }
        for k in weights.indices { weights[k] /= total }
        return wide.indices.map { (wide[$0].index, weights[$0]) }
    }

    /// The ranks the opponent had not seen at `play`: every card but the cut, the cards laid and
    /// its own `theirs` (the player's discards among them: the opponent cannot know them).
    static func unseenByOpponent(_ play: Play, theirs: [UInt8], cut: Card, also: [UInt8] = []) -> [Int] {
        var pool = [Int](repeating: 4, count: 13)
        pool[Int(cut.rank.rawValue) - 1] -= 1
        for cards in play.laid { for card in cards { pool[Int(card.rank.rawValue) - 1] -= 1 } }
        for rank in theirs + also { pool[Int(rank) - 1] -= 1 }
        return pool
    }

    /// A seed from the opponent's hand and the play's length: the same view, the same draws.
    static func seed(_ theirs: [UInt8], steps: Int, extra: UInt8 = 0) -> UInt64 {
        var seed: UInt64 = 0xCB29_C0DE
        for rank in theirs { seed = (seed ^ UInt64(rank)) &* 0x100_0000_01B3 }
        seed = (seed ^ UInt64(steps)) &* 0x100_0000_01B3
        return (seed ^ UInt64(extra)) &* 0x100_0000_01B3
    }

    /// The opponent's net to the end of the play from `next`, averaged over `samples` holdings of
    /// the player's (as many cards as it holds at `next`) drawn from `pool`, what the opponent had
    /// not seen, by a generator seeded with `seed`.
    static func opponentNet(_ next: RankPlay, seat: Int, opponent: Int, pool: [Int], seed: UInt64, samples: Int,
                            memo: LineMemo<NoLine>) -> Double {
        var random = SplitMix64(seed: seed)
        let size = next.heldCount[seat]
        var total = 0.0
        for _ in 0..<samples {
            var left = pool, remaining = left.reduce(0, +)
            var position = next
            for k in 0..<size where remaining > 0 {
                var pick = random.below(remaining), r = 0
                while pick >= left[r] { pick -= left[r]; r += 1 }
                left[r] -= 1
                remaining -= 1
                position.setHeld(UInt8(r + 1), of: seat, at: k)
            }
            let points = position.solved(memo: memo)
            total += Double(points[opponent] - points[seat])
        }
        return total / Double(samples)
    }

    /// The rest of the play from `next` with the opponent's next card chosen as an opponent who
    /// cannot see the player's cards would choose it (`hiddenReplyRank`), and everything after
    /// solved with both hands open.
    static func hiddenReply(_ next: RankPlay, seat: Int, view: PeggingView, laying rank: UInt8, samples: Int,
                            memo: LineMemo<NoLine>) -> InlineArray<2, Int> {
        guard let reply = hiddenReplyRank(next, seat: seat, view: view, laying: rank, samples: samples, memo: memo) else {
            return next.solved(memo: memo)
        }
        var after = next
        after.lay(reply)
        return after.solved(memo: memo)
    }

    /// The card the opponent lays next at `next` (the player having just laid `rank` in `view`),
    /// chosen by its net over `samples` holdings of the player's drawn from what it has not seen
    /// (`opponentNet`): it reads the player's cards only through how many are held. Nil when it is
    /// not the opponent's turn or one card (or none) fits.
    /// The replies found are kept in `replies` (nil: none kept, none looked up).
    static func hiddenReplyRank(_ next: RankPlay, seat: Int, view: PeggingView, laying rank: UInt8, samples: Int,
                                memo: LineMemo<NoLine>, replies: ReplyMemo? = .shared) -> UInt8? {
        let opponent = 1 - seat
        guard next.turn == opponent else { return nil }
        let (ranks, n) = next.legalRanks()
        guard n > 1 else { return nil }
        var theirs: [UInt8] = []
        for k in 0..<next.heldCount[opponent] { theirs.append(next.held(opponent, k)) }
        let pool = unseenByOpponent(view.play, theirs: theirs, cut: view.cut, also: [rank])
        let key = ReplyMemo.Key(next, seat: seat, pool: pool, steps: view.play.steps.count, laid: rank, samples: samples)
        if let known = replies?.reply(key) { return known }
        let seed = seed(theirs, steps: view.play.steps.count, extra: rank)
        var best = 0, bestNet = -Double.infinity
        for k in 0..<n {
            var reply = next
            reply.lay(ranks[k])
            let net = opponentNet(reply, seat: seat, opponent: opponent, pool: pool, seed: seed, samples: samples, memo: memo)
            if net > bestNet { (best, bestNet) = (k, net) }
        }
        replies?.keep(ranks[best], for: key)
        return ranks[best]
    }

    /// Indices into `chances` (which sum to 1) with weights summing to 1: all of them when there
    /// are `size` or fewer, else `size` evenly spaced points of the cumulative chances (a hand
    /// hit m times weighs m / size).
    static func sample(_ chances: [Double], size: Int) -> [(index: Int, weight: Double)] {
        guard chances.count > size else { return chances.enumerated().map { ($0.offset, $0.element) } }
        var sample: [(index: Int, weight: Double)] = []
        var cumulative = 0.0, index = -1
        for j in 0..<size {
            let point = (Double(j) + 0.5) / Double(size)
            while index + 1 < chances.count && cumulative <= point {
                index += 1
                cumulative += chances[index]
            }
            if sample.last?.index == index {
                sample[sample.count - 1].weight += 1 / Double(size)
            } else {
                sample.append((index, 1 / Double(size)))
            }
        }
        return sample
    }

    /// Best net first, then more points for the player, then the order given.
    private static func ranked(_ options: [PeggingAdvice.Option]) -> [PeggingAdvice.Option] {
        options.indices.sorted { a, b in
            let (x, y) = (options[a], options[b])
            if x.net != y.net { return x.net > y.net }
            if x.mine != y.mine { return x.mine > y.mine }
            return a < b
        }.map { options[$0] }
    }

    // MARK: Three or four players

    /// The deals of the unseen cards a three- or four-player decision plays out: twice the hands
    /// a two-player one solves (96 at the standard 48), each deal a quick greedy play-out: 96
    /// measured +0.132 a deal with three and +0.394 with teams against 48's +0.094 and +0.268
    /// (Docs/Measurements.md, "Three and four players").
    static func groupDeals(_ hands: Int) -> Int { 2 * hands }

    /// The greedy rule for three or four players: the most points now (`Play.points(laying:)`);
    /// among equals, a card that does not leave the count at 5 or 21 (a ten-card makes 15 or 31
    /// from there), then the highest card, so the low ones are kept for the end of a count. The
    /// numbers are the points now only. The sampled search finishes each play with it, and it is
    /// the baseline the search is measured against.
    public static func greedyAdvice(for view: PeggingView) -> PeggingAdvice? {
        guard view.play.turn == view.seat else { return nil }
        let legal = view.legalCards
        guard !legal.isEmpty else {
            return PeggingAdvice(options: [.init(token: .go, mine: 0, theirs: 0)], method: .greedy)
        }
        let order = greedyOrder(legal, play: view.play)
        return PeggingAdvice(options: order.map { .init(token: .card($0.card), mine: Double($0.now), theirs: 0) },
                             method: .greedy)
    }

    /// `cards` (each fits the count) in the greedy rule's order, with what each pegs now.
    static func greedyOrder(_ cards: [Card], play: Play) -> [(card: Card, now: Int)] {
        let scored = cards.map { card in
            (card: card, now: play.points(laying: card)!, risky: [5, 21].contains(play.count + card.rank.value))
        }
        let order = scored.indices.sorted { a, b in
            let (x, y) = (scored[a], scored[b])
            if x.now != y.now { return x.now > y.now }
            if x.risky != y.risky { return !x.risky }
            if x.card.rank != y.card.rank { return x.card.rank > y.card.rank }
            return a < b
        }
        return order.map { (scored[$0].card, scored[$0].now) }
    }
}

extension PeggingEngine.Inference {
    /// The policy-weighted inference measured (Rules.md): a softmax of sharpness 1 over what a
    /// searching opponent who cannot see the player's cards would find, over 8 of its holdings.
    public static let standardPolicy = PeggingEngine.Inference.policy(sharpness: 1, model: .search(samples: PeggingEngine.standardReplies))
}

extension PeggingEngine {
    /// What the opponent is taken to value a card by, in policy-weighted inference.
    public enum OpponentModel: Hashable, Sendable {
        /// Its net to the end of the play with both hands open (the player's own as they were).
        case open
        /// The points it pegs now.
        case pointsNow
        /// Its net to the end of the play averaged over `samples` holdings of the player's drawn
        /// from the cards it had not seen: what a searching opponent who cannot see the player's
        /// cards would find.
        case search(samples: Int)
    }
}

/// The engine's choices for one turn, best first, each with its numbers.
public struct PeggingAdvice: Hashable, Sendable {
    /// One card the player may lay, or go when none fits.
    public struct Option: Hashable, Sendable {
        public let token: PlayToken
        /// The points the player (with teams, its side) is expected to peg from this choice to the
        /// end of the play, this card's included; with the greedy rule, what the card pegs now.
        public let mine: Double
        /// The opponent's expected points to the end of the play: with three players the other
        /// two's mean, with teams the other side's; 0 with the greedy rule.
        public let theirs: Double
        /// Raced to a score (`advice(for:racingTo:)`), the chance the player reaches the target in
        /// this play and the opponent does not, and the other way round; 0 otherwise.
        public var racesWon = 0.0
        public var racesLost = 0.0
        /// `mine − theirs`: what the engine maximises.
        public var net: Double { mine - theirs }
    }

    /// How the numbers were worked out.
    public enum Method: Hashable, Sendable {
        /// Two players: `solved` of the opponent's `possible` hands solved and averaged.
        case search(solved: Int, possible: Int)
        /// Three or four players, the greedy rule: the points each card pegs now.
        case greedy
        /// Three or four players: `deals` deals of the unseen cards played out (`GroupPegging`).
        case sampled(deals: Int)
    }

    /// Every legal card (each card of a rank gets the rank's numbers), or the go, best first.
    public let options: [Option]
    public let method: Method

    /// The engine's choice.
    public var best: Option { options[0] }
}

/// The hidden replies found so far, shared by every search and thread. A reply reads the play,
/// the opponent's ranks, what it has not seen and the player's number of cards, never the
/// player's ranks (`PeggingEngine.hiddenReplyRank`), so the same reply recurs in every deal where
/// the opponent could hold those cards: across the decisions of self-play most are found here.
/// Bounded in two generations: when the newer is full the older is dropped and the newer takes
/// its place, so the replies in use stay and no more than `2 × capacity` are kept (some 100 MB);
/// forgetting changes no reply.
final class ReplyMemo: Sendable {
    static let shared = ReplyMemo()
    /// A generation's replies; a game at the table keeps a few thousand.
    let capacity: Int
    private let kept = Mutex<(newer: [Key: UInt8], older: [Key: UInt8])>(([:], [:]))

    init(capacity: Int = 1 << 20) {
        precondition(capacity > 0, "a generation keeps at least one reply")
        self.capacity = capacity
    }

    /// Everything a hidden reply reads: the play without the player's ranks, what the opponent
    /// has not seen (3 bits a rank), the play's steps, the rank the player laid, the holdings.
    struct Key: Hashable {
        let cards: UInt64, state: UInt64, rest: UInt64

        init(_ next: RankPlay, seat: Int, pool: [Int], steps: Int, laid: UInt8, samples: Int) {
            (cards, state) = next.withoutRanks(of: seat)
            var rest = UInt64(seat)
            for count in pool { rest = rest << 3 | UInt64(truncatingIfNeeded: count) & 7 }
            precondition(steps < 64 && samples < 1 << 10, "a play has under 64 steps; the holdings are under 1,024")
            rest = rest << 6 | UInt64(steps)
            rest = rest << 4 | UInt64(laid)
            self.rest = rest << 10 | UInt64(samples)
        }
    }

    /// The reply kept for `key`; one found among the older is kept again among the newer.
    func reply(_ key: Key) -> UInt8? {
        kept.withLock { kept in
            if let reply = kept.newer[key] { return reply }
            guard let reply = kept.older[key] else { return nil }
            Self.add(reply, for: key, to: &kept, capacity: capacity)
            return reply
        }
    }

    var count: Int { kept.withLock { $0.newer.count + $0.older.count } }

    func removeAll() { kept.withLock { $0 = ([:], [:]) } }

    func keep(_ reply: UInt8, for key: Key) {
        kept.withLock { Self.add(reply, for: key, to: &$0, capacity: capacity) }
    }

    private static func add(_ reply: UInt8, for key: Key, to kept: inout (newer: [Key: UInt8], older: [Key: UInt8]), capacity: Int) {
        if kept.newer.count >= capacity { kept = ([:], kept.newer) }
        kept.newer[key] = reply
    }
}
