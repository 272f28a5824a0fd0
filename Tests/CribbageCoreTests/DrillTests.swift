import Foundation
import TestSupport
import Testing
@testable import CribbageCore

/// Drills: positions graded by the review's grading, generated with a clear answer, published
/// classics, and enrolment from a reviewed game's mistakes.
@Suite("Drills")
struct DrillTests {
    static func cards(_ text: String) -> [Card] { try! Card.parseDistinct(text.split(separator: " ").map(String.init)) }

    @Test("a classic graded as the review grades it: the engine's keep correct, the published run of four as pone a loss")
    func classicGraded() throws {
        let drill = ClassicProblem.all[0].drill
        let analysis = drill.analysis()
        let best = try #require(analysis.best.keep)
        let right = drill.grade(try drill.move(parsing: best.cards.map(\.description).joined(separator: " ")), analysis: analysis)
        #expect(right.isCorrect && right.isBest && right.graded.loss == 0)
        // Keeping the run 9-10-J-Q, throwing 2-3 into the dealer's crib.
        let run = drill.grade(try drill.move(parsing: "2S 3H"), analysis: analysis)
        #expect(!run.isCorrect && !run.isScored)
        // The same figures as the review's: a DecisionPoint of the move graded by GradedDecision.
        let point = DecisionPoint(index: 7, seat: 1, deal: 3, decision: drill.decision, move: .discard(seat: 1, Self.cards("2S 3H")))
        #expect(GradedDecision(point, analysis: analysis).loss == run.graded.loss)
        #expect(run.graded.loss > 1, "\(run.graded.loss)")
        #expect(run.graded.why.contains("kept 9-10-J-Q"), "\(run.graded.why)")
    }

    @Test("the published answers against the engine's, each with its source")
    func classicsAgreement() {
        var agree = 0
        for problem in ClassicProblem.all {
            #expect(problem.source.contains("http"))
            let drill = problem.drill
            #expect(drill.origin == .classic && drill.source == problem.source)
            let result = drill.grade(.discard(seat: 0, problem.published))
            if result.isCorrect { agree += 1 }
        }
        // Reported in the drills' note: where the engine disagrees, its numbers say why.
        #expect(agree >= ClassicProblem.all.count / 2, "the engine agrees with \(agree) of \(ClassicProblem.all.count)")
    }

    @Test("the published leads against the engine's, each with its source; the engine's figures where it disagrees")
    func classicLeadsAgreement() {
        var agree = 0
        for lead in ClassicLead.all {
            #expect(lead.source.contains("http"))
            #expect(Set(lead.hand.map(\.rank)).isDisjoint(with: (lead.thrown + [lead.cut]).map(\.rank)), "the throw and starter are ours, off the four's ranks")
            let drill = lead.drill
            #expect(drill.kind == .lead && drill.origin == .classic && drill.source == lead.source)
            let result = drill.grade(.lay(seat: 0, lead.published))
            if result.isCorrect { agree += 1 }
        }
        // Reported in the note and in Rules.md: agreement, and the engine's numbers where it differs.
        #expect(agree >= 2, "the engine agrees with \(agree) of \(ClassicLead.all.count)")
        #expect(Drill.classics.count == ClassicProblem.all.count + ClassicLead.all.count)
    }

    @Test("answers read: four kept or two thrown, the same move; a card, a count; bad tokens named")
    func answersParse() throws {
        let drill = ClassicProblem.all[0].drill
        #expect(try drill.move(parsing: "2S 3H 10C JS") == drill.move(parsing: "9d,qh"))
        #expect(throws: DrillError.notInTheSix("5H")) { try drill.move(parsing: "5H 3H") }
        #expect(throws: DrillError.badCard("ZZ")) { try drill.move(parsing: "ZZ 3H") }
        #expect(throws: DrillError.wrongKeepCount(3)) { try drill.move(parsing: "2S 3H 10C") }
        #expect(throws: DrillError.cardTwice("2s")) { try drill.move(parsing: "2S 2s") }
        #expect(throws: DrillError.emptyAnswer) { try drill.move(parsing: " ") }
        var generator = DrillGenerator(seed: 5)
        let count = try next(&generator, .count)
        #expect(try count.move(parsing: "12") == .claim(points: 12))
        #expect(throws: DrillError.badCount("30")) { try count.move(parsing: "30") }
        let lead = try next(&generator, .lead)
        let view = try #require(lead.view)
        #expect(try lead.move(parsing: view.legalCards[0].description) == .lay(seat: 0, view.legalCards[0]))
        #expect(throws: DrillError.goWithACard) { try lead.move(parsing: "go") }
    }

