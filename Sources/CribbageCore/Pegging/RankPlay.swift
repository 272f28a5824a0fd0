/// The two-player play on ranks alone, for the engine's search: suits never score in the play,
/// so two hands of ranks, the count and the ranks of the current count are the whole state. The
/// rules are `Play`'s (go, 31, last card, who leads next), which PeggingTests check card by card.
///
/// The whole state is two words, so the search copies it in registers.
struct RankPlay {
    /// The cards, four bits a rank (order 1, ace, to 13, king): bits 0–31 each player's ranks
    /// still held in the order held (player p's k-th at bit 16p + 4k, the bits above its
    /// `heldCount[p]` zero), bits 32–63 the ranks of the current count in the order laid (at most
    /// 8; the k-th at bit 32 + 4k).
    private var cards: UInt64 = 0
    /// The rest, in fields of `Field`.
    private var state: UInt64 = 0

    /// A field of `state`: its first bit and its width.
    private enum Field {
        static let heldCount0 = (shift: UInt64(0), width: UInt64(3))
        static let heldCount1 = (shift: UInt64(3), width: UInt64(3))
        /// The count, 0 to 31.
        static let count = (shift: UInt64(6), width: UInt64(6))
        static let countLength = (shift: UInt64(12), width: UInt64(4))
        /// Who has said go in this count: bit p for player p.
        static let goes = (shift: UInt64(16), width: UInt64(2))
        /// Who laid the count's last card, plus one (0 before any).
        static let lastLayer = (shift: UInt64(18), width: UInt64(2))
        /// Whose turn, plus one (0 once the play is complete).
        static let turn = (shift: UInt64(20), width: UInt64(2))
        /// Points pegged by each player since the search began.
        static let points0 = (shift: UInt64(24), width: UInt64(16))
        static let points1 = (shift: UInt64(40), width: UInt64(16))
    }

    @inline(__always)
    private func get(_ field: (shift: UInt64, width: UInt64)) -> Int {
        Int(truncatingIfNeeded: state >> field.shift & (1 << field.width - 1))
    }

    @inline(__always)
    private mutating func set(_ field: (shift: UInt64, width: UInt64), _ value: Int) {
        let mask: UInt64 = (1 << field.width - 1) << field.shift
        state = state & ~mask | UInt64(truncatingIfNeeded: value) << field.shift & mask
    }

    /// How many ranks each player still holds.
    var heldCount: InlineArray<2, Int> { [get(Field.heldCount0), get(Field.heldCount1)] }
    @inline(__always) private func size(_ p: Int) -> Int { get(p == 0 ? Field.heldCount0 : Field.heldCount1) }
    @inline(__always) private mutating func setSize(_ p: Int, _ n: Int) { set(p == 0 ? Field.heldCount0 : Field.heldCount1, n) }

    /// The count, 0 to 31.
    var count: Int {
        @inline(__always) get { get(Field.count) }
        @inline(__always) set { set(Field.count, newValue) }
    }
    /// The cards in the current count.
    var countLength: Int {
        @inline(__always) get { get(Field.countLength) }
        @inline(__always) set { set(Field.countLength, newValue) }
    }
    private var goes: Int {
        @inline(__always) get { get(Field.goes) }
        @inline(__always) set { set(Field.goes, newValue) }
    }
    /// Who laid the count's last card, −1 before any.
    var lastLayer: Int {
        @inline(__always) get { get(Field.lastLayer) - 1 }
        @inline(__always) set { set(Field.lastLayer, newValue + 1) }
    }
    /// Whose turn, −1 once the play is complete.
    var turn: Int {
        @inline(__always) get { get(Field.turn) - 1 }
        @inline(__always) set { set(Field.turn, newValue + 1) }
    }
    /// Points pegged by each player since the search began.
    var points: InlineArray<2, Int> {
        @inline(__always) get { [get(Field.points0), get(Field.points1)] }
        @inline(__always) set { set(Field.points0, newValue[0]); set(Field.points1, newValue[1]) }
    }
    @inline(__always) private mutating func peg(_ p: Int, _ n: Int) {
        let field = p == 0 ? Field.points0 : Field.points1
        set(field, get(field) + n)
    }

