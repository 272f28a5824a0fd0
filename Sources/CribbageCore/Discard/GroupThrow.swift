/// The throw from five cards with three players or two teams, valued as at two: each keep's hand
/// over the 47 starters the thrower cannot see, and the crib its one card goes to (`GroupCrib`:
/// the crib's mean by the rank thrown, the others throwing as this does), counted for the
/// thrower's side when the crib is its side's and against it when not: with teams a point of the
/// other side's crib is a point against; with three players, against the other two's mean, as the
/// group's pegging weighs it (half a point).
///
///     GroupThrow.ranked(five, players: 3, ownCrib: false)[0].thrown
public enum GroupThrow {
    /// A keep of the five, with what it is worth.
    public struct Keep: Hashable, Sendable {
        public let kept: [Card]
        public let thrown: Card
        /// The hand's mean over the starters.
        public let hand: Double
        /// The crib's mean with this card in it.
        public let crib: Double
        /// The hand and the crib's share for the thrower's side.
        public let net: Double
    }

    /// How much of the crib's points count for the thrower: all of its side's, and of another's
    /// all against with teams, half against with three players.
    public static func share(players: Int, ownCrib: Bool) -> Double {
        ownCrib ? 1 : (players == 4 ? -1 : -0.5)
    }

    /// Each keep of the five, best first, the crib valued by the shipped table.
    public static func ranked(_ five: [Card], players: Int, ownCrib: Bool) -> [Keep] {
        ranked(five, players: players, ownCrib: ownCrib, crib: GroupCrib.shipped(players: players))
    }

    /// Each keep of the five, best first; `crib` nil values the hand alone (`FiveCardKeep`'s
    /// order). Equal nets keep `FiveCardKeep`'s order.
    public static func ranked(_ five: [Card], players: Int, ownCrib: Bool, crib table: GroupCrib?) -> [Keep] {
        precondition(players == 3 || players == 4, "three players or two teams")
        precondition(table.map { $0.players == players } ?? true, "the table for the seating")
        let share = share(players: players, ownCrib: ownCrib)
        let keeps = FiveCardKeep.ranked(five, ownCrib: ownCrib).map { keep in
            let cribMean = table?.mean(thrown: keep.thrown.rank, ownCrib: ownCrib) ?? 0
            return Keep(kept: keep.kept, thrown: keep.thrown, hand: keep.mean, crib: cribMean,
                        net: keep.mean + (table == nil ? 0 : share * cribMean))
        }
        return keeps.indices.sorted { a, b in
            keeps[a].net != keeps[b].net ? keeps[a].net > keeps[b].net : a < b
        }.map { keeps[$0] }
    }
}

/// The crib with three players or two teams, where every seat throws one card (and with three one
/// card comes from the deck): its mean points by the rank a seat throws and whether the crib is the
/// thrower's side's, each mean over every starter the deal leaves. The others throw as
/// `GroupThrow` does with the table before, so the table is made in rounds (the first with every
/// seat keeping its best hand alone) until it settles (`make group-crib-tables`,
/// GroupCribTables.swift).
public struct GroupCrib: Hashable, Sendable {
    public let players: Int
    /// The crib's mean, `[ownCrib ? 0 : 1][rank - 1]`.
    public let means: [[Double]]

    public init(players: Int, means: [[Double]]) {
        precondition(means.count == 2 && means.allSatisfy { $0.count == 13 }, "two roles by thirteen ranks")
        self.players = players
        self.means = means
    }

    public func mean(thrown rank: Rank, ownCrib: Bool) -> Double {
        means[ownCrib ? 0 : 1][Int(rank.rawValue) - 1]
    }

    /// The shipped table for three players or two teams.
    public static func shipped(players: Int) -> GroupCrib? {
        switch players {
        case 3: three
        case 4: teams
        default: nil
        }
    }

    /// The digest of both shipped tables.
    public static var digest: String { TableProvenance.digest(three.source + teams.source) }

    /// What a sample of deals gave: for each role and rank thrown, the sum of the crib's means, their
    /// squares and how many.
    public struct Sample: Sendable {
        public var sums = Array(repeating: Array(repeating: 0.0, count: 13), count: 2)
        public var squares = Array(repeating: Array(repeating: 0.0, count: 13), count: 2)
        public var counts = Array(repeating: Array(repeating: 0, count: 13), count: 2)

        public init() {}

        public mutating func merge(_ other: Sample) {
            for role in 0..<2 {
                for rank in 0..<13 {
                    sums[role][rank] += other.sums[role][rank]
                    squares[role][rank] += other.squares[role][rank]
                    counts[role][rank] += other.counts[role][rank]
                }
            }
        }

        /// The means, as the table takes them (a rank never thrown in a role: the role's mean).
        public func table(players: Int) -> GroupCrib {
            let means = (0..<2).map { role -> [Double] in
                let total = sums[role].reduce(0, +), count = counts[role].reduce(0, +)
                return (0..<13).map { rank in
                    counts[role][rank] > 0 ? sums[role][rank] / Double(counts[role][rank]) : total / Double(max(count, 1))
                }
            }
            return GroupCrib(players: players, means: means)
        }

        /// The standard error of a mean, `[role][rank]`.
        public func standardError(role: Int, rank: Int) -> Double {
            let n = Double(counts[role][rank])
            guard n > 1 else { return .infinity }
            let mean = sums[role][rank] / n
            return ((squares[role][rank] / n - mean * mean) / (n - 1)).squareRoot()
        }
    }

    /// The Swift source of the table, as `make group-crib-tables` writes it.
    public var source: String {
        let rows = means.map { row in "[" + row.map { $0.decimal(places: 6) }.joined(separator: ", ") + "]" }
        return "GroupCrib(players: \(players), means: [\n            " + rows.joined(separator: ",\n            ") + "])"
    }
}
