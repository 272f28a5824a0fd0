import Foundation
import TestSupport
import Testing
@testable import CribbageCore

/// The game against the computer: whole seeded games checked against independent counts, the
/// deck fixed at the deal, the computer's fairness, muggins, and the save's replay.
@Suite("The table: a game against the computer")
struct TableGameTests {
    /// A fast limit for the tests: the computer's strength is measured by `selfplay levels`.
    static let limit = Limit(searchedHands: 8, figures: .ranking)

    /// The player's side played by a computer player of `level`, one move at a time; `claim`
    /// says what to claim with muggins for each actual count.
    static func move(for table: TableGame, as player: ComputerPlayer, claim: (Int) -> Int = { $0 }) -> TableGame.Move {
        switch table.stage {
        case .cutForDeal, .show, .over:
            return .next
        case .discard:
            let deal = table.deal!
            return .discard(seat: 0, player.keep(deal.sixes[0], dealer: deal.dealer == 0).thrown)
        case .play:
            var random = SplitMix64(seed: UInt64(table.moves.count))
            guard case .card(let card) = player.token(for: table.playerView!, score: table.score(for: 0), random: &random)
            else { Issue.record("the player has a card to lay"); return .next }
            return .lay(seat: 0, card)
        case .claim(let count):
            let hand = table.deal!.hand(for: count)
            return .claim(points: claim(referenceCount(hand.cards, cut: hand.cut, crib: count.rules == .crib)))
        }
    }

    /// Every total the table shows, from its events counted independently: the play's scores by
    /// the reference play scorer, the show's by the reference hand counter.
    struct Ledger {
        var totals = [0, 0]
        var countCards: [Card] = []

        mutating func add(_ events: [TableEvent], dealer: Int) {
            for event in events {
                switch event {
                case .starter(_, let heels):
                    if heels { totals[dealer] += 2 }
                case .played(let seat, let token, let count, let pegs):
                    if case .card(let card) = token {
                        countCards = count == card.rank.value ? [card] : countCards + [card]
                        let own = pegs.filter { $0.seat == seat && ![.go, .lastCard].contains($0.score) }.map(\.score)
                        #expect(own == PlayPropertyTests.referenceScores(countCards), "\(countCards)")
                    }
                    for peg in pegs { totals[peg.seat] += peg.score.points }
                case .counted(let count, let hand, let points, let claimed):
                    #expect(points == referenceCount(hand.cards, cut: hand.cut, crib: count.rules == .crib), "\(hand)")
                    totals[count.player] += claimed ?? points
                    if let claimed { totals[1 - count.player] += points - claimed }
                default:
                    break
                }
            }
        }
    }

    /// Plays a whole game from the cut for deal to its end, checking the totals after every move.
    static func playGame(seed: UInt64, level: ComputerLevel = .beginner, muggins: Bool = false,
                         claim: @escaping (Int) -> Int = { $0 }) throws -> TableGame {
        var table = TableGame(setup: .init(seed: seed, level: level, muggins: muggins), limit: limit)
        let player = ComputerPlayer(level: .beginner, limit: limit)
        var ledger = Ledger()
        ledger.add(table.events, dealer: table.game.dealer)
        for _ in 0..<2_000 {
            if case .over = table.stage { return table }
            let dealer = table.deal?.dealer ?? table.game.dealer
            if table.stage == .discard, let deal = table.deal {
                // The deal is the game's round, and the score before it is the one the computer throws to.
                #expect(deal.number == table.game.round)
                #expect(table.scoreBeforeDeal(for: TableGame.computer) == table.score(for: TableGame.computer))
            }
            try table.apply(move(for: table, as: player, claim: claim))
            ledger.add(table.events, dealer: table.deal?.dealer ?? dealer)
            #expect(ledger.totals == table.game.totals, "seed \(seed), move \(table.moves.count)")
            if ledger.totals != table.game.totals { return table }
        }
        Issue.record("seed \(seed): the game did not end")
        return table
    }

    @Test("whole seeded games against each level end with every total as counted independently",
          arguments: [(1 as UInt64, ComputerLevel.beginner), (2, .beginner), (3, .expert)])
    func wholeGames(seed: UInt64, level: ComputerLevel) throws {
        let table = try Self.playGame(seed: seed, level: level)
        guard case .over(let result) = table.stage else { Issue.record("not over"); return }
        #expect(table.game.totals[result.winner] >= 121)
        #expect(table.standing.wins[result.winner] == 1 && table.standing.winners == [result.winner])
        #expect(table.standing.matchPoints[result.winner] == result.matchPoints)
    }

