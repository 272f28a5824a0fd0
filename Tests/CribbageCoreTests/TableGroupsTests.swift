import Foundation
import TestSupport
import Testing
@testable import CribbageCore

/// The table for three players and for two teams: whole seeded games checked against the
/// reference counts, the deal as documented, the computer deciding only from what its seat may
/// know, the next game's dealer, and the save.
@Suite("The table: three players and two teams")
struct TableGroupsTests {
    static let limit = Limit(searchedHands: 8, figures: .ranking)

    /// Your seat's move: the first card of your five thrown, the first card that fits laid.
    static func move(for table: TableGame) -> TableGame.Move {
        switch table.stage {
        case .cutForDeal, .show, .over, .claim:
            return .next
        case .discard:
            return .discard(seat: 0, [table.deal!.sixes[0][0]])
        case .play:
            return .lay(seat: 0, table.playable[0])
        }
    }

    /// Every side's total from the events, counted apart from the program: each card's own pegs
    /// by the reference play scorer, each hand and crib by the reference hand counter, and each
    /// crib's cards as the rules make it.
    struct Ledger {
        var totals: [Int]
        var countCards: [Card] = []
        var handsCounted = 0, cribsCounted = 0, cardsPegged = 0
        /// Each deal's dealer, in order.
        var dealers: [Int] = []

        mutating func add(_ events: [TableEvent], table: TableGame) {
            let seating = table.setup.seating
            for event in events {
                switch event {
                case .starter(_, let heels):
                    if heels { totals[seating.side(of: table.deal!.dealer)] += 2 }
                case .played(let seat, let token, let count, let pegs):
                    if case .card(let card) = token {
                        countCards = count == card.rank.value ? [card] : countCards + [card]
                        let own = pegs.filter { $0.seat == seat && ![.go, .lastCard].contains($0.score) }.map(\.score)
                        #expect(own == PlayPropertyTests.referenceScores(countCards), "\(countCards)")
                        cardsPegged += 1
                    }
                    for peg in pegs { totals[seating.side(of: peg.seat)] += peg.score.points }
                case .counted(let count, let hand, let points, _):
                    #expect(points == referenceCount(hand.cards, cut: hand.cut, crib: count.rules == .crib), "\(hand)")
                    let deal = table.deal!
                    #expect(hand.cut == deal.cut)
                    if count.rules == .crib {
                        // One from each seat, and with three players the deck's card after the hands.
                        var crib = deal.thrown.joined().map { $0 }
                        if seating == .threePlayers { crib.append(deal.deck[15]) }
                        #expect(Set(hand.cards) == Set(crib) && hand.cards.count == 4)
                        cribsCounted += 1
                    } else {
                        #expect(Set(hand.cards) == Set(deal.kept[count.player]!) && hand.cards.count == 4)
                        handsCounted += 1
                    }
                    totals[seating.side(of: count.player)] += points
                default:
                    break
                }
            }
        }
    }

