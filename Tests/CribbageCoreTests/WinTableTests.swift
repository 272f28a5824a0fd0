import TestSupport
import Testing
@testable import CribbageCore

/// Deals of made-up points: a few pegs each way, hands and a crib, for checking the induction
/// against a plain walk, not for any figure.
private func madeUpDeals(_ count: Int, seed: UInt64) -> [DealScores] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in
        var pegs: [DealScores.Step] = []
        for _ in 0..<(1 + random.below(5)) {
            pegs.append(DealScores.Step(dealer: random.below(2) == 0, points: 1 + random.below(4)))
        }
        return DealScores(heels: random.below(13) == 0 ? 2 : 0, pegs: pegs,
                          poneHand: random.below(16), dealerHand: random.below(16), crib: random.below(9))
    }
}

/// The dealer's chance and match points by the definition: every deal of the sample equally
/// likely, walked point by point with `DealScores.outcome`, the next deal's value recursed into.
private struct PlainWalk {
    let deals: [DealScores]
    let target: Game.Target
    var memo: [Int: (Double, Double)] = [:]

    mutating func value(dealer: Int, pone: Int) -> (wins: Double, gamePoints: Double) {
        if let known = memo[dealer * 1000 + pone] { return known }
        var wins = 0.0, points = 0.0
        for deal in deals {
            switch deal.outcome(dealer: dealer, pone: pone, target: target.points) {
            case .dealerWins(let loser):
                wins += 1
                points += Double(Game.MatchPoints.standard.points(for: skunk(loser)))
            case .poneWins(let loser):
                points -= Double(Game.MatchPoints.standard.points(for: skunk(loser)))
            case .next(let nextDealer, let nextPone):
                let next = value(dealer: nextPone, pone: nextDealer)
                wins += 1 - next.wins
                points -= next.gamePoints
            }
        }
        let result = (wins / Double(deals.count), points / Double(deals.count))
        memo[dealer * 1000 + pone] = result
        return result
    }

    func skunk(_ loser: Int) -> Game.Skunk {
        loser < target.doubleSkunkLine ? .doubleSkunk : loser < target.skunkLine ? .skunk : .none
    }
}

@Suite("Win table: the dealer's chance by backward induction")
struct WinTableTests {
    @Test("a deal that only pegs the dealer's last card: the first dealer gets there first, by 121 to 120")
    func lastCardOnly() {
        let table = WinTable(deals: [DealScores(pegs: [.dealer(1)], poneHand: 0, dealerHand: 0, crib: 0)], target: .long)
        #expect(table.dealerWins(dealer: 0, pone: 0) == 1)
        #expect(table.dealerGamePoints(dealer: 0, pone: 0) == 1)
        // One behind and dealing: level after the deal, and the other side deals into the win.
        #expect(table.dealerWins(dealer: 59, pone: 60) == 0)
        #expect(table.chances(mine: 60, theirs: 59, dealing: false).win == 1)
    }

    @Test("points arrive in order: the pone's hand before the dealer's, pegs as they come")
    func order() {
        // The pone needs 10 and its hand is 10; the dealer needs 1 from a 29 and a crib, too late.
        let show = DealScores(pegs: [.pone(1)], poneHand: 9, dealerHand: 29, crib: 20)
        #expect(WinTable(deals: [show], target: .long).dealerWins(dealer: 120, pone: 111) == 0)
        // In the play the dealer's go at the end is too late for a pone who pegs 2 first.
        let play = DealScores(pegs: [.pone(2), .dealer(1)], poneHand: 0, dealerHand: 0, crib: 0)
        let table = WinTable(deals: [play], target: .long)
        #expect(table.dealerWins(dealer: 120, pone: 119) == 0)
        #expect(table.dealerWins(dealer: 120, pone: 118) == 1)
        // His heels come before any peg.
        let heels = DealScores(heels: 2, pegs: [.pone(5)], poneHand: 0, dealerHand: 0, crib: 0)
        #expect(WinTable(deals: [heels], target: .short).dealerWins(dealer: 59, pone: 60) == 1)
    }

