/// The two-player play on ranks alone, for the engine's search: suits never score in the play,
/// so two hands of ranks, the count and the ranks of the current count are the whole state. The
/// rules are `Play`'s (go, 31, last card, who leads next), which PeggingTests check card by card.
struct RankPlay {
    /// Each player's ranks still held, order 1 (ace) to 13 (king): `held[p]` has `heldCount[p]`.
    var held: InlineArray<2, InlineArray<4, UInt8>>
    var heldCount: InlineArray<2, Int>
    /// The count, 0 to 31, and the orders of its cards in the order laid (at most 8).
    var count = 0
    var countRanks = InlineArray<8, UInt8>(repeating: 0)
    var countLength = 0
    /// Who has said go in this count.
    var saidGo: InlineArray<2, Bool> = [false, false]
    /// Who laid the count's last card, −1 before any.
    var lastLayer = -1
    /// Whose turn, −1 once the play is complete.
    var turn: Int
    /// Points pegged by each player since the search began.
    var points: InlineArray<2, Int> = [0, 0]

    /// The play from `turn`'s move on, with the cards of the current count as laid.
    init(held: [[UInt8]], turn: Int, countRanks: [UInt8], saidGo: [Bool], lastLayer: Int) {
        var hands = InlineArray<2, InlineArray<4, UInt8>>(repeating: InlineArray(repeating: 0))
        var counts = InlineArray<2, Int>(repeating: 0)
        for p in 0..<2 {
            for (k, rank) in held[p].enumerated() { hands[p][k] = rank }
            counts[p] = held[p].count
        }
        self.held = hands
        heldCount = counts
        self.turn = turn
        for (k, rank) in countRanks.enumerated() {
            self.countRanks[k] = rank
            count += Self.value(rank)
        }
        countLength = countRanks.count
        self.saidGo = [saidGo[0], saidGo[1]]
        self.lastLayer = lastLayer
    }

    /// The play as it stands, with each player's ranks still held (`held[p]`, orders 1 to 13).
    init(_ play: Play, held: [[UInt8]]) {
        let lastCard = play.steps.last { if case .card = $0.token { true } else { false } }
        self.init(held: held, turn: play.turn ?? -1, countRanks: play.countCards.map(\.rank.rawValue),
                  saidGo: [play.saidGo.contains(0), play.saidGo.contains(1)],
                  lastLayer: play.countCards.isEmpty ? -1 : lastCard!.player)
    }

    @inline(__always)
    static func value(_ rank: UInt8) -> Int { Int(rank < 10 ? rank : 10) }

    /// The ranks `turn` may lay, each once, in the order held; empty means go.
    @inline(__always)
    func legalRanks() -> (ranks: InlineArray<4, UInt8>, count: Int) {
        var ranks = InlineArray<4, UInt8>(repeating: 0), n = 0
        let p = turn
        for k in 0..<heldCount[p] {
            let rank = held[p][k]
            guard Self.value(rank) + count <= 31 else { continue }
            var seen = false
            for j in 0..<n where ranks[j] == rank { seen = true }
            if !seen { ranks[n] = rank; n += 1 }
        }
        return (ranks, n)
    }

    /// `turn` lays a card of `rank`, which it holds and which fits.
    @inline(__always)
    mutating func lay(_ rank: UInt8) {
        let p = turn
        var k = 0
        while held[p][k] != rank { k += 1 }
        heldCount[p] -= 1
        held[p][k] = held[p][heldCount[p]]
        count += Self.value(rank)
        countRanks[countLength] = rank
        countLength += 1
        points[p] += scoreOfLastCard()
        lastLayer = p
        if heldCount[0] == 0 && heldCount[1] == 0 {
            if count != 31 { points[p] += 1 }
            turn = -1
        } else if count == 31 {
            endCount(after: p)
        } else if let next = nextPlayer(after: p) {
            turn = next
        } else {
            points[p] += 1
            endCount(after: p)
        }
    }

    /// `turn` says go: no card it holds fits.
    @inline(__always)
    mutating func go() {
        let p = turn
        saidGo[p] = true
        if let next = nextPlayer(after: p) {
            turn = next
        } else {
            points[lastLayer] += 1
            endCount(after: lastLayer)
        }
    }

    @inline(__always)
    private mutating func endCount(after layer: Int) {
        count = 0
        countLength = 0
        saidGo = [false, false]
        lastLayer = -1
        turn = nextPlayer(after: layer) ?? -1
    }

    /// The other player, then `player` itself, whichever first holds a card and has not said go.
    @inline(__always)
    private func nextPlayer(after player: Int) -> Int? {
        let other = 1 - player
        if heldCount[other] > 0 && !saidGo[other] { return other }
        if heldCount[player] > 0 && !saidGo[player] { return player }
        return nil
    }

    /// What the count's last card pegs, as `PlayScore.scores(of:)` counts it: fifteen or 31,
    /// pairs, the longest run.
    @inline(__always)
    private func scoreOfLastCard() -> Int {
        var points = count == 15 || count == 31 ? 2 : 0
        let last = countRanks[countLength - 1]
        var same = 1
        while same < countLength && countRanks[countLength - 1 - same] == last { same += 1 }
        switch same {
        case 2: points += 2
        case 3: points += 6
        case 4: points += 12
        default: break
        }
        if same == 1 && countLength >= 3 {
            var bits: UInt16 = 0, low = 14, high = 0, longest = 0
            for taken in 0..<countLength {
                let rank = Int(countRanks[countLength - 1 - taken])
                let bit: UInt16 = 1 << rank
                if bits & bit != 0 { break }
                bits |= bit
                low = min(low, rank)
                high = max(high, rank)
                if taken >= 2 && high - low == taken { longest = taken + 1 }
            }
            points += longest
        }
        return points
    }