    static func playGame(seed: UInt64, seating: Game.Seating, level: ComputerLevel = .expert) throws -> (TableGame, Ledger) {
        var table = TableGame(setup: .init(seed: seed, level: level, seating: seating), limit: limit)
        var ledger = Ledger(totals: Array(repeating: 0, count: seating.sides))
        for _ in 0..<3_000 {
            if case .over = table.stage { return (table, ledger) }
            if table.stage == .discard, let deal = table.deal {
                // Five each, dealt from the dealer's left; every computer seat has thrown one.
                #expect(deal.sixes.allSatisfy { $0.count == 5 })
                #expect(deal.sixes[(deal.dealer + 1) % seating.players][0] == deal.deck[0])
                #expect(Set(deal.sixes.joined() + [deal.cut]).count == 5 * seating.players + 1)
                for seat in 1..<seating.players { #expect(deal.thrown[seat].count == 1) }
                #expect(deal.number == table.game.round)
                if ledger.dealers.count < deal.number { ledger.dealers.append(deal.dealer) }
            }
            try table.apply(move(for: table))
            ledger.add(table.events, table: table)
            #expect(ledger.totals == table.game.totals, "seed \(seed), move \(table.moves.count)")
            if ledger.totals != table.game.totals { return (table, ledger) }
        }
        Issue.record("seed \(seed): the game did not end")
        return (table, ledger)
    }

    @Test("a seeded game of three and one of two teams, played to the end: every hand, crib and peg as the reference counts",
          arguments: [(5 as UInt64, Game.Seating.threePlayers), (6, .twoTeams)])
    func wholeGames(seed: UInt64, seating: Game.Seating) throws {
        let (table, ledger) = try Self.playGame(seed: seed, seating: seating)
        guard case .over(let result) = table.stage else { Issue.record("not over"); return }
        #expect(table.game.totals[result.winner] >= 121)
        #expect(table.game.totals.count == seating.sides && result.losers.count == seating.sides - 1)
        #expect(table.standing.wins[result.winner] == 1 && table.standing.matchPoints[result.winner] == result.matchPoints)
        #expect(ledger.handsCounted > 10 && ledger.cribsCounted > 3 && ledger.cardsPegged > 40)
        // The deal passes to the left each round, from the cut's dealer.
        let dealers = ledger.dealers
        #expect(dealers.count >= 5 && dealers.first == table.match.setup.dealer)
        #expect(zip(dealers, dealers.dropFirst()).allSatisfy { $1 == ($0 + 1) % seating.players }, "\(dealers)")
        // The cut for deal: a card a seat, the lowest alone, and it deals.
        let cut = table.cutForDeal
        #expect(cut.count == seating.players)
        let lowest = cut.map(\.rank.order).min()!
        #expect(cut.filter { $0.rank.order == lowest }.count == 1)
        #expect(table.match.setup.dealer == cut.firstIndex { $0.rank.order == lowest })
    }

    @Test("the next game of three: the first deal passes to the left, the standing counts each player")
    func nextGame() throws {
        var (table, _) = try Self.playGame(seed: 5, seating: .threePlayers, level: .beginner)
        guard case .over(let result) = table.stage else { Issue.record("not over"); return }
        let first = table.match.setup.dealer
        try table.apply(.next)
        #expect(table.gameNumber == 2 && table.game.dealer == (first + 1) % 3 && table.game.totals == [0, 0, 0])
        #expect(table.standing.wins.count == 3 && table.standing.winners == [result.winner])
        // Saved and read back in the new game: the same table.
        // (The test's computer searches less than the one a file is read with: the games are compared.)
        let read = try JSONDecoder().decode(TableGame.self, from: JSONEncoder().encode(table))
        #expect(read.moves == table.moves && read.game == table.game && read.standing == table.standing
                && read.gameNumber == 2 && read.match.setup.dealer == (first + 1) % 3)
    }

    @Test("each deal as documented: five each from the dealer's left, the deck's 16th card to a three-player crib, the starter after")
    func deals() throws {
        for seating in [Game.Seating.threePlayers, .twoTeams] {
            var table = TableGame(setup: .init(seed: 77, seating: seating), limit: Self.limit)
            try table.apply(.next)
            let deal = try #require(table.deal)
            let players = seating.players
            for seat in 0..<players {
                let place = (seat - deal.dealer - 1 + players) % players
                #expect(deal.sixes[seat] == (0..<5).map { deal.deck[place + $0 * players] })
            }
            #expect(deal.cut == deal.deck[seating == .threePlayers ? 16 : 20])
            #expect(deal.cribCard == (seating == .threePlayers ? deal.deck[15] : nil))
            // Two cards are refused; one is taken.
            #expect(throws: TableError.throwOne(2)) { try table.apply(.discard(seat: 0, Array(deal.sixes[0].prefix(2)))) }
            try table.apply(.discard(seat: 0, [deal.sixes[0][4]]))
            #expect(table.deal!.crib.count == 4)
        }
    }

