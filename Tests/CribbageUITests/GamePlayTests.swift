import Foundation
import CribbageCore
import Testing
@testable import CribbageUI

/// The Play while a game is kept: the round's play, on the game's seats, each peg entered in
/// the game in the same key and taken back with its card.
@Suite("The Play on the board")
struct GamePlayTests {
    private func game(_ app: App) -> Game { app.state.board!.game }

    /// Lays cards in turn, one action each, as a click would.
    private func lay(_ app: inout App, _ cards: String...) {
        for text in cards { app.send(.play(.cardLaid(card(text)))) }
    }

    @Test func theBoardsTOpensTheRoundsPlayOnTheGamesSeats() {
        var app = BoardTests.app()
        app.press(.character("t"))
        #expect(app.state.navigation.stack == [.handSelection, .board, .play])
        #expect(app.state.play.play.players == 2)
        // Ann deals, so Bob (left of the dealer) leads: he is the play's first player.
        let text = app.text
        #expect(text.contains("Bob leads: lay a card"))
        #expect(text.contains("Board"))
        app.press(.escape)
        #expect(app.state.navigation.top == .board)
    }

    /// A play started alone for four, then a game for two opened over it and the board left:
    /// The Play beneath is made the round's before it counts a card (a random run of the
    /// property test laid the fourth player's card into a game of two and crashed).
    @Test func aPlayStartedAloneBecomesTheRoundsWhenAGameOpensOverIt() throws {
        var app = App.standard()
        app.press(.character("t"))
        app.send(.play(.playersChosen(4)))
        app.send(.gameOpened(try Game(names: ["Ann", "Bob"]), message: nil))
        #expect(app.state.navigation.top == .board)
        app.press(.escape)
        #expect(app.state.navigation.top == .play)
        lay(&app, "5h", "tc", "th", "9d", "kc")
        #expect(app.state.play.play.players == 2)
        #expect(game(app).totals == [2, 2])
    }

    @Test("the board's chance moves with each card laid in The Play, no longer the round's start")
    func theChanceMovesWithEachCardLaid() throws {
        var app = BoardTests.app()
        func chanceLine(_ app: App) -> [String] { app.text.split(separator: "\n").map(String.init).filter { $0.contains("% to win") } }
        app.press(.character("t"))
        lay(&app, "5h", "tc")
        app.press(.escape)
        #expect(app.state.navigation.top == .board)
        let after2 = chanceLine(app)
        #expect(after2.count == 2 && after2.allSatisfy { !$0.contains("as the round began") }, "\(after2)")
        let expected = try #require(game(app).chancesToWin(cardsLaid: 2))
        #expect(expected.moment == .play)
        #expect(after2.joined().contains("\((expected.sides[0].win * 100).decimal(places: 0))% to win"))
        app.press(.character("t"))
        lay(&app, "th")
        app.press(.escape)
        #expect(try #require(game(app).chancesToWin(cardsLaid: 3)).sides != expected.sides)
        #expect(chanceLine(app).allSatisfy { !$0.contains("as the round began") })
    }

    @Test("after the play by its cards, with the starter told, the chance counts the hands exactly")
    func theHandsLaidCountExactlyInTheChance() throws {
        var app = BoardTests.app()
        app.press(.character("x"), .character("9"), .character("d"))
        #expect(game(app).roundCut == card("9d"))
        app.press(.character("t"))
        // Bob leads: Bob AH 2S 3S 4C, Ann AS 2H 3H 4D, every card fitting.
        lay(&app, "ah", "as", "2s", "2h", "3s", "3h", "4c", "4d")
        app.press(.escape)
        let known = game(app).knownHands(laid: [[card("as"), card("2h"), card("3h"), card("4d")],
                                                [card("ah"), card("2s"), card("3s"), card("4c")]])
        #expect(known.count == 2)
        let expected = try #require(game(app).chancesToWin(playOver: true, knownHands: known))
        let lines = app.text.split(separator: "\n").filter { $0.contains("% to win") }
        #expect(lines.count == 2 && lines[0].contains("\((expected.sides[0].win * 100).decimal(places: 0))% to win"), "\(lines)")
    }