    /// Both players' points from here to the end of the play when each, seeing both hands,
    /// maximises its own points minus the other's. Ties go to the rank held first.
    func solved() -> InlineArray<2, Int> { search(above: Int.min, below: Int.max, memo: nil as LineMemo<NoLine>?).points }

    /// `solved()`, keeping what it learns of each fresh count in `memo` for the searches that share it.
    func solved(memo: LineMemo<NoLine>) -> InlineArray<2, Int> { search(above: Int.min, below: Int.max, memo: memo).points }

    /// The pegs of the line `solved()` plays, in the order pegged: each the seat that pegged and
    /// its points. `memo` keeps what the search learns of each fresh count's play (the rest of the play from
    /// a count of 0 depends only on the cards held and who leads), for the lines that share it.
    func line(memo: LineMemo<PegLine> = LineMemo()) -> [(seat: Int, points: Int)] {
        let line = search(above: Int.min, below: Int.max, memo: memo).line
        return (0..<line.count).reversed().map { k in
            let peg = Int(line.pegs[k])
            return peg > 0 ? (1, peg) : (0, -peg)
        }
    }

    /// `solved()` by alpha-beta on player 0's net (points[0] − points[1]), fail-soft, exploring
    /// the ranks in the order held and taking only a strictly better one, so the line chosen and
    /// its points are plain minimax's: exact when the net lies strictly between `above` and
    /// `below`; otherwise only a bound, which the caller never chooses. The line chosen comes up
    /// with the points, when `Line` keeps one.
    private func search<Line: RankPlayLine>(above: Int, below: Int, memo: LineMemo<Line>?) -> (points: InlineArray<2, Int>, line: Line) {
        guard turn >= 0 else { return (points, Line()) }
        if let memo, countLength == 0, lastLayer < 0, !saidGo[0], !saidGo[1] {
            // A fresh count: solved exactly once, from no points, and kept.
            let key = freshCountKey
            let known: (points: InlineArray<2, Int>, line: Line)
            if let kept = memo.kept[key] {
                known = kept
            } else {
                var fresh = self
                fresh.points = [0, 0]
                known = fresh.searchHere(above: Int.min, below: Int.max, memo: memo)
                memo.kept[key] = known
            }
            return ([points[0] + known.points[0], points[1] + known.points[1]], known.line)
        }
        return searchHere(above: above, below: below, memo: memo)
    }

    /// `search` of this position itself, `memo` passed on to the positions after it.
    private func searchHere<Line: RankPlayLine>(above: Int, below: Int, memo: LineMemo<Line>?)
        -> (points: InlineArray<2, Int>, line: Line) {
        let (ranks, n) = legalRanks()
        if n == 0 {
            var next = self
            next.go()
            var result = next.search(above: above, below: below, memo: memo)
            result.line.pegged(from: points, to: next.points)
            return result
        }
        var (above, below) = (above, below)
        let maximising = turn == 0
        var best = (points: InlineArray<2, Int>(repeating: 0), line: Line()), bestNet = maximising ? Int.min : Int.max
        for k in 0..<n {
            var next = self
            next.lay(ranks[k])
            var result = next.search(above: above, below: below, memo: memo)
            let net = result.points[0] - result.points[1]
            if maximising {
                if net > bestNet {
                    result.line.pegged(from: points, to: next.points)
                    (best, bestNet) = (result, net)
                }
                if bestNet >= below { return best }
                above = max(above, bestNet)
            } else {
                if net < bestNet {
                    result.line.pegged(from: points, to: next.points)
                    (best, bestNet) = (result, net)
                }
                if bestNet <= above { return best }
                below = min(below, bestNet)
            }
        }
        return best
    }
}

extension RankPlay {
    /// The cards each player holds, in the order held, and who leads: all that decides the play
    /// from a fresh count.
    fileprivate var freshCountKey: UInt64 {
        var key = UInt64(turn)
        for p in 0..<2 {
            key = key << 3 | UInt64(heldCount[p])
            for k in 0..<heldCount[p] { key = key << 4 | UInt64(held[p][k]) }
        }
        return key
    }
}

/// The play from each fresh count the search has solved, with its line: `RankPlay.line(memo:)`.
final class LineMemo<Line: RankPlayLine> {
    fileprivate var kept: [UInt64: (points: InlineArray<2, Int>, line: Line)] = [:]
    init() {}
}

/// What the search carries up with the points: the line's pegs, or nothing.
protocol RankPlayLine {
    init()
    /// A peg earlier in the line than those already kept.
    mutating func peg(seat: Int, points: Int)
}

extension RankPlayLine {
    /// The peg of one move, from the points before it to those after.
    @inline(__always)
    mutating func pegged(from before: InlineArray<2, Int>, to after: InlineArray<2, Int>) {
        for seat in 0..<2 where after[seat] > before[seat] { peg(seat: seat, points: after[seat] - before[seat]) }
    }
}

/// No line: the search for its points alone, as the engine runs it.
struct NoLine: RankPlayLine {
    @inline(__always) mutating func peg(seat: Int, points: Int) {}
}

/// A line's pegs, last first, in fixed-size storage: the seat 1's points positive, seat 0's
/// negative. A play has at most eight cards and a go point after each.
struct PegLine: RankPlayLine {
    var pegs = InlineArray<16, Int8>(repeating: 0)
    var count = 0

    @inline(__always)
    mutating func peg(seat: Int, points: Int) {
        pegs[count] = Int8(seat == 1 ? points : -points)
        count += 1
    }
}
