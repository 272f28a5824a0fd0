@testable import CribbageCore
import Foundation
import Testing

/// Scores a whole round with typed numbers: the play's points as one peg each, then the show in
/// order (hands left of the dealer, the dealer's, the crib).
private func playRound(_ game: inout Game, pegs: [(player: Int, points: Int)] = [], show: [Int]) throws {
    for peg in pegs { try game.peg(player: peg.player, points: peg.points) }
    for points in show { try game.count(points: points) }
}

@Suite("Game: rounds, the deal and the show")
struct GameRoundTests {
    /// The log says a peg's reasons as a player says them, never as the file's tokens
    /// (`thirtyOne`, `run3`, `last`).
    @Test func aPegsReasonsAreWorded() throws {
        var game = try Game(names: ["Ann", "Bob"])
        let thirtyOne = try game.peg(player: 1, points: 2, reasons: [.thirtyOne])
        #expect(game.describe(thirtyOne) == "Round 1: Bob pegs 2 in the play (thirty-one). Ann 0, Bob 2.")
        let run = try game.peg(player: 0, points: 3, reasons: [.run(length: 3)])
        #expect(game.describe(run) == "Round 1: Ann pegs 3 in the play (run of 3). Ann 3, Bob 2.")
        let royal = try game.peg(player: 1, points: 7, reasons: [.pairRoyal, .lastCard])
        #expect(game.describe(royal) == "Round 1: Bob pegs 7 in the play (pair royal, last card). Ann 3, Bob 9.")
    }

    @Test func theDealPassesToTheLeftAndTheShowStartsLeftOfTheDealer() throws {
        var game = try Game(seating: .threePlayers, dealer: 1)
        #expect(game.dealer == 1)
        #expect(game.showOrder == [2, 0, 1])
        #expect(game.phase == .cut)
        #expect(game.nextCount == Game.Count(player: 2, rules: .hand))

        try game.peg(player: 2, points: 2, reasons: [.fifteen])
        #expect(game.phase == .play)
        try game.count(points: 4)
        #expect(game.phase == .show(Game.Count(player: 0, rules: .hand)))
        try game.count(points: 6)
        #expect(game.phase == .show(Game.Count(player: 1, rules: .hand)))
        try game.count(points: 8)
        #expect(game.phase == .show(Game.Count(player: 1, rules: .crib)))
        try game.count(points: 2)

        #expect(game.round == 2)
        #expect(game.dealer == 2)
        #expect(game.showOrder == [0, 1, 2])
        #expect(game.phase == .cut)
        #expect(game.totals == [6, 10, 6])
        #expect(game.log.map(\.round) == [1, 1, 1, 1, 1])
        #expect(game.log.map(\.player) == [2, 2, 0, 1, 1])
        #expect(game.log.last?.score == .crib(nil))
    }

    @Test func heelsGoesToTheDealerAtTheCutOnly() throws {
        var game = try Game(dealer: 1)
        let entry = try game.heels()
        #expect(entry.player == 1 && entry.points == 2 && entry.score == .heels)
        #expect(game.totals == [0, 2])
        #expect(throws: GameError.heelsAlreadyScored) { try game.heels() }

        var late = try Game()
        try late.peg(player: 1, points: 1, reasons: [.go])
        #expect(throws: GameError.heelsTooLate) { try late.heels() }
    }

