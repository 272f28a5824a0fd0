extension KeepSelfPlay {
    /// `plays` deals (an even number) played out for the keep of these rank orders (1 to 13), from
    /// `seed`: the same arguments give the same estimate.
    public static func estimate(keep: [UInt8], dealer: Bool, plays: Int, engine: PeggingEngine = PeggingEngine(),
                                seed: UInt64) -> KeepSelfPlay {
        precondition(plays >= 2 && plays % 2 == 0, "the plays come in pairs")
        let fours = KeepPegging.opponentFours(against: keep, dealer: dealer)
        let mySeat = dealer ? 1 : 0
        var held: [[UInt8]] = [[], []]
        held[mySeat] = keep
        // The open-handed points of each four, as (mine, theirs), solved when first drawn.
        var open = [(Int, Int)?](repeating: nil, count: fours.count)
        var cumulative: [Double] = []
        cumulative.reserveCapacity(fours.count)
        var running = 0.0
        for four in fours {
            running += four.chance
            cumulative.append(running)
        }
        // Stratified: the plays come in pairs, each pair's two fours drawn independently from its
        // own slice of the fours' cumulative chance, so that the fours are spread as their chances
        // say and the error comes from within the slices (half a pair's squared difference each).
        var sums = InlineArray<3, Double>(repeating: 0), squares = InlineArray<3, Double>(repeating: 0)
        var random = SplitMix64(seed: seed)
        let pairs = plays / 2, width = running / Double(pairs)
        for pair in 0..<pairs {
            var differences: [InlineArray<3, Double>] = []
            for _ in 0..<2 {
                let u = (Double(pair) + Double(random.next() >> 11) / Double(1 << 53)) * width
                var f = 0, hi = fours.count - 1
                while f < hi {
                    let mid = (f + hi) / 2
                    if cumulative[mid] <= u { f = mid + 1 } else { hi = mid }
                }
                if open[f] == nil {
                    held[1 - mySeat] = fours[f].ranks
                    let points = RankPlay(held: held, turn: 0, countRanks: [], saidGo: [false, false], lastLayer: -1).solved()
                    open[f] = (points[mySeat], points[1 - mySeat])
                }
                let points = playOut(keep: keep, four: fours[f].ranks, dealer: dealer, engine: engine, random: &random)
                let (openMine, openTheirs) = open[f]!
                differences.append([Double(points.mine - openMine), Double(points.theirs - openTheirs),
                                    Double(points.mine - points.theirs - openMine + openTheirs)])
            }
            for k in 0..<3 {
                sums[k] += differences[0][k] + differences[1][k]
                let spread = differences[0][k] - differences[1][k]
                squares[k] += spread * spread
            }
        }
        let n = Double(pairs * 2)
        var means = InlineArray<3, Double>(repeating: 0), errors = InlineArray<3, Double>(repeating: 0)
        for k in 0..<3 {
            means[k] = sums[k] / n
            errors[k] = squares[k].squareRoot() / n
        }
        let solved = KeepPegging.solve(keep, against: fours, dealer: dealer, known: open)
        return KeepSelfPlay(mine: solved.mine + means[0], theirs: solved.theirs + means[1],
                            mineError: errors[0], theirsError: errors[1], netError: errors[2])
    }

    /// One play of the keep against the opponent's four, suits, discards and cut at random: the
    /// points each side pegged. Both sides' sixes are their four and two; the play is the match
    /// driver's (`KeepSelfPlay.play`), the engine on both sides.
    static func playOut(keep: [UInt8], four: [UInt8], dealer: Bool, engine: PeggingEngine,
                        random: inout SplitMix64) -> (mine: Int, theirs: Int) {
        var left = Card.all
        func take(_ ranks: [UInt8]) -> [Card] {
            ranks.map { rank in
                var suited: [Int] = []
                for index in left.indices where left[index].rank.rawValue == rank { suited.append(index) }
                return left.remove(at: suited[random.below(suited.count)])
            }
        }
        let mine = take(keep), theirs = take(four)
        for i in 0..<5 { left.swapAt(i, i + random.below(left.count - i)) }
        let mySeat = dealer ? 1 : 0
        var sixes = [theirs + [left[2], left[3]], theirs + [left[2], left[3]]]
        sixes[mySeat] = mine + [left[0], left[1]]
        let pegs = play(sixes: sixes, cut: left[4], engine: engine)
        return (pegs[mySeat], pegs[1 - mySeat])
    }

    /// The play of a deal whose sixes (seat 0 the pone, seat 1 the dealer) each keep their first
    /// four and throw their last two, through the match driver with the engine on both sides: each
    /// seat's pegs.
    static func play(sixes: [[Card]], cut: Card, engine: PeggingEngine) -> [Int] {
        var deck = [Card](repeating: cut, count: 13)
        for k in 0..<6 {
            deck[2 * k] = sixes[0][k]
            deck[2 * k + 1] = sixes[1][k]
        }
        let players = sixes.map { ScriptedThrow(thrown: Array($0.suffix(2)), engine: engine) }
        var match = Match(setup: Match.Setup(seed: 0, dealer: 1), dealing: deck)
        while !match.isPastFirstDeal, let move = match.nextMove(players: players) {
            try! match.perform(move)
        }
        return match.points(inRound: 1).map(\.pegs)
    }
}

/// A player that throws what it is told and lays as the engine does: for samples whose throws are
/// drawn beforehand.
struct ScriptedThrow: CribbagePlayer {
    let thrown: [Card]
    let engine: PeggingEngine

    func keep(_ six: [Card], role: Role, score: GameScore?, random: inout SplitMix64) -> [Card] { thrown }

    func lay(_ view: PeggingView, score: GameScore?, random: inout SplitMix64) -> PlayToken {
        engine.advice(for: view)!.best.token
    }
}