    @Test func eachPegIsEnteredForThePlayerWhoPegsIt() {
        var app = BoardTests.app()
        app.press(.character("t"))
        lay(&app, "5h")
        #expect(game(app).log.isEmpty)
        #expect(app.handle(.character("l")) == .none)  // a cursor move changes no game
        app.send(.play(.cardLaid(card("tc"))))
        #expect(game(app).totals == [2, 0])
        #expect(game(app).log.last?.score == .play([.fifteen]))
        #expect(game(app).log.last?.player == 0)
        lay(&app, "th")
        #expect(game(app).totals == [2, 2])
        #expect(game(app).log.last?.score == .play([.pair]))
        #expect(app.text.contains("Bob laid 10♥: a pair for two"))
    }

    @Test func aKeyThatPegsAsksForTheSave() {
        var app = BoardTests.app()
        app.press(.character("t"))
        lay(&app, "5h")
        let effect = app.send(.play(.cardLaid(card("tc"))))
        #expect(effect == .gameChanged(game(app)))
        #expect(game(app).totals == [2, 0])
    }

    @Test func aTakeBackTakesThePegOffTheBoard() {
        var app = BoardTests.app()
        app.press(.character("t"))
        lay(&app, "5h", "tc")
        #expect(app.handle(.backspace) == .gameChanged(game(app)))
        #expect(game(app).log.isEmpty)
        #expect(app.state.play.play.steps.count == 1)
        // A card that pegged nothing takes nothing off the board.
        app.press(.backspace)
        #expect(game(app).log.isEmpty)
        #expect(app.state.play.play.steps.isEmpty)
    }

    @Test func aTakeBackBehindLaterEntriesIsRefusedAndNamesTheUndoKey() {
        var app = BoardTests.app()
        app.press(.character("t"))
        lay(&app, "5h", "tc")
        app.press(.escape, .character("3"), .enter)
        #expect(game(app).totals == [2, 3])
        app.press(.character("t"))
        let before = app.state
        #expect(app.handle(.backspace) == .none)
        // Refused whole: the card stays laid and its points stay, so laying it again cannot peg twice.
        #expect(app.state.play == before.play)
        #expect(game(app) == before.board?.game)
        #expect(app.state.notice == .takeBackRefused)
        let line = try! #require(app.text.split(separator: "\n").first { $0.contains("Not taken back") })
        #expect(line.contains("u on the board undoes them)"))
        // Starting the play again is refused the same way, all or nothing.
        app.send(.play(.playersChosen(2)))
        #expect(app.state.play == before.play)
        #expect(app.state.notice == .takeBackRefused)
        // Undone on the board, the take-back removes exactly the points the card added.
        app.press(.escape, .character("u"), .character("t"), .backspace)
        #expect(game(app).totals == [0, 0])
        #expect(app.state.play.play.steps.count == 1)
        lay(&app, "tc")
        #expect(game(app).totals == [2, 0])
        // Both entries undone on the board first: the take-back has no points left to take.
        app.press(.escape, .character("u"), .character("t"), .backspace)
        #expect(app.state.notice == nil)
        #expect(game(app).log.isEmpty)
        #expect(app.state.play.play.steps.count == 1)
    }

    @Test func theRefusalFitsAt80Columns() {
        var app = BoardTests.app(width: 80, height: 24)
        app.press(.character("t"))
        lay(&app, "5h", "tc")
        app.press(.escape, .character("3"), .enter, .character("t"), .backspace)
        let text = Wording.text(Notice.takeBackRefused, glyphs: .unicode)
        #expect(text.count <= 76)
        #expect(app.text.contains(text))
    }

    /// Lays a whole two-player round of the play, Ann dealing: Bob 5♥ 10♥ 9♥ 2♥, Ann 10♣ 5♠ 9♣ 2♣.
    private func playWholeRound(_ app: inout App) {
        lay(&app, "5h", "tc", "th", "5s")
        app.send(.play(.goSaid))
        app.send(.play(.goSaid))
        lay(&app, "9h", "9c", "2h", "2c")
    }

