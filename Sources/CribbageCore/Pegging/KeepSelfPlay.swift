/// A keep's pegging in self-play: the engine against itself, the keeper holding these four ranks.
///
/// Each play draws the opponent's four by its chance (`KeepPegging.opponentFours`, the expert's
/// throw from any six of the cards the keeper cannot see), the suits, both sides' two discards and
/// the cut at random from the cards left, and plays it out with `PeggingEngine` on both sides.
/// The open-handed value of the two fours (`RankPlay`, whose average over the fours is
/// `KeepPegging.value(of:dealer:)` exactly) is taken from every play as a control: what is
/// averaged is self-play less open hands, which varies far less than either. So an estimate is
/// the open-handed value plus the mean difference, its standard error the difference's.
///
///     KeepSelfPlay.estimate(keep: [5, 5, 10, 11], dealer: false, plays: 1000, seed: 29).net
public struct KeepSelfPlay: Hashable, Sendable {
    /// The keeper's and the opponent's expected points in the play, and their standard errors.
    public let mine: Double
    public let theirs: Double
    public let mineError: Double
    public let theirsError: Double
    /// The standard error of `net`.
    public let netError: Double

    public var net: Double { mine - theirs }

    public init(mine: Double, theirs: Double, mineError: Double, theirsError: Double, netError: Double) {
        self.mine = mine
        self.theirs = theirs
        self.mineError = mineError
        self.theirsError = theirsError
        self.netError = netError
    }

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
    /// points each side pegged.
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
        var hands = [theirs, theirs], thrown = [[left[0], left[1]], [left[0], left[1]]]
        hands[mySeat] = mine
        thrown[mySeat] = [left[0], left[1]]
        thrown[1 - mySeat] = [left[2], left[3]]
        let cut = left[4]
        var play = Play(players: 2)
        var points = [0, 0]
        while let turn = play.turn {
            let view = try! PeggingView(hand: hands[turn], discards: thrown[turn], cut: cut, seat: turn, play: play)
            for peg in try! play.apply(engine.advice(for: view)!.best.token) { points[peg.player] += peg.score.points }
        }
        return (points[mySeat], points[1 - mySeat])
    }
}