    /// Plays deal `deck` with the computer in every seat, and for every card `watched` lays,
    /// plays the same history again on a deck where every card that seat cannot see then (the
    /// others' cards not laid yet, their throws, the crib's card, the undealt cards) is shuffled:
    /// its card must be the same. Returns how many cards were compared.
    static func sameWhateverUnseen(seating: Game.Seating, seed: UInt64, watched: Int) throws -> Int {
        let players = seating.players, dealer = Int(seed) % players
        let computer = ComputerPlayer(level: .expert, limit: limit)
        func start(_ deck: [Card]) -> Match {
            var match = Match(setup: .init(seed: 1, dealer: dealer, seating: seating), dealt: false)
            match.deal = Deal(number: 1, dealer: dealer, deck: deck, scoresAtDeal: Array(repeating: 0, count: seating.sides),
                              seating: seating)
            match.stage = .discard
            return match
        }
        var random = SplitMix64(seed: seed)
        let deck = random.shuffled()
        var original = start(deck)
        var moves: [Match.Move] = [], watchedLays: [Int] = []
        while original.stage == .discard || original.stage == .play {
            let seat = Match.seat(of: original.pending!)
            let move = original.move(of: seat, by: computer)!
            if case .lay(seat: watched, _) = move { watchedLays.append(moves.count) }
            try original.perform(move)
            moves.append(move)
        }
        var compared = 0
        for index in watchedLays {
            let laid = Set(moves[..<index].compactMap { move -> Card? in if case .lay(_, let card) = move { card } else { nil } })
            let base = Deal(number: 1, dealer: dealer, deck: deck, seating: seating)
            let fixed = Set(base.sixes[watched] + [base.cut]).union(laid)
            var others = deck.filter { !fixed.contains($0) }
            others.shuffle(using: &random)
            var next = others.makeIterator()
            let other = deck.map { fixed.contains($0) ? $0 : next.next()! }
            var replay = start(other)
            var followed = true
            for move in moves[..<index] {
                var made = move
                if case .discard(let seat, _) = move, seat != watched {
                    // Another seat throws a card of its new five that it does not lay before this.
                    made = .discard(seat: seat, [replay.deal!.sixes[seat].first { !laid.contains($0) }!])
                }
                do { try replay.perform(made) } catch { followed = false; break }
            }
            var check = start(deck)
            for move in moves[..<index] { try check.perform(move) }
            // A seat that said go here may hold a card that fits there: that history is not this one.
            guard followed, replay.pending == .lay(seat: watched), replay.deal!.play == check.deal!.play else { continue }
            // The other seats hold other cards, and the watched seat sees what it saw.
            #expect(replay.deal!.sixes != check.deal!.sixes)
            #expect(replay.view(of: watched) == check.view(of: watched))
            #expect(replay.move(of: watched, by: computer) == moves[index], "seed \(seed), move \(index)")
            compared += 1
        }
        return compared
    }

    @Test("fair: each computer seat lays the same card whatever the cards it cannot see, three players and teams")
    func fair() throws {
        var compared = 0
        for seed in UInt64(0)..<4 {
            for seating in [Game.Seating.threePlayers, .twoTeams] {
                compared += try Self.sameWhateverUnseen(seating: seating, seed: seed, watched: 1)
            }
        }
        #expect(compared >= 16)
    }

    @Test("the sampled search deals the other seats only cards that fit the goes they said, and the same view gets the same deals")
    func samplingFitsTheGoes() throws {
        // 10, K, 9 make 29, and the leader says go: it holds nothing of 2 or less.
        var play = Play(players: 3)
        try play.apply(.card(Card(parsing: "10C")))
        try play.apply(.card(Card(parsing: "KD")))
        try play.apply(.card(Card(parsing: "9S")))
        try play.apply(.go)
        let view = try PeggingView(hand: Card.parseDistinct(["KD", "AC", "2H", "8S"]), discards: Card.parseDistinct(["6D"]),
                                   cut: Card(parsing: "5H"), seat: 1, play: play)
        var random = GroupPegging.generator(for: view)
        for _ in 0..<200 {
            let hands = GroupPegging.deal(view, random: &random)
            #expect(hands[0].count == 3 && hands[2].count == 3 && hands[1].isEmpty)
            #expect(hands[0].allSatisfy { $0.rank.value >= 3 })
            let seen = Set(view.hand + view.discards + [view.cut] + play.laid.joined())
            #expect(Set(hands.joined()).isDisjoint(with: seen) && Set(hands.joined()).count == 6)
        }
        let advice = try #require(PeggingEngine(hands: 16).advice(for: view))
        #expect(advice == PeggingEngine(hands: 16).advice(for: view))
        #expect(advice.method == .sampled(deals: 32))
    }

    @Test("saved: the seat count is written for three or four only, and read back; a file without it is two players")
    func saved() throws {
        var table = TableGame(setup: .init(seed: 3, level: .beginner, seating: .twoTeams))
        for _ in 0..<12 { try table.apply(Self.move(for: table)) }
        let data = try JSONEncoder().encode(table)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"players\":4"))
        let read = try JSONDecoder().decode(TableGame.self, from: data)
        #expect(read.moves == table.moves && read.setup == table.setup && read.game == table.game && read.deal == table.deal)
        let two = TableGame(setup: .init(seed: 3))
        #expect(!String(decoding: try JSONEncoder().encode(two), as: UTF8.self).contains("players"))
        let bad = text.replacingOccurrences(of: "\"players\":4", with: "\"players\":5")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TableGame.self, from: Data(bad.utf8)) }
    }
}
