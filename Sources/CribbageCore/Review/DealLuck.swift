import Dispatch
import Synchronization

/// The luck of each deal's chance events, valued with every card known: the review's
/// full-information evaluator, as GNU Backgammon values a roll with its evaluator rather than with
/// what a player believed. A deal's chance events (the two sixes and the cut) take it from the
/// chance at its start (`S`, the win table) to `W`, the chance with both throws made and the cut
/// turned, the play played as the strongest policy plays it; the play's errors and what the hidden
/// cards made of them take it on to the next deal's start.
///
/// - **W(throws)**, the chance before the cut: `W` over the 40 cuts the two sixes leave, the play
///   as played. **The cut's luck** is W(cut) less W(throws), half to each side.
/// - **The sixes**: in each order of the two, a six's luck is the chance once it is seen less the
///   average over it (the other side's view, which averages over this six): dealt first, your best
///   keep's chance less S; dealt second, W(throws) less the other side's chance after its throw,
///   plus your throw's counted error. Each side's luck is the mean of its two orders (a Shapley
///   value), so that the two sixes' luck less the throws' errors is W(throws) − S exactly.
/// - **The play as the strongest policy plays it**: the cards as laid up to the first that lost win
///   chance (a graded loss), then the best card there and the engine's cards after, for both sides.
///
/// So result − start = luck − errors + residual holds deal by deal with a residual that is only what
/// the play's errors cost with every card known less what they cost as their player could know
/// (with muggins, a miscount's own order too): nothing for a deal played without a loss.
struct DealLuck {
    let record: GameRecord
    let graded: [GradedDecision]
    /// Seat 0's chance at each deal's start.
    let starts: [Double]
    let table: WinTable
    let limit: Limit

    /// Every deal's luck events: each seat's six, each seat's half of the cut.
    func events(workers: Int = 1) -> [LuckEvent] {
        // The first card of each deal that lost win chance: where the engine's play parts from the play laid.
        var parting: [Int: GradedDecision] = [:], parted = Set<Int>()
        for decision in graded {
            guard case .lay = decision.point.decision, decision.isGraded, decision.loss > 0,
                  !parted.contains(decision.point.deal) else { continue }
            parted.insert(decision.point.deal)
            parting[decision.point.index] = decision
        }
        var match = Match(setup: record.setup, dealt: record.moves.first != .next)
        var deals: [Int: Deal] = [:]
        var partings: [(deal: Int, match: Match, best: GradedDecision)] = []
        if let deal = match.deal { deals[deal.number] = deal }
        for (index, move) in record.moves.enumerated() {
            if let decision = parting[index] { partings.append((decision.point.deal, match, decision)) }
            guard (try? match.perform(move)) != nil else { break }
            if let deal = match.deal { deals[deal.number] = deal }
        }
        let played = Self.playedOut(partings, limit: limit, workers: workers)
        return deals.keys.sorted().flatMap { number in
            deals[number].map { events(of: $0, play: played[number] ?? $0.play) } ?? []
        }
    }

