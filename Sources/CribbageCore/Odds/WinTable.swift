/// The dealer's chance to win a two-player game, and the match points the dealer can expect, for
/// every score at the start of a deal, by backward induction over a sample of deals: each deal
/// adds its points in the order they arrive (`DealScores`), the first side to the target wins
/// there, and otherwise the next deal starts with the pone dealing.
///
///     let table = WinTable(deals: sample, target: .long)
///     table.dealerWins(dealer: 0, pone: 0)   // the first dealer's chance
public struct WinTable: Sendable {
    public let target: Game.Target
    public let matchPoints: Game.MatchPoints
    /// How many deals the table was worked out from.
    public let deals: Int
    /// P(the dealer wins) at `dealer · points + pone`.
    let wins: [Double]
    /// The dealer's expected match points, a loss counting against, at `dealer · points + pone`.
    let gamePoints: [Double]

    /// The table from a sample of deals (at least one), each weighing the same.
    public init(deals: [DealScores], target: Game.Target, matchPoints: Game.MatchPoints = .standard) {
        precondition(!deals.isEmpty, "a win table needs deals")
        self.target = target
        self.matchPoints = matchPoints
        self.deals = deals.count
        let sample = DealSample(deals, target: target.points)
        (wins, gamePoints) = sample.induct(target: target, matchPoints: matchPoints)
    }

    /// P(the dealer wins) when the deal starts with the dealer at `dealer` and the pone at `pone`
    /// (each 0 ..< target).
    public func dealerWins(dealer: Int, pone: Int) -> Double {
        wins[index(dealer, pone)]
    }

    /// The dealer's expected match points from the deal starting at these scores: a win counts
    /// its match points (1, 2 for a skunk, 3 for a double skunk by default), a loss against.
    public func dealerGamePoints(dealer: Int, pone: Int) -> Double {
        gamePoints[index(dealer, pone)]
    }

    /// Your chances at the start of a deal, with `mine` and `theirs` and you dealing or not: the
    /// chance to win and the game points to expect.
    public func chances(mine: Int, theirs: Int, dealing: Bool) -> Chances {
        let dealer = dealing
            ? Chances(win: dealerWins(dealer: mine, pone: theirs), gamePoints: dealerGamePoints(dealer: mine, pone: theirs))
            : Chances(win: dealerWins(dealer: theirs, pone: mine), gamePoints: dealerGamePoints(dealer: theirs, pone: mine))
        return dealing ? dealer : dealer.otherSide
    }

    /// Your chances before a deal at these scores with `net` points moved your way, half taken from
    /// them (a 6-point net from 40 to 52 is 43 to 49), between whole points by straight lines, each
    /// score kept to the table: what a deal's points are worth to the game from here.
    public func chances(mine: Int, theirs: Int, dealing: Bool, movedBy net: Double) -> Chances {
        let top = target.points - 1
        let half = net / 2, low = half.rounded(.down), fraction = half - low
        func at(_ step: Int) -> Chances {
            chances(mine: min(top, max(0, mine + step)), theirs: min(top, max(0, theirs - step)), dealing: dealing)
        }
        let (a, b) = (at(Int(low)), at(Int(low) + 1))
        return Chances(win: a.win + fraction * (b.win - a.win),
                       gamePoints: a.gamePoints.flatMap { x in b.gamePoints.map { x + fraction * ($0 - x) } })
    }

    /// The match points for beating a side that has `loser`: a win, a skunk or a double skunk.
    func matchPoints(beating loser: Int) -> Double {
        Self.matchPoints(beating: loser, target: target, matchPoints: matchPoints)
    }

    static func matchPoints(beating loser: Int, target: Game.Target, matchPoints: Game.MatchPoints) -> Double {
        Double(loser < target.doubleSkunkLine ? matchPoints.doubleSkunk
               : loser < target.skunkLine ? matchPoints.skunk : matchPoints.win)
    }

    private func index(_ dealer: Int, _ pone: Int) -> Int {
        precondition((0..<target.points).contains(dealer) && (0..<target.points).contains(pone),
                     "scores are 0 to \(target.points - 1) before a deal")
        return dealer * target.points + pone
    }
}

/// The sample's distinct deals with their weights, laid out for the induction: for each deal,
/// the event at which each side's running play total first reaches each need, and the running
/// totals at each event (event 0 is the cut, the rest the pegs in order).
struct DealSample {
    var weight: [Double] = []
    var dealerPlay: [Int] = [], ponePlay: [Int] = []
    var poneHand: [Int] = [], dealerShow: [Int] = []
    /// `dealerReaches[dealerStart[k] + need − 1]`: the event at which the dealer's play points
    /// first reach `need`, for need 1 … dealerPlay.
    var dealerStart: [Int] = [], dealerReaches: [Int] = []
    var poneStart: [Int] = [], poneReaches: [Int] = []
    /// `dealerAt[eventStart[k] + event]`, likewise `poneAt`: the running play totals.
    var eventStart: [Int] = [], dealerAt: [Int] = [], poneAt: [Int] = []

