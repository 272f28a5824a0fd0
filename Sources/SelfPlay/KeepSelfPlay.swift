import CribbageCore

/// A keep's pegging in self-play, the engine against itself: two plays for every four the
/// opponent may keep (`KeepPegging.opponentFours`), weighted by its chance, the suits, both
/// throws and the cut drawn at random from the cards left. The fours are enumerated, not
/// sampled, so what is random moves only the two sides' beliefs, and the standard error comes
/// from the two plays' differences. The opponent's throw is drawn at random, not as the expert
/// throws: a first step towards a self-play keep table (`selfplay keepcheck`).
struct KeepSelfPlay: Sendable {
    var mine = 0.0, theirs = 0.0
    /// The variance of the net's estimate: each four's chance squared times its pair's variance.
    var netVariance = 0.0
    var net: Double { mine - theirs }
    var standardError: Double { netVariance.squareRoot() }

    static func estimate(keep: [UInt8], dealer: Bool, engine: PeggingEngine, seed: UInt64) -> KeepSelfPlay {
        var random = SplitMix64(seed: seed)
        var result = KeepSelfPlay()
        let mySeat = dealer ? 1 : 0
        for (four, chance) in KeepPegging.opponentFours(against: keep, dealer: dealer) {
            var nets: [Double] = []
            for _ in 0..<2 {
                var left = Card.all
                func take(_ ranks: [UInt8]) -> [Card] {
                    ranks.map { rank in
                        let suited = left.indices.filter { left[$0].rank.rawValue == rank }
                        return left.remove(at: suited[random.below(suited.count)])
                    }
                }
                let kept = [take(keep), take(four)]
                left.shuffle(using: &random)
                let thrown = [Array(left[0..<2]), Array(left[2..<4])], cut = left[4]
                // Index 0 is the keeper's; seat 0 of the play is the pone.
                let seats = dealer ? [kept[1], kept[0]] : kept, seatsThrown = dealer ? [thrown[1], thrown[0]] : thrown
                var ties = random
                let pegs = playOut(kept: seats, thrown: seatsThrown, cut: cut, peggers: [.engine(engine), .engine(engine)], random: &ties)
                let points = [0, 1].map { seat in pegs.reduce(0) { $0 + ($1.player == seat ? $1.score.points : 0) } }
                result.mine += chance * Double(points[mySeat]) / 2
                result.theirs += chance * Double(points[1 - mySeat]) / 2
                nets.append(Double(points[mySeat] - points[1 - mySeat]))
            }
            // A pair's variance is (x − y)² / 2; their mean's, half that.
            result.netVariance += chance * chance * (nets[0] - nets[1]) * (nets[0] - nets[1]) / 4
        }
        return result
    }
}