    @Test("skunk lines: the loser's score when the winner gets there, 90 and 91, 60 and 61; 45/46 and 30/31 to 61")
    func skunks() {
        let big = WinTable(deals: [DealScores(pegs: [.dealer(1)], poneHand: 0, dealerHand: 120, crib: 0)], target: .long)
        #expect(big.dealerGamePoints(dealer: 0, pone: 90) == 2)
        #expect(big.dealerGamePoints(dealer: 0, pone: 91) == 1)
        #expect(big.dealerGamePoints(dealer: 0, pone: 60) == 3)
        #expect(big.dealerGamePoints(dealer: 0, pone: 61) == 2)
        let short = WinTable(deals: [DealScores(pegs: [.dealer(1)], poneHand: 0, dealerHand: 60, crib: 0)], target: .short)
        #expect(short.dealerGamePoints(dealer: 0, pone: 45) == 2)
        #expect(short.dealerGamePoints(dealer: 0, pone: 46) == 1)
        #expect(short.dealerGamePoints(dealer: 0, pone: 30) == 3)
        #expect(short.dealerGamePoints(dealer: 0, pone: 31) == 2)
        // A pone who wins in the play skunks a dealer still below the line then.
        let pone = WinTable(deals: [DealScores(pegs: [.pone(1), .dealer(5)], poneHand: 0, dealerHand: 0, crib: 0)],
                            target: .long)
        #expect(pone.dealerGamePoints(dealer: 89, pone: 120) == -2)
    }

    @Test("the induction agrees with the plain walk at every score, to 121 and to 61",
          arguments: [Game.Target.short, .long])
    func agreesWithThePlainWalk(target: Game.Target) {
        let deals = madeUpDeals(40, seed: 29 + UInt64(target.points))
        let table = WinTable(deals: deals, target: target)
        var walk = PlainWalk(deals: deals, target: target)
        var worst = 0.0
        for dealer in 0..<target.points { for pone in 0..<target.points {
            let plain = walk.value(dealer: dealer, pone: pone)
            worst = max(worst, abs(plain.wins - table.dealerWins(dealer: dealer, pone: pone)),
                        abs(plain.gamePoints - table.dealerGamePoints(dealer: dealer, pone: pone)))
        } }
        #expect(worst < 1e-9)
    }

    @Test("repeated deals weigh as often as they come")
    func weights() {
        let a = DealScores(pegs: [.dealer(1)], poneHand: 0, dealerHand: 120, crib: 0)
        let b = DealScores(pegs: [.pone(1)], poneHand: 120, dealerHand: 0, crib: 0)
        let table = WinTable(deals: [a, a, a, b], target: .long)
        #expect(table.dealerWins(dealer: 0, pone: 0) == 0.75)
        #expect(table.chances(mine: 0, theirs: 0, dealing: false).win == 0.25)
    }
}

@Suite("Win table: how sure each cell is")
struct WinTableErrorTests {
    @Test("a sample of one deal over and over leaves no doubt")
    func noSpread() {
        let deal = DealScores(pegs: [.pone(2), .dealer(1)], poneHand: 8, dealerHand: 6, crib: 5)
        let error = WinTableError(batches: [deal, deal, deal, deal].batches(2).map { WinTable(deals: $0, target: .short) })
        #expect(error.largestWins == 0)
    }

    @Test("batch means estimate the spread of the table between independent samples")
    func batchMeansMatchTheSpread() {
        let size = 600, samples = 12
        let firstDealer = (0..<samples).map { sample in
            WinTable(deals: madeUpDeals(size, seed: 1000 + UInt64(sample)), target: .short).dealerWins(dealer: 0, pone: 0)
        }
        let mean = firstDealer.reduce(0, +) / Double(samples)
        let spread = (firstDealer.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(samples - 1)).squareRoot()
        let estimate = WinTableError(batches: madeUpDeals(size, seed: 7).batches(6).map { WinTable(deals: $0, target: .short) })
            .dealerWins(dealer: 0, pone: 0)
        #expect(spread > 0)
        #expect(estimate > spread / 2.5 && estimate < spread * 2.5, "batch means \(estimate), spread between samples \(spread)")
    }

