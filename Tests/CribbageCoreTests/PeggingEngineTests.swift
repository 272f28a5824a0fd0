import Testing
@testable import CribbageCore

@Suite("Pegging engine")
struct PeggingEngineTests {
    /// A two-player view for the player at `seat` (0 the pone, 1 the dealer) after `tokens`.
    static func view(_ hand: String, throwing discards: String, cut: String, seat: Int,
                     after tokens: String = "", players: Int = 2) throws -> PeggingView {
        var play = Play(players: players)
        for token in tokens.split(separator: " ") { try play.apply(PlayToken(parsing: String(token))) }
        return try PeggingView(hand: cards(hand), discards: cards(discards), cut: Card(parsing: cut), seat: seat, play: play)
    }

    static func cards(_ text: String) throws -> [Card] { try text.split(separator: " ").map { try Card(parsing: String($0)) } }

    static func best(_ view: PeggingView) throws -> PlayToken { try #require(PeggingEngine().advice(for: view)).best.token }

    static func card(_ text: String) throws -> PlayToken { .card(try Card(parsing: text)) }

    // MARK: Worked decisions

    @Test("a fifteen on a king's lead, rather than pairing it or throwing a nine")
    func takesTheFifteen() throws {
        let view = try Self.view("5H 9C 9D KS", throwing: "2C 3D", cut: "7H", seat: 1, after: "KD")
        #expect(try Self.best(view) == Self.card("5H"))
    }

    @Test("31 for 2 and no go for the opponent, rather than 26")
    func takesThirtyOne() throws {
        let view = try Self.view("7H 4C 2D QS", throwing: "2C 3D", cut: "AH", seat: 1, after: "KD 4C JS")
        let advice = try #require(PeggingEngine().advice(for: view))
        #expect(advice.best.token == (try Self.card("7H")))
        #expect(advice.options.map(\.token) == [try Self.card("7H"), try Self.card("2D")], "the queen does not fit at 24")
        #expect(advice.best.mine >= 2, "the 31 itself is 2 of its points")
    }

    @Test("a pair royal for 6 when the opponent pairs the lead")
    func takesThePairRoyal() throws {
        let view = try Self.view("4H 4S JD QS", throwing: "2C 3D", cut: "AH", seat: 0, after: "4S 4D")
        let advice = try #require(PeggingEngine().advice(for: view))
        #expect(advice.best.token == (try Self.card("4H")))
        #expect(advice.best.mine >= 6)
    }

    @Test("the lead is not the five, which a ten-card makes fifteen")
    func doesNotLeadTheFive() throws {
        let view = try Self.view("5H KC 3D 8S", throwing: "2C 6D", cut: "AH", seat: 0)
        let advice = try #require(PeggingEngine().advice(for: view))
        #expect(advice.best.token != (try Self.card("5H")))
        #expect(advice.options.count == 4)
    }

    @Test("no 21 for the opponent to make 31 with a ten-card: the seven is the worst card at 14")
    func doesNotLeaveTwentyOne() throws {
        let view = try Self.view("7H 2C JD 4S", throwing: "3C 6D", cut: "AH", seat: 0, after: "4S QD")
        let advice = try #require(PeggingEngine().advice(for: view))
        #expect(advice.options.last?.token == (try Self.card("7H")))
    }

    @Test("go, and only go, when no card fits; nothing when it is the other player's turn")
    func goWhenNothingFits() throws {
        let view = try Self.view("KH QC 9D 9S", throwing: "2C 6D", cut: "AH", seat: 0, after: "KH 5D 9D 3C")
        let advice = try #require(PeggingEngine().advice(for: view))
        #expect(advice.options.map(\.token) == [.go])
        let waiting = try Self.view("KH QC 9D 9S", throwing: "2C 6D", cut: "AH", seat: 0, after: "KH")
        #expect(PeggingEngine().advice(for: waiting) == nil)
    }

    @Test("every option's net is mine − theirs, cards of a rank get the same numbers, best first")
    func optionsCarryTheirNumbers() throws {
        let view = try Self.view("5H 9C 9D KS", throwing: "2C 3D", cut: "7H", seat: 1, after: "KD")
        let advice = try #require(PeggingEngine().advice(for: view))
        #expect(Set(advice.options.map(\.token)) == Set(try Self.cards("5H 9C 9D KS").map(PlayToken.card)))
        let nines = advice.options.filter { if case .card(let card) = $0.token { card.rank == .nine } else { false } }
        #expect(nines.count == 2 && nines[0].mine == nines[1].mine && nines[0].theirs == nines[1].theirs)
        #expect(zip(advice.options, advice.options.dropFirst()).allSatisfy { $0.net >= $1.net })
        #expect(advice.options.allSatisfy { $0.mine >= 0 && $0.theirs >= 0 && $0.mine <= 31 && $0.theirs <= 31 })
        guard case .search(let solved, let possible) = advice.method else { Issue.record("two players search"); return }
        #expect(solved <= 48 && solved <= possible)
    }

    @Test("a go said while a card fitted (Play cannot know): the engine still weighs some hands, dropping the goes")
    func dishonestGo() throws {
        // The dealer said go at 25, then led a 2 it must have held.
        let view = try Self.view("KH 5D 4S 9S", throwing: "2S 3D", cut: "AH", seat: 0, after: "KH QC 5D go 4S go 2C")
        let advice = try #require(PeggingEngine().advice(for: view))
        guard case .search(let solved, let possible) = advice.method else { Issue.record("two players search"); return }
        #expect(solved > 0 && possible > 0)
        #expect(advice.options.contains { $0.mine + $0.theirs > 0 })
    }

    @Test("without the expert's throw, every four of the unseen cards weighs the ways to deal it")
    func anyFour() {
        var seen = InlineArray<13, Int>(repeating: 0)
        for order in [5, 5, 5, 5, 11, 4, 9] { seen[order - 1] += 1 }
        let belief = PeggingBelief(seen: seen, opponentIsDealer: true, laid: [], goes: [], thrownAsExpert: false)
        #expect(belief.hands.allSatisfy { !$0.ranks.contains(5) }, "no five is unseen")
        // 45 unseen cards: C(45, 4) fours; K K K K is 1 of them, J J 9 9 is C(3,2) · C(3,2) = 9.
        let total = 148_995.0
        #expect(abs(belief.hands.first { $0.ranks == [13, 13, 13, 13] }!.chance - 1 / total) < 1e-12)
        #expect(abs(belief.hands.first { $0.ranks == [9, 9, 11, 11] }!.chance - 9 / total) < 1e-12)
    }

    // MARK: Three and four players

    @Test("three and four players: greedy, the most points now, then not leaving 5 or 21")
    func greedyForMorePlayers() throws {
        // Three players, the dealer (seat 2) after 7C and 8D: the count is 15.
        let pair = try Self.view("8H 2S 2D QS", throwing: "4C", cut: "AH", seat: 2, after: "7C 8D", players: 3)
        let advice = try #require(PeggingEngine().advice(for: pair))
        #expect(advice.method == .greedy)
        #expect(advice.best.token == (try Self.card("8H")) && advice.best.mine == 2, "the pair")
        #expect(advice.options.map(\.theirs) == [0, 0, 0, 0])
        // Four players, seat 1 after a 10: 5 makes 15 (2); at a lead of 2, the 3 would leave 5.
        let fifteen = try Self.view("5H 3C 9D KS", throwing: "4C", cut: "AH", seat: 1, after: "10C", players: 4)
        #expect(try Self.best(fifteen) == Self.card("5H"))
        let safe = try Self.view("3H 9C AD 4S", throwing: "4C", cut: "AH", seat: 1, after: "2C", players: 4)
        let options = try #require(PeggingEngine().advice(for: safe)).options
        #expect(options.first?.token == (try Self.card("9C")), "highest card that scores nothing and is safe")
        #expect(options.last?.token == (try Self.card("3H")), "3 leaves 5")
    }

    // MARK: The view

    @Test("a view that cannot be what a player sees is refused, naming the card")
    func impossibleViews() throws {
        #expect(throws: PeggingViewError.laidCardNotKept(try Card(parsing: "10C"), player: 1)) {
            try Self.view("7H 4C 2D QS", throwing: "2C 3D", cut: "AH", seat: 1, after: "KD 10C")
        }
        #expect(throws: PeggingViewError.yourCardLaidByAnother(try Card(parsing: "2C"), player: 0)) {
            try Self.view("7H 4C 2D QS", throwing: "2C 3D", cut: "AH", seat: 1, after: "2C")
        }
        #expect(throws: PeggingViewError.cardTwice(try Card(parsing: "7H"))) {
            try Self.view("7H 4C 2D QS", throwing: "2C 3D", cut: "7H", seat: 1)
        }
        #expect(throws: PeggingViewError.wrongDiscardCount(1, expected: 2)) {
            try Self.view("7H 4C 2D QS", throwing: "2C", cut: "AH", seat: 1)
        }
        #expect(throws: PeggingViewError.noSuchSeat(2, players: 2)) {
            try Self.view("7H 4C 2D QS", throwing: "2C 3D", cut: "AH", seat: 2)
        }
    }

    @Test("systematic sampling: every hand when there are few, else K evenly spaced points; weights sum to 1")
    func sampling() {
        let few = PeggingEngine.sample([0.5, 0.25, 0.25], size: 4)
        #expect(few.map(\.index) == [0, 1, 2] && few.map(\.weight) == [0.5, 0.25, 0.25])
        let many = PeggingEngine.sample([0.5, 0.1, 0.1, 0.1, 0.1, 0.1], size: 4)
        #expect(many.map(\.index) == [0, 2, 4], "points 1/8, 3/8, 5/8, 7/8 of the cumulative chances")
        #expect(many.map(\.weight) == [0.5, 0.25, 0.25])
        let spread = PeggingEngine.sample((0..<100).map { _ in 0.01 }, size: 10)
        #expect(spread.count == 10 && abs(spread.map(\.weight).reduce(0, +) - 1) < 1e-12)
    }
}

