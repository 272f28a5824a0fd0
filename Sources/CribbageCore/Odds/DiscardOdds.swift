/// Each keep's chance to win a two-player game from the scores before the deal: the deal's points
/// in the order they arrive (his heels, the play, the pone's hand, the dealer's hand, the crib),
/// the first side to the target winning there, and otherwise the shipped win table's chance at
/// the next deal's start (`WinTable.shipped`). Docs/Rules.md, "Discards played to the score".
///
/// - The cut: each of the 46 unseen cards alike; your hand and his heels exact for each.
/// - The play: the opponent's four as the pegging engine believes them before the first card
///   (`PeggingBelief`, `hands` of them by systematic sampling), each played out as the engine's search
///   plays it with both hands open (`RankPlay.line`): its pegs in order. Not tied to the cut.
/// - The opponent's hand: the engine's belief over all its fours, with the cut's rank drawn from
///   the cards neither four holds; fifteens, pairs and runs exact by rank, nobs as a chance of
///   1/4 a jack, no flush. Independent of the play's sample and of the crib.
/// - The crib: the solved crib's model (`SolvedCribOdds`) as a distribution given the cut's rank:
///   the opponent's throw weighed over its sixes, your jack's nobs exact, theirs as a chance, no
///   crib flush.
///
///     let odds = try DiscardOdds(cards, role: .pone, score: GameScore(mine: 115, theirs: 118, target: 121))
///     odds.ranked[0]   // the keep most likely to win the game
public struct DiscardOdds: Hashable, Sendable {
    /// The solved-crib analysis of the six cards for the role, with each keep's points.
    public let analysis: DiscardAnalysis
    public let role: Role
    public let score: GameScore
    /// Each keep's chances (with how its deal can end the game), at its index in `analysis.keeps`.
    public let chances: [Chances]

    /// How many of the opponent's possible fours the play is played out against, per keep, by
    /// default: within 3 points of all of them (some 1,200; tested), at a tenth of the cost.
    public static let playedHands = 128

    /// The analysis of six distinct cards played to the score: `role` dealer or pone, `score` below
    /// its target (121 or 61). Another number of cards, or a card twice, is a `HandError`.
    public init(_ cards: [Card], role: Role, score: GameScore, hands: Int = playedHands) throws(HandError) {
        self.init(try DiscardAdvisor.analyze(cards, role: role, opponent: .solved), role: role, score: score, hands: hands)
    }

    /// The same from the six's analysis against the solved throw (`DiscardAdvisor.analyze(_:role:opponent:)`)
    /// for this role.
    public init(_ analysis: DiscardAnalysis, role: Role, score: GameScore, hands: Int = playedHands) {
        precondition(analysis.opponent == .solved, "the chance to win counts the crib against the solved throw")
        precondition(role != .none, "the chance to win needs a role")
        precondition(hands > 0, "the play is played out against one of the opponent's fours at least")
        guard let target = Game.Target(rawValue: score.target) else { preconditionFailure("a game goes to 121 or 61") }
        precondition((0..<score.target).contains(score.mine) && (0..<score.target).contains(score.theirs),
                     "scores are below the target before a deal")
        self.analysis = analysis
        self.role = role
        self.score = score
        let model = DealModel(cards: analysis.cards, cut: nil, dealing: role == .dealer, score: score,
                              table: WinTable.shipped(target).table)
        var lines: [[UInt8]: [PlayLine]] = [:]
        chances = analysis.keeps.map { keep in
            let ranks = keep.cards.map(\.rank.rawValue).sorted()
            let played = lines[ranks] ?? model.lines(holding: ranks, play: Play(players: 2), hands: hands)
            lines[ranks] = played
            return model.chances(kept: keep.cards, thrown: keep.discard, lines: played)
        }
    }