    @Test("batches interleave and drop the remainder")
    func batching() {
        #expect(Array(0..<7).batches(3) == [[0, 3], [1, 4], [2, 5]])
    }
}

@Suite("Win table: the shipped text")
struct TableTextTests {
    @Test("chances and match points read back within half a step of 1/65535")
    func roundTrip() {
        let chances = [0, 1, 0.5, 0.123456, 0.999999, 1e-7]
        let decoded = TableText.decode(Array(TableText.encode(chances).joined().utf8))
        #expect(zip(chances, decoded).allSatisfy { abs($0 - $1) <= 0.5 / 65535 })
        let points = [-3, 3, 0, -1.2345, 2.5]
        let back = TableText.decode(Array(TableText.encode(points, gamePoints: true).joined().utf8), gamePoints: true)
        #expect(zip(points, back).allSatisfy { abs($0 - $1) <= 3 / 65535 })
    }

    @Test("the source holds every cell of both tables, and reads back as the table")
    func source() throws {
        let deals = madeUpDeals(200, seed: 3)
        let table = WinTable(deals: deals, target: .short)
        let error = WinTableError(batches: deals.batches(4).map { WinTable(deals: $0, target: .short) })
        let provenance = TableProvenance(target: "make odds-tables", engine: "0123456789abcdef", upstream: ["keep-pegging": "fedcba9876543210"])
        let source = WinTable.swiftSource([(table, error)], made: "test", provenance: provenance, check: (29, 48, 200, "00ff00ff00ff00ff"))
        #expect(source.contains("static let short = WinTable(target: .short, deals: 200, wins: \"\"\""))
        #expect(source.contains(provenance.source) && source.contains("sampleCheck = (seed: UInt64(29), hands: 48, deals: 200, digest: \"00ff00ff00ff00ff\")"))
        let parts = source.split(separator: "\"\"\"", omittingEmptySubsequences: false)
        try #require(parts.count >= 5)
        let wins = TableText.decode(Array(parts[1].utf8))
        let gamePoints = TableText.decode(Array(parts[3].utf8), gamePoints: true)
        #expect(wins.count == 61 * 61 && gamePoints.count == 61 * 61)
        #expect(zip(wins, table.wins).allSatisfy { abs($0 - $1) <= 0.5 / 65535 })
        #expect(zip(gamePoints, table.gamePoints).allSatisfy { abs($0 - $1) <= 3 / 65535 })
    }
}

@Suite("Deal scores: the order points arrive in")
struct DealScoresTests {
    @Test("a play's pegs in the order laid, a go's point with the last card before it")
    func fromAPlay() throws {
        // Pone 7, dealer 8 (fifteen), pone 9 (run of 3), dealer 6 (30, run of 4), pone go, dealer
        // go: the dealer's go with the 6; then pone K, dealer Q, pone 5 (25), dealer 6 (31).
        let play = try replay("7H 8C 9S 6D go go KS QD 5C 6H")
        let deal = DealScores(heels: 2, play: play, poneHand: 4, dealerHand: 6, crib: 2)
        #expect(deal.pegs == [.dealer(2), .pone(3), .dealer(5), .dealer(2)])
        #expect(deal.dealerPlay == 11 && deal.ponePlay == 3)
        #expect(deal.dealerTotal == 19 && deal.poneTotal == 7)
    }
}

