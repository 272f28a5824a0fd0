import Testing
@testable import CribbageCore

/// The review's words that the screen and `twentynine review` share (`ReviewWords`): the game's end
/// as the board shows it, who skunked whom, the rating only where the decisions say something, and
/// the cards in the table's order.
@Suite("The review's words")
struct ReviewWordsTests {
    /// A game to `target` ended by corrections: seat 0 at `mine`, seat 1 at `theirs` (the winner's
    /// last count past the target).
    static func ended(_ target: Game.Target, mine: Int, theirs: Int) throws -> Game {
        var game = try Game(target: target)
        let (winner, loser) = mine > theirs ? (0, 1) : (1, 0)
        try game.correct(player: loser, points: min(mine, theirs))
        try game.correct(player: winner, points: target.points - 1)
        try game.correct(player: winner, points: max(mine, theirs) - target.points + 1)
        #expect(game.totals == [mine, theirs] && game.result?.winner == winner)
        return game
    }

    @Test("a game to 61 won 68 to 43 reads as the board shows it: 61 to 43, by 18; the skunk says who skunked whom, both ways")
    func scoreLineAndSkunks() throws {
        #expect(ReviewWords.resultText(try Self.ended(.short, mine: 68, theirs: 43)) == "you won 61 to 43, by 18, and skunked the computer")
        #expect(ReviewWords.resultText(try Self.ended(.short, mine: 43, theirs: 68)) == "the computer won 61 to 43, by 18, and skunked you")
        #expect(ReviewWords.resultText(try Self.ended(.short, mine: 25, theirs: 62)) == "the computer won 61 to 25, by 36, and double-skunked you")
        #expect(ReviewWords.resultText(try Self.ended(.short, mine: 64, theirs: 50)) == "you won 61 to 50, by 11")
        #expect(ReviewWords.resultText(try Self.ended(.long, mine: 119, theirs: 122)) == "the computer won 121 to 119, by 2")
        // Never "You skunked" for the player skunked.
        #expect(!ReviewWords.resultText(try Self.ended(.short, mine: 43, theirs: 68), names: ["You", "Computer"]).contains("You skunked"))
        #expect(ReviewWords.resultText(try Game(target: .short)) == "unfinished, 0 to 0")
    }

    @Test("the table, the board and `game` end a game in the same words: the winner at the target, who skunked whom, the match points")
    func resultLineShared() throws {
        var lost = try Self.ended(.short, mine: 43, theirs: 68)
        let computer = try #require(lost.result)
        #expect(Game.resultLine(computer, target: 61, sides: ["You", "Computer"])
            == "Computer won 61 to 43, by 18, and skunked you: 2 match points.")
        lost = try Self.ended(.short, mine: 68, theirs: 43)
        #expect(Game.resultLine(try #require(lost.result), target: 61, sides: ["You", "Computer"])
            == "You won 61 to 43, by 18, and skunked Computer: 2 match points.")
        // A game's own line names its sides.
        var game = try Game(target: .short, names: ["Ann", "Bob"])
        try game.correct(player: 0, points: 39)
        try game.correct(player: 1, points: 60)
        try game.correct(player: 1, points: 2)
        #expect(game.resultLine(try #require(game.result)) == "Bob won 61 to 39, by 22, and skunked Ann: 2 match points.")
        // Three players: each loser's score, best first; each skunk named.
        var three = try Game(seating: .threePlayers, target: .long, names: ["You", "Left", "Right"])
        try three.correct(player: 0, points: 60)
        try three.correct(player: 2, points: 50)
        try three.correct(player: 2, points: 50)
        try three.correct(player: 1, points: 61)
        try three.correct(player: 1, points: 61)
        #expect(three.resultLine(try #require(three.result))
            == "Left won 121 to 100 to 60, by 21, and double-skunked you: 4 match points.")
    }

    @Test("the rating band rule: a band, or two neighbouring bands, where the interval reaches no further; else too few decisions yet")
    func ratingRule() {
        // Within one band, or two neighbours.
        #expect(RatingBand.rating(of: 0.5...1.8) == "club")
        #expect(RatingBand.rating(of: 1.0...4.0) == "club to beginner")
        #expect(RatingBand.rating(of: 8.0...30.0) == "novice to random")
        // Three bands or more: nothing said (five deals' "expert to random").
        #expect(RatingBand.rating(of: 0.0...17.3) == nil)
        #expect(RatingBand.rating(of: 1.0...8.0) == nil)
        #expect(RatingBand.reached(by: 0.0...17.3).map(\.name) == ["expert", "club", "beginner", "novice", "random"])
        // No interval (fewer than two graded decisions): nothing said.
        #expect(RatingBand.rating(of: nil) == nil)
    }

    @Test("a keep's cards are in the table's order (Card's: by rank, then suit), whatever the order dealt")
    func keepSorted() throws {
        let six = try ["2C", "10S", "8H", "7H", "KD", "4S"].map { try Card(parsing: $0) }
        let analysis = analyse(.keep(six: six, role: .dealer, score: nil), limit: Limit(searchedHands: 4, playedHands: 8, figures: .ranking))
        for option in analysis.options {
            let keep = try #require(option.keep)
            let text = ReviewWords.choiceText(option)
            #expect(text == "keep \(keep.cards.sorted().map(\.description).joined(separator: " ")) throw "
                + keep.discard.sorted().map(\.description).joined(separator: " "))
        }
        let kept = try #require(analysis.options.first { Set($0.keep!.cards) == Set(six.prefix(4)) })
        #expect(ReviewWords.choiceText(kept) == "keep 2C 7H 8H 10S throw 4S KD")
    }
}