    init(_ deals: [DealScores], target: Int) {
        var counts: [DealScores: Int] = [:]
        for deal in deals { counts[deal, default: 0] += 1 }
        let total = Double(deals.count)
        // A fixed order, so that the sums are the same in every run.
        let distinct = counts.sorted { Self.precedes($0.key, $1.key) }
        for (deal, count) in distinct {
            precondition(deal.dealerPlay + deal.ponePlay >= 1, "every deal pegs a go or last card")
            precondition(deal.heels >= 0 && deal.poneHand >= 0 && deal.dealerHand >= 0 && deal.crib >= 0
                         && deal.pegs.allSatisfy { $0.points > 0 }, "points are never negative")
            weight.append(Double(count) / total)
            dealerPlay.append(deal.dealerPlay)
            ponePlay.append(deal.ponePlay)
            poneHand.append(deal.poneHand)
            dealerShow.append(deal.dealerHand + deal.crib)
            dealerStart.append(dealerReaches.count)
            poneStart.append(poneReaches.count)
            eventStart.append(dealerAt.count)
            var (d, p) = (deal.heels, 0)
            dealerAt.append(d)
            poneAt.append(p)
            for _ in 0..<d { dealerReaches.append(0) }
            for (index, peg) in deal.pegs.enumerated() {
                let event = index + 1
                if peg.dealer {
                    for _ in 0..<peg.points { dealerReaches.append(event) }
                    d += peg.points
                } else {
                    for _ in 0..<peg.points { poneReaches.append(event) }
                    p += peg.points
                }
                dealerAt.append(d)
                poneAt.append(p)
            }
        }
    }

    /// Deals in a total order: by their totals, then their pegs.
    private static func precedes(_ a: DealScores, _ b: DealScores) -> Bool {
        let keyA = [a.heels, a.poneHand, a.dealerHand, a.crib, a.pegs.count]
        let keyB = [b.heels, b.poneHand, b.dealerHand, b.crib, b.pegs.count]
        if keyA != keyB { return keyA.lexicographicallyPrecedes(keyB) }
        for (x, y) in zip(a.pegs, b.pegs) where x != y {
            return x.dealer != y.dealer ? !x.dealer : x.points < y.points
        }
        return false
    }

    /// Both tables, scores summing to the most first: a deal always pegs at least a point (a go
    /// or last card), so the next deal's scores sum to more and are known already.
    func induct(target: Game.Target, matchPoints: Game.MatchPoints) -> (wins: [Double], gamePoints: [Double]) {
        let points = target.points
        var wins = [Double](repeating: 0, count: points * points)
        var gamePoints = wins
        func matchPointsBeating(_ loser: Int) -> Double {
            WinTable.matchPoints(beating: loser, target: target, matchPoints: matchPoints)
        }
        let deals = weight.count
        for sum in stride(from: 2 * (points - 1), through: 0, by: -1) {
            for dealer in max(0, sum - points + 1)...min(points - 1, sum) {
                let pone = sum - dealer
                let (needD, needP) = (points - dealer, points - pone)
                var win = 0.0, expected = 0.0
                for k in 0..<deals {
                    let reachD = needD <= dealerPlay[k] ? dealerReaches[dealerStart[k] + needD - 1] : Int.max
                    let reachP = needP <= ponePlay[k] ? poneReaches[poneStart[k] + needP - 1] : Int.max
                    let w = weight[k]
                    if reachD < reachP {
                        win += w
                        expected += w * matchPointsBeating(pone + poneAt[eventStart[k] + reachD])
                    } else if reachP != Int.max {
                        expected -= w * matchPointsBeating(dealer + dealerAt[eventStart[k] + reachP])
                    } else if ponePlay[k] + poneHand[k] >= needP {
                        expected -= w * matchPointsBeating(dealer + dealerPlay[k])
                    } else if dealerPlay[k] + dealerShow[k] >= needD {
                        win += w
                        expected += w * matchPointsBeating(pone + ponePlay[k] + poneHand[k])
                    } else {
                        // The pone deals next: its chance is the next dealer's.
                        let next = (pone + ponePlay[k] + poneHand[k]) * points + dealer + dealerPlay[k] + dealerShow[k]
                        win += w * (1 - wins[next])
                        expected -= w * gamePoints[next]
                    }
                }
                wins[dealer * points + pone] = win
                gamePoints[dealer * points + pone] = expected
            }
        }
        return (wins, gamePoints)
    }
}