    /// The play from `turn`'s move on, with the cards of the current count as laid.
    init(held: [[UInt8]], turn: Int, countRanks: [UInt8], saidGo: [Bool], lastLayer: Int) {
        precondition(countRanks.count <= 8, "a count holds eight cards at most")
        for p in 0..<2 {
            precondition(held[p].count <= 4, "a player holds four cards at most in the play")
            for (k, rank) in held[p].enumerated() { setHeld(rank, of: p, at: k) }
            setSize(p, held[p].count)
        }
        self.turn = turn
        var count = 0
        for (k, rank) in countRanks.enumerated() {
            cards |= UInt64(rank) << UInt64(32 + 4 * k)
            count += Self.value(rank)
        }
        self.count = count
        countLength = countRanks.count
        goes = (saidGo[0] ? 1 : 0) | (saidGo[1] ? 2 : 0)
        self.lastLayer = lastLayer
    }

    /// The play as it stands, with each player's ranks still held (`held[p]`, orders 1 to 13).
    init(_ play: Play, held: [[UInt8]]) {
        let lastCard = play.steps.last { if case .card = $0.token { true } else { false } }
        self.init(held: held, turn: play.turn ?? -1, countRanks: play.countCards.map(\.rank.rawValue),
                  saidGo: [play.saidGo.contains(0), play.saidGo.contains(1)],
                  lastLayer: play.countCards.isEmpty ? -1 : lastCard!.player)
    }

    /// Player `p`'s `k`-th rank held (k below `heldCount[p]`).
    @inline(__always)
    func held(_ p: Int, _ k: Int) -> UInt8 { UInt8(truncatingIfNeeded: cards >> UInt64(16 * p + 4 * k)) & 0xF }

    /// Player `p`'s `k`-th rank held made `rank` (0 to clear it).
    @inline(__always)
    mutating func setHeld(_ rank: UInt8, of p: Int, at k: Int) {
        let shift = UInt64(16 * p + 4 * k)
        cards = cards & ~(0xF << shift) | UInt64(rank) << shift
    }

    /// The `k`-th rank of the current count.
    @inline(__always)
    private func countRank(_ k: Int) -> Int { Int(truncatingIfNeeded: cards >> UInt64(32 + 4 * k)) & 0xF }

    /// Ranks, each once, four bits a rank in order: what `legalRanks` returns.
    struct Ranks {
        fileprivate var bits: UInt64 = 0
        @inline(__always)
        subscript(k: Int) -> UInt8 { UInt8(truncatingIfNeeded: bits >> UInt64(4 * k)) & 0xF }
    }

    @inline(__always)
    static func value(_ rank: UInt8) -> Int { Int(rank < 10 ? rank : 10) }

    /// The ranks `turn` may lay, each once, in the order held; empty means go.
    @inline(__always)
    func legalRanks() -> (ranks: Ranks, count: Int) {
        var ranks = Ranks(), n = 0, seen = 0
        let p = turn, count = count
        var held = cards >> UInt64(16 * p)
        for _ in 0..<size(p) {
            let rank = UInt8(truncatingIfNeeded: held) & 0xF
            held >>= 4
            guard Self.value(rank) + count <= 31, seen & (1 << rank) == 0 else { continue }
            seen |= 1 << rank
            ranks.bits |= UInt64(rank) << UInt64(4 * n)
            n += 1
        }
        return (ranks, n)
    }

    /// `turn` lays a card of `rank`, which it holds and which fits.
    @inline(__always)
    mutating func lay(_ rank: UInt8) {
        let p = turn
        var k = 0
        while held(p, k) != rank { k += 1 }
        let last = size(p) - 1
        setSize(p, last)
        setHeld(held(p, last), of: p, at: k)
        setHeld(0, of: p, at: last)
        count += Self.value(rank)
        let length = countLength
        cards |= UInt64(rank) << UInt64(32 + 4 * length)
        countLength = length + 1
        peg(p, scoreOfLastCard())
        lastLayer = p
        if size(0) == 0 && size(1) == 0 {
            if count != 31 { peg(p, 1) }
            turn = -1
        } else if count == 31 {
            endCount(after: p)
        } else if let next = nextPlayer(after: p) {
            turn = next
        } else {
            peg(p, 1)
            endCount(after: p)
        }
    }

    /// `turn` says go: no card it holds fits.
    @inline(__always)
    mutating func go() {
        let p = turn
        goes |= 1 << p
        if let next = nextPlayer(after: p) {
            turn = next
        } else {
            let layer = lastLayer
            peg(layer, 1)
            endCount(after: layer)
        }
    }