    /// The chances of the deal in progress once you have kept `hand` (four cards) and thrown
    /// `discards` (two), with the cut when it is turned and the play so far: the same model as a
    /// keep of `init`. The cut fixes your hand's points, his heels and the rank the other counts
    /// are given, and the opponent's four is believed with the cut seen; the play's pegs so far
    /// come first, its cards and goes sharpen the belief (as the pegging engine's), and the rest is
    /// played out from where it stands. Without the cut (and so without a play), the keep's figure
    /// of `init`. Cards that are not seven distinct (six without the cut) are a `HandError`; a play
    /// needs the cut and cards of yours in it that you kept (`PeggingView`).
    static func chances(hand: [Card], discards: [Card], cut: Card?, play: Play = Play(players: 2), role: Role,
                               score: GameScore, hands: Int = playedHands) throws(HandError) -> Chances {
        guard hand.count == 4 else { throw .wrongCount(hand.count, expected: 4) }
        guard discards.count == 2 else { throw .wrongCount(discards.count, expected: 2) }
        let cards = hand + discards + (cut.map { [$0] } ?? [])
        if let repeated = cards.enumerated().first(where: { cards[..<$0.offset].contains($0.element) })?.element {
            throw .duplicate(repeated, token: repeated.description)
        }
        precondition(role != .none, "the chance to win needs a role")
        precondition(play.players == 2 && (play.steps.isEmpty || cut != nil), "a two-player play, after the cut")
        guard let target = Game.Target(rawValue: score.target) else { preconditionFailure("a game goes to 121 or 61") }
        let seat = role == .dealer ? 1 : 0
        let view = cut.flatMap { try? PeggingView(hand: hand, discards: discards, cut: $0, seat: seat, play: play) }
        precondition(play.steps.isEmpty || view != nil, "the play's cards are the player's as kept, the opponent's unseen")
        let model = DealModel(cards: hand + discards, cut: cut, dealing: role == .dealer, score: score,
                              table: WinTable.shipped(target).table, view: play.steps.isEmpty ? nil : view)
        let held = hand.filter { !play.laid[seat].contains($0) }.map(\.rank.rawValue).sorted()
        let lines = model.lines(holding: held, play: play, hands: hands)
        return model.chances(kept: hand, thrown: discards, lines: lines)
    }

    /// The chances of a keep of the analysis.
    public func chances(of keep: Keep) -> Chances {
        chances[analysis.keeps.firstIndex(of: keep)!]
    }
}

/// One line of the play as the search plays it against one of the opponent's fours, with the
/// four's weight.
struct PlayLine {
    let pegs: [DealScores.Step]
    let weight: Double
}

/// A distribution over points: `chance[points]`.
private typealias PointChances = [Double]

/// What a deal holds for the keeps of one six, apart from the keep: the opponent's fours, their
/// hand by the cut's rank, the crib's model, the scores and the table after the deal; the cut when
/// it is known.
private struct DealModel {
    let cards: [Card]
    let cut: Card?
    let dealing: Bool
    let target: Int
    /// The dealer's score and the pone's before the deal.
    let dealer: Int, pone: Int
    let table: WinTable
    let unseen: Unseen
    let crib: SolvedCribOdds
    let belief: PeggingBelief
    /// The opponent's hand's points given the cut's rank index.
    let theirHand: [PointChances]

