extension Game {
    /// Each side's chances, and when they are of.
    public struct Outlook: Hashable, Sendable {
        /// When the figure is of: the start of a deal, the play in progress (after a number of
        /// cards laid), the show in progress, or the round's start kept while its play goes on
        /// without its cards.
        public enum Moment: Hashable, Sendable {
            case deal, play, show, roundStart
        }

        /// By side, each from its own point of view: the chances to win add to 1.
        public let sides: [Chances]
        public let moment: Moment
    }

    /// Each side's chance to win. At the start of a round, the shipped win table's
    /// (`WinTable.shipped`) at these scores; once the show is under way (or `playOver`, the play's
    /// cards all laid), from the totals now: the counts still to come in order (the pone's hand,
    /// the dealer's, the crib; `ShowCounts.shipped`, each independent of the others), the first
    /// side to the target winning there, then the table at the next deal. While the play goes on
    /// with `cardsLaid` cards laid (1 to 7), from the totals now: the rest of the play as it went
    /// in the sample's deals after as many cards (`ShowCounts.restOfPlay(afterLaying:)`, whatever
    /// the cards; a rest that takes both sides to the target counts half a win each, its order
    /// unknown), then the show as above. While the play goes on without its cards, the round's
    /// starting figure, and says so. `knownHands`: a hand's count where its cards and the starter
    /// are known (laid in The Play), taken exactly after the play in place of the sample's counts.
    /// Nil where the model does not reach: three players or two teams (the tables are of
    /// two-player deals), and a game that is over.
    public func chancesToWin(playOver: Bool = false, cardsLaid: Int? = nil, knownHands: [ShowCounts.Kind: Int] = [:],
                             counts: ShowCounts = .shipped) -> Outlook? {
        guard let start = roundStart else { return nil }
        let dealerSide = seating.side(of: dealer)
        let table = WinTable.shipped(target).table
        let remaining: [ShowCounts.Kind]
        switch phase {
        case .show(let count):
            remaining = count.rules == .crib ? [.crib] : count.player == dealer ? [.dealerHand, .crib] : [.poneHand, .dealerHand, .crib]
        case .cut where playOver, .play where playOver:
            remaining = [.poneHand, .dealerHand, .crib]
        default:
            remaining = []
        }
        let dealerWins: Double
        let moment: Outlook.Moment
        let inThePlay: Bool = switch phase {
        case .cut, .play: !playOver
        default: false
        }
        if inThePlay, let laid = cardsLaid, (1...7).contains(laid), counts.played > 0 {
            let chances = Self.showChances(counts)
            let (dealer, pone) = (max(0, totals[dealerSide]), max(0, totals[1 - dealerSide]))
            let target = table.target.points
            var wins = 0.0
            for rest in counts.restOfPlay(afterLaying: laid) {
                let (d, p) = (dealer + rest.dealer, pone + rest.pone)
                switch (d >= target, p >= target) {
                case (true, true): wins += rest.chance / 2
                case (true, false): wins += rest.chance
                case (false, true): break
                case (false, false):
                    wins += rest.chance * Self.dealerWins(dealer: d, pone: p, [.poneHand, .dealerHand, .crib],
                                                          chances: chances, table: table)
                }
            }
            dealerWins = wins
            moment = .play
        } else if remaining.isEmpty {
            dealerWins = table.dealerWins(dealer: start[dealerSide], pone: start[1 - dealerSide])
            moment = log.last?.round == round ? .roundStart : .deal
        } else {
            let chances = Self.showChances(counts, known: knownHands)
            dealerWins = Self.dealerWins(dealer: max(0, totals[dealerSide]), pone: max(0, totals[1 - dealerSide]), remaining[...],
                                         chances: chances, table: table)
            moment = .show
        }
        let dealers = Chances(win: dealerWins)
        return Outlook(sides: dealerSide == 0 ? [dealers, dealers.otherSide] : [dealers.otherSide, dealers], moment: moment)
    }