@Suite("The board's chance to win")
struct ChancesToWinTests {
    @Test func twoPlayersGetTheTablesFigureAtTheStartOfEachRound() throws {
        var game = try Game(target: .short, dealer: 1, names: ["Ann", "Bob"])
        let table = WinTable.shipped(.short).table
        let first = try #require(game.chancesToWin())
        #expect(first.wins == [1 - table.dealerWins(dealer: 0, pone: 0), table.dealerWins(dealer: 0, pone: 0)])
        #expect(first.moment == .deal)
        // An entry in the play: the figure stays the round's start, and says so.
        _ = try game.heels()
        let during = try #require(game.chancesToWin())
        #expect(during.wins == first.wins && during.moment == .roundStart)
        // The next round: Ann deals at 2 (Bob's heels) to 30, say.
        for points in [10, 18, 5] { _ = try game.count(points: points) }
        #expect(game.dealer == 0)
        let next = try #require(game.chancesToWin())
        let totals = game.totals
        #expect(next.wins[0] == table.dealerWins(dealer: totals[0], pone: totals[1]) && next.moment == .deal)
        #expect(abs(next.wins.reduce(0, +) - 1) < 1e-12)
    }

    /// The dealer's chance with `remaining` counts to come, worked out as three nested loops over
    /// the shipped counts: the check on the recursion the board uses.
    static func walked(dealer: Int, pone: Int, _ remaining: [ShowCounts.Kind], target: Game.Target, poneKnown: Int? = nil) -> Double {
        let table = WinTable.shipped(target).table, goal = target.points
        var kinds = ShowCounts.Kind.allCases.map { kind in remaining.contains(kind) ? ShowCounts.shipped.chances(kind) : [(0, 1.0)] }
        if let poneKnown { kinds[0] = [(poneKnown, 1.0)] }
        var wins = 0.0
        for (ponePoints, poneChance) in kinds[0] {
            if pone + ponePoints >= goal { continue }
            for (handPoints, handChance) in kinds[1] {
                let chance = poneChance * handChance
                if dealer + handPoints >= goal { wins += chance; continue }
                for (cribPoints, cribChance) in kinds[2] {
                    let d = dealer + handPoints + cribPoints
                    wins += chance * cribChance * (d >= goal ? 1 : 1 - table.dealerWins(dealer: pone + ponePoints, pone: d))
                }
            }
        }
        return wins
    }

    @Test("in the show the chance is worked out from the totals now and the counts to come, in order")
    func theShowMovesTheChance() throws {
        var game = try Game(target: .long, dealer: 1, names: ["Ann", "Bob"])
        _ = try game.correct(player: 0, points: 100)
        _ = try game.correct(player: 1, points: 96)
        // The play's cards all laid: all three counts to come.
        let played = try #require(game.chancesToWin(playOver: true))
        #expect(played.moment == .show)
        #expect(abs(played.wins[1] - Self.walked(dealer: 96, pone: 100, [.poneHand, .dealerHand, .crib], target: .long)) < 1e-12)
        #expect(try #require(game.chancesToWin()).moment == .roundStart)
        // Ann (the pone) counts 12: the dealer's hand and the crib to come.
        _ = try game.count(points: 12)
        let afterPone = try #require(game.chancesToWin())
        #expect(afterPone.moment == .show)
        #expect(abs(afterPone.wins[1] - Self.walked(dealer: 96, pone: 112, [.dealerHand, .crib], target: .long)) < 1e-12)
        #expect(afterPone.wins[0] > played.wins[0], "twelve for Ann raises her chance")
        // Bob counts 20: only the crib to come; at 116 Bob wins if the crib counts 5 or more.
        _ = try game.count(points: 20)
        let cribNext = try #require(game.chancesToWin())
        let needed = ShowCounts.shipped.chances(.crib).filter { $0.points >= 5 }.reduce(0) { $0 + $1.chance }
        let table = WinTable.shipped(.long).table
        let short = ShowCounts.shipped.chances(.crib).filter { $0.points < 5 }.reduce(0) {
            $0 + $1.chance * (1 - table.dealerWins(dealer: 112, pone: 116 + $1.points))
        }
        #expect(abs(cribNext.wins[1] - (needed + short)) < 1e-12)
        #expect(abs(cribNext.wins.reduce(0, +) - 1) < 1e-12)
    }