    /// With `view`, the play under way: the belief is the pegging engine's from it, and the
    /// opponent's hand holds the cards it has laid.
    init(cards: [Card], cut: Card?, dealing: Bool, score: GameScore, table: WinTable, view: PeggingView? = nil) {
        self.cards = cards
        self.cut = cut
        self.dealing = dealing
        target = score.target
        (dealer, pone) = dealing ? (score.mine, score.theirs) : (score.theirs, score.mine)
        self.table = table
        unseen = Unseen(dealt: Deck(cards))
        crib = SolvedCribOdds(dealt: cards, role: dealing ? .dealer : .pone)
        var held = InlineArray<13, Int>(repeating: 0)
        for card in cards { held[card.rank.order - 1] += 1 }
        var seen = held
        if let cut { seen[cut.rank.order - 1] += 1 }
        belief = view.map(PeggingEngine.belief(for:)) ?? PeggingBelief(seen: seen, opponentIsDealer: !dealing, laid: [], goes: [])
        if let cut {
            let theirLaid = view.map { $0.play.laid[1 - $0.seat] } ?? []
            theirHand = Self.theirHand(belief: belief, laid: theirLaid, cut: cut, jacksSeen: seen[SixRankDeals.jack],
                                       cutJackSeen: (cards + theirLaid).contains(Card(.jack, cut.suit)))
            return
        }

        // Given their four, the cut is any of the 42 cards neither player holds.
        var hands = [PointChances](repeating: PointChances(repeating: 0, count: 30), count: 13)
        for (ranks, chance) in belief.hands {
            let four = RankTally(ranks.map(Int.init))
            let jacks = ranks.count { $0 == Rank.jack.rawValue }
            for s in 0..<13 {
                let left = 4 - held[s] - ranks.count { Int($0) == s + 1 }
                guard left > 0 else { continue }
                let weight = chance * Double(left)
                let points = four.points(with: .empty.adding(s + 1))
                let nobs = s == SixRankDeals.jack ? 0 : Double(jacks) / 4
                hands[s][points] += weight * (1 - nobs)
                hands[s][points + 1] += weight * nobs
            }
        }
        theirHand = hands.map(Self.normalized)
    }

    /// The opponent's hand's points with the cut known, at its rank index (the others empty), its
    /// four the ranks believed held and the cards `laid`: each jack they may hold unseen is the cut's
    /// suit's, when nobody has seen that one, as one of the unseen jacks; a jack laid is seen.
    private static func theirHand(belief: PeggingBelief, laid: [Card], cut: Card, jacksSeen: Int,
                                  cutJackSeen: Bool) -> [PointChances] {
        let s = cut.rank.order - 1
        let laidRanks = laid.map(\.rank.order)
        let unseenJacks = 4 - jacksSeen - laid.count { $0.rank == .jack }
        var chances = PointChances(repeating: 0, count: 30)
        for (ranks, chance) in belief.hands {
            let points = RankTally(ranks.map(Int.init) + laidRanks).points(with: .empty.adding(s + 1))
            let jacks = ranks.count { $0 == Rank.jack.rawValue }
            let nobs = cutJackSeen || s == SixRankDeals.jack || jacks == 0 ? 0 : Double(jacks) / Double(unseenJacks)
            chances[points] += chance * (1 - nobs)
            chances[points + 1] += chance * nobs
        }
        var hands = [PointChances](repeating: [], count: 13)
        hands[s] = normalized(chances)
        return hands
    }

    private static func normalized(_ chances: PointChances) -> PointChances {
        let total = chances.reduce(0, +)
        return total > 0 ? chances.map { $0 / total } : chances
    }

    /// What the searches of the lines learn of the fresh counts, shared by every line of the six.
    let memo = LineMemo<PegLine>()

    /// The play from where `play` stands, you holding `ranks`, against a systematic sample of the
    /// opponent's ranks still held, each line as the search plays it after the pegs so far.
    func lines(holding ranks: [UInt8], play: Play, hands: Int) -> [PlayLine] {
        let sofar = DealScores.pegs(of: play)
        guard !play.isComplete else { return [PlayLine(pegs: sofar, weight: 1)] }
        let mySeat = dealing ? 1 : 0
        return PeggingEngine.sample(belief.hands.map(\.chance), size: hands).map { index, weight in
            var held: [[UInt8]] = [[], []]
            held[mySeat] = ranks
            held[1 - mySeat] = belief.hands[index].ranks
            let line = RankPlay(play, held: held).line(memo: memo)
            return PlayLine(pegs: sofar + line.map { DealScores.Step(dealer: $0.seat == 1, points: $0.points) }, weight: weight)
        }
    }

