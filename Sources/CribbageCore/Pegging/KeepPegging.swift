/// What a keep of four ranks is worth in the play, before the first card, as the pegging engine
/// reckons it: the points the keeper and the opponent can expect to peg, and the net.
///
/// The opponent's four are weighed as the engine weighs them (`PeggingBelief`: any six of the 48
/// cards the keeper cannot see, thrown as the expert throws for the opponent's role), and each
/// pair of hands is solved exactly, as if both were open, both players maximising their points
/// less the other's (`RankPlay`): the value the engine's search gives the position. Only the
/// four kept are known: the keeper's discards and the cut are averaged over. That open-handed
/// value is `value(of:dealer:)`; the shipped table (`KeepPeggingTable.swift`, `make
/// keep-pegging`) holds every keep for both roles as the engine pegs it against itself
/// (`KeepSelfPlay`), which is what advice uses.
///
///     KeepPegging.value(of: [5, 5, 10, 11], dealer: false).net
public struct KeepPegging: Hashable, Sendable {
    /// Points the keeper can expect to peg in the play, and the opponent.
    public let mine: Double
    public let theirs: Double

    public var net: Double { mine - theirs }

    public init(mine: Double, theirs: Double) {
        self.mine = mine
        self.theirs = theirs
    }

    /// The fours of rank orders the opponent may keep against this keep, each with its chance, as
    /// the engine believes them before the first card (the keeper's discards and the cut unseen).
    /// With `discards`, the keeper's two thrown ranks are seen too: what the keeper knows when it
    /// throws.
    public static func opponentFours(against keep: [UInt8], dealer: Bool, discards: [UInt8] = []) -> [(ranks: [UInt8], chance: Double)] {
        precondition(keep.count == 4 && (keep + discards).allSatisfy { (1...13).contains($0) }, "a keep is four rank orders")
        var seen = InlineArray<13, Int>(repeating: 0)
        for rank in keep + discards { seen[Int(rank) - 1] += 1 }
        precondition((0..<13).allSatisfy { seen[$0] <= 4 }, "four cards of a rank at most")
        return PeggingBelief(seen: seen, opponentIsDealer: !dealer, laid: [], goes: []).hands
    }

    /// The value of keeping these ranks (orders 1 to 13), worked out now: some 1,800 exact solves;
    /// with `discards`, the keeper's thrown ranks known too (`opponentFours(against:dealer:discards:)`).
    public static func value(of keep: [UInt8], dealer: Bool, discards: [UInt8] = []) -> KeepPegging {
        let fours = opponentFours(against: keep, dealer: dealer, discards: discards)
        return solve(keep, against: fours, dealer: dealer, known: Array(repeating: nil, count: fours.count))
    }

    /// The open-handed value of a keep against the opponent's fours, each solved unless `known`
    /// has its points (the keeper's, the opponent's).
    static func solve(_ keep: [UInt8], against fours: [(ranks: [UInt8], chance: Double)], dealer: Bool,
                      known: [(Int, Int)?]) -> KeepPegging {
        let mySeat = dealer ? 1 : 0
        var mine = 0.0, theirs = 0.0
        var held: [[UInt8]] = [[], []]
        held[mySeat] = keep
        for (index, (hand, chance)) in fours.enumerated() {
            let points: (Int, Int)
            if let solved = known[index] {
                points = solved
            } else {
                held[1 - mySeat] = hand
                let solved = RankPlay(held: held, turn: 0, countRanks: [], saidGo: [false, false], lastLayer: -1).solved()
                points = (solved[mySeat], solved[1 - mySeat])
            }
            mine += chance * Double(points.0)
            theirs += chance * Double(points.1)
        }
        return KeepPegging(mine: mine, theirs: theirs)
    }

    /// Every keep of four ranks, in the order of the shipped table: each keep's orders ascending,
    /// the keeps in lexicographic order (the order of the engine's belief, `KeptFours`).
    public static let keeps: [[UInt8]] = {
        var keeps: [[UInt8]] = []
        for a in 1...13 { for b in a...13 { for c in b...13 { for d in c...13 {
            keeps.append([a, b, c, d].map(UInt8.init))
        } } } }
        return keeps
    }()

