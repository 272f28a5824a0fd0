/// How often each count came in the show, over deals where both players are the table's expert
/// (`ComputerLevel.expert`, its keep counting the play), the cut at random: the pone's hand, the
/// dealer's hand and the crib, each by points 0 to 29. The board's chance to win during the show
/// takes the counts still to come from these (`Game.chancesToWin(playOver:cardsLaid:)`).
///
/// The first `played` of those deals are also played out, the expert on both sides:
/// after each number of cards laid, 1 to 7, what the rest of the play pegged for the dealer and
/// for the pone (`rest`). The board's chance during the play takes the rest of the play from these.
///
/// The shipped counts (`ShowCounts.shipped`, ShowTables.swift) are `sample(seed:deals:played:)`
/// of the seed and numbers of deals they name, written by `make show-tables`; a test throws every
/// deal again and compares the counts exactly, and plays the first deals again and compares their
/// digest with the one shipped beside them (`shippedCheck`).
public struct ShowCounts: Hashable, Sendable {
    /// One count of the show.
    public enum Kind: Int, CaseIterable, Sendable {
        case poneHand, dealerHand, crib
    }

    /// The seed and the number of deals sampled.
    public let seed: UInt64
    public internal(set) var deals: Int
    /// For each kind, in `Kind` order, how many deals counted each number of points, 0 to 29.
    public internal(set) var counts: [[Int]]
    /// How many deals were played out, and in how many of them, after `n` cards laid, the rest of
    /// the play pegged `d` for the dealer and `p` for the pone: at `restKey(laid: n, dealer: d, pone: p)`.
    public internal(set) var played: Int
    public internal(set) var rest: [Int: Int]

    public init(seed: UInt64, deals: Int, counts: [[Int]], played: Int = 0, rest: [Int: Int] = [:]) {
        precondition(counts.count == Kind.allCases.count && counts.allSatisfy { $0.count == 30 }, "three counts of 30 cells")
        self.seed = seed
        self.deals = deals
        self.counts = counts
        self.played = played
        self.rest = rest
    }

    /// The key of `rest` for the rest of a play after `laid` cards (1 to 7), pegging `dealer` and
    /// `pone` (each 0 to 31).
    public static func restKey(laid: Int, dealer: Int, pone: Int) -> Int { (laid * 32 + dealer) * 32 + pone }

    /// Both samples' deals together (of one seed).
    public static func + (lhs: ShowCounts, rhs: ShowCounts) -> ShowCounts {
        var sum = lhs
        sum.deals += rhs.deals
        for kind in sum.counts.indices {
            for points in sum.counts[kind].indices { sum.counts[kind][points] += rhs.counts[kind][points] }
        }
        sum.played += rhs.played
        sum.rest.merge(rhs.rest, uniquingKeysWith: +)
        return sum
    }

    /// The chance of each rest of the play after `laid` cards (1 to 7): what it pegs for the
    /// dealer and for the pone, over the deals played out; empty when none was.
    public func restOfPlay(afterLaying laid: Int) -> [(dealer: Int, pone: Int, chance: Double)] {
        precondition((1...7).contains(laid), "the rest of a play after 1 to 7 cards")
        let total = Double(played)
        return rest.filter { $0.key / 1024 == laid }.sorted { $0.key < $1.key }
            .map { ($0.key / 32 % 32, $0.key % 32, Double($0.value) / total) }
    }

    /// The chance of each number of points for `kind`: (points, chance) for the counts that came.
    public func chances(_ kind: Kind) -> [(points: Int, chance: Double)] {
        let row = counts[kind.rawValue], total = Double(max(1, deals))
        return row.indices.compactMap { row[$0] > 0 ? ($0, Double(row[$0]) / total) : nil }
    }

    /// The mean of `kind`'s count.
    public func mean(_ kind: Kind) -> Double {
        chances(kind).reduce(0) { $0 + Double($1.points) * $1.chance }
    }

    /// The digest of the counts (`TableProvenance.digest`).
    public var digest: String {
        TableProvenance.digest("\(seed) \(deals) \(counts) \(played) " + rest.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ","))
    }

    /// The first deals of a sample, each played out, and their counts' digest: what a test plays
    /// again to check the shipped counts without playing them all.
    public struct Check: Hashable, Sendable {
        public let deals: Int
        public let digest: String

        public init(deals: Int, digest: String) {
            self.deals = deals
            self.digest = digest
        }

        /// The check of the first `deals` of a sample: those deals, each played out.
        public init(_ prefix: ShowCounts) {
            precondition(prefix.played == prefix.deals, "a check plays out every deal it counts")
            self.init(deals: prefix.deals, digest: prefix.digest)
        }
    }

    /// The Swift source of ShowTables.swift, for `make show-tables`.
    public func swiftSource(made: String, provenance: TableProvenance, check: Check) -> String {
        let rows = counts.map { "        [" + $0.map(String.init).joined(separator: ", ") + "]," }
        // The rest of the play, ten cells a line: key: count.
        let cells = rest.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        let restRows = stride(from: 0, to: cells.count, by: 10).map {
            "        " + cells[$0..<min(cells.count, $0 + 10)].joined(separator: ", ") + ","
        }
        return """
            // Generated by `make show-tables` (\(made)); do not edit.
            // ShowCountsTests throws the same deals again and compares every count, and plays the
            // first deals again and compares their digest.

            extension ShowCounts {
                /// What made the counts: the engine's fingerprint and the tables it read.
                public static let provenance = \(provenance.source)

                /// The show's counts of `deals` deals, each thrown as the expert throws, and the rest
                /// of the play after each card of the first `played` of them (`restKey`).
                public static let shipped = ShowCounts(seed: \(seed), deals: \(deals), counts: [
            \(rows.joined(separator: "\n"))
                ], played: \(played), rest: [
            \(restRows.joined(separator: "\n"))
                ])

                /// The first `deals` of the same sample, each played out: their counts' digest.
                public static let shippedCheck = ShowCounts.Check(deals: \(check.deals), digest: "\(check.digest)")
            }

            """
    }
}