    @Test("the pace: a table shown before the computer's answer catches up a move at a time to the answered one, no further")
    func catchingUpWithThePacedAnswer() throws {
        let player = ComputerPlayer(level: .beginner, limit: Self.limit)
        var table = TableGame(setup: .init(seed: 11, level: .beginner), limit: Self.limit)
        var paced = 0
        while table.gameNumber == 1, (table.deal?.number ?? 0) < 4 {
            let move = Self.move(for: table, as: player)
            var shown = table
            try shown.apply(move, answering: false)
            try table.apply(move)
            while shown.moves.count < table.moves.count {
                let before = shown.moves.count
                let caught = shown.catchUp(with: table)
                #expect(caught && shown.moves.count == before + 1)
                paced += 1
            }
            #expect(shown == table)
            let further = shown.catchUp(with: table)
            #expect(!further)
        }
        #expect(paced > 10)
        // A table whose moves part from these is not caught up with.
        var dealt = TableGame(setup: .init(seed: 11, level: .beginner), limit: Self.limit)
        try dealt.apply(.next)
        let six = dealt.deal!.sixes[0]
        var one = dealt, other = dealt
        try one.apply(.discard(seat: 0, Array(six[0..<2])), answering: false)
        try other.apply(.discard(seat: 0, Array(six[2..<4])))
        let caught = one.catchUp(with: other)
        #expect(!caught && one.moves.count == dealt.moves.count + 1)
    }