    /// `indexByCode[code]`: the index in `keeps` of the keep whose ascending orders, less one,
    /// are the digits of `code` in base 13.
    private static let indexByCode: [Int] = {
        var index = [Int](repeating: -1, count: 13 * 13 * 13 * 13)
        for (k, keep) in keeps.enumerated() { index[code(keep)] = k }
        return index
    }()

    private static func code(_ sorted: [UInt8]) -> Int { sorted.reduce(0) { $0 * 13 + Int($1) - 1 } }

    /// The index in `keeps` of four ranks, in any order.
    static func index(of keep: [UInt8]) -> Int { indexByCode[code(keep.sorted())] }
}

extension KeepPegging {
    /// The shipped value of keeping these cards (ranks are what count), dealing or not: the
    /// engine's self-play (`KeepSelfPlay`) in `KeepPeggingTable.swift`, made by `make keep-pegging`.
    public static func shipped(_ keep: [Card], dealer: Bool) -> KeepPegging {
        shipped(ranks: keep.map(\.rank.rawValue), dealer: dealer)
    }

    public static func shipped(ranks: [UInt8], dealer: Bool) -> KeepPegging {
        let entry = shippedPlay(ranks: ranks, dealer: dealer)
        return KeepPegging(mine: entry.mine, theirs: entry.theirs)
    }

    /// The shipped self-play estimate of keeping these ranks, with its standard errors.
    static func shippedPlay(ranks: [UInt8], dealer: Bool) -> KeepSelfPlay {
        let base = (index(of: ranks) * 2 + (dealer ? 0 : 1)) * valuesPerEntry
        let v = shippedValues
        return KeepSelfPlay(mine: v[base], theirs: v[base + 1], mineError: v[base + 2], theirsError: v[base + 3],
                            netError: v[base + 4])
    }

    /// The seed of the self-play estimate of keep `index` of `keeps` in a role, from the table's seed.
    public static func seed(keep index: Int, dealer: Bool, from seed: UInt64) -> UInt64 {
        seed &+ UInt64(index * 2 + (dealer ? 0 : 1))
    }

    /// The digest of the shipped table's values (`TableProvenance.digest`): what a table made from
    /// this one records.
    public static var digest: String { TableProvenance.digest("\(shippedText)") }

    /// Points a value of the table can reach: a player's pegging in one play, expected, is far below.
    static let scale = 16.0
    static let valuesPerEntry = 5

    private static let shippedValues: [Double] = {
        let values = shippedText.withUTF8Buffer { TableText.decode($0) }.map { $0 * scale }
        precondition(values.count == keeps.count * 2 * valuesPerEntry, "the keep pegging table has ten values for every keep")
        return values
    }()

    /// The Swift source of KeepPeggingTable.swift, as `make keep-pegging` writes it: for each keep
    /// of `keeps`, as dealer then as pone, the estimate of `KeepSelfPlay.estimate` with `plays`
    /// from `seed` (`seed(keep:dealer:from:)`).
    public static func swiftSource(_ values: [(dealer: KeepSelfPlay, pone: KeepSelfPlay)], plays: Int, seed: UInt64,
                                   made: String, provenance: TableProvenance) -> String {
        let units = values.flatMap { [$0.dealer, $0.pone] }
            .flatMap { [$0.mine, $0.theirs, $0.mineError, $0.theirsError, $0.netError] }.map { $0 / scale }
        let lines = TableText.encode(units).map { "    \($0)" }.joined(separator: "\n")
        return """
            // Generated by `make keep-pegging`: do not edit.
            // \(made)

            extension KeepPegging {
                /// What made the table: the engine's fingerprint and the tables it read.
                public static let provenance = \(provenance.source)

                /// Each keep's self-play estimate came from this many plays, from this seed.
                static let shippedPlays = \(plays)
                static let shippedSeed: UInt64 = \(seed)

                /// For each keep of `keeps`, as dealer then as pone: the keeper's and the opponent's
                /// expected points in the play, their standard errors and the net's, in four hex
                /// digits a value, 0 to ffff for 0 to \(Int(scale)) points.
                static let shippedText: StaticString = \"\"\"
            \(lines)
                \"\"\"
            }

            """
    }
}