    @inline(__always)
    private mutating func endCount(after layer: Int) {
        count = 0
        cards &= 0xFFFF_FFFF
        countLength = 0
        goes = 0
        lastLayer = -1
        turn = nextPlayer(after: layer) ?? -1
    }

    /// The other player, then `player` itself, whichever first holds a card and has not said go.
    @inline(__always)
    private func nextPlayer(after player: Int) -> Int? {
        let other = 1 - player, goes = goes
        if size(other) > 0 && goes & (1 << other) == 0 { return other }
        if size(player) > 0 && goes & (1 << player) == 0 { return player }
        return nil
    }

    /// What the count's last card pegs, as `PlayScore.scores(of:)` counts it: fifteen or 31,
    /// pairs, the longest run.
    @inline(__always)
    private func scoreOfLastCard() -> Int {
        let count = count, countLength = countLength
        var points = count == 15 || count == 31 ? 2 : 0
        let last = countRank(countLength - 1)
        var same = 1
        while same < countLength && countRank(countLength - 1 - same) == last { same += 1 }
        switch same {
        case 2: points += 2
        case 3: points += 6
        case 4: points += 12
        default: break
        }
        if same == 1 && countLength >= 3 {
            var bits: UInt16 = 0, low = 14, high = 0, longest = 0
            for taken in 0..<countLength {
                let rank = countRank(countLength - 1 - taken)
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
        if let memo, countLength == 0, lastLayer < 0, goes == 0 {
            // A fresh count: solved exactly once, from no points, and kept.
            let key = freshCountKey
            let known: (points: InlineArray<2, Int>, line: Line)
            if let kept = memo.find(key) {
                known = kept
            } else {
                var fresh = self
                fresh.points = [0, 0]
                known = fresh.searchHere(above: Int.min, below: Int.max, memo: memo)
                memo.keep(key, known)
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
    /// The whole state but player `p`'s ranks (their number kept): what a player who cannot see
    /// `p`'s cards knows of the play.
    func withoutRanks(of p: Int) -> (cards: UInt64, state: UInt64) {
        (cards & ~(0xFFFF << UInt64(16 * p)), state)
    }
}

extension RankPlay {
    /// The cards each player holds, in the order held, and who leads: all that decides the play
    /// from a fresh count.
    fileprivate var freshCountKey: UInt64 {
        UInt64(turn) << 38 | UInt64(size(0)) << 35 | UInt64(size(1)) << 32 | cards & 0xFFFF_FFFF
    }
}

/// The play from each fresh count the search has solved, with its line: `RankPlay.line(memo:)`.
final class LineMemo<Line: RankPlayLine> {
    /// Open addressing, probed in turn from a multiplicative hash: the keys (`empty` where none),
    /// and beside each its play.
    /// (One search at a time uses a memo, so the accesses are not checked at run time.)
    @exclusivity(unchecked) private var keys: [UInt64]
    @exclusivity(unchecked) private var values: [(points: InlineArray<2, Int>, line: Line)]
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var shift: UInt64
    private static var empty: UInt64 { .max }

    init() {
        keys = Array(repeating: Self.empty, count: 256)
        values = Array(repeating: (InlineArray(repeating: 0), Line()), count: 256)
        shift = 64 - 8
    }

    @inline(__always)
    private func slot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift) }

    /// The play kept for `key` (a fresh count's `freshCountKey`), if any.
    @inline(__always)
    fileprivate func find(_ key: UInt64) -> (points: InlineArray<2, Int>, line: Line)? {
        let mask = keys.count - 1
        var k = slot(key)
        while true {
            let found = keys[k]
            if found == key { return values[k] }
            if found == Self.empty { return nil }
            k = (k + 1) & mask
        }
    }

    /// Keeps the play of `key`, which is not kept yet.
    fileprivate func keep(_ key: UInt64, _ value: (points: InlineArray<2, Int>, line: Line)) {
        if 2 * (count + 1) > keys.count { grow() }
        let mask = keys.count - 1
        var k = slot(key)
        while keys[k] != Self.empty { k = (k + 1) & mask }
        keys[k] = key
        values[k] = value
        count += 1
    }

    private func grow() {
        let (oldKeys, oldValues) = (keys, values)
        keys = Array(repeating: Self.empty, count: oldKeys.count * 2)
        values = Array(repeating: (InlineArray(repeating: 0), Line()), count: oldKeys.count * 2)
        shift -= 1
        count = 0
        for (k, key) in oldKeys.enumerated() where key != Self.empty { keep(key, oldValues[k]) }
    }
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