    @Test("the next game: the loser deals, the match standing counts both")
    func nextGame() throws {
        var table = try Self.playGame(seed: 4)
        guard case .over(let result) = table.stage else { Issue.record("not over"); return }
        try table.apply(.next)
        #expect(table.gameNumber == 2 && table.stage == .discard && table.game.dealer == 1 - result.winner)
        // The new game's moves begin with the computer's throw.
        #expect(table.game.totals == [0, 0] && table.moves.count == 1)
        if case .discard(let seat, _) = table.moves.first { #expect(seat == 1) } else { Issue.record("\(table.moves)") }
        #expect(table.standing.winners == [result.winner])
    }

    @Test("each deal's deck is fixed by the seed, the game and the deal, and dealt as documented")
    func decks() throws {
        var table = TableGame(setup: .init(seed: 77), limit: Self.limit)
        try table.apply(.next)
        let deal = try #require(table.deal)
        #expect(deal.deck == TableGame.deck(seed: 77, game: 1, deal: 1))
        #expect(Set(deal.deck).count == 52)
        let pone = 1 - deal.dealer
        #expect(deal.sixes[pone] == [0, 2, 4, 6, 8, 10].map { deal.deck[$0] })
        #expect(deal.sixes[deal.dealer] == [1, 3, 5, 7, 9, 11].map { deal.deck[$0] })
        #expect(deal.cut == deal.deck[12])
        #expect(TableGame.deck(seed: 77, game: 1, deal: 2) != deal.deck)
        #expect(TableGame.deck(seed: 77, game: 2, deal: 1) != deal.deck)
        #expect(TableGame.deck(seed: 78, game: 1, deal: 1) != deal.deck)
        // The cut for deal: two ranks that differ, and the lower deals.
        let cut = table.cutForDeal
        #expect(cut[0].rank != cut[1].rank)
        #expect(deal.dealer == (cut[0].rank.order < cut[1].rank.order ? 0 : 1))
    }

    /// Pearson's statistic over card and place for the table's decks (52,000 deals over many
    /// seeds, games and deals), as `ShuffleTests` checks the shuffle itself.
    @Test("the table's decks: chi-square over card and place within five standard deviations")
    func decksUniform() {
        var counts = [Int](repeating: 0, count: 52 * 52)
        for index in 0..<52_000 {
            let deck = TableGame.deck(seed: UInt64(index / 100), game: 1 + index % 10, deal: 1 + (index / 10) % 10)
            for (place, card) in deck.enumerated() { counts[card.index * 52 + place] += 1 }
        }
        let expected = 1_000.0
        let statistic = counts.reduce(0.0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
        #expect(abs(statistic - 2_601) < 5 * 5_202.0.squareRoot(), "chi-square \(statistic)")
    }

    /// The computer's moves in one deal, with the player laying `order` in turn.
    static func computerMoves(deck: [Card], dealer: Int, playerThrow: [Card], order: [Card], level: ComputerLevel) throws -> [TableGame.Move] {
        var table = TableGame(setup: .init(seed: 1, level: level), limit: limit)
        table.match.game = try Game(dealer: dealer, names: TableGame.names)
        table.match.deal = Deal(number: 1, dealer: dealer, deck: deck)
        table.match.stage = .discard
        table.advance()
        try table.apply(.discard(seat: 0, playerThrow))
        while table.stage == .play, let card = order.first(where: table.playable.contains) {
            try table.apply(.lay(seat: 0, card))
        }
        return table.moves.filter {
            switch $0 {
            case .discard(let seat, _), .lay(let seat, _): seat == 1
            default: false
            }
        }
    }

    @Test("fair: the computer's throw and cards are the same whatever the player's hidden cards and the undealt cards",
          arguments: ComputerLevel.allCases)
    func fair(level: ComputerLevel) throws {
        for seed in UInt64(0)..<6 {
            for dealer in 0...1 {
                var random = SplitMix64(seed: seed)
                let deck = random.shuffled()
                let base = Deal(number: 1, dealer: dealer, deck: deck)
                let computerSix = base.sixes[1], cut = base.cut
                // The player throws their first two and lays their other four in order.
                let playerSix = base.sixes[0]
                let thrown = Array(playerSix.prefix(2)), kept = Array(playerSix.suffix(4))
                let original = try Self.computerMoves(deck: deck, dealer: dealer, playerThrow: thrown,
                                                      order: kept.sorted { $0.rank.value < $1.rank.value }, level: level)
                // Another world: the player's throw and the undealt cards swapped around; what the
                // player lays is the same, and the computer sees only that.
                let fixed = Set(computerSix + kept + [cut])
                var others = deck.filter { !fixed.contains($0) }
                others.shuffle(using: &random)
                var other = deck
                var next = others.makeIterator()
                for index in other.indices where !fixed.contains(other[index]) { other[index] = next.next()! }
                let otherThrow = Array(Deal(number: 1, dealer: dealer, deck: other).sixes[0].filter { !kept.contains($0) })
                #expect(otherThrow != thrown)
                let changed = try Self.computerMoves(deck: other, dealer: dealer, playerThrow: otherThrow,
                                                     order: kept.sorted { $0.rank.value < $1.rank.value }, level: level)
                #expect(changed == original, "seed \(seed), dealer \(dealer)")
            }
        }
    }

    @Test("the expert near the end throws and lays for the chance to win; far from it by the points; the beginner never")
    func theExpertPlaysToTheScoreNearTheEnd() throws {
        let expert = ComputerPlayer(level: .expert, limit: Self.limit)
        let beginner = ComputerPlayer(level: .beginner, limit: Self.limit)
        var random = SplitMix64(seed: 84)
        var differ = 0
        for trial in 0..<12 {
            let six = random.deal(6)
            let dealer = trial % 2 == 0
            let role: Role = dealer ? .dealer : .pone
            let near = GameScore(mine: dealer ? 110 : 86, theirs: dealer ? 84 : 112, target: 121)
            let odds = try DiscardOdds(six, role: role, score: near)
            // The keep of most chance, to a tenth of a point (equal chances go by the game points).
            let most = odds.chances.map(\.win).max()!
            let kept = expert.keep(six, dealer: dealer, score: near)
            let keptKeep = odds.analysis.keeps.first { Set($0.cards) == Set(kept.kept) }!
            #expect(odds.chances(of: keptKeep).win > most - 0.001)
            let analysis = expert.keepAnalysis(six, dealer: dealer, score: near)
            #expect(analysis.ranking == .goal(.win))
            #expect(analysis.options.map { odds.chances(of: $0.keep!).gamePoints! } == analysis.options.map { $0.value.chances!.gamePoints! })
            let points = try DiscardAdvisor.analyze(six, role: role, opponent: .solved).ranked(for: role, pegging: true)[0]
            #expect(Set(expert.keep(six, dealer: dealer, score: GameScore(mine: 40, theirs: 50, target: 121)).kept) == Set(points.cards))
            #expect(beginner.keep(six, dealer: dealer, score: near).kept == beginner.keep(six, dealer: dealer).kept)
            #expect(beginner.keepAnalysis(six, dealer: dealer, score: near).ranking == .points)
            if Set(kept.kept) != Set(points.cards) { differ += 1 }
        }
        #expect(differ > 0, "near a skunk line the expert's keep is another than the points' in some deals")
        // Its card near the end is the engine's for the chance to win.
        let view = try PeggingView(hand: Card.parseDistinct(["10C", "5S", "9D", "2C"]), discards: Card.parseDistinct(["3D", "4S"]),
                                   cut: Card(parsing: "7H"), seat: 1,
                                   play: { var play = Play(players: 2); _ = try! play.apply(.card(try! Card(parsing: "5H"))); return play }())
        let score = GameScore(mine: 112, theirs: 86, target: 121)
        var unused = SplitMix64(seed: 0)
        #expect(expert.token(for: view, score: score, random: &unused)
                == scoredLay(view, score, goal: .win).best.token)
    }

    @Test("a move that cannot come now throws and changes nothing")
    func refusals() throws {
        var table = TableGame(setup: .init(seed: 5), limit: Self.limit)
        let start = table
        #expect(throws: TableError.notNow) { try table.apply(.lay(seat: 0, Card(.five, .hearts))) }
        #expect(table == start)
        try table.apply(.next)
        let deal = try #require(table.deal)
        let notMine = try #require(Card.all.first { !deal.sixes[0].contains($0) })
        let dealt = table
        #expect(throws: TableError.notInHand(notMine)) { try table.apply(.discard(seat: 0, [deal.sixes[0][0], notMine])) }
        #expect(throws: TableError.throwTwo(1)) { try table.apply(.discard(seat: 0, [deal.sixes[0][0]])) }
        #expect(throws: TableError.notYourMove) { try table.apply(.discard(seat: 1, Array(deal.sixes[1].prefix(2)))) }
        #expect(throws: TableError.notNow) { try table.apply(.claim(points: 4)) }
        #expect(table == dealt)
    }

    @Test("muggins: a count under the hand's gives the computer what was missed; one over is refused")
    func muggins() throws {
        // The player claims one less than each count (none where it is 0).
        let table = try Self.playGame(seed: 6, muggins: true) { max(0, $0 - 1) }
        #expect(table.game.log.contains { $0.score == .correction && $0.player == 1 && $0.points == 1 })
        var claiming = TableGame(setup: .init(seed: 8, muggins: true), limit: Self.limit)
        let player = ComputerPlayer(level: .beginner, limit: Self.limit)
        while true {
            if case .claim(let count) = claiming.stage {
                let hand = claiming.deal!.hand(for: count)
                let actual = referenceCount(hand.cards, cut: hand.cut, crib: count.rules == .crib)
                let before = claiming
                #expect(throws: TableError.overclaim(actual + 1)) { try claiming.apply(.claim(points: actual + 1)) }
                #expect(claiming == before)
                return
            }
            try claiming.apply(Self.move(for: claiming, as: player))
        }
    }

    @Test("a game saved at any move reads back to the same table; a changed move or deck does not read")
    func savedAndReplayed() throws {
        // The default engine, as a file read back has: the beginner does not use it.
        var table = TableGame(setup: .init(seed: 9, level: .beginner, muggins: true))
        let player = ComputerPlayer(level: .beginner, limit: Self.limit)
        let encoder = JSONEncoder(), decoder = JSONDecoder()
        var checked = 0
        while table.gameNumber == 1 || table.moves.count < 6 {
            let data = try encoder.encode(table)
            var read = try decoder.decode(TableGame.self, from: data)
            read.events = table.events
            #expect(read.game == table.game, "after \(table.moves.count) moves")
            #expect(read.deal == table.deal, "after \(table.moves.count) moves")
            #expect(read.stage == table.stage && read.standing == table.standing && read.moves == table.moves,
                    "after \(table.moves.count) moves")
            #expect(read == table, "after \(table.moves.count) moves")
            checked += 1
            try table.apply(Self.move(for: table, as: player) { $0 })
        }
        #expect(checked > 40 && table.gameNumber == 2)
        let data = try encoder.encode(table)
        var json = try #require(String(data: data, encoding: .utf8))
        json = json.replacingOccurrences(of: "\"lay 1 ", with: "\"lay 2 ")
        #expect(throws: DecodingError.self) { try decoder.decode(TableGame.self, from: Data(json.utf8)) }
        let deck = try #require(table.deal?.deck)
        let swapped = try #require(String(data: data, encoding: .utf8))
            .replacingOccurrences(of: "\"\(deck[0].ascii)\",\"\(deck[1].ascii)\"", with: "\"\(deck[1].ascii)\",\"\(deck[0].ascii)\"")
        #expect(throws: DecodingError.self) { try decoder.decode(TableGame.self, from: Data(swapped.utf8)) }
    }
}