    @Test("ranks alone, as the rank keys name cards on screen: a throw by ranks, the lowest suit first; a card to lay by its rank; refusals in a throw's words")
    func ranksAnswer() throws {
        // The six: 2S 3H 9D 10C JS QH.
        let drill = ClassicProblem.all[0].drill
        let thrown = try drill.move(parsing: "9D QH")
        #expect(try drill.move(parsing: "q 9") == thrown && drill.move(parsing: "9,Q") == thrown && drill.move(parsing: "QH 9") == thrown)
        #expect(try drill.move(parsing: "10 j 2 3") == thrown && drill.move(parsing: "t J 2s 3") == thrown && drill.move(parsing: "0 j 2 3") == thrown)
        #expect(throws: DrillError.notInTheSix("5")) { try drill.move(parsing: "5 q") }
        #expect(throws: DrillError.cardTwice("q")) { try drill.move(parsing: "QH q") }
        #expect(throws: DrillError.wrongKeepCount(1)) { try drill.move(parsing: "q") }
        // The words: a throw's cards are the six, a count of one is one card.
        #expect(DrillError.notInTheSix("5").description == "'5' is not among your six: throw two of them, or keep four")
        #expect(DrillError.wrongKeepCount(1).description == "1 card: keep 4 of the six (or name the 2 to throw)")
        #expect(DrillError.wrongKeepCount(3).description.hasPrefix("3 cards: "))
        #expect(DrillError.notYourCard("K").description == "'K' is not among the cards you hold")
        // Two of a rank: the lowest suit first, then the other, as the key pressed again.
        let six = try ["5S", "5H", "5D", "JC", "QH", "KS"].map { try Card(parsing: $0) }
        let fives = Drill(kind: .throwDealer, decision: .keep(six: six, role: .dealer, score: nil), themes: [], origin: .clear, source: nil, gap: 0)
        let sorted = six.prefix(3).sorted()
        #expect(try fives.move(parsing: "5 5") == .discard(seat: 0, [sorted[0], sorted[1]]))
        #expect(fives.card(of: .five) == sorted[0] && fives.card(of: .five, besides: [sorted[0]]) == sorted[1])
        #expect(throws: DrillError.cardTwice("5")) { try fives.move(parsing: "5 5 5 5") }
        // A card to lay by its rank: the card that may be laid; a rank held over 31 named as the card; one not held.
        var generator = DrillGenerator(seed: 5)
        _ = try next(&generator, .count)
        let lead = try next(&generator, .lead)
        let card = try #require(lead.view?.legalCards.first)
        #expect(try lead.move(parsing: card.rank.notation.lowercased()) == .lay(seat: 0, card))
        let go = try Self.goDrill()
        #expect(throws: DrillError.overThirtyOne("5C", count: 29)) { try go.move(parsing: "5") }
        #expect(throws: DrillError.notYourCard("k")) { try go.move(parsing: "k") }
    }

    static func goDrill() throws -> Drill {
        Drill(kind: .goOr31, decision: try DrillPositions.noCardToLay(), themes: [.thirtyOneAndGo], origin: .mistake, source: nil, gap: 0)
    }

    @Test("go answers a card to lay only where no card may be: read, graded best as the review grades it, its option named")
    func goAnswered() throws {
        let drill = try Self.goDrill()
        let analysis = drill.analysis()
        #expect(analysis.options.map(\.token) == [.go])
        #expect(try drill.move(parsing: "go") == .next)
        #expect(try drill.move(parsing: "GO") == .next)
        let result = drill.grade(try drill.move(parsing: "go"), analysis: analysis)
        #expect(result.graded.chosen?.token == .go && result.isBest && result.isCorrect && result.graded.loss == 0)
        #expect(drill.answer(for: analysis.best) == "go" && drill.answerHint.hasPrefix("go"))
        // A card held but over 31 is refused by name, as before.
        #expect(throws: DrillError.overThirtyOne("5C", count: 29)) { try drill.move(parsing: "5C") }
    }

    @Test("a count is graded as practice grades it: right, the fewest combinations missed, or an overcount, which is wrong by its points over")
    func countGradedAsPractice() throws {
        let hand = try Hand(parsing: ["3C", "4H", "5S", "7D"], cut: "KD")
        let drill = try #require(Drill.muggins(hand: hand, rules: .hand, claimed: 4))
        let right = drill.grade(try drill.move(parsing: "7"))
        #expect(right.count == .right(7) && right.isCorrect && right.isBest && right.loss == 0)
        let short = drill.grade(try drill.move(parsing: "4"))
        #expect(short.count?.message == "Muggins! You missed a run of three (3): the count is 7")
        #expect(!short.isCorrect && short.loss == short.graded.loss && short.loss >= 3)
        // More than the hand holds is a muggins too, never the best (the grading has no such option).
        let over = drill.grade(try drill.move(parsing: "9"))
        #expect(over.graded.chosen == nil && !over.isCorrect && !over.isBest && over.loss == 2 && over.pointsLoss == 2 && over.rating == .again)
        #expect(over.count == .overcounted(count: 7, claimed: 9))
    }