@Suite("Pegging engine: playing to the score")
struct PeggingToTheScoreTests {
    /// Seeded positions part-way through a play, the player to lay needing exactly the most a
    /// card pegs now: the card that wins is always taken, whatever the points say.
    @Test func aCardThatWinsTheGameNowIsAlwaysTaken() throws {
        var random = SplitMix64(seed: 120)
        var positions = 0, pointsWouldNotWin = 0
        while positions < 150 {
            let cards = random.deal(13)
            let hands = [Array(cards[0..<4]), Array(cards[6..<10])]
            let thrown = [Array(cards[4..<6]), Array(cards[10..<12])]
            var play = Play(players: 2)
            for _ in 0..<random.below(6) {
                guard let turn = play.turn else { break }
                let legal = hands[turn].filter { !play.laid[turn].contains($0) && play.count + $0.rank.value <= 31 }
                _ = try play.apply(legal.isEmpty ? .go : .card(legal[random.below(legal.count)]))
            }
            guard let seat = play.turn else { continue }
            let view = try PeggingView(hand: hands[seat], discards: thrown[seat], cut: cards[12], seat: seat, play: play)
            let most = view.legalCards.map { play.points(laying: $0)! }.max() ?? 0
            guard most > 0 else { continue }
            positions += 1
            let score = PeggingScore(mine: 121 - most, theirs: 100, target: 121)
            let scored = try #require(PeggingEngine().advice(for: view, score: score))
            guard case .card(let chosen) = scored.best.token else { Issue.record("a go with a winning card"); continue }
            #expect(play.points(laying: chosen)! >= most, "\(play.steps) \(hands[seat])")
            if case .card(let plain) = try #require(PeggingEngine().advice(for: view)).best.token,
               play.points(laying: plain)! < most {
                pointsWouldNotWin += 1
            }
        }
        // The rule matters: in some of these the points alone lay another card.
        #expect(pointsWouldNotWin > 0)
    }