    @Test func theShowEndsThePlay() throws {
        var game = try Game()
        try game.count(points: 4)
        #expect(throws: GameError.playIsOver(next: "Player 1's hand")) {
            try game.peg(player: 0, points: 2)
        }
    }

    @Test func aPlayEntryIsItsReasonsOrATypedNumber() throws {
        var game = try Game()
        let entry = try game.peg(player: 1, points: 4, reasons: [.fifteen, .pair])
        #expect(entry.score == .play([.fifteen, .pair]))
        #expect(throws: GameError.reasonsDoNotAdd(points: 5, reasons: 4)) {
            try game.peg(player: 0, points: 5, reasons: [.run(length: 3), .go])
        }
        #expect(throws: GameError.conflictingReasons("pair", "pairRoyal")) {
            try game.peg(player: 0, points: 8, reasons: [.pair, .pairRoyal])
        }
        #expect(throws: GameError.conflictingReasons("fifteen", "thirtyOne")) {
            try game.peg(player: 0, points: 4, reasons: [.fifteen, .thirtyOne])
        }
        #expect(throws: GameError.conflictingReasons("go", "last")) {
            try game.peg(player: 0, points: 2, reasons: [.go, .lastCard])
        }
        #expect(throws: GameError.pegOutOfRange(0)) {
            try game.peg(player: 0, points: 0)
        }
        #expect(throws: GameError.noSuchPlayer(2, players: 2)) { try game.peg(player: 2, points: 1) }
        #expect(game.log.count == 1)
    }

    @Test func reasonTokensReadBack() {
        for reason in PlayScore.all {
            #expect(PlayScore(token: reason.token) == reason)
        }
        #expect(PlayScore(token: "run8") == nil)
        #expect(PlayScore(token: "run03") == nil)
        #expect(PlayScore.all.map(\.points) == [2, 2, 2, 6, 12, 3, 4, 5, 6, 7, 1, 1])
    }

    @Test func aCountMustBeAScoreAHandCanHave() throws {
        var game = try Game()
        #expect(throws: GameError.impossibleCount(19, rules: .hand)) { try game.count(points: 19) }
        #expect(throws: GameError.impossibleCount(25, rules: .hand)) { try game.count(points: 25) }
        #expect(throws: GameError.pointsOutOfRange(30, allowed: 0...29, what: "Player 2's hand")) {
            try game.count(points: 30)
        }
        try game.count(points: 0)
        try game.count(points: 29)
        #expect(game.totals == [29, 0])
    }

    @Test func cardsAreCountedHereUnderTheRightRules() throws {
        var game = try Game()
        let flush = try Hand(parsing: ["2H", "4H", "6H", "8H"], cut: "KS")
        let hand = try game.count(flush)
        #expect(hand.points == 4)
        #expect(hand.breakdown?[.flush].points == 4)
        let other = try Hand(parsing: ["2C", "4C", "6S", "9D"], cut: "KS")
        try game.count(other)
        // The same four-card flush in the crib scores nothing.
        let crib = try game.count(try Hand(parsing: ["2D", "4D", "6D", "8D"], cut: "KS"))
        #expect(crib.points == 0)
        #expect(crib.score == .crib(try Hand(parsing: ["2D", "4D", "6D", "8D"], cut: "KS")))
    }

    @Test func aCardOfTheRoundIsInOneHandOnlyAndTheRefusalNamesBoth() throws {
        var game = try Game(names: ["Ann", "Bob"])
        try game.count(try Hand(parsing: ["2C", "4D", "6S", "9D"], cut: "KS"))
        let before = game
        // Bob's hand holds 4D: Ann's hand cannot, nor her crib.
        #expect(throws: GameError.cardInTwoPlaces(try Card(parsing: "4D"), first: "Bob's hand", second: "Ann's hand")) {
            try game.count(try Hand(parsing: ["4D", "5H", "6H", "7H"], cut: "KS"))
        }
        #expect(game == before)
        try game.count(try Hand(parsing: ["4H", "5H", "6H", "7H"], cut: "KS"))
        let refusal = #expect(throws: GameError.self) {
            try game.count(try Hand(parsing: ["AC", "5H", "8C", "TC"], cut: "KS"))
        }
        #expect(refusal?.description == "5H cannot be in both Ann's hand and Ann's crib")
        // A new round deals again: the same cards are fine.
        try game.count(try Hand(parsing: ["AC", "3H", "8C", "TC"], cut: "KS"))
        try game.count(try Hand(parsing: ["2C", "4D", "6S", "9D"], cut: "KH"))
        #expect(game.round == 2)
    }

    @Test func laidCardsAreCheckedAgainstTheHandsCounted() throws {
        var game = try Game(names: ["Ann", "Bob"])
        let card = { (text: String) in try Card(parsing: text) }
        // Ann deals; Bob laid 2C and 9D, Ann 5H.
        let laid = [[try card("5H")], [try card("2C"), try card("9D")]]
        let bobs = try Hand(parsing: ["2C", "4D", "6S", "9D"], cut: "KS")
        try game.checkRoundCards(of: bobs, laid: laid)
        #expect(throws: GameError.laidCardNotInHand(try card("9D"), player: "Bob", hand: "Bob's hand")) {
            try game.checkRoundCards(of: try Hand(parsing: ["2C", "4D", "6S", "9C"], cut: "KS"), laid: laid)
        }
        #expect(throws: GameError.cardInTwoPlaces(try card("5H"), first: "the cards Ann laid", second: "Bob's hand")) {
            try game.checkRoundCards(of: try Hand(parsing: ["2C", "5H", "6S", "9D"], cut: "KS"), laid: laid)
        }
        #expect(throws: GameError.cardInTwoPlaces(try card("5H"), first: "the cut", second: "the cards Ann laid")) {
            try game.checkRoundCards(of: try Hand(parsing: ["2C", "4D", "6S", "9D"], cut: "5H"), laid: laid)
        }
        try game.count(bobs)
        // In the play: Bob's own cards are his to lay; his hand's cards are no one else's, nor the cut.
        try game.checkLaid(try card("4D"), by: 1)
        #expect(throws: GameError.cardInTwoPlaces(try card("4D"), first: "Bob's hand", second: "the cards Ann laid")) {
            try game.checkLaid(try card("4D"), by: 0)
        }
        #expect(throws: GameError.cardInTwoPlaces(try card("KS"), first: "the cut", second: "the cards Bob laid")) {
            try game.checkLaid(try card("KS"), by: 1)
        }
    }

    @Test func everyCountOfARoundHasTheSameCut() throws {
        var game = try Game()
        try game.count(try Hand(parsing: ["2C", "4D", "6S", "9D"], cut: "KS"))
        let cut = try Card(parsing: "KS")
        #expect(throws: GameError.cutDiffers(try Card(parsing: "QS"), earlier: cut)) {
            try game.count(try Hand(parsing: ["2H", "4H", "6H", "8H"], cut: "QS"))
        }
    }

    @Test func afterHisHeelsTheCutIsAJack() throws {
        var game = try Game()
        try game.heels()
        #expect(throws: GameError.heelsWithoutAJack(cut: try Card(parsing: "KS"))) {
            try game.count(try Hand(parsing: ["2C", "4D", "6S", "9D"], cut: "KS"))
        }
        try game.count(try Hand(parsing: ["2C", "4D", "6S", "9D"], cut: "JS"))
        #expect(game.totals == [2, 4])
    }

    @Test func aCorrectionMovesAScoreEitherWayButNotBelowZero() throws {
        var game = try Game()
        try game.correct(player: 1, points: 5)
        try game.correct(player: 1, points: -3)
        #expect(game.totals == [0, 2])
        #expect(throws: GameError.belowZero(total: 2)) { try game.correct(player: 1, points: -3) }
        #expect(throws: GameError.zeroCorrection) { try game.correct(player: 0, points: 0) }
        #expect(game.phase == .cut)
    }

    @Test func theBackPegIsThePreviousTotal() throws {
        var game = try Game()
        try game.peg(player: 0, points: 2)
        try game.peg(player: 1, points: 1)
        try game.peg(player: 0, points: 3)
        #expect(game.pegs == [Game.Pegs(front: 5, back: 2), Game.Pegs(front: 1, back: 0)])
        game.undo()
        #expect(game.pegs == [Game.Pegs(front: 2, back: 0), Game.Pegs(front: 1, back: 0)])
    }
}

