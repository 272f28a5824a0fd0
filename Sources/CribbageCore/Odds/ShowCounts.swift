/// How often each count came in the show, over deals where both players throw as the expert
/// (`discard`'s first keep against an expert crib), the cut at random: the pone's hand, the
/// dealer's hand and the crib, each by points 0 to 29. The board's chance to win during the show
/// takes the counts still to come from these (`Game.chancesToWin(playOver:cardsLaid:)`).
///
/// The first `played` of those deals are also played out, the pegging engine on both sides:
/// after each number of cards laid, 1 to 7, what the rest of the play pegged for the dealer and
/// for the pone (`rest`). The board's chance during the play takes the rest of the play from these.
///
/// The shipped counts (`ShowCounts.shipped`, ShowTables.swift) are `sample(seed:deals:played:)`
/// of the seed and numbers of deals they name, written by `make show-tables`; a test samples
/// again and compares them exactly.
public struct ShowCounts: Hashable, Sendable {
    /// One count of the show.
    public enum Kind: Int, CaseIterable, Sendable {
        case poneHand, dealerHand, crib
    }

    /// The seed and the number of deals sampled.
    public let seed: UInt64
    public private(set) var deals: Int
    /// For each kind, in `Kind` order, how many deals counted each number of points, 0 to 29.
    public private(set) var counts: [[Int]]
    /// How many deals were played out, and in how many of them, after `n` cards laid, the rest of
    /// the play pegged `d` for the dealer and `p` for the pone: at `restKey(laid: n, dealer: d, pone: p)`.
    public private(set) var played: Int
    public private(set) var rest: [Int: Int]

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
    static func restKey(laid: Int, dealer: Int, pone: Int) -> Int { (laid * 32 + dealer) * 32 + pone }

    /// The deals `range` of the sample seeded `seed`, those below `played` played out too: deal
    /// `index` has cards of its own seed, so any split of the range adds up to the same counts.
    public static func sample(seed: UInt64, deals range: Range<Int>, played: Int = 0) -> ShowCounts {
        var result = ShowCounts(seed: seed, deals: 0, counts: Array(repeating: Array(repeating: 0, count: 30), count: 3))
        for index in range {
            var mixer = SplitMix64(seed: seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
            var random = SplitMix64(seed: mixer.next())
            let cards = random.deal(13)
            let cut = cards[12]
            let pone = keep(Array(cards[0..<6]), role: .pone), dealer = keep(Array(cards[6..<12]), role: .dealer)
            let counted = [
                FastScorer.shared.total(hand: try! Hand(pone.cards, cut: cut), rules: .hand),
                FastScorer.shared.total(hand: try! Hand(dealer.cards, cut: cut), rules: .hand),
                FastScorer.shared.total(hand: try! Hand(pone.discard + dealer.discard, cut: cut), rules: .crib),
            ]
            for (kind, points) in counted.enumerated() { result.counts[kind][points] += 1 }
            result.deals += 1
            guard index < played else { continue }
            result.played += 1
            for (laid, pegs) in restOfPlay(pone: pone, dealer: dealer, cut: cut).enumerated() {
                result.rest[restKey(laid: laid + 1, dealer: min(31, pegs.dealer), pone: min(31, pegs.pone)), default: 0] += 1
            }
        }
        return result
    }

    /// The play of two keeps, the pegging engine laying for both: after each card laid, 1 to 7,
    /// what the rest of the play pegs for the dealer and for the pone.
    private static func restOfPlay(pone: Keep, dealer: Keep, cut: Card) -> [(dealer: Int, pone: Int)] {
        let engine = PeggingEngine()
        let keeps = [pone, dealer]
        var play = Play(players: 2)
        // The pegs so far, and as they stood once each card was laid (with that card's own).
        var now = (dealer: 0, pone: 0)
        var pegged: [(dealer: Int, pone: Int)] = [now]
        while let turn = play.turn {
            let view = try! PeggingView(hand: keeps[turn].cards, discards: keeps[turn].discard, cut: cut, seat: turn, play: play)
            let token = engine.advice(for: view)!.best.token
            for peg in try! play.apply(token) {
                if peg.player == 1 { now.dealer += peg.score.points } else { now.pone += peg.score.points }
            }
            if case .card = token { pegged.append(now) }
        }
        let total = now
        return (1...7).map { n in (total.dealer - pegged[n].dealer, total.pone - pegged[n].pone) }
    }

    private static func keep(_ six: [Card], role: Role) -> Keep {
        try! DiscardAdvisor.analyze(six, role: role, opponent: .expert).ranked(for: role)[0]
    }

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

    /// The Swift source of ShowTables.swift, for `make show-tables`.
    public func swiftSource(made: String) -> String {
        let rows = counts.map { "        [" + $0.map(String.init).joined(separator: ", ") + "]," }
        // The rest of the play, ten cells a line: key: count.
        let cells = rest.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        let restRows = stride(from: 0, to: cells.count, by: 10).map {
            "        " + cells[$0..<min(cells.count, $0 + 10)].joined(separator: ", ") + ","
        }
        return """
            // Generated by `make show-tables` (\(made)); do not edit.
            // ShowCountsTests samples the same deals again and compares every count.

            extension ShowCounts {
                /// The show's counts of `deals` deals, each thrown as the expert throws, and the rest
                /// of the play after each card of the first `played` of them (`restKey`).
                public static let shipped = ShowCounts(seed: \(seed), deals: \(deals), counts: [
            \(rows.joined(separator: "\n"))
                ], played: \(played), rest: [
            \(restRows.joined(separator: "\n"))
                ])
            }

            """
    }
}
