import TestSupport
import Testing
@testable import CribbageCore

/// The review's luck valued with every card known (`DealLuck`): the deal's chance at its end, the
/// cut against the 40 cuts the sixes leave, the two sixes split by their two orders, and the
/// residual that leaves.
@Suite("The deal's luck, every card known", .tags(.solver), .slow)
struct DealLuckTests {
    static let limit = ReviewTests.limit
    static let reviewLimit = ReviewTests.reviewLimit
    static let selfPlay = Match.play(Match.Setup(seed: 7, dealer: 1), players: [ReviewTests.expert, ReviewTests.expert])
    static let table = WinTable.shipped(.long).table

    /// Seat 0's residual in each deal: the next deal's start (or the result) less the deal's start,
    /// less the deal's luck and errors; and whether a card or count of the deal lost anything.
    static func residuals(_ review: GameReview) -> [(deal: Int, residual: Double, lost: Bool)] {
        let starts = GameReview.dealStarts(of: review.record)
        return starts.indices.map { index in
            let deal = index + 1
            let end = index + 1 < starts.count ? starts[index + 1] : review.result
            let sign = { (seat: Int) in seat == 0 ? 1.0 : -1.0 }
            let luck = review.luck.filter { $0.deal == deal }.reduce(0) { $0 + sign($1.seat) * $1.points }
            let decisions = review.decisions.filter { $0.point.deal == deal && $0.isGraded }
            let errors = decisions.reduce(0) { $0 + sign($1.point.seat) * $1.loss }
            let lost = decisions.contains { !$0.isKeep && $0.loss > 0 }
            return (deal, (end - starts[index]) * 100 - luck + errors, lost)
        }
    }

    @Test("a deal whose cards and counts lost nothing leaves no residual: its luck and its throws' errors are the whole change")
    func noLossNoResidual() throws {
        let review = try GameReview.review(Self.selfPlay.record, limit: Self.reviewLimit)
        let deals = Self.residuals(review)
        let clean = deals.filter { !$0.lost }
        #expect(clean.count >= 3, "\(deals)")
        for deal in clean { #expect(abs(deal.residual) < 1e-9, "deal \(deal.deal): \(deal.residual)") }
        // Each deal's two sixes and two halves of the cut, the cut's halves opposite.
        #expect(review.luck.count == 4 * Self.selfPlay.decks.count)
        for deal in 1...Self.selfPlay.decks.count {
            let cut = review.luck.filter { $0.deal == deal && $0.kind == .cut }
            #expect(cut.count == 2 && abs(cut[0].value + cut[1].value) < 1e-12)
        }
    }

    @Test("the luckiest deals are those whose luck events moved seat 0's chance most, each with the starter turned in it")
    func luckiestDeals() throws {
        let review = try GameReview.review(Self.selfPlay.record, limit: Self.reviewLimit)
        var match = Match(setup: Self.selfPlay.setup)
        var starters: [Int: Card] = [:]
        for move in Self.selfPlay.moves {
            try match.perform(move)
            if let deal = match.deal, deal.isCut { starters[deal.number] = deal.cut }
        }
        // Each deal's luck for seat 0 less seat 1's, from the events themselves.
        var byDeal: [Int: Double] = [:]
        for event in review.luck { byDeal[event.deal, default: 0] += event.seat == 0 ? event.points : -event.points }
        let largest = byDeal.filter { abs($0.value) >= 1 }.sorted { abs($0.value) > abs($1.value) }.prefix(3)
        let luckiest = review.luckiestDeals()
        #expect(luckiest.count == min(3, largest.count) && luckiest.count >= 2)
        #expect(luckiest.map(\.deal) == largest.map(\.key))
        for (swing, (deal, luck)) in zip(luckiest, largest) {
            #expect(abs(swing.total - luck) < 1e-9 && swing.starter == starters[deal])
            let cut = review.luck.first { $0.deal == deal && $0.kind == .cut && $0.seat == 0 }!.points
            #expect(abs(swing.cut - 2 * cut) < 1e-9)
        }
        // Every deal's swing, in order: the chart's luck row.
        #expect(review.dealSwings.map(\.deal) == byDeal.keys.sorted())
        // The words name the deal, its luck and the starter's part.
        let first = try #require(luckiest.first)
        #expect(ReviewWords.swingText(first, brief: true)
            == "deal \(first.deal) \(first.total.signed(places: 1)) (\(first.starter) cut \(first.cut.signed(places: 1)))")
    }