@Suite("Game: the end")
struct GameEndTests {
    @Test func aWinOnHeels() throws {
        var game = try Game(dealer: 0)
        try game.correct(player: 0, points: 119)
        try game.heels()
        let result = try #require(game.result)
        #expect(result.winner == 0)
        #expect(result.winningTotal == 121)
        #expect(result.margin == 121)
        #expect(result.losers.map(\.skunk) == [.doubleSkunk])
        #expect(result.matchPoints == 3)
        #expect(throws: GameError.gameOver(winner: "Player 1")) { try game.peg(player: 1, points: 1) }
        #expect(throws: GameError.gameOver(winner: "Player 1")) { try game.count(points: 2) }
    }

    @Test func aWinInThePlay() throws {
        var game = try Game(dealer: 1)
        try playRound(&game, pegs: [(0, 2), (1, 2)], show: [12, 10, 6])   // 14 to 18
        try game.correct(player: 0, points: 104)                           // 118
        try game.peg(player: 1, points: 2, reasons: [.fifteen])
        try game.peg(player: 0, points: 3, reasons: [.pair, .lastCard])
        let result = try #require(game.result)
        #expect(result.winner == 0)
        #expect(game.totals == [121, 20])
        #expect(game.phase == .over(result))
        #expect(game.nextCount == nil)
        #expect(throws: GameError.gameOver(winner: "Player 1")) { try game.count(points: 8) }
        #expect(throws: GameError.gameOver(winner: "Player 1")) { try game.heels() }
    }