    @Test func onceThePlayIsCompleteTheBoardTakesTheShow() {
        var app = BoardTests.app()
        app.press(.character("t"))
        playWholeRound(&app)
        #expect(app.state.play.play.isComplete)
        // Ann: fifteen 2, go 1, pair 2, pair 2 and last 1; Bob: pair 2.
        #expect(game(app).totals == [8, 2])
        #expect(app.state.board?.target == .show)
        app.press(.escape)
        #expect(app.text.contains("The play is complete: the show, next Bob's hand."))
        #expect(app.text.contains("Bob's hand:"))
        // Tab cannot bring a peg back, and a typed number is Bob's hand.
        app.press(.tab)
        #expect(app.state.board?.target == .show)
        app.type("8")
        app.press(.enter)
        #expect(game(app).log.last?.score == .hand(nil))
        #expect(game(app).log.last?.player == 1)
        #expect(game(app).totals == [8, 10])
        // A take-back of the last card (its entry not the last) is refused; undo the hand and
        // take it back: the play is no longer complete, and numbers are pegs again.
        app.press(.character("u"), .character("t"), .backspace)
        #expect(!app.state.play.play.isComplete)
        #expect(game(app).totals == [5, 2])
        app.press(.escape)
        #expect(app.state.board?.target == .peg(1))
        #expect(app.text.contains("Next: more of the play"))
    }

    @Test func cardsLaidByRankAreCheckedByRankInTheShowAndKeptWithTheGame() throws {
        var app = BoardTests.app()
        // t opens The Play; there t is a ten. Bob leads a five, Ann answers with a ten.
        app.press(.character("t"), .character("5"), .character("t"))
        #expect(game(app).totals == [2, 0])
        #expect(app.state.play.rankOnly.count == 2)
        #expect(app.text.contains("Ann laid 10: fifteen for two"))
        #expect(app.text.contains(try Regex("Count\\s+15\\s+5 10")))
        // Kept with the game as laid by rank, and read back so.
        let saved = try JSONDecoder().decode(Game.self, from: JSONEncoder().encode(game(app)))
        #expect(saved.roundPlay?.unsuited == [0, 1])
        // Bob's hand without a five: refused, by rank.
        app.press(.escape, .escape)
        app.enter("ks 2h 3h 9h 4h")
        app.press(.character("B"), .character("c"))
        #expect(app.state.board?.message == .refused(.laidRankNotInHand(.five, player: "Bob", hand: "Bob's hand")))
        #expect(app.text.contains("Bob laid a card of rank 5 in the play: Bob's hand must hold one"))
        // Any five will do: its suit was never said.
        app.press(.escape, .character("n"))
        app.enter("ks 2h 5c 9h 4h")
        app.press(.character("B"), .character("c"))
        #expect(game(app).log.count == 2)
    }

