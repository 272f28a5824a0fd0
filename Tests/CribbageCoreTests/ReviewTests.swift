import TestSupport
import Testing
@testable import CribbageCore

/// The game review: every decision graded from what its player knew, the labels at their lines, the
/// luck apart, and the figures a side is judged by.
@Suite("The game review", .tags(.solver), .slow)
struct ReviewTests {
    static let limit = Limit(searchedHands: 16, playedHands: 32, figures: .ranking)
    static let expert = ComputerPlayer(level: .expert, limit: limit)
    static let beginner = ComputerPlayer(level: .beginner, limit: limit)
    /// The review's own analysis, small and quick.
    static let reviewLimit = Limit(searchedHands: 16, playedHands: 32, figures: .everything)

    static let game = Match.play(Match.Setup(seed: 11, dealer: 0), players: [expert, beginner])

    @Test("every decision of both sides graded: the move's option found, the loss never below 0, the best the analysis's first")
    func everyDecisionGraded() async throws {
        let review = try GameReview.review(Self.game.record, limit: Self.reviewLimit)
        let points = try Self.game.record.decisions()
        #expect(review.decisions.count == points.count && review.decisions.count > 40)
        for graded in review.decisions {
            let chosen = try #require(graded.chosen, "\(graded.point.move)")
            #expect(graded.loss >= 0)
            let values = graded.analysis.options.compactMap(GradedDecision.value(of:))
            if values.count == graded.analysis.options.count, let best = graded.bestValue, let mine = GradedDecision.value(of: chosen) {
                // The analysis's first: the most value to a tenth of a point (equal chances go by the game points).
                #expect(best > values.max()! - 0.001 && abs(graded.loss - max(0, best - mine) * 100) < 1e-9)
            }
            if !graded.isGraded { #expect(graded.label == nil) }
        }
        // Both sides reviewed, the beginner losing more than the expert.
        let (expert, beginner) = (review.side(0), review.side(1))
        #expect(!expert.graded.isEmpty && !beginner.graded.isEmpty)
        #expect(beginner.errorRate > expert.errorRate, "\(beginner.errorRate) against \(expert.errorRate)")
        #expect(beginner.accuracy < expert.accuracy)
        // The chance line starts at the table's figure and has a point for each deal and decision.
        #expect(review.chances.count == Self.game.decks.count + review.decisions.count { $0.chosenValue != nil })
        #expect(review.chances.allSatisfy { (0...1).contains($0.chance) })
    }

    @Test("the parallel review is the plain one")
    func parallelIsPlain() async throws {
        let record = Match.play(Match.Setup(seed: 3, dealer: 1), players: [Self.beginner, Self.beginner]).record
        let plain = try GameReview(record, limit: Self.reviewLimit)
        let parallel = try GameReview.review(record, limit: Self.reviewLimit, workers: 3)
        #expect(plain == parallel)
    }

    @Test("a decision's grade is the same whatever the opponent's unseen cards were")
    func gradeIgnoresHiddenCards() throws {
        // A deal: the dealer keeps, the pone leads; then the same with the dealer's other cards
        // (and the undealt ones) changed where the pone cannot see them.
        for seed in UInt64(0)..<4 {
            var random = SplitMix64(seed: seed)
            let deck = random.shuffled()
            let setup = Match.Setup(seed: seed, dealer: 1)
            let first = Self.firstDecisions(setup, deck: deck)
            // The dealer's six (odd places) swapped with undealt cards (from 13 on), the starter kept.
            var other = deck
            for k in 0..<6 { other.swapAt(2 * k + 1, 13 + k) }
            let second = Self.firstDecisions(setup, deck: other)
            #expect(first.pone.decision == second.pone.decision, "the pone's keep sees only its six")
            #expect(first.lead.decision == second.lead.decision, "the lead sees its keep, its throw and the cut")
            let (a, b) = (GradedDecision(first.pone, limit: Self.reviewLimit), GradedDecision(second.pone, limit: Self.reviewLimit))
            #expect(a == b)
            let (c, d) = (GradedDecision(first.lead, limit: Self.reviewLimit), GradedDecision(second.lead, limit: Self.reviewLimit))
            #expect(c == d)
        }
    }

    /// The pone's throw and its lead in the first deal of `deck`, both sides the beginner.
    static func firstDecisions(_ setup: Match.Setup, deck: [Card]) -> (pone: DecisionPoint, lead: DecisionPoint) {
        var match = Match(setup: setup, dealing: deck)
        var points: [DecisionPoint] = []
        while points.count < 3, let move = match.nextMove(players: [beginner, beginner]) {
            if let point = GameRecord.decision(before: move, in: match, index: match.moves.count) { points.append(point) }
            try! match.perform(move)
        }
        let pone = points.first { $0.seat == 0 && { if case .keep = $0.decision { true } else { false } }($0) }!
        let lead = points.first { if case .lay = $0.decision { true } else { false } }!
        return (pone, lead)
    }

    @Test("a card that pegs out left in the hand is a missed win; taking it loses nothing")
    func missedWins() throws {
        var random = SplitMix64(seed: 121)
        var found = 0
        while found < 40 {
            let cards = random.deal(13)
            var play = Play(players: 2)
            let hands = [Array(cards[0..<4]), Array(cards[6..<10])]
            for _ in 0..<random.below(5) {
                guard let turn = play.turn else { break }
                let legal = hands[turn].filter { !play.laid[turn].contains($0) && play.count + $0.rank.value <= 31 }
                _ = try play.apply(legal.isEmpty ? .go : .card(legal[random.below(legal.count)]))
            }
            guard let seat = play.turn else { continue }
            let view = try PeggingView(hand: hands[seat], discards: [cards[4 + 6 * seat], cards[5 + 6 * seat]], cut: cards[12], seat: seat, play: play)
            let points = view.legalCards.map { play.points(laying: $0)! }
            guard let most = points.max(), most > 0, points.contains(where: { $0 < most }) else { continue }
            found += 1
            let score = GameScore(mine: 121 - most, theirs: 100, target: 121)
            let decision = Decision.lay(view, score: score)
            let weaker = view.legalCards[points.firstIndex { $0 < most }!]
            let winner = view.legalCards[points.firstIndex(of: most)!]
            for (card, wins) in [(weaker, false), (winner, true)] {
                let point = DecisionPoint(index: 0, seat: seat, deal: 1, decision: decision, move: .lay(seat: seat, card))
                let graded = GradedDecision(point, limit: Self.reviewLimit)
                if wins { #expect(graded.loss == 0 && graded.label == nil) } else {
                    #expect(graded.label == .missedWin, "\(play.steps) \(card) \(graded.isGraded) \(graded.best.value.winsNow) \(graded.chosen?.value.winsNow as Any) \(graded.analysis.options.map { ($0.token!, $0.value.winsNow, $0.value.chances?.win as Any) })")
                }
            }
        }
    }

    @Test("a muggins claim short of the count: graded by the chance it gave away, worded with what was missed")
    func countClaims() throws {
        let hand = try Hand(parsing: ["5H", "5S", "5C", "JD"], cut: "5D")
        let point = { (claim: Int, score: GameScore?) in
            DecisionPoint(index: 0, seat: 0, deal: 1, decision: .count(hand, rules: .hand, role: .pone, score: score), move: .claim(points: claim))
        }
        // At 100 needing 21, the 29 wins; a claim of 20 does not: a missed win of many points.
        let near = GradedDecision(point(20, GameScore(mine: 100, theirs: 110, target: 121)))
        #expect(near.loss > 10 && [ReviewLabel.blunder, .missedWin].contains(near.label))
        #expect(near.why.contains("counted 20 of 29: muggins gave them 9"))
        // At 0 to 0 two points short is a small loss; in full, none.
        let early = GradedDecision(point(27, GameScore(mine: 0, theirs: 0, target: 121)))
        #expect(early.loss > 0 && early.loss < 4)
        #expect(GradedDecision(point(29, GameScore(mine: 0, theirs: 0, target: 121))).loss == 0)
        // Without a score, in points, at the neutral lines: 2 short of 29 gives 2 away, 4 points of net.
        let neutral = GradedDecision(point(27, nil))
        #expect(neutral.loss == 4 && neutral.label == .blunder)
    }

    @Test("the accuracy is lichess's formula with the blunder line at lichess's: 100 for no loss, about 50.5 at a blunder")
    func accuracy() throws {
        let review = try GameReview(Self.game.record, limit: Self.reviewLimit)
        let side = review.side(1)
        // The mean of each graded decision's accuracy, its loss scaled by 15 / the blunder line.
        let each = side.graded.map { min(100, max(0, 103.1668 * exp(-0.04354 * $0.loss * 15 / 4) - 3.1669)) }
        #expect(!each.isEmpty && abs(side.accuracy - each.reduce(0, +) / Double(each.count)) < 1e-9)
        let perfect = SideReview(seat: 1, decisions: side.graded.filter { $0.loss == 0 }, luck: [], settings: .standard)
        #expect(perfect.graded.isEmpty || abs(perfect.accuracy - 99.9999) < 0.001)
        // A loss at the blunder line scores lichess's blunder: about 50.5.
        #expect(abs(103.1668 * exp(-0.04354 * 15) - 3.1669 - 50.52) < 0.05)
    }

    @Test("the decomposition adds up: result less start is both sides' luck and errors and the residual")
    func decompositionAddsUp() throws {
        let review = try GameReview(Self.game.record, limit: Self.reviewLimit)
        let parts = review.decomposition
        #expect(abs(parts.total - (parts.yourLuck - parts.theirLuck - parts.yourErrors + parts.theirErrors + parts.residual)) < 1e-9)
        #expect(abs(parts.total - (review.result - review.start) * 100) < 1e-9)
        // Each six's luck and each cut's half for each side; the beginner's luck its own.
        #expect(review.luck.count { $0.kind == .six } == 2 * Self.game.decks.count)
        #expect(review.luck.count { $0.kind == .cut } == 2 * Self.game.decks.count)
    }

    @Test("the rating bands: named for the measured players, the boundaries between their error rates; a game's rating carries its interval")
    func ratingBands() throws {
        #expect(RatingBand.band(of: 0.017).name == "expert" && RatingBand.band(of: 1.04).name == "club")
        #expect(RatingBand.band(of: 4.2).name == "beginner" && RatingBand.band(of: 6.38).name == "beginner")
        #expect(RatingBand.band(of: 7.56).name == "novice" && RatingBand.band(of: 19.2).name == "random")
        // Each band below random is named for a level of the table, in the levels' order.
        #expect(RatingBand.all.dropLast().map(\.name) == ComputerLevel.allCases.reversed().map(\.rawValue))
        #expect(zip(RatingBand.all, RatingBand.all.dropFirst()).allSatisfy { $0.upTo < $1.upTo })
        let review = try GameReview.review(Self.game.record, limit: Self.reviewLimit)
        for side in review.sides {
            let interval = try #require(side.errorRateInterval)
            #expect(interval.contains(side.errorRate))
            // A rating where the interval reaches one band or two; none where it reaches further.
            let bands = RatingBand.reached(by: interval)
            if bands.count <= RatingBand.ratingSpan {
                let rating = try #require(side.rating)
                #expect(rating.contains(RatingBand.band(of: interval.lowerBound).name) && rating.contains(RatingBand.band(of: interval.upperBound).name))
            } else {
                #expect(side.rating == nil && ReviewWords.ratingText(side) == "too few decisions yet to rate")
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