    /// The crib's points given the cut's rank index, for two thrown cards of rank indices a and b,
    /// the opponent's throw weighed by the expert model, your jacks' nobs left out.
    private func cribPoints(_ a: Int, _ b: Int, cut s: Int) -> PointChances {
        var chances = PointChances(repeating: 0, count: 30)
        let thrown = RankTally([a + 1, b + 1])
        for u in 0..<91 {
            let deals = crib.byThrowAndStarter[u * 13 + s]
            guard deals > 0 else { continue }
            let (c, d) = SixRankDeals.pairRanks[u]
            let points = thrown.points(with: CribOdds.triples[CribOdds.tripleIndex[(c * 13 + d) * 13 + s]].ranks)
            let jacks = (c == SixRankDeals.jack ? 1 : 0) + (d == SixRankDeals.jack ? 1 : 0)
            let nobs = min(1, Double(jacks * crib.theirNobs[s]) / 144)
            chances[points] += Double(deals) * (1 - nobs)
            chances[points + 1] += Double(deals) * nobs
        }
        return Self.normalized(chances)
    }

    /// The chances of one keep, its play played out as `lines`: over the 46 cuts, or the one
    /// turned.
    func chances(kept: [Card], thrown: [Card], lines: [PlayLine]) -> Chances {
        // The play from these scores: who reaches the target in it and the dealer's match points
        // for it, or the scores it leaves.
        struct Played {
            var dealerOut = 0.0, poneOut = 0.0, dealerPoints = 0.0
            var next: [(dealer: Int, pone: Int, weight: Double)] = []
        }
        func played(heels: Int) -> Played {
            var result = Played()
            var next: [Int: Double] = [:]
            for line in lines {
                let deal = DealScores(heels: heels, pegs: line.pegs, poneHand: 0, dealerHand: 0, crib: 0)
                switch deal.outcome(dealer: dealer, pone: pone, target: target) {
                case .dealerWins(let loser):
                    result.dealerOut += line.weight
                    result.dealerPoints += line.weight * table.matchPoints(beating: loser)
                case .poneWins(let loser):
                    result.poneOut += line.weight
                    result.dealerPoints -= line.weight * table.matchPoints(beating: loser)
                case .next(let d, let p): next[d * target + p, default: 0] += line.weight
                }
            }
            result.next = next.sorted { $0.key < $1.key }.map { ($0.key / target, $0.key % target, $0.value) }
            return result
        }
        let plays = [played(heels: 0), played(heels: 2)]

        // The cuts gathered by what they decide: rank, your hand's points, your jack's nobs in the crib.
        let handByCut = unseen.handPointsByCut(kept)
        var cuts: [Int: Int] = [:]
        for (card, hand) in zip(unseen.cards, handByCut) where cut == nil || card == cut {
            let nobs = thrown.contains { $0.rank == .jack && $0.suit == card.suit } ? 1 : 0
            cuts[((card.rank.order - 1) * 30 + hand) * 2 + nobs, default: 0] += 1
        }
        let cutCount = Double(cuts.values.reduce(0, +))
        let (a, b) = (thrown[0].rank.order - 1, thrown[1].rank.order - 1)
        var cribByCut: [Int: PointChances] = [:]

        var dealerOut = 0.0, poneOut = 0.0, dealerCounts = 0.0, poneCounts = 0.0, dealerWins = 0.0, dealerPoints = 0.0
        for (key, count) in cuts.sorted(by: { $0.key < $1.key }) {
            let (s, hand, nobs) = (key / 60, key / 2 % 30, key % 2)
            let cutWeight = Double(count) / cutCount
            let cribChances = cribByCut[s] ?? cribPoints(a, b, cut: s)
            cribByCut[s] = cribChances
            // The pone's hand, then the dealer's hand and crib together.
            let poneHand: PointChances, dealerShow: PointChances
            if dealing {
                poneHand = theirHand[s]
                dealerShow = Self.shifted(cribChances, by: hand + nobs)
            } else {
                poneHand = Self.shifted([1], by: hand)
                dealerShow = Self.shifted(Self.sum(theirHand[s], cribChances), by: nobs)
            }
            let play = plays[s == SixRankDeals.jack ? 1 : 0]
            dealerOut += cutWeight * play.dealerOut
            poneOut += cutWeight * play.poneOut
            dealerWins += cutWeight * play.dealerOut
            dealerPoints += cutWeight * play.dealerPoints
            for (d, p, weight) in play.next {
                let w = cutWeight * weight
                for (poneCount, poneChance) in poneHand.enumerated() where poneChance > 0 {
                    if p + poneCount >= target {
                        poneCounts += w * poneChance
                        dealerPoints -= w * poneChance * table.matchPoints(beating: d)
                        continue
                    }
                    for (dealerCount, dealerChance) in dealerShow.enumerated() where dealerChance > 0 {
                        let chance = w * poneChance * dealerChance
                        if d + dealerCount >= target {
                            dealerCounts += chance
                            dealerWins += chance
                            dealerPoints += chance * table.matchPoints(beating: p + poneCount)
                        } else {
                            let (nextDealer, nextPone) = (p + poneCount, d + dealerCount)
                            dealerWins += chance * (1 - table.dealerWins(dealer: nextDealer, pone: nextPone))
                            dealerPoints -= chance * table.dealerGamePoints(dealer: nextDealer, pone: nextPone)
                        }
                    }
                }
            }
        }
        let dealers = Chances(win: min(1, max(0, dealerWins)), gamePoints: dealerPoints,
                              ending: .init(pegOut: dealerOut, peggedOut: poneOut, countOut: dealerCounts, countedOut: poneCounts))
        return dealing ? dealers : dealers.otherSide
    }