    @Test("the cut's luck is the chance with it less the mean over the 40 cuts the two sixes leave, the cards laid as they were")
    func cutAgainstTheOtherCuts() throws {
        let review = try GameReview.review(Self.selfPlay.record, limit: Self.reviewLimit)
        let clean = Self.residuals(review).filter { !$0.lost }.map(\.deal)
        var match = Match(setup: Self.selfPlay.setup)
        var deals: [Int: Deal] = [:]
        for move in Self.selfPlay.moves {
            try match.perform(move)
            if let deal = match.deal { deals[deal.number] = deal }
        }
        for number in clean {
            let deal = try #require(deals[number])
            let kept = [try #require(deal.kept[0]), try #require(deal.kept[1])]
            let sixes = Set(deal.sixes.flatMap(\.self))
            let cuts = Card.all.filter { !sixes.contains($0) }
            #expect(cuts.count == 40 && !cuts.contains { deal.sixes[0].contains($0) })
            let pegs = DealScores.pegs(of: deal.play)
            let chance = { (cut: Card) in
                DealLuck.chance(kept: kept, crib: deal.thrown.flatMap(\.self), cut: cut, pegs: pegs, dealer: deal.dealer,
                                scores: deal.scoresAtDeal, table: Self.table)
            }
            let mean = cuts.reduce(0) { $0 + chance($1) } / 40
            let luck = try #require(review.luck.first { $0.deal == number && $0.seat == 0 && $0.kind == .cut })
            #expect(abs(luck.value - (chance(deal.cut) - mean) / 2) < 1e-12)
        }
    }

    @Test("the two sixes' luck is the mean of their two orders: each the chance once seen less the average over it")
    func sixesByTheirTwoOrders() throws {
        let review = try GameReview.review(Self.selfPlay.record, limit: Self.reviewLimit)
        let starts = GameReview.dealStarts(of: review.record)
        let clean = Set(Self.residuals(review).filter { !$0.lost }.map(\.deal))
        var match = Match(setup: Self.selfPlay.setup)
        var deals: [Int: Deal] = [:]
        for move in Self.selfPlay.moves {
            try match.perform(move)
            if let deal = match.deal { deals[deal.number] = deal }
        }
        for number in clean.sorted() {
            let deal = try #require(deals[number])
            let sixes = Set(deal.sixes.flatMap(\.self))
            // W(throws), worked out here: the deal as laid with each of the 40 starters in its place.
            let throwsMade = Card.all.filter { !sixes.contains($0) }.reduce(0) { sum, cut in
                sum + DealLuck.chance(kept: [deal.kept[0]!, deal.kept[1]!], crib: deal.thrown.flatMap(\.self), cut: cut,
                                      pegs: DealScores.pegs(of: deal.play), dealer: deal.dealer, scores: deal.scoresAtDeal,
                                      table: Self.table)
            } / 40
            let luck = review.luck.filter { $0.deal == number }
            let six = { (seat: Int) in luck.first { $0.seat == seat && $0.kind == .six }!.value }
            let keeps = review.decisions.filter { $0.point.deal == number && $0.isKeep }.sorted { $0.point.seat < $1.point.seat }
            #expect(keeps.count == 2)
            let (a, b) = (keeps[0], keeps[1])
            let (chosenA, chosenB) = (try #require(a.chosenValue), try #require(b.chosenValue))
            let (errorA, errorB) = (a.isGraded ? a.loss / 100 : 0, b.isGraded ? b.loss / 100 : 0)
            let start = starts[number - 1]
            // Seat 0's six seen first: its best keep's chance (the chosen plus the counted error) less S;
            // seen second: W(throws) less seat 1's view of seat 0's chance after its throw, plus the error.
            #expect(abs(six(0) - ((chosenA + errorA - start) + (throwsMade - (1 - chosenB) + errorA)) / 2) < 1e-12)
            #expect(abs(six(1) - ((chosenB + errorB - (1 - start)) + ((1 - throwsMade) - (1 - chosenA) + errorB)) / 2) < 1e-12)
            // So the two sixes less the throws' errors are W(throws) − S.
            #expect(abs(six(0) - six(1) - errorA + errorB - (throwsMade - start)) < 1e-12)
        }
    }

    @Test("a deal's chance at its end, every card known: the pone counts first, his heels before the play, else the table")
    func dealEnds() throws {
        // Seat 0 the pone at 117, seat 1 the dealer at 115 with a big hand and crib: the pone's 4-5-6
        // with 10 and the 2 cut (a run of 3 and two fifteens, 7) counts out first.
        let pone = try Card.parseAll(["4H", "5H", "6C", "TD"])
        let dealer = try Card.parseAll(["5S", "5D", "5C", "JH"])
        let crib = try Card.parseAll(["TH", "TS", "KH", "QC"])
        let two = try Card(parsing: "2S"), jack = try Card(parsing: "JS")
        let chance = { (cut: Card, scores: [Int], pegs: [DealScores.Step]) in
            DealLuck.chance(kept: [pone, dealer], crib: crib, cut: cut, pegs: pegs, dealer: 1, scores: scores, table: Self.table)
        }
        #expect(FastScorer.shared.total(pone[0], pone[1], pone[2], pone[3], cut: two, rules: .hand) == 7)
        #expect(chance(two, [117, 115], []) == 1)
        // The dealer pegging out first wins, whatever the pone holds.
        #expect(chance(two, [117, 115], [.pone(1), .dealer(6)]) == 0)
        // His heels: the dealer at 119 goes out at the jack's cut, before the play or the pone's hand.
        #expect(chance(jack, [117, 119], [.pone(2)]) == 0)
        // Nobody out: the table at the next deal's scores, seat 0 (the pone) to deal.
        let poneHand = FastScorer.shared.total(pone[0], pone[1], pone[2], pone[3], cut: two, rules: .hand)
        let dealerShow = FastScorer.shared.total(dealer[0], dealer[1], dealer[2], dealer[3], cut: two, rules: .hand)
            + FastScorer.shared.total(crib[0], crib[1], crib[2], crib[3], cut: two, rules: .crib)
        let next = chance(two, [40, 50], [.pone(2), .dealer(1)])
        #expect(next == Self.table.chances(mine: 42 + poneHand, theirs: 51 + dealerShow, dealing: true).win)
    }

    @Test("where a card lost, the deal is played as the strongest policy plays it: the cards as laid to there, the best card, the engine's after")
    func playedOutFromTheLoss() throws {
        let record = ReviewTests.game.record
        let review = try GameReview.review(record, limit: Self.reviewLimit)
        let first = try #require(review.decisions.first { decision in
            guard case .lay = decision.point.decision, decision.isGraded, decision.loss > 0 else { return false }
            return !review.decisions.contains { $0.point.deal == decision.point.deal && !$0.isKeep && $0.isGraded && $0.loss > 0
                && $0.point.index < decision.point.index }
        })
        var match = Match(setup: record.setup)
        for move in record.moves.prefix(first.point.index) { try match.perform(move) }
        let before = try #require(match.deal?.play)
        let played = DealLuck.playedOut([(first.point.deal, match, first)], limit: Self.reviewLimit, workers: 1)
        let play = try #require(played[first.point.deal])
        #expect(Array(play.steps.prefix(before.steps.count)) == before.steps)
        #expect(play.steps[before.steps.count].token == first.best.token)
        #expect(first.best.token != first.chosen?.token)
        #expect(play.isComplete || match.game.result != nil || play.steps.count > before.steps.count + 1)
    }
}