    @Test func aCardIsInOnePlaceOnlyAcrossThePlayAndTheShow() throws {
        var app = BoardTests.app()
        app.press(.character("t"))
        lay(&app, "5h", "tc")
        // Bob's hand from the counter holds 10♣, which Ann laid: refused, naming both places.
        app.press(.escape, .escape)
        app.enter("ks 2h 10c 9h 5h")
        app.press(.character("B"), .character("c"))
        #expect(game(app).log.count == 1)
        #expect(app.state.board?.message == .refused(.cardInTwoPlaces(card("tc"), first: "the cards Ann laid",
                                                                   second: "Bob's hand")))
        #expect(app.text.contains("10C cannot be in both the cards Ann laid and Bob's hand"))
        // Nor a hand without a card Bob laid.
        app.press(.escape, .character("n"))
        app.enter("ks 2h 3h 9h 4h")
        app.press(.character("B"), .character("c"))
        #expect(app.state.board?.message == .refused(.laidCardNotInHand(card("5h"), player: "Bob", hand: "Bob's hand")))
        // His own cards count; then 9♥, in Bob's counted hand, cannot be laid by Ann.
        app.press(.escape, .character("n"))
        app.enter("ks 2h 5h 9h 4h")
        app.press(.character("B"), .character("c"))
        #expect(game(app).log.count == 2)
        app.press(.character("t"))
        lay(&app, "2h")
        let before = app.state.play
        lay(&app, "9h")
        #expect(app.state.play == before)
        #expect(app.state.notice == .notLaid(.cardInTwoPlaces(card("9h"), first: "Bob's hand",
                                                              second: "the cards Ann laid")))
    }

    @Test func aSaveMergedWithAnotherWritersEntriesKeepsBothAndTakesBackExactly() throws {
        var app = BoardTests.app()
        app.press(.character("t"))
        lay(&app, "5h", "tc")
        #expect(game(app).totals == [2, 0])
        // Another program corrected Bob +3 before this board's peg; the keeper scored the peg after it.
        var file = try Game(target: .short, names: ["Ann", "Bob"])
        try file.correct(player: 1, points: 3)
        let merged = try file.appending(game(app).log)
        app.press(.escape)
        #expect(app.send(.board(.merged(merged, added: 1))) == .none)
        #expect(game(app) == merged)
        #expect(game(app).totals == [2, 3])
        #expect(app.state.board?.message == .merged(added: 1))
        #expect(app.text.contains("merged: another twentynine's entries first, then this board's last entry"))
        // The Play's card still owns its entry: taken back, exactly its 2 come off.
        app.press(.character("t"), .backspace)
        #expect(game(app).totals == [0, 3])
        #expect(game(app).log.count == 1)
    }

    @Test func thePlaysPlayersFollowTheGame() {
        var app = BoardTests.app(seating: .threePlayers)
        app.press(.character("t"))
        #expect(app.state.play.play.players == 3)
        app.press(.character("p"))
        #expect(app.state.play.play.players == 3)
        #expect(app.state.notice == .playFollowsTheGame(players: 3))
        // Choosing the game's number starts the play again, its pegs taken off the board.
        lay(&app, "5h", "tc")
        #expect(game(app).totals == [0, 0, 2])
        app.send(.play(.playersChosen(3)))
        #expect(app.state.play.play.steps.isEmpty)
        #expect(game(app).log.isEmpty)
    }

    @Test func teamsPegForTheSideAndNameThePartners() {
        var app = BoardTests.app(seating: .twoTeams)
        app.press(.character("t"))
        // Ann (seat 0) deals: Bob, Cy, Di, Ann lay in turn; Cy's fifteen and Ann's pair are
        // both for Ann & Cy.
        lay(&app, "5h", "tc", "5c", "5d")
        #expect(game(app).totals == [4, 0])
        #expect(game(app).log.map(\.player) == [2, 0])
        // The sides in the board's order and words, whoever leads.
        #expect(app.text.contains("Ann & Cy  4    Bob & Di  0"))
    }

    @Test func aCardThatWinsEndsTheGameAndTheRestAreNotPegged() throws {
        var game = try Game(target: .short, names: ["Ann", "Bob"])
        for _ in 0..<4 { try game.peg(player: 0, points: 14) }
        try game.peg(player: 0, points: 1)
        var app = App.standard()
        app.openBoard(game)
        app.press(.character("t"))
        #expect(self.game(app).totals == [57, 0])
        lay(&app, "5h", "tc", "5c", "5d")
        #expect(self.game(app).isOver)
        #expect(app.text.contains("Ann won 61 to 0, by 61, and double-skunked Bob"))
        lay(&app, "ah", "4h", "ac")
        guard app.state.notice == .notPegged(.gameOver(winner: "Ann")) else {
            Issue.record("expected the game to refuse the peg, got \(String(describing: app.state.notice))")
            return
        }
        #expect(app.text.contains("Not pegged on the board"))
    }

    @Test func aNewRoundGivesANewPlay() {
        var app = BoardTests.app()
        app.press(.character("t"))
        lay(&app, "5h")
        app.press(.escape)
        for points in ["4", "4", "4"] {
            app.type(points)
            if app.state.board?.target != .show { app.press(.character("s")) }
            app.press(.enter)
        }
        #expect(game(app).round == 2)
        app.press(.character("t"))
        #expect(app.state.play.play.steps.isEmpty)
        #expect(app.text.contains("Ann leads: lay a card"))
    }

    @Test func aNewGameOnceOverWithTheLoserDealing() throws {
        var game = try Game(target: .short, names: ["Ann", "Bob"])
        try game.count(points: 29)
        try game.count(points: 29)
        try game.count(points: 4)
        var app = App.standard()
        app.openBoard(game)
        app.press(.character("n"))
        #expect(app.state.board?.message == .gameNotOver)
        #expect(app.text.contains("the game is not over"))
        // Round 2, Bob deals: Ann's hand of 29 takes her from 33 past 61.
        app.press(.character("s"))
        app.type("29")
        app.press(.enter)
        #expect(self.game(app).isOver)
        let effect = app.handle(.character("n"))
        #expect(!self.game(app).isOver && self.game(app).log.isEmpty)
        #expect(effect == .gameStarted(self.game(app)))
        #expect(self.game(app).names == ["Ann", "Bob"])
        #expect(self.game(app).dealer == 1)
    }
}