    @Test("a count got wrong in practice is a count drill from muggins, its claim in its source; the same hand is the same drill")
    func mugginsFromPractice() throws {
        let hand = try Hand(parsing: ["3C", "4H", "5S", "7D"], cut: "KD")
        #expect(Drill.muggins(hand: hand, rules: .hand, claimed: 7) == nil)
        let drill = try #require(Drill.muggins(hand: hand, rules: .hand, claimed: 4))
        #expect(drill.kind == .count && drill.origin == .muggins && drill.themes == [.counting])
        #expect(drill.source == "practice, claimed 4 of 7")
        #expect(Drill.muggins(hand: hand, rules: .hand, claimed: 9)?.id == drill.id)
        #expect(Drill.muggins(hand: hand, rules: .crib, claimed: 1)?.id != drill.id)
        guard case .count(let counted, .hand, .pone, nil) = drill.decision else { Issue.record("\(drill.decision)"); return }
        #expect(counted == hand)
    }

    @Test("a drill of every kind keeps its position through its file's coding; an id that is not the position's is refused")
    func coding() throws {
        var generator = DrillGenerator(seed: 9)
        var drills = [ClassicProblem.all[1].drill]
        for kind in Drill.Kind.allCases { drills.append(try next(&generator, kind)) }
        drills.append(try next(&generator, .throwDealer, tier: .atScore, attempts: 200))
        for drill in drills {
            let data = try JSONEncoder().encode(drill)
            let back = try JSONDecoder().decode(Drill.self, from: data)
            #expect(back.id == drill.id && back.decision == drill.decision && back.themes == drill.themes && back.kind == drill.kind)
            let forged = String(decoding: data, as: UTF8.self).replacingOccurrences(of: drill.id, with: "t00000000")
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Drill.self, from: Data(forged.utf8)) }
        }
        #expect(Set(drills.map(\.id)).count == drills.count)
    }

    @Test("generated drills have the tier's gap: the best correct, the next distinct option wrong; the same seed, the same drills")
    func generatedTiers() throws {
        var generator = DrillGenerator(seed: 29)
        for kind in [Drill.Kind.throwDealer, .throwPone, .lead, .reply, .goOr31, .count] {
            let drill = try next(&generator, kind)
            #expect(drill.gap >= 0.5 && drill.origin == .clear)
            let analysis = drill.analysis()
            let values = analysis.options.map(\.value.net)
            let best = analysis.options[values.indices.max { values[$0] < values[$1] }!]
            #expect(drill.grade(move(best, drill), analysis: analysis).isCorrect)
            let worse = try #require(analysis.options.first { $0.value.net <= best.value.net - 0.5 })
            let result = drill.grade(move(worse, drill), analysis: analysis)
            #expect(!result.isCorrect && result.graded.loss >= 0.5)
        }
        let harder = try next(&generator, .throwPone, tier: .harder)
        #expect(DrillGenerator.harderGap.contains(harder.gap))
        var again = DrillGenerator(seed: 29)
        #expect(again.drill(.throwDealer)?.id == DrillGenerator(seed: 29).withDrill(.throwDealer))
    }

    @Test("a peg-out: the card that wins at once is the answer, any other a missed win")
    func pegOut() throws {
        var generator = DrillGenerator(seed: 3)
        let drill = try next(&generator, .pegOut)
        #expect(drill.themes.contains(.pegOut))
        let analysis = drill.analysis()
        let winner = try #require(analysis.options.first { $0.value.winsNow })
        let loser = try #require(analysis.options.first { !$0.value.winsNow })
        #expect(drill.grade(move(winner, drill), analysis: analysis).isCorrect)
        let missed = drill.grade(move(loser, drill), analysis: analysis)
        #expect(!missed.isCorrect && missed.graded.label == .missedWin)
    }

    @Test("themes from the analysis: the pone's 2-3-9-10-J-Q balks the crib; a lead is a lead; a count is counting")
    func themes() throws {
        #expect(ClassicProblem.all[0].drill.themes.contains(.balkCrib))
        #expect(ClassicProblem.all[2].drill.themes.contains(.ownCrib))
        var generator = DrillGenerator(seed: 4)
        #expect(try next(&generator, .lead).themes.contains(.lead))
        #expect(try next(&generator, .count).themes == [.counting])
    }

    @Test("enrolment: a reviewed game's mistakes and muggins misses become drills graded with the review's numbers")
    func enrolment() throws {
        let decision = Decision.keep(six: Self.cards("2S 3H 9D 10C JS QH"), role: .pone, score: GameScore(mine: 40, theirs: 52, target: 121))
        let point = DecisionPoint(index: 3, seat: 0, deal: 2, decision: decision, move: .discard(seat: 0, Self.cards("JS QH")))
        let graded = GradedDecision(point, analysis: analyse(decision, by: .strongest, limit: .advice))
        let drill = Drill(from: graded, game: "abc-1")
        #expect(drill.decision == decision && drill.kind == .throwPone && drill.origin == .mistake)
        #expect(drill.source?.hasPrefix("game abc-1") == true)
        let again = drill.grade(point.move, analysis: graded.analysis)
        #expect(again.graded.loss == graded.loss && again.isScored)
        // A count that left points to muggins is enrolled; one counted in full is not.
        let hand = try Hand(Self.cards("5H 5S JD QC"), cut: Card(.five, .clubs))
        let count = Decision.count(hand, rules: .hand, role: .pone, score: nil)
        let short = GradedDecision(DecisionPoint(index: 0, seat: 0, deal: 1, decision: count, move: .claim(points: 14)),
                                   analysis: analyse(count))
        let full = GradedDecision(DecisionPoint(index: 0, seat: 0, deal: 1, decision: count, move: .claim(points: 20)),
                                  analysis: analyse(count))
        #expect(Drill.enrols(short) && !Drill.enrols(full))
        #expect(Drill(from: short).origin == .muggins && Drill(from: short).kind == .count)
    }

    func move(_ option: Analysis.Option, _ drill: Drill) -> Match.Move { drill.move(for: option) }
}

