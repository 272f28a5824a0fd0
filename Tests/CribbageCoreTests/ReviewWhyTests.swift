import Testing
@testable import CribbageCore

/// The why of a graded decision against the analysis's own figures (`WhyPart`): every part of the
/// deal named, largest first, each with its figure, adding up to the difference of the nets; what a
/// better card does in the play; a why for the best too; what the engine sees that a book rule misses.
@Suite("The review's why")
struct ReviewWhyTests {
    /// Small and quick: the figures are the analysis's whatever its size.
    static let limit = Limit(searchedHands: 4, playedHands: 8, figures: .ranking)

    static func cards(_ text: String) throws -> [Card] {
        try text.split(separator: " ").map { try Card(parsing: String($0)) }
    }

    static func keepAnalysis(_ six: String, role: Role) throws -> Analysis {
        analyse(.keep(six: try cards(six), role: role, score: nil), limit: limit)
    }

    static func keepPoint(_ analysis: Analysis, _ option: Analysis.Option) -> DecisionPoint {
        DecisionPoint(index: 0, seat: 0, deal: 1, decision: analysis.decision, move: .discard(seat: 0, option.keep!.discard))
    }

    @Test("a keep's parts are the analysis's figures: the hand, the crib and the play, largest first, adding up to the nets' difference")
    func keepPartsAreTheFigures() throws {
        for (six, role) in [("4H 4C 7D QS KC 2H", Role.pone), ("5H 5C JD QS 4C 6D", .dealer), ("AH 4C 5D 6S QH 9C", .pone)] {
            let analysis = try Self.keepAnalysis(six, role: role)
            let best = analysis.best
            for other in analysis.options.dropFirst().prefix(6) {
                let parts = ReviewWords.pointParts(better: best, other: other, role: role)
                let b: Analysis.Value = best.value
                let o: Analysis.Value = other.value
                let hand: Double = b.mine.hand - o.mine.hand
                let crib: Double = (b.mine.crib - b.theirs.crib) - (o.mine.crib - o.theirs.crib)
                let play: Double = (b.mine.pegs - b.theirs.pegs) - (o.mine.pegs - o.theirs.pegs)
                var expected: [WhyPart.Kind: Double] = [:]
                if abs(hand) >= 0.05 { expected[.hand] = hand }
                if abs(crib) >= 0.05 { expected[.crib] = crib }
                if abs(play) >= 0.05 { expected[.play] = play }
                var found: [WhyPart.Kind: Double] = [:]
                for part in parts { found[part.kind] = part.gain }
                #expect(found == expected, "\(six)")
                // Every part the deal has, none left out: they add up to the nets' difference.
                var total = 0.0
                for part in parts { total += part.gain }
                let difference: Double = b.net - o.net
                #expect(abs(total - difference) < 0.15, "\(six): \(total) against \(difference)")
                let sizes: [Double] = parts.map { abs($0.gain) }
                let sorted: [Double] = sizes.sorted(by: >)
                #expect(sizes == sorted)
                // Each with its figures as the analysis has them.
                for part in parts {
                    var figures: (Double, Double) = (b.mine.pegs, o.mine.pegs)
                    if part.kind == .hand { figures = (b.mine.hand, o.mine.hand) }
                    if part.kind == .crib { figures = role == .dealer ? (b.mine.crib, o.mine.crib) : (b.theirs.crib, o.theirs.crib) }
                    let first: String = figures.0.decimal(places: 1)
                    let second: String = figures.1.decimal(places: 1)
                    let says: Bool = part.text.contains(first) && part.text.contains(second)
                    #expect(says, "\(part.text)")
                }
            }
        }
    }

    @Test("the why of a wrong keep names every part, largest first, the pair thrown to the dealer's crib among them")
    func wrongKeepNamesEveryPart() throws {
        let analysis = try Self.keepAnalysis("4H 4C 7D QS KC 2H", role: .pone)
        // Keeping 2-7-Q-K throws the pair of 4s to the dealer's crib.
        let chosen = try #require(analysis.options.first { Set($0.keep!.discard.map(\.rank)) == [.four] })
        let why = ReviewWords.why(point: Self.keepPoint(analysis, chosen), analysis: analysis, chosen: chosen, best: analysis.best,
                                  loss: 1, scored: false)
        let parts = ReviewWords.pointParts(better: analysis.best, other: chosen, role: .pone)
        let head = "kept 2-7-Q-K; \(ReviewWords.ranks(analysis.best.keep!.cards)) is "
        #expect(why.hasPrefix(head), "\(why)")
        let pair: Bool = parts.contains { $0.kind == .crib && $0.text.contains("with 4-4") }
        #expect(pair, "\(parts)")
        // Every part in the why, in the parts' order.
        var rest = Substring(why)
        for part in parts {
            let found = try #require(rest.range(of: part.text), "\(part.text) in \(why)")
            rest = rest[found.upperBound...]
        }
    }