@Suite("The Play on the board as text")
struct GamePlaySnapshotTests {
    @Test func partWayThroughARoundWithTheBoardsTotals() {
        var app = BoardTests.app(target: .long)
        app.press(.character("h"))
        app.press(.character("t"))
        for text in ["5h", "tc", "th", "4s"] { app.send(.play(.cardLaid(card(text)))) }
        expectSnapshot(app.render(), named: "play-game-80x24")
    }
}

@Suite("The help over the board")
struct BoardHelpTests {
    @Test func nothingOfTheBoardShowsBesideTheHelpBox() {
        var app = BoardTests.app()
        app.press(.escape)
        app.enter("5d 5h 5c 5s jd")
        app.press(.character("B"), .character("c"), .character("?"))
        let frame = app.render()
        var rows = 0
        for row in 1..<(frame.size.height - 1) {
            let line = frame.line(row)
            guard let start = line.firstIndex(where: { "│┌└".contains($0) }),
                  let end = line.lastIndex(where: { "│┐┘".contains($0) }) else { continue }
            rows += 1
            #expect(line[..<start].allSatisfy { $0 == " " }, "row \(row): \(line)")
            #expect(line[line.index(after: end)...].allSatisfy { $0 == " " }, "row \(row): \(line)")
        }
        #expect(rows > 10)
    }
}

/// A play in progress is part of the game: saved with every card, restored on reopening.
@Suite("The Play kept with the game")
struct KeptPlayTests {
    private static func laid(_ app: inout App, _ cards: String...) -> Effect {
        var effect = Effect.none
        for text in cards { effect = app.send(.play(.cardLaid(card(text)))) }
        return effect
    }

    @Test func everyCardIsSavedAndAReopenedBoardGoesOnWithoutPeggingTwice() throws {
        var app = BoardTests.app()
        app.press(.character("t"))
        // A card that pegs nothing is saved too.
        guard let first = Self.laid(&app, "5h").savedGame else {
            Issue.record("laying a card saves the game")
            return
        }
        #expect(first.roundPlay?.tokens == [.card(card("5h"))] && first.log.isEmpty)
        guard let saved = Self.laid(&app, "tc", "th").savedGame else {
            Issue.record("laying a card saves the game")
            return
        }
        #expect(saved.totals == [2, 2])
        #expect(saved.roundPlay?.entries == [1: 0, 2: 1])

        // The program ends here; the next one reads the file.
        let reread = try JSONDecoder().decode(Game.self, from: JSONEncoder().encode(saved))
        #expect(reread == saved)
        var again = App.standard()
        again.openBoard(reread)
        again.press(.character("t"))
        #expect(again.state.play.play.steps.map(\.token) == saved.roundPlay!.tokens)
        #expect(again.text.contains("Ann to lay a card") || again.text.contains("to lay a card"))
        // The take-back takes exactly its entry; laying it again pegs it once.
        again.send(.play(.tokenTakenBack))
        #expect(again.state.board!.game.totals == [2, 0])
        _ = Self.laid(&again, "th")
        #expect(again.state.board!.game.totals == [2, 2])
        #expect(again.state.board!.game.log.count == 2)
    }