    @Test("without the game in reach of this play, the score changes nothing")
    func farFromTheEndTheAdviceIsThePoints() throws {
        let view = try PeggingEngineTests.view("5H 9C 9D KS", throwing: "2C 3D", cut: "7H", seat: 1, after: "KD")
        let plain = try #require(PeggingEngine().advice(for: view))
        let scored = try #require(PeggingEngine().advice(for: view, score: PeggingScore(mine: 40, theirs: 45, target: 121)))
        #expect(scored.options.map(\.token) == plain.options.map(\.token))
        #expect(scored.options.allSatisfy { $0.racesWon == 0 && $0.racesLost == 0 && $0.win == nil })
    }

    @Test("near the end the chance to win ranks: at 110 to 112 the dealer pairs the five, where the points lay the ten")
    func nearTheEndTheChanceToWinRanks() throws {
        let view = try PeggingEngineTests.view("10C 5S 9D 2C", throwing: "3D 4S", cut: "7H", seat: 1, after: "5H")
        let plain = try #require(PeggingEngine().advice(for: view))
        #expect(plain.best.token == .card(try Card(parsing: "10C")))
        let scored = try #require(PeggingEngine().advice(for: view, score: PeggingScore(mine: 110, theirs: 112, target: 121)))
        #expect(scored.best.token == .card(try Card(parsing: "5S")))
        let wins = try scored.options.map { try #require($0.win) }
        #expect(wins.allSatisfy { (0...1).contains($0) })
        // Best first by the chance, in steps of a tenth of a point; the points' numbers are kept.
        #expect(zip(wins, wins.dropFirst()).allSatisfy { ($0 / PeggingEngine.winTie).rounded() >= ($1 / PeggingEngine.winTie).rounded() })
        #expect(Set(scored.options.map(\.net)) == Set(plain.options.map(\.net)))
        // The same chances as the odds of the deal with each card laid (the model `odds --play` gives).
        try Self.expectTheOddsOfEachChoice(scored, view, dealStart: PeggingScore(mine: 110, theirs: 112, target: 121))
        // Without the thrown cards the crib cannot be reckoned: the points' order, no chance.
        let blind = try PeggingView(hand: view.hand, discards: [], cut: view.cut, seat: 1, play: view.play)
        let unthrown = try #require(PeggingEngine().advice(for: blind, score: PeggingScore(mine: 110, theirs: 112, target: 121)))
        #expect(unthrown.options.allSatisfy { $0.win == nil })
    }

    @Test("the score as the turn stands: the play's pegs and his heels are taken off to reach the deal's start")
    func theScoreAsTheTurnStands() throws {
        // The pone led a five; the dealer is at 107 with a jack cut (his heels) and the pone at 112.
        let view = try PeggingEngineTests.view("10C 5S 9D 2C", throwing: "3D 4S", cut: "JH", seat: 1, after: "5H")
        let scored = try #require(PeggingEngine().advice(for: view, score: PeggingScore(mine: 107, theirs: 112, target: 121)))
        try Self.expectTheOddsOfEachChoice(scored, view, dealStart: PeggingScore(mine: 105, theirs: 112, target: 121))
    }

    /// Each option's chance is `DiscardOdds.chances` of the deal with it made, from `dealStart`,
    /// the scores before the deal.
    static func expectTheOddsOfEachChoice(_ advice: PeggingAdvice, _ view: PeggingView, dealStart: PeggingScore) throws {
        for option in advice.options {
            var play = view.play
            _ = try play.apply(option.token)
            let chances = try DiscardOdds.chances(hand: view.hand, discards: view.discards, cut: view.cut, play: play,
                                                  role: view.isDealer ? .dealer : .pone, score: dealStart)
            #expect(abs(chances.win - (option.win ?? -1)) < 1e-12, "\(option.token)")
            #expect(abs(chances.gamePoints - (option.gamePoints ?? -9)) < 1e-12, "\(option.token)")
        }
    }

    @Test("played for the game points, the options go by them in steps, with the same figures as for the win")
    func gamePointsGoalRanks() throws {
        let view = try PeggingEngineTests.view("10C 5S 9D 2C", throwing: "3D 4S", cut: "7H", seat: 1, after: "5H")
        let forWin = try #require(PeggingEngine().advice(for: view, score: PeggingScore(mine: 112, theirs: 86, target: 121)))
        let forPoints = try #require(PeggingEngine().advice(for: view, score: PeggingScore(mine: 112, theirs: 86, target: 121, goal: .gamePoints)))
        let points = try forPoints.options.map { try #require($0.gamePoints) }
        #expect(points.allSatisfy { (-3...3).contains($0) })
        #expect(zip(points, points.dropFirst()).allSatisfy { ($0 / PeggingEngine.winTie).rounded() >= ($1 / PeggingEngine.winTie).rounded() })
        #expect(Set(forPoints.options) == Set(forWin.options))
        try Self.expectTheOddsOfEachChoice(forPoints, view, dealStart: PeggingScore(mine: 112, theirs: 86, target: 121))
    }

    @Test("the opponent needs 2: the pone does not lead the 5, and every option shows its race")
    func defenceFollowsTheRace() throws {
        // The pone leads; the dealer's 5 pairs a 5 in reach of a pair royal or lets a ten make fifteen.
        let view = try PeggingEngineTests.view("5S 6D 9H KC", throwing: "2C 3D", cut: "AH", seat: 0)
        let scored = try #require(PeggingEngine().advice(for: view, score: PeggingScore(mine: 100, theirs: 119, target: 121)))
        guard case .card(let lead) = scored.best.token else { Issue.record("the pone leads a card"); return }
        #expect(lead.rank != .five)
        // Every option carries its race, a chance; the dealer can win in this play.
        #expect(scored.options.allSatisfy { (0...1.000001).contains($0.racesLost) && (0...1.000001).contains($0.racesWon) })
        #expect(scored.options.contains { $0.racesLost > 0 })
    }
}