    /// The hands' counts the show will make, where a two-player round's four cards of a player
    /// are known (`laid` by player, as laid in The Play, each card with its suit) and the starter
    /// told: for `chancesToWin(knownHands:)`.
    public func knownHands(laid: [[Card]]) -> [ShowCounts.Kind: Int] {
        guard seating == .twoPlayers, let starter = roundCut, laid.count == 2 else { return [:] }
        var known: [ShowCounts.Kind: Int] = [:]
        for (player, kind) in [(dealer, ShowCounts.Kind.dealerHand), (1 - dealer, .poneHand)] where laid[player].count == 4 {
            if let hand = try? Hand(laid[player], cut: starter) { known[kind] = hand.breakdown(rules: .hand).total }
        }
        return known
    }

    /// The dealer's chance to win with the show's `remaining` counts to come at these totals.
    static func dealerWins(dealer: Int, pone: Int, _ remaining: ArraySlice<ShowCounts.Kind>,
                                   chances: [[(points: Int, chance: Double)]], table: WinTable) -> Double {
        let target = table.target.points
        guard let kind = remaining.first else {
            // The round is over: the pone deals the next.
            return 1 - table.dealerWins(dealer: pone, pone: dealer)
        }
        var wins = 0.0
        if kind == .dealerHand, remaining.dropFirst().first == .crib {
            // The dealer's hand and crib in a row: the dealer gets there at one or the other exactly
            // when their sum does, so they are one count (`chances[3]`, the two convolved).
            for (points, chance) in chances[3] {
                wins += dealer + points >= target ? chance : chance * (1 - table.dealerWins(dealer: pone, pone: dealer + points))
            }
            return wins
        }
        for (points, chance) in chances[kind.rawValue] {
            if kind == .poneHand {
                guard pone + points < target else { continue }
                wins += chance * dealerWins(dealer: dealer, pone: pone + points, remaining.dropFirst(), chances: chances, table: table)
            } else if dealer + points >= target {
                wins += chance
            } else {
                wins += chance * dealerWins(dealer: dealer + points, pone: pone, remaining.dropFirst(), chances: chances, table: table)
            }
        }
        return wins
    }

    /// Each kind's chances in `Kind` order (a count in `known` for certain), then the dealer's hand
    /// and crib together.
    static func showChances(_ counts: ShowCounts, known: [ShowCounts.Kind: Int] = [:]) -> [[(points: Int, chance: Double)]] {
        let kinds = ShowCounts.Kind.allCases.map { kind in known[kind].map { [($0, 1.0)] } ?? counts.chances(kind) }
        var sum = [Double](repeating: 0, count: 59)
        for (hand, p) in kinds[ShowCounts.Kind.dealerHand.rawValue] {
            for (crib, q) in kinds[ShowCounts.Kind.crib.rawValue] { sum[hand + crib] += p * q }
        }
        return kinds + [sum.indices.compactMap { sum[$0] > 0 ? ($0, sum[$0]) : nil }]
    }

    /// Each side's total before the current round's first entry, within the board (0 to one
    /// short of the target), for a two-player game not yet over; nil otherwise.
    public var roundStart: [Int]? {
        guard seating == .twoPlayers, result == nil else { return nil }
        let lastBefore = log.last { $0.round < round }
        return (lastBefore?.totals ?? [0, 0]).map { Swift.min(Swift.max($0, 0), target.points - 1) }
    }

    /// The scores before the current round for the side that deals it (`role` dealer) or the
    /// other (pone), as the chance to win takes them; nil where `roundStart` is, or for no role.
    public func roundStartScore(for role: Role) -> GameScore? {
        guard let start = roundStart, role != .none else { return nil }
        let dealerSide = seating.side(of: dealer)
        let mine = role == .dealer ? dealerSide : 1 - dealerSide
        return GameScore(mine: start[mine], theirs: start[1 - mine], target: target.points)
    }
}