    @Test("the best keep has a why of its own: against the next keep, with its parts")
    func rightKeepHasAWhy() throws {
        let analysis = try Self.keepAnalysis("5H 5C JD QS 4C 6D", role: .dealer)
        let best = analysis.best
        let why = ReviewWords.why(point: Self.keepPoint(analysis, best), analysis: analysis, chosen: best, best: best, loss: 0, scored: false)
        let next = try #require(ReviewWords.runnerUp(analysis, to: best))
        let head = "the best keep: \(ReviewWords.ranks(best.keep!.cards)) is "
        let than = "than \(ReviewWords.ranks(next.keep!.cards)), the next: "
        #expect(why.hasPrefix(head), "\(why)")
        #expect(why.contains(than), "\(why)")
        for part in ReviewWords.pointParts(better: best, other: next, role: .dealer) { #expect(why.contains(part.text)) }
    }

    @Test("where the engine keeps fewer points in the hand than the book's keep, the why says what it sees that the rule misses")
    func bookRuleKeepThePoints() throws {
        var found = 0
        for six in ["5H 5C 5D JS 2C 3D", "4H 5C 6D 6S KC QD", "7H 8C 9D 2S 2C KD", "5H 6C 7D 8S 9C 10D", "AH 2C 3D 4S 9C JD"] {
            for role in [Role.dealer, .pone] {
                let analysis = try Self.keepAnalysis(six, role: role)
                let best = analysis.best
                let text = ReviewWords.bookText(analysis, best: best, role: role)
                guard text.contains("the book keeps the points") else { continue }
                found += 1
                let points = try #require(analysis.options.max { $0.value.mine.hand < $1.value.mine.hand })
                #expect(points.value.mine.hand > best.value.mine.hand)
                let held = "\(ReviewWords.ranks(points.keep!.cards)) (the hand \(points.value.mine.hand.decimal(places: 1)))"
                #expect(text.contains(held), "\(text)")
                let better = "\((best.value.net - points.value.net).decimal(places: 1)) better in all"
                #expect(text.contains(better), "\(text)")
                // What the rule misses: the parts other than the hand where the engine's keep gains.
                let sees = ReviewWords.pointParts(better: best, other: points, role: role).filter { $0.kind != .hand && $0.gain > 0 }
                let said: Bool = !sees.isEmpty && sees.allSatisfy { text.contains($0.text) }
                #expect(said, "\(text)")
            }
        }
        #expect(found > 0)
    }

    @Test("a card's why: the play's figures, and the thirty-one or fifteen the better card makes and with what")
    func layWhy() throws {
        // The count at 21 (7, 4, Q); holding K 2 3: the K makes thirty-one.
        var play = Play(players: 2)
        for card in [Card(.seven, .clubs), Card(.four, .hearts), Card(.queen, .diamonds)] { try play.apply(.card(card)) }
        let view = try PeggingView(hand: try Self.cards("4H KC 2D 3S"), discards: try Self.cards("AH AC"), cut: Card(.six, .diamonds),
                                   seat: 1, play: play)
        let analysis = analyse(.lay(view, score: nil), limit: Self.limit)
        let best = analysis.best
        #expect(best.token == .card(Card(.king, .clubs)))
        let chosen = try #require(analysis.options.first { $0.token == .card(Card(.two, .diamonds)) })
        let point = DecisionPoint(index: 3, seat: 1, deal: 1, decision: analysis.decision, move: .lay(seat: 1, Card(.two, .diamonds)))
        let why = ReviewWords.why(point: point, analysis: analysis, chosen: chosen, best: best, loss: 1, scored: false)
        #expect(why.hasPrefix("laying the 2; the K is "), "\(why)")
        #expect(why.contains("the K makes thirty-one (2 at once)"), "\(why)")
        let parts: [WhyPart] = ReviewWords.pointParts(better: best, other: chosen, role: nil)
        let playPart = try #require(parts.first { $0.kind == .play })
        let gain: Double = (best.value.mine.pegs - best.value.theirs.pegs) - (chosen.value.mine.pegs - chosen.value.theirs.pegs)
        #expect(playPart.gain == gain)
        #expect(why.contains(playPart.text))
        // A fifteen is said with the cards it is made with.
        var led = Play(players: 2)
        try led.apply(.card(Card(.seven, .clubs)))
        let reply = try PeggingView(hand: try Self.cards("8H KC QD 2S"), discards: [], cut: Card(.six, .diamonds), seat: 1, play: led)
        #expect(ReviewWords.doesText(.card(Card(.eight, .hearts)), view: reply) == "the 8 makes fifteen with the 7 (2 at once)")
        // The best card laid: a why of its own, against the next card.
        let right = ReviewWords.why(point: point, analysis: analysis, chosen: best, best: best, loss: 0, scored: false)
        let own: Bool = right.hasPrefix("the best card: the K is ") && right.contains(", the next: ")
        #expect(own, "\(right)")
    }
}