    @Test func aWinInTheShowBeforeABiggerHandIsCounted() throws {
        var game = try Game(dealer: 1)
        try game.correct(player: 0, points: 115)
        try game.correct(player: 1, points: 120)
        // The pone (player 1, left of the dealer) counts first and goes out with 6.
        try game.count(points: 6)
        let result = try #require(game.result)
        #expect(result.winner == 0)
        #expect(result.margin == 1)
        #expect(result.losers.map(\.skunk) == [Game.Skunk.none])
        #expect(result.matchPoints == 1)
        // The dealer's 29 is never scored, nor the crib.
        #expect(throws: GameError.gameOver(winner: "Player 1")) { try game.count(points: 29) }
        #expect(game.totals == [121, 120])
        #expect(game.log.count == 3)
    }

    @Test func theWinnerKeepsPointsPastTheTargetButTheMarginIsFromIt() throws {
        var game = try Game()
        try game.correct(player: 1, points: 110)
        try game.count(points: 24)
        let result = try #require(game.result)
        #expect(result.winningTotal == 134)
        #expect(result.margin == 121)
    }

    /// The loser's final score and what it makes of the win, at 121 and at 61.
    @Test(arguments: [
        (Game.Target.long, 91, Game.Skunk.none), (.long, 90, .skunk), (.long, 61, .skunk), (.long, 60, .doubleSkunk),
        (.long, 0, .doubleSkunk), (.long, 120, .none),
        (.short, 46, .none), (.short, 45, .skunk), (.short, 31, .skunk), (.short, 30, .doubleSkunk),
    ])
    func skunkLines(target: Game.Target, loser: Int, skunk: Game.Skunk) throws {
        var game = try Game(target: target)
        if loser > 0 { try game.correct(player: 1, points: loser) }
        try game.correct(player: 0, points: target.points)
        let result = try #require(game.result)
        #expect(result.losers == [Game.Result.Loser(side: 1, total: loser, skunk: skunk,
                                                    matchPoints: MatchPointsTable.standard[skunk]!)])
        #expect(result.margin == target.points - loser)
    }

    @Test func theLinesAreAtTheSameFractionsOfTheTrack() {
        #expect(Game.Target.long.skunkLine == 91)
        #expect(Game.Target.long.doubleSkunkLine == 61)
        #expect(Game.Target.short.skunkLine == 46)
        #expect(Game.Target.short.doubleSkunkLine == 31)
    }

    @Test func matchPointsCanBeChanged() throws {
        var game = try Game(matchPoints: Game.MatchPoints(win: 2, skunk: 3, doubleSkunk: 4))
        try game.correct(player: 1, points: 75)
        try game.correct(player: 0, points: 121)
        #expect(game.result?.matchPoints == 3)
    }

    @Test func threePlayersEachLoserIsJudgedOnItsOwn() throws {
        var game = try Game(seating: .threePlayers, dealer: 0)
        try game.correct(player: 1, points: 100)
        try game.correct(player: 2, points: 50)
        try game.correct(player: 0, points: 115)
        // Show: player 1, player 2, then player 0 (the dealer) goes out on his hand.
        try game.count(points: 2)
        try game.count(points: 4)
        #expect(game.result == nil)
        try game.count(points: 6)
        let result = try #require(game.result)
        #expect(result.winner == 0)
        #expect(result.losers.map(\.side) == [1, 2])
        #expect(result.losers.map(\.skunk) == [Game.Skunk.none, .doubleSkunk])
        #expect(result.margin == 19)
        #expect(result.matchPoints == 4)
        #expect(throws: GameError.gameOver(winner: "Player 1")) { try game.count(points: 12) }
    }

    @Test func teamsScoreTogetherPartnersOpposite() throws {
        var game = try Game(seating: .twoTeams, dealer: 3, names: ["Ann", "Bob", "Cat", "Dan"])
        #expect(game.showOrder == [0, 1, 2, 3])
        #expect(game.name(ofSide: 0) == "Ann & Cat")
        #expect(game.name(ofSide: 1) == "Bob & Dan")
        try game.heels()                                  // Dan deals: 2 to Bob & Dan
        try game.peg(player: 2, points: 2, reasons: [.pair])
        try playRound(&game, show: [8, 6, 4, 10, 2])
        #expect(game.totals == [14, 20])
        #expect(game.log.map(\.side) == [1, 0, 0, 1, 0, 1, 1])
        #expect(game.round == 2 && game.dealer == 0)

        try game.correct(player: 1, points: 101)           // Bob & Dan 121
        let result = try #require(game.result)
        #expect(result.winner == 1)
        #expect(result.losers == [Game.Result.Loser(side: 0, total: 14, skunk: .doubleSkunk, matchPoints: 3)])
    }
}