    /// `chances` moved up by `points`.
    private static func shifted(_ chances: PointChances, by points: Int) -> PointChances {
        PointChances(repeating: 0, count: points) + chances
    }

    /// The distribution of the sum of two independent counts.
    private static func sum(_ x: PointChances, _ y: PointChances) -> PointChances {
        var total = PointChances(repeating: 0, count: x.count + y.count - 1)
        for (i, p) in x.enumerated() where p > 0 {
            for (j, q) in y.enumerated() where q > 0 { total[i + j] += p * q }
        }
        return total
    }
}

extension DiscardOdds {
    /// The chance to win of each choice of the player to lay (each legal rank once, or the go),
    /// by the model of `chances(hand:discards:cut:play:role:score:hands:)`: the choice made, the
    /// rest of the play as the search plays it against the opponent's fours as believed, then the
    /// show and the next deals. `score` stands as the turn does (his heels and the play's pegs so
    /// far counted). Nil with more than two players, without the discards, or when a score has
    /// reached the target.
    static func playChances(_ view: PeggingView, score: GameScore,
                            hands: Int = playedHands) -> [(token: PlayToken, chances: Chances)]? {
        guard view.play.players == 2, view.discards.count == 2, view.play.turn == view.seat,
              let target = Game.Target(rawValue: score.target),
              score.mine < score.target, score.theirs < score.target else { return nil }
        // The scores before the deal: the play's pegs so far and his heels taken off.
        let heels = view.cut.rank == .jack ? 2 : 0
        var pegged = [0, 0]
        for step in view.play.steps { pegged[step.player] += step.points }
        let mine = score.mine - pegged[view.seat] - (view.isDealer ? heels : 0)
        let theirs = score.theirs - pegged[1 - view.seat] - (view.isDealer ? 0 : heels)
        guard mine >= 0, theirs >= 0 else { return nil }
        let model = DealModel(cards: view.hand + view.discards, cut: view.cut, dealing: view.isDealer,
                              score: GameScore(mine: mine, theirs: theirs, target: score.target),
                              table: WinTable.shipped(target).table, view: view)
        var tokens: [PlayToken] = []
        for card in view.legalCards where !tokens.contains(where: { if case .card(let laid) = $0 { laid.rank == card.rank } else { false } }) {
            tokens.append(.card(card))
        }
        if tokens.isEmpty { tokens = [.go] }
        return tokens.map { token in
            var play = view.play
            _ = try! play.apply(token)
            let held = view.hand.filter { !play.laid[view.seat].contains($0) }.map(\.rank.rawValue).sorted()
            let lines = model.lines(holding: held, play: play, hands: hands)
            return (token, model.chances(kept: view.hand, thrown: view.discards, lines: lines))
        }
    }
}
