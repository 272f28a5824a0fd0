import Testing
import TestSupport
@testable import CribbageCore

@Suite("The decision model: a card played to the score")
struct LayToTheScoreTests {
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
            let score = GameScore(mine: 121 - most, theirs: 100, target: 121)
            let scored = scoredLay(view, score)
            guard case .card(let chosen) = scored.best.token! else { Issue.record("a go with a winning card"); continue }
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
        let scored = scoredLay(view, GameScore(mine: 40, theirs: 45, target: 121))
        #expect(scored.options.map(\.token!) == plain.options.map(\.token))
        #expect(scored.options.allSatisfy { $0.value.race == Analysis.Race(won: 0, lost: 0) && $0.value.chances == nil })
    }

    @Test("near the end the chance to win ranks: at 110 to 112 the dealer pairs the five, where the points lay the ten")
    func nearTheEndTheChanceToWinRanks() throws {
        let view = try PeggingEngineTests.view("10C 5S 9D 2C", throwing: "3D 4S", cut: "7H", seat: 1, after: "5H")
        let plain = try #require(PeggingEngine().advice(for: view))
        #expect(plain.best.token == .card(try Card(parsing: "10C")))
        let scored = scoredLay(view, GameScore(mine: 110, theirs: 112, target: 121))
        let (five, chosen) = (try Card(parsing: "5S"), scored.options[0].choice)
        #expect(chosen == .lay(.card(five)))
        let wins = try scored.options.map { try #require($0.value.chances?.win) }
        #expect(wins.allSatisfy { (0...1).contains($0) })
        // Best first by the chance, in steps of a tenth of a point; the points' numbers are kept.
        #expect(zip(wins, wins.dropFirst()).allSatisfy { ($0 / chanceStep).rounded() >= ($1 / chanceStep).rounded() })
        #expect(Set(scored.options.map(\.value.net)) == Set(plain.options.map(\.net)))
        // The same chances as the odds of the deal with each card laid (the model `odds --play` gives).
        try Self.expectTheOddsOfEachChoice(scored, view, dealStart: GameScore(mine: 110, theirs: 112, target: 121))
        // Without the thrown cards the crib cannot be reckoned: the points' order, no chance.
        let blind = try PeggingView(hand: view.hand, discards: [], cut: view.cut, seat: 1, play: view.play)
        let unthrown = scoredLay(blind, GameScore(mine: 110, theirs: 112, target: 121))
        #expect(unthrown.options.allSatisfy { $0.value.chances == nil })
    }

    @Test("the score as the turn stands: the play's pegs and his heels are taken off to reach the deal's start")
    func theScoreAsTheTurnStands() throws {
        // The pone led a five; the dealer is at 107 with a jack cut (his heels) and the pone at 112.
        let view = try PeggingEngineTests.view("10C 5S 9D 2C", throwing: "3D 4S", cut: "JH", seat: 1, after: "5H")
        let scored = scoredLay(view, GameScore(mine: 107, theirs: 112, target: 121))
        try Self.expectTheOddsOfEachChoice(scored, view, dealStart: GameScore(mine: 105, theirs: 112, target: 121))
    }

    /// Each option's chance is `DiscardOdds.chances` of the deal with it made, from `dealStart`,
    /// the scores before the deal.
    static func expectTheOddsOfEachChoice(_ advice: Analysis, _ view: PeggingView, dealStart: GameScore) throws {
        for option in advice.options {
            var play = view.play
            _ = try play.apply(option.token!)
            let chances = try assess(DealPosition(hand: view.hand, discards: view.discards, cut: view.cut, play: play,
                                                  role: view.isDealer ? .dealer : .pone, score: dealStart))
            #expect(abs(chances.win - (option.value.chances?.win ?? -1)) < 1e-12, "\(option.token!)")
            #expect(abs(chances.gamePoints! - (option.value.chances?.gamePoints ?? -9)) < 1e-12, "\(option.token!)")
        }
    }

    @Test("played for the game points, the options go by them in steps, with the same figures as for the win")
    func gamePointsGoalRanks() throws {
        let view = try PeggingEngineTests.view("10C 5S 9D 2C", throwing: "3D 4S", cut: "7H", seat: 1, after: "5H")
        let forWin = scoredLay(view, GameScore(mine: 112, theirs: 86, target: 121))
        let forPoints = scoredLay(view, GameScore(mine: 112, theirs: 86, target: 121), goal: .gamePoints)
        let points = try forPoints.options.map { try #require($0.value.chances?.gamePoints) }
        #expect(points.allSatisfy { (-3...3).contains($0) })
        #expect(zip(points, points.dropFirst()).allSatisfy { ($0 / chanceStep).rounded() >= ($1 / chanceStep).rounded() })
        #expect(Set(forPoints.options) == Set(forWin.options))
        try Self.expectTheOddsOfEachChoice(forPoints, view, dealStart: GameScore(mine: 112, theirs: 86, target: 121))
    }

    @Test("the opponent needs 2: the pone does not lead the 5, and every option shows its race")
    func defenceFollowsTheRace() throws {
        // The pone leads; the dealer's 5 pairs a 5 in reach of a pair royal or lets a ten make fifteen.
        let view = try PeggingEngineTests.view("5S 6D 9H KC", throwing: "2C 3D", cut: "AH", seat: 0)
        let scored = scoredLay(view, GameScore(mine: 100, theirs: 119, target: 121))
        guard case .card(let lead) = scored.best.token! else { Issue.record("the pone leads a card"); return }
        #expect(lead.rank != .five)
        // Every option carries its race, a chance; the dealer can win in this play.
        #expect(scored.options.allSatisfy { (0...1.000001).contains($0.value.race!.lost) && (0...1.000001).contains($0.value.race!.won) })
        #expect(scored.options.contains { $0.value.race!.lost > 0 })
    }
}

/// One voice far from the end: where the strongest policy ranks by the deal's points, each option's
/// chance follows them (`anchoredToPoints`), so that the hint, the computer, the advisor and the
/// review rank every option alike; near the end the model's chances rank, untouched.
@Suite("The decision model: the chance to win far from the end follows the points")
struct ChancesFollowThePointsTests {
    static let six = "5H 5S 6D JC QH 2S"

    /// What the anchoring gives an option `net` short of (or beyond) the first, from its chance.
    static func anchored(_ anchor: Double, net: Double, score: GameScore, dealingNext: Bool) -> Double {
        let table = WinTable.shipped(.long).table
        let moved = table.chances(mine: score.mine, theirs: score.theirs, dealing: dealingNext, movedBy: net)
        return min(1, max(0, anchor + (moved.win - table.chances(mine: score.mine, theirs: score.theirs, dealing: dealingNext).win)))
    }

    @Test("a keep far from the end: the first keep's chance is the model's, every other's that moved by its net's difference on the win table")
    func aKeepFarFromTheEnd() throws {
        let six = try PeggingEngineTests.cards(Self.six)
        let score = GameScore(mine: 40, theirs: 52, target: 121)
        for role in [Role.dealer, .pone] {
            let analysis = analyse(.keep(six: six, role: role, score: score), by: .strongest, limit: .advice)
            #expect(analysis.ranking == .points)
            let odds = try DiscardOdds(six, role: role, score: score)
            let first = analysis.options[0]
            let model = odds.chances(of: first.keep!)
            #expect(first.value.chances!.win == model.win && first.value.chances!.gamePoints == model.gamePoints)
            for option in analysis.options.dropFirst() {
                let expected = Self.anchored(model.win, net: option.value.net - first.value.net, score: score, dealingNext: role == .pone)
                #expect(abs(option.value.chances!.win - expected) < 1e-12)
                #expect(option.value.chances!.ending == odds.chances(of: option.keep!).ending)
            }
            // The points' order is the chance's: the best by the chance is the best by the points.
            let chances = analysis.options.map { $0.value.chances!.win }
            #expect(zip(chances, chances.dropFirst()).allSatisfy { $0 >= $1 })
            #expect(chances.last! < chances.first! - 0.05)
            let (byChance, byPoints) = try #require(analysis.bestByChanceAndPoints)
            #expect(byChance == byPoints)
        }
    }

    @Test("a policy that never plays to the score keeps the model's chances far from the end, and its words say the net ranks while the chance puts another keep first")
    func aPolicyWithoutTheScore() throws {
        let score = GameScore(mine: 40, theirs: 52, target: 121)
        var parted = 0
        for (six, role) in [("5H 5S 6D JC QH 2S", Role.dealer), ("AD TD 6C 3H AH 5H", .pone), ("4C 3C 2H 2D AD JS", .dealer)] {
            let cards = try PeggingEngineTests.cards(six)
            let analysis = analyse(.keep(six: cards, role: role, score: score), by: .club, limit: .advice)
            #expect(analysis.ranking == .points)
            let odds = try DiscardOdds(cards, role: role, score: score)
            for option in analysis.options { #expect(option.value.chances == odds.chances(of: option.keep!)) }
            let (byChance, byPoints) = try #require(analysis.bestByChanceAndPoints)
            if byChance == byPoints {
                #expect(analysis.shortWhy == "At 40 to 52 as \(role == .dealer ? "dealer" : "pone"), the chance to win and the net agree on the best keep.")
            } else {
                parted += 1
                let keep = byChance.keep!.cards.map(\.description).joined(separator: " ")
                #expect(analysis.shortWhy.hasSuffix(", far from the end the net ranks the keeps; by the chance to win \(keep) comes first."))
                #expect(analysis.why.contains("comes first (\(byChance.value.chances!.win.percent) against \(byPoints.value.chances!.win.percent))"))
            }
        }
        #expect(parted == 2, "the last two sixes part the two orders")
    }

    @Test("near the end each keep's chance is the model's own, and it ranks")
    func aKeepNearTheEnd() throws {
        let six = try PeggingEngineTests.cards(Self.six)
        let score = GameScore(mine: 104, theirs: 110, target: 121)
        let analysis = analyse(.keep(six: six, role: .pone, score: score), by: .strongest, limit: .advice)
        #expect(analysis.ranking == .goal(.win))
        let odds = try DiscardOdds(six, role: .pone, score: score)
        for option in analysis.options { #expect(option.value.chances == odds.chances(of: option.keep!)) }
    }

    @Test("a card far from the end: the first card's chance is the model's, the others' follow the search's net")
    func aCardFarFromTheEnd() throws {
        let view = try PeggingEngineTests.view("5H 9C 9D KS", throwing: "2C 3D", cut: "7H", seat: 1, after: "KD")
        let score = GameScore(mine: 40, theirs: 45, target: 121)
        let analysis = analyse(.lay(view, score: score), by: .strongest, limit: .advice)
        #expect(analysis.ranking == .points && analysis.options.count > 1)
        let model = try #require(DiscardOdds.playChances(view, score: score, hands: Limit.advice.playedHands))
        let first = analysis.options[0]
        let anchor = try #require(model.first { $0.token == first.token }).chances
        #expect(first.value.chances!.win == anchor.win)
        for option in analysis.options.dropFirst() {
            let expected = Self.anchored(anchor.win, net: option.value.net - first.value.net, score: score, dealingNext: false)
            #expect(abs(option.value.chances!.win - expected) < 1e-12)
        }
    }

    @Test("the win table with the net moved: an even net is the table at the scores it leaves, an odd one halfway, each score kept to the table")
    func theNetMoved() {
        let table = WinTable.shipped(.long).table
        let at = { (mine: Int, theirs: Int) in table.chances(mine: mine, theirs: theirs, dealing: true) }
        #expect(table.chances(mine: 40, theirs: 52, dealing: true, movedBy: 6) == at(43, 49))
        #expect(table.chances(mine: 40, theirs: 52, dealing: true, movedBy: -4) == at(38, 54))
        let odd = table.chances(mine: 40, theirs: 52, dealing: true, movedBy: 3)
        #expect(abs(odd.win - (at(41, 51).win + at(42, 50).win) / 2) < 1e-15)
        #expect(table.chances(mine: 40, theirs: 52, dealing: true, movedBy: 0) == at(40, 52))
        // Beyond the table's edge each score stops at it.
        #expect(table.chances(mine: 118, theirs: 3, dealing: false, movedBy: 12) == table.chances(mine: 120, theirs: 0, dealing: false))
    }
}