@Suite("The show checks cards laid by rank alone")
struct LaidRankTests {
    @Test func aHandMustHoldTheRanksItsPlayerLaidBesidesItsLaidCards() throws {
        var game = try Game(dealer: 0, names: ["Ann", "Bob"])
        let hand = try Hand(Card.parseDistinct(["5H", "5C", "JD", "2S"]), cut: Card(parsing: "KS"))
        // Bob (the pone, counted first) laid 5H by its card and a five and a jack by rank.
        try game.checkRoundCards(of: hand, laid: [[], [Card(parsing: "5H")]], laidRanks: [[], [.five, .jack]])
        #expect(throws: GameError.laidRankNotInHand(.five, player: "Bob", hand: "Bob's hand")) {
            try game.checkRoundCards(of: hand, laid: [[], [Card(parsing: "5H")]], laidRanks: [[], [.five, .five]])
        }
        #expect(throws: GameError.laidRankNotInHand(.queen, player: "Bob", hand: "Bob's hand")) {
            try game.checkRoundCards(of: hand, laid: [[], []], laidRanks: [[], [.queen]])
        }
        // Ann's ranks say nothing of Bob's hand.
        try game.checkRoundCards(of: hand, laid: [[], []], laidRanks: [[.queen, .queen], []])
        _ = try game.count(hand)
    }
}