    @Test("during the play with its cards: the rest of the play after as many cards, then the show in order")
    func thePlayMovesTheChance() throws {
        var game = try Game(target: .long, dealer: 1, names: ["Ann", "Bob"])
        _ = try game.correct(player: 0, points: 100)
        _ = try game.correct(player: 1, points: 96)
        // Three cards laid, Bob pegging 2 with the third.
        _ = try game.peg(player: 1, points: 2)
        let during = try #require(game.chancesToWin(cardsLaid: 3))
        #expect(during.moment == .play)
        let expected = ShowCounts.shipped.restOfPlay(afterLaying: 3).reduce(0.0) { sum, rest in
            let (d, p) = (98 + rest.dealer, 100 + rest.pone)
            if d >= 121 && p >= 121 { return sum + rest.chance / 2 }
            if d >= 121 { return sum + rest.chance }
            if p >= 121 { return sum }
            return sum + rest.chance * Self.walked(dealer: d, pone: p, [.poneHand, .dealerHand, .crib], target: .long)
        }
        #expect(abs(during.wins[1] - expected) < 1e-12)
        #expect(abs(during.wins.reduce(0, +) - 1) < 1e-12)
        // Without the cards the round's start, and once the play is over the show.
        #expect(try #require(game.chancesToWin()).moment == .roundStart)
        #expect(try #require(game.chancesToWin(playOver: true, cardsLaid: 8)).moment == .show)
        // Bob is given 20 more in the play (at 118): after seven cards his chance has risen.
        _ = try game.correct(player: 1, points: 20)
        let late = try #require(game.chancesToWin(cardsLaid: 7))
        #expect(late.moment == .play && late.wins[1] > during.wins[1])
    }

    @Test("after the play with its cards the hands' counts are known exactly, and only the crib is drawn")
    func knownHandsCountExactly() throws {
        var game = try Game(target: .long, dealer: 1, names: ["Ann", "Bob"])
        _ = try game.correct(player: 0, points: 100)
        _ = try game.correct(player: 1, points: 96)
        #expect(game.knownHands(laid: [[], []]).isEmpty, "no starter told")
        try game.tellStarter(Card(parsing: "5D"))
        // Ann (the pone) laid 5H 10C 4S 6S: 15 four ways, 5 6 and 4 5 6 runs...; Bob laid three only.
        let ann = try PeggingEngineTests.cards("5H 10C 4S 6S"), bob = try PeggingEngineTests.cards("KH QC 2D")
        let known = game.knownHands(laid: [ann, bob])
        let annCount = try Hand(ann, cut: Card(parsing: "5D")).breakdown(rules: .hand).total
        #expect(known == [.poneHand: annCount])
        let played = try #require(game.chancesToWin(playOver: true, knownHands: known))
        let expected = Self.walked(dealer: 96, pone: 100, [.poneHand, .dealerHand, .crib], target: .long, poneKnown: annCount)
        #expect(abs(played.wins[1] - expected) < 1e-12)
        #expect(played.wins != game.chancesToWin(playOver: true)?.wins)
        // Three players get none.
        #expect(try Game(seating: .threePlayers).knownHands(laid: [ann, bob, []]).isEmpty)
    }

    @Test func aPoneOneShortWinsUnlessItsHandCountsNothing() throws {
        var game = try Game(target: .short, dealer: 1, names: ["Ann", "Bob"])
        _ = try game.correct(player: 0, points: 60)
        let chances = try #require(game.chancesToWin(playOver: true))
        let nothing = try #require(ShowCounts.shipped.chances(.poneHand).first { $0.points == 0 }).chance
        #expect(nothing > 0)
        #expect(chances.wins[0] >= 1 - nothing - 1e-12 && chances.wins[0] < 1)
    }

    @Test func theModelIsOfTwoPlayersAndOfAGameNotYetWon() throws {
        #expect(try Game(seating: .threePlayers).chancesToWin(playOver: true) == nil)
        #expect(try Game(seating: .twoTeams).chancesToWin() == nil)
        var game = try Game(target: .short, names: ["Ann", "Bob"])
        _ = try game.correct(player: 0, points: 61)
        #expect(game.result != nil && game.chancesToWin() == nil)
    }
}

extension Game.Outlook {
    /// Each side's chance to win.
    var wins: [Double] { sides.map(\.win) }
}