/// The review has no favourite seat: the same game with the seats swapped (the other first dealer,
/// the same players and decks) is reviewed as its mirror.
@Suite("The review's mirror", .tags(.solver), .slow)
struct ReviewMirrorTests {
    @Test("a game and its mirror: the same decisions, the luck and the residual changed in sign", arguments: [UInt64(3), 8])
    func mirrored(seed: UInt64) throws {
        let players = [ReviewTests.expert, ReviewTests.expert]
        let game = Match.play(Match.Setup(seed: seed, dealer: 0), players: players)
        let mirror = Match.play(Match.Setup(seed: seed, dealer: 1), players: players)
        #expect(game.decks == mirror.decks && game.game.totals == mirror.game.totals.reversed())
        let (one, other) = (try GameReview(game.record, limit: ReviewTests.reviewLimit), try GameReview(mirror.record, limit: ReviewTests.reviewLimit))
        // The same decisions, each seat's by the other's number (the two throws' order aside).
        #expect(one.decisions.map(\.loss).sorted() == other.decisions.map(\.loss).sorted())
        #expect(one.side(0).totalLoss == other.side(1).totalLoss && one.side(1).totalLoss == other.side(0).totalLoss)
        let (parts, mirrored) = (one.decomposition, other.decomposition)
        #expect(abs(parts.yourLuck - mirrored.theirLuck) < 1e-9 && abs(parts.theirLuck - mirrored.yourLuck) < 1e-9, "\(parts) \(mirrored)")
        #expect(abs(parts.residual + mirrored.residual) < 1e-9, "\(parts.residual) \(mirrored.residual)")
    }
}