@Suite("Game: undo")
struct GameUndoTests {
    @Test func undoTakesBackEntriesAcrossRounds() throws {
        var game = try Game(dealer: 0)
        try game.heels()
        try playRound(&game, pegs: [(1, 2)], show: [4, 8, 5])
        #expect(game.round == 2 && game.dealer == 1 && game.phase == .cut)
        try game.peg(player: 0, points: 1, reasons: [.go])
        let before = game

        // Back over the first entry of round 2, then the crib that ended round 1.
        #expect(game.undo()?.score == .play([.go]))
        #expect(game.round == 2 && game.phase == .cut)
        #expect(game.undo()?.score == .crib(nil))
        #expect(game.round == 1 && game.dealer == 0)
        #expect(game.phase == .show(Game.Count(player: 0, rules: .crib)))
        #expect(game.totals == [10, 6])

        // Scoring the same again gives the same game.
        try game.count(points: 5)
        try game.peg(player: 0, points: 1, reasons: [.go])
        #expect(game == before)

        while game.undo() != nil {}
        #expect(game.log.isEmpty)
        #expect(game.totals == [0, 0])
        #expect(game.phase == .cut)
        #expect(game == (try Game(dealer: 0)))
        #expect(game.undo() == nil)
    }

    @Test func undoingTheWinResumesTheGame() throws {
        var game = try Game()
        try game.correct(player: 0, points: 120)
        try game.peg(player: 0, points: 1, reasons: [.lastCard])
        #expect(game.isOver)
        game.undo()
        #expect(!game.isOver)
        #expect(game.phase == .cut)
        try game.count(points: 2)
        #expect(game.totals == [120, 2])
    }

    @Test func heelsCanBeScoredAgainAfterItIsUndone() throws {
        var game = try Game()
        try game.heels()
        game.undo()
        #expect(game.phase == .cut)
        try game.heels()
        #expect(game.totals == [2, 0])
    }
}

@Suite("Game: JSON")
struct GameCodingTests {
    private func sampleGame() throws -> Game {
        var game = try Game(seating: .threePlayers, target: .short, dealer: 2, names: ["Ann", "Bob", "Cat"])
        try game.heels()
        try game.peg(player: 0, points: 8, reasons: [.pairRoyal, .fifteen])
        try game.peg(player: 1, points: 1, reasons: [])
        try game.count(try Hand(parsing: ["5H", "5C", "5S", "5D"], cut: "JH"))
        try game.count(points: 6)
        try game.correct(player: 2, points: -1)
        return game
    }

    @Test func aGameSurvivesTheRoundTrip() throws {
        let game = try sampleGame()
        let data = try JSONEncoder().encode(game)
        let decoded = try JSONDecoder().decode(Game.self, from: data)
        #expect(decoded == game)
        #expect(decoded.phase == game.phase)
        #expect(decoded.log.last?.totals == [36, 7, 1])
    }

    @Test func seatsAndSidesAreNumberedFromOne() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(sampleGame())) as? [String: Any])
        #expect(object["firstDealer"] as? Int == 3)
        #expect(object["seating"] as? String == "threePlayers")
        #expect(object["target"] as? Int == 61)
        let log = try #require(object["log"] as? [[String: Any]])
        #expect(log[0]["for"] as? String == "heels")
        #expect(log[0]["player"] as? Int == 3)
        #expect(log[1]["reasons"] as? [String] == ["pairRoyal", "fifteen"])
        #expect(log[2]["reasons"] == nil)
        #expect(log[3]["cards"] as? [String] == ["5H", "5C", "5S", "5D"])
        #expect(log[3]["cut"] as? String == "JH")
        #expect(log[3]["points"] as? Int == 28)
    }

    /// A log that does not add up, or that the rules refuse, does not decode.
    @Test(arguments: [
        ("\"totals\":[0,0,2]", "\"totals\":[0,0,3]", "does not add up"),
        ("\"points\":28", "\"points\":24", "does not add up"),
        ("\"pairRoyal\"", "\"pairRoyale\"", "unknown reason"),
        ("\"for\":\"heels\"", "\"for\":\"nobs\"", "unknown score"),
    ])
    func aTamperedLogDoesNotDecode(original: String, replacement: String, complaint: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(sampleGame()), as: UTF8.self)
        #expect(text.contains(original))
        let tampered = Data(text.replacingOccurrences(of: original, with: replacement).utf8)
        do {
            _ = try JSONDecoder().decode(Game.self, from: tampered)
            Issue.record("decoded a tampered log")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains(complaint), "\(context.debugDescription)")
        }
    }

    @Test func aCountAfterTheWinDoesNotDecode() throws {
        var game = try Game()
        try game.correct(player: 0, points: 121)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(game), as: UTF8.self)
        let extra = #"{"for":"hand","player":2,"side":2,"points":4,"round":1,"totals":[121,4]}"#
        let tampered = text.replacingOccurrences(of: "]}]", with: "]},\(extra)]")
        #expect(tampered != text)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Game.self, from: Data(tampered.utf8)) }
    }
}