    /// One deal's events, `play` the play as the strongest policy plays it.
    func events(of deal: Deal, play: Play) -> [LuckEvent] {
        guard deal.isCut, deal.number <= starts.count, let keptA = deal.kept[0], let keptB = deal.kept[1],
              let keepA = keep(of: 0, in: deal.number), let keepB = keep(of: 1, in: deal.number),
              let chosenA = keepA.chosenValue, let chosenB = keepB.chosenValue else { return [] }
        let start = starts[deal.number - 1]
        let pegs = DealScores.pegs(of: play)
        let dealt = Set(deal.sixes.flatMap(\.self))
        let cuts = Card.all.filter { !dealt.contains($0) }
        func chance(_ cut: Card) -> Double {
            Self.chance(kept: [keptA, keptB], crib: deal.thrown.flatMap(\.self), cut: cut, pegs: pegs, dealer: deal.dealer,
                        scores: deal.scoresAtDeal, table: table)
        }
        let throwsMade = cuts.reduce(0) { $0 + chance($1) } / Double(cuts.count)
        let turned = chance(deal.cut)
        // The errors the review counts for the throws, in probability.
        let (errorA, errorB) = (keepA.countedLoss, keepB.countedLoss)
        let sixA = ((chosenA + errorA - start) + (throwsMade - (1 - chosenB) + errorA)) / 2
        let sixB = ((chosenB + errorB - (1 - start)) + (chosenA - throwsMade + errorB)) / 2
        return [LuckEvent(seat: 0, deal: deal.number, kind: .six, value: sixA),
                LuckEvent(seat: 1, deal: deal.number, kind: .six, value: sixB),
                LuckEvent(seat: 0, deal: deal.number, kind: .cut, value: (turned - throwsMade) / 2, starter: deal.cut),
                LuckEvent(seat: 1, deal: deal.number, kind: .cut, value: (throwsMade - turned) / 2, starter: deal.cut)]
    }

    private func keep(of seat: Int, in deal: Int) -> GradedDecision? {
        graded.first { $0.point.deal == deal && $0.point.seat == seat && $0.isKeep }
    }

    /// Seat 0's chance once a two-player deal is over, every card known: his heels, `pegs` in
    /// order, the pone's hand, the dealer's hand and crib, the first to the target winning there;
    /// else the win table at the next deal's scores.
    static func chance(kept: [[Card]], crib: [Card], cut: Card, pegs: [DealScores.Step], dealer: Int, scores: [Int],
                       table: WinTable) -> Double {
        let scorer = FastScorer.shared
        let count = { (cards: [Card], rules: Rules) in scorer.total(cards[0], cards[1], cards[2], cards[3], cut: cut, rules: rules) }
        let pone = 1 - dealer
        let deal = DealScores(heels: cut.rank == .jack ? 2 : 0, pegs: pegs, poneHand: count(kept[pone], .hand),
                              dealerHand: count(kept[dealer], .hand), crib: count(crib, .crib))
        let target = table.target.points
        switch deal.outcome(dealer: scores[dealer], pone: scores[pone], target: target) {
        case .dealerWins: return dealer == 0 ? 1 : 0
        case .poneWins: return dealer == 0 ? 0 : 1
        case .next(let d, let p):
            let mine = min(dealer == 0 ? d : p, target - 1), theirs = min(dealer == 0 ? p : d, target - 1)
            // Seat 0 deals next when it was the pone.
            return table.chances(mine: mine, theirs: theirs, dealing: dealer == 1).win
        }
    }

    /// Each parted deal's play as the strongest policy plays it: the best card where the card laid
    /// lost, then the engine's cards for both sides to the play's end; on `workers` threads.
    static func playedOut(_ partings: [(deal: Int, match: Match, best: GradedDecision)], limit: Limit, workers: Int) -> [Int: Play] {
        guard !partings.isEmpty else { return [:] }
        var ranking = limit
        ranking.figures = .ranking
        let engine = ComputerPlayer(policy: .strongest, limit: ranking)
        let plays = Mutex<[Int: Play]>([:])
        let workers = max(1, min(workers, partings.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: partings.count, by: workers) {
                let (number, start, decision) = partings[index]
                guard case .card(let card)? = decision.best.token else { continue }
                var match = start
                guard (try? match.perform(.lay(seat: decision.point.seat, card))) != nil else { continue }
                while case .lay? = match.pending, match.deal?.number == number, let move = match.nextMove(players: [engine, engine]) {
                    guard (try? match.perform(move)) != nil else { break }
                }
                guard let deal = match.deal, deal.number == number else { continue }
                plays.withLock { $0[number] = deal.play }
            }
        }
        return plays.withLock { $0 }
    }
}

extension GradedDecision {
    /// The loss the review counts (graded decisions only), in probability where the score is known.
    var countedLoss: Double { isGraded ? loss / 100 : 0 }
}
