import TestSupport
import Testing
@testable import CribbageCore

/// The one match driver, the game record and its decisions.
@Suite("The match driver and the game record")
struct MatchTests {
    /// Fast players for whole games: the strength is measured by `selfplay`.
    static let limit = Limit(searchedHands: 6, playedHands: 16, figures: .ranking)
    static let expert = ComputerPlayer(level: .expert, limit: limit)
    static let beginner = ComputerPlayer(level: .beginner, limit: limit)

    @Test("a seeded game plays to its end the same every time, totals equal to the log's and the winner at the target",
          arguments: [UInt64(3), 41])
    func seededGames(seed: UInt64) throws {
        let setup = Match.Setup(seed: seed, dealer: Int(seed % 2))
        let one = Match.play(setup, players: [Self.expert, Self.beginner])
        let two = Match.play(setup, players: [Self.expert, Self.beginner])
        #expect(one == two)
        let result = try #require(one.game.result)
        #expect(one.game.totals[result.winner] >= 121)
        for side in 0...1 {
            #expect(one.game.totals[side] == one.game.log.filter { $0.side == side }.reduce(0) { $0 + $1.points })
        }
        #expect(one.decks.count == one.deal?.number)
        for (index, deck) in one.decks.enumerated() {
            #expect(deck == Array(DealScheme.deck(seed: seed, game: 1, deal: index + 1).prefix(13)))
        }
    }

    @Test("the four levels, weakest first: the novice keeps its best hand whatever the crib gets, the club player counts the crib")
    func levels() throws {
        #expect(ComputerLevel.allCases == [.novice, .beginner, .club, .expert])
        #expect(ComputerLevel.names == "novice, beginner, club or expert")
        #expect(Set(ComputerLevel.allCases.map(\.policy)).count == 4)
        // The novice keeps the best hand alone, as pone and as dealer alike: no keep of the six
        // holds more on average, whatever the crib gets.
        for (cards, dealer) in [(["5H", "5C", "JD", "QS", "7H", "8C"], false), (["2S", "3H", "4D", "5C", "9S", "QH"], true)] {
            let six = try Card.parseAll(cards)
            let kept = ComputerPlayer(level: .novice, limit: Self.limit).keep(six, dealer: dealer).kept
            let keeps = try DiscardAdvisor.analyze(six).keeps
            #expect(keeps.first { Set($0.cards) == Set(kept) }!.hand.mean == keeps.map(\.hand.mean).max()!)
        }
    }

    @Test("the table's game against the computer is the driver's game with the same two players")
    func theTableIsTheDriver() throws {
        // The player's seat played by the beginner, as the table's tests do; the table's computer the expert.
        var table = TableGame(setup: .init(seed: 12, level: .expert), limit: Self.limit)
        while true {
            if case .over = table.stage { break }
            try table.apply(table.match.move(of: TableGame.player, by: Self.beginner) ?? .next)
        }
        let dealer = table.cutForDeal[0].rank.order < table.cutForDeal[1].rank.order ? 0 : 1
        var driven = Match(setup: Match.Setup(seed: 12, dealer: dealer), names: TableGame.names, dealt: false)
        while let move = driven.nextMove(players: [Self.beginner, Self.expert]) {
            try driven.perform(move)
        }
        #expect(driven.moves.map(\.text) == table.moves.map(\.text))
        #expect(driven.game == table.game)
    }

    @Test("a record replays to the same game, and refuses a move the rules refuse or a deck the seed does not deal")
    func recordReplays() throws {
        let match = Match.play(Match.Setup(seed: 7, dealer: 1), players: [Self.beginner, Self.expert])
        let record = match.record
        let replayed = try record.replay()
        #expect(replayed.game == match.game && replayed.moves == match.moves)
        var moves = record.moves
        let last = moves.lastIndex { if case .lay = $0 { true } else { false } }!
        if case .lay(let seat, _) = moves[last] { moves[last] = .lay(seat: seat, record.decks[0][0]) }
        #expect(throws: RecordError.self) { try GameRecord(setup: record.setup, decks: record.decks, moves: moves).replay() }
        var decks = record.decks
        decks[0].swapAt(0, 1)
        #expect(throws: RecordError.notTheSeedsDecks) { try GameRecord(setup: record.setup, decks: decks, moves: record.moves).replay() }
    }