/// The standard match points, by skunk, for the boundary table.
private enum MatchPointsTable {
    static let standard: [Game.Skunk: Int] = [.none: 1, .skunk: 2, .doubleSkunk: 3]
}

@Suite("Game: bounds")
struct GameBoundsTests {
    @Test func aCorrectionIsBoundedByTheTarget() throws {
        var game = try Game(target: .short)
        #expect(throws: GameError.pointsOutOfRange(Int.max, allowed: -61...61, what: "a correction")) {
            try game.correct(player: 0, points: Int.max)
        }
        #expect(throws: GameError.pointsOutOfRange(Int.min, allowed: -61...61, what: "a correction")) {
            try game.correct(player: 0, points: Int.min)
        }
        #expect(throws: GameError.noSuchPlayer(Int.max, players: 2)) { try game.correct(player: Int.max, points: 1) }
        #expect(GameError.noSuchPlayer(Int.max, players: 2).description.hasPrefix("no player past"))
        try game.correct(player: 0, points: 61)
        #expect(game.isOver)
    }

    @Test(arguments: ["", "  ", String(repeating: "x", count: 33), "A\u{1B}[2J", "A\nB", "A\u{202E}B", "A\u{85}B",
                      "A\u{200B}B", "\u{E000}", "e" + String(repeating: "\u{301}", count: 200)])
    func aNameATerminalWouldObeyOrTooLongIsRefused(name: String) {
        #expect(throws: GameError.self) { try Game(names: [name, "Bob"]) }
    }

    @Test(arguments: [String(repeating: "漢", count: 32), "Ann-Marie O'Neil", "👨‍👩‍👧", "Zoë", "e\u{301}"])
    func aNameAsPeopleWriteThemIsTaken(name: String) throws {
        #expect(try Game(names: [name, "Bob"]).names[0] == name)
    }

    @Test func theLogIsBounded() throws {
        var game = try Game()
        for index in 0..<Game.maximumEntries { try game.correct(player: 0, points: index % 2 == 0 ? 1 : -1) }
        #expect(throws: GameError.logFull(Game.maximumEntries)) { try game.correct(player: 0, points: 1) }
        #expect(game.log.count == Game.maximumEntries)
    }

    /// A stored number past its bounds is corrupt, before anything is computed from it.
    @Test(arguments: ["\"player\": -9223372036854775808", "\"player\": 9223372036854775807", "\"side\": -9223372036854775808",
                      "\"round\": 9223372036854775807", "\"points\": -9223372036854775808", "\"totals\": [9223372036854775807, 0]",
                      "\"totals\": [1, 0, 0, 0, 0]"])
    func aStoredNumberPastItsBoundsIsCorrupt(field: String) throws {
        var entry = ["\"round\": 1", "\"player\": 1", "\"side\": 1", "\"points\": 1", "\"for\": \"correction\"", "\"totals\": [1, 0]"]
        let key = field.prefix { $0 != ":" }
        entry = entry.map { $0.hasPrefix(key) ? field : $0 }
        let json = """
            {"seating": "twoPlayers", "players": ["Ann", "Bob"], "target": 121, "firstDealer": 1,
             "matchPoints": {"win": 1, "skunk": 2, "doubleSkunk": 3}, "log": [{\(entry.joined(separator: ", "))}]}
            """
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Game.self, from: Data(json.utf8)) }
    }
}