    @Test func aCompletePlayReopensAsCompleteSoANumberGoesToTheShow() throws {
        var app = BoardTests.app()
        app.press(.character("t"))
        var effect = Effect.none
        for text in ["5h", "tc", "th", "5s"] { effect = app.send(.play(.cardLaid(card(text)))) }
        for step in ["go", "go", "9h", "9c", "2h", "2c"] {
            effect = step == "go" ? app.send(.play(.goSaid)) : app.send(.play(.cardLaid(card(step))))
        }
        #expect(app.state.play.play.isComplete)
        guard let saved = effect.savedGame else { Issue.record("saved"); return }
        var again = App.standard()
        again.openBoard(saved)
        #expect(again.state.board!.playIsComplete)
        #expect(again.text.contains("The play is complete"))
    }

    @Test func aPlayOfAnEarlierRoundOrAnUnknownCardDoesNotComeBack() throws {
        var game = try Game(target: .short, names: ["Ann", "Bob"])
        game.roundPlay = Game.RoundPlay(round: 1, tokens: [.card(card("5h"))])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var json = String(decoding: try encoder.encode(game), as: UTF8.self)
        #expect(json.contains(#""play":{"entries":[],"round":1,"tokens":["5H"]}"#))
        #expect(try JSONDecoder().decode(Game.self, from: Data(json.utf8)) == game)
        // Moved on by another program: the play of round 1 is over.
        var moved = game
        for points in [10, 12, 4] { _ = try moved.count(points: points) }
        moved.roundPlay = game.roundPlay
        let decoded = try JSONDecoder().decode(Game.self, from: JSONEncoder().encode(moved))
        #expect(decoded.roundPlay == nil)
        // Tokens the rules refuse: the file is corrupt.
        json = json.replacingOccurrences(of: #"["5H"]"#, with: #"["5H","5H"]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Game.self, from: Data(json.utf8)) }
    }
}

@Suite("The counter in a game")
struct CounterInAGameTests {
    @Test func itNamesTheBoardsNextCountAndTheWayBackAndTakesCribRulesForTheCrib() {
        var app = BoardTests.app()
        let game = app.state.board!.game
        let first = game.describe(game.nextCount!), crib = "\(game.names[game.dealer])'s crib"
        app.press(.escape)
        #expect(app.text.contains("For the board: \(first) next"))
        #expect(app.state.rules == .hand)
        let footer = app.text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(footer.hasPrefix(" B board"), "\(footer)")
        // Both hands typed on the board: back at the counter, the crib's rules are in force.
        // The first hand from the counter's cards: the starter is known from then on.
        app.enter("5d 5h 5c 5s jd")
        app.press(.character("B"), .character("c"), .escape)
        #expect(app.text.contains("next, the starter 5♦"))
        app.press(.character("n"), .character("B"))
        app.type("4")
        app.press(.enter, .escape)
        #expect(app.state.rules == .crib)
        #expect(app.text.contains("For the board: \(crib) next"))
        #expect(app.text.contains("Crib rules"))
        // The crib counted from the counter's cards: the starter shows, and the next round's hand rules return.
        app.enter("5d 2h 3c 4s kd")
        app.press(.character("B"), .character("c"), .escape)
        #expect(app.state.rules == .hand)
        #expect(app.text.contains("next, the starter") == false)
        #expect(app.state.board!.game.round == 2)
    }
}