    @Test("each replayed decision holds only what its player may know: its six, its throw, the cut once turned, the cards laid so far")
    func decisionsHoldNoHiddenCard() throws {
        for seed in UInt64(0)..<4 {
            let match = Match.play(Match.Setup(seed: seed, dealer: 0, muggins: seed % 2 == 1), players: [Self.expert, Self.expert])
            let points = try match.record.decisions()
            #expect(points.count > 20)
            var lays = 0
            for point in points {
                let deck = match.decks[point.deal - 1]
                let dealer = match.record.setup.dealer == point.seat ? (point.deal % 2 == 1) : (point.deal % 2 == 0)
                // The seat's six: the dealer takes the odd cards, the pone the even ones.
                let six = stride(from: dealer ? 1 : 0, to: 12, by: 2).map { deck[$0] }
                switch point.decision {
                case .keep(let seen, _, _):
                    #expect(Set(seen) == Set(six), "seed \(seed): a keep sees its six only")
                case .lay(let view, _):
                    lays += 1
                    var known = Set(six + [deck[12]])
                    for card in view.play.laid.joined() { known.insert(card) }
                    let seen = view.hand + view.discards + [view.cut] + view.play.laid.joined()
                    #expect(Set(seen).isSubset(of: known), "seed \(seed): a lay sees its six, the cut and the cards laid")
                    #expect(Set(view.hand + view.discards) == Set(six))
                case .count(let hand, _, _, _):
                    #expect(point.seat == 0)
                    #expect(hand.allCards.contains(deck[12]))
                }
            }
            #expect(lays > 10)
        }
    }

    @Test("every decision's move is one of its analysis's options")
    func movesAreOptions() throws {
        let match = Match.play(Match.Setup(seed: 19, dealer: 0), players: [Self.beginner, Self.expert])
        for point in try match.record.decisions().prefix(40) {
            let analysis = analyse(point.decision, by: .strongest, limit: Self.limit)
            #expect(point.chosen(in: analysis) != nil, "\(point.move)")
        }
    }
}

/// One voice: the hint a player is shown and the computer's choice come from the same analysis.
@Suite("One voice: the hint and the computer agree")
struct OneVoiceTests {
    @Test("for seeded positions, the hint's first keep and card are the computer's choice at the same level",
          arguments: ComputerLevel.allCases)
    func hintIsTheComputersChoice(level: ComputerLevel) throws {
        let computer = ComputerPlayer(level: level)
        var random = SplitMix64(seed: 2026)
        var keeps = 0, lays = 0
        for trial in 0..<24 {
            let cards = random.deal(13)
            let dealer = trial % 2 == 0
            // A third of the positions near the end, where the expert plays to the score.
            let score = trial % 3 == 0 ? GameScore(mine: 100 + random.below(20), theirs: 95 + random.below(25), target: 121)
                                       : GameScore(mine: random.below(80), theirs: random.below(80), target: 121)
            let six = Array(cards[0..<6])
            let hint = analyse(.keep(six: six, role: dealer ? .dealer : .pone, score: score), by: level.policy, limit: .advice)
            let thrown = computer.keep(six, dealer: dealer, score: score).thrown
            #expect(Set(hint.best.keep!.discard) == Set(thrown), "\(six) \(score)")
            keeps += 1
            // The play: the lay after the opponent's lead.
            let kept = hint.best.keep!
            var play = Play(players: 2)
            if dealer {
                let lead = cards[6]
                try play.apply(.card(lead))
            }
            let view = try PeggingView(hand: kept.cards, discards: kept.discard, cut: cards[12], seat: dealer ? 1 : 0, play: play)
            let layHint = analyse(.lay(view, score: score), by: level.policy, limit: .advice)
            var unused = SplitMix64(seed: 1)
            let token = computer.token(for: view, score: score, random: &unused)
            #expect(layHint.tiedBest.contains { $0.token == token }, "\(view.hand) \(score)")
            if level == .expert { #expect(layHint.best.token == token) }
            lays += 1
        }
        #expect(keeps == 24 && lays == 24)
    }
}