/// A drill the generator must find.
func next(_ generator: inout DrillGenerator, _ kind: Drill.Kind, tier: DrillGenerator.Tier = .clear, attempts: Int = 60) throws -> Drill {
    let drill = generator.drill(kind, tier: tier, attempts: attempts)
    return try #require(drill, "\(kind) \(tier)")
}

extension DrillGenerator {
    fileprivate func withDrill(_ kind: Drill.Kind) -> String? {
        var copy = self
        return copy.drill(kind)?.id
    }
}

/// The share of dealt positions with a clear answer, by kind: the figure the drills' note reports.
@Suite("Drills: the share of clear answers")
struct DrillShareTests {
    @Test("about two throws in three have a clear answer at a neutral score; every kind yields some")
    func shares() {
        var lines: [String] = []
        for kind in Drill.Kind.allCases {
            var generator = DrillGenerator(seed: 101)
            var clear = 0, harder = 0, positions = 0
            for _ in 0..<200 {
                guard let decision = generator.position(kind, atScore: false) else { continue }
                positions += 1
                let gap = DrillGenerator.gap(analyse(decision, by: .strongest, limit: .advice))
                if gap >= DrillGenerator.clearGap { clear += 1 } else if DrillGenerator.harderGap.contains(gap) { harder += 1 }
            }
            lines.append("\(kind.rawValue): \(clear)/\(positions) clear, \(harder) harder")
            #expect(positions > 0 && clear > 0, "\(kind)")
            if kind == .throwDealer || kind == .throwPone {
                #expect((0.5...0.85).contains(Double(clear) / Double(positions)), "\(lines.last!)")
            }
        }
        print("clear answers by kind (200 deals each, seed 101): " + lines.joined(separator: "; "))
    }
}

/// Enrolment from a whole reviewed game: the beginner's mistakes become drills that grade its
/// moves as the review did.
@Suite("Drills: enrolled from a reviewed game", .tags(.solver), .slow)
struct DrillEnrolmentTests {
    @Test("every mistake, blunder and missed win of a seat is a drill once, graded with the review's loss")
    func fromAReview() throws {
        let limit = Limit(searchedHands: 16, playedHands: 32, figures: .ranking)
        let game = Match.play(Match.Setup(seed: 11, dealer: 0),
                              players: [ComputerPlayer(level: .beginner, limit: limit), ComputerPlayer(level: .expert, limit: limit)])
        let review = try GameReview(game.record, limit: Limit(searchedHands: 16, playedHands: 32, figures: .everything))
        let drills = Drill.enrolments(from: review, seat: 0, game: "g-1")
        let enrolled = review.side(0).decisions.filter(Drill.enrols)
        #expect(!drills.isEmpty && drills.count <= enrolled.count)
        #expect(Set(drills.map(\.id)).count == drills.count)
        for graded in enrolled {
            let drill = try #require(drills.first { $0.decision == graded.point.decision })
            #expect(drill.source?.hasPrefix("game g-1") == true)
            let again = drill.grade(graded.point.move, analysis: graded.analysis)
            #expect(again.graded.loss == graded.loss && !again.isBest)
        }
    }
}
