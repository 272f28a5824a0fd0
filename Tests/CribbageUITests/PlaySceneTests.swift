import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

@Suite("Play scene")
struct PlaySceneTests {
    /// A whole two-player play with a go, a 31 and the last card: player 1 pegs one for the go,
    /// fifteen for two and thirty-one for two; player 2 a pair and one for last.
    static let wholePlay = "10s 10h 5c go go kh 5d 6h js 2h"

    static func opened(width: Int = 80, height: Int = 24, glyphs: Glyphs = .unicode) -> App {
        var app = App.standard(width: width, height: height, glyphs: glyphs)
        app.press(.character("t"))
        return app
    }

    @Test func tOpensThePlayAndItStaysBetweenVisits() {
        var app = App.standard()
        app.press(.character("t"))
        #expect(app.state.navigation.stack == [.handSelection, .play])
        #expect(app.text.contains("Player 1 leads: lay a card"))
        app.lay("5h")
        app.press(.escape)
        #expect(app.state.navigation.stack == [.handSelection])
        app.press(.character("t"))
        #expect(app.state.play.play.countCards == [card("5h")])
        app.press(.escape)
        #expect(app.state.navigation.stack == [.handSelection])
    }

    @Test func aCardIsLaidWithTheKeyboardOrAClickAndScoredInWords() {
        var app = Self.opened()
        app.press(.right, .right, .right, .right, .down, .enter)
        #expect(app.state.play.play.countCards == [card("5h")])
        let ten = card("10c")
        app.press(.click(row: CardGrid.firstRow + Int(ten.suit.rawValue), column: CardGrid.column(of: ten.rank.order - 1)))
        #expect(app.state.play.play.totals == [0, 2])
        #expect(app.state.play.lastPegs.map { [$0.player: $0.score] } == [[1: .fifteen]])
        #expect(app.text.contains("Player 2 laid 10♣: fifteen for two"))
        #expect(app.text.contains(try! Regex("Count\\s+15\\s+5♥ 10♣")))
    }

    @Test func aWholePlayWithAGoAThirtyOneAndTheLastCard() {
        var app = Self.opened()
        var lines: [String] = []
        for token in Self.wholePlay.split(separator: " ") {
            app.play(String(token))
            #expect(app.state.notice == nil, "\(token)")
            lines.append(app.text.split(separator: "\n").first { $0.contains("Last") }.map(String.init) ?? "")
        }
        #expect(lines[1].contains("Player 2 laid 10♥: a pair for two"))
        #expect(lines[3].contains("Player 2 said go"))
        #expect(lines[4].contains("Player 1 said go: one for the go to Player 1"))
        #expect(lines[6].contains("Player 1 laid 5♦: fifteen for two"))
        #expect(lines[8].contains("Player 1 laid J♠: thirty-one for two"))
        #expect(lines[9].contains("Player 2 laid 2♥: one for last"))
        #expect(app.state.play.play.isComplete)
        #expect(app.state.play.play.totals == [5, 3])
        #expect(app.text.contains("The play is complete"))
        app.lay("3h")
        #expect(app.state.notice == .playRefused(.complete))
    }

    @Test func aWholePlayByRankKeysInTenKeysScoresAsByCards() {
        var app = Self.opened()
        // 10s 10h 5c go go kh 5d 6h js 2h, by their ranks: t 0 5 g g k 5 6 j 2.
        for key in ["t", "0", "5", "g", "g", "k", "5", "6", "j", "2"] {
            app.press(.character(Character(key)))
            #expect(app.state.notice == nil, "\(key)")
        }
        #expect(app.state.play.play.isComplete)
        #expect(app.state.play.play.totals == [5, 3])
        #expect(app.text.contains("Player 2 laid 2: one for last"))
        #expect(app.text.contains(try! Regex("Player 1  pone\\s+5  10 5 5 J")))
        // The stand-in suits are marked nowhere on the grid.
        #expect(PlayViewModel(state: app.state).grid.joined().allSatisfy { !$0.isChosen && !$0.isThrown })
        // A fifth five, and a card past 31, are refused in words.
        var again = Self.opened()
        for key in ["5", "5", "5", "5"] { again.press(.character(Character(key))) }
        again.press(.character("5"))
        #expect(again.state.notice == .allFourLaid(.five))
        #expect(again.text.contains("All four fives are laid"))
        var past = Self.opened()
        for key in ["k", "q", "j"] { past.press(.character(Character(key))) }
        past.press(.character("5"))
        #expect(past.text.contains("A five would pass 31 at 30: only 1 or less fits, or g for go"))
    }

    @Test func callsForEveryScore() {
        #expect(Wording.call(.pairRoyal) == "a pair royal for six")
        #expect(Wording.call(.doublePairRoyal) == "a double pair royal for twelve")
        #expect(Wording.call(.run(length: 3)) == "a run of three for three")
        #expect(Wording.call(.run(length: 7)) == "a run of seven for seven")
        #expect(Wording.call(.thirtyOne) == "thirty-one for two")
        #expect(Wording.call(.lastCard) == "one for last")
    }

    @Test func aCardPastThirtyOneOrAnEarlyGoIsRefusedWithANotice() {
        var app = Self.opened()
        for token in ["10s", "10h", "5c"] { app.play(token) }
        let before = app.state.play
        app.lay("7d")
        #expect(app.state.play.play == before.play)
        #expect(app.state.notice == .playRefused(.passesThirtyOne(card("7d"), count: 25)))
        #expect(app.text.contains("7♦ would pass 31 at 25: only 6 or less fits, or g for go"))
        app.lay("10s")
        #expect(app.text.contains("10♠ was laid already, by Player 1"))
        app.press(.backspace, .backspace)
        #expect(app.state.play.play.count == 10)
        app.press(.character("g"))
        #expect(app.state.notice == .playRefused(.goWhileACardFits(count: 10)))
        #expect(app.text.contains("No go at 10: any card fits at 21 or less"))
        #expect(app.state.play.play.steps.count == 1)
    }

    @Test func backspaceTakesBackTheLastTokenAndWhatItPegged() {
        var app = Self.opened()
        for token in Self.wholePlay.split(separator: " ") { app.play(String(token)) }
        app.press(.backspace)
        #expect(app.state.play.play.totals == [5, 2])
        #expect(!app.state.play.play.isComplete)
        #expect(app.state.play.lastPegs.map { [$0.player: $0.score] } == [[0: .thirtyOne]])
        for _ in 0..<5 { app.press(.backspace) }
        // Back before the go that ended the first count: its point is gone too.
        #expect(app.state.play.play.totals == [0, 2])
        #expect(app.state.play.play.count == 25)
        #expect(app.state.play.play.turn == 0)
        #expect(app.text.contains("Player 1 to lay a card of 6 or less, or go"))
        for _ in 0..<4 { app.press(.backspace) }
        #expect(app.state.play.play.steps.isEmpty)
        #expect(app.state.notice == nil)
        app.press(.backspace)
        #expect(app.state.notice == .nothingToTakeBack)
    }

    @Test func twoThreeOrFourPlayersStartANewPlay() {
        var app = Self.opened()
        app.press(.character("p"))
        #expect(app.state.play.play.players == 3)
        #expect(app.state.notice == nil)
        app.lay("5h")
        app.press(.character("p"))
        #expect(app.state.play.play.players == 4)
        #expect(app.state.play.play.steps.isEmpty)
        #expect(app.text.contains("A new play for 4 players: the cards laid were taken back"))
        #expect(app.text.contains("4 players, partners"))
        for token in ["5h", "5s", "5d", "5c"] { app.play(token) }
        #expect(app.state.play.play.totals == [0, 2, 8, 12])
        #expect(app.text.contains("Player 4 laid 5♣: a double pair royal for twelve"))
        #expect(app.text.contains("Players 1 & 3  8    Players 2 & 4  14"))
    }

    @Test func helpAndFooterListThePlayKeys() {
        var app = Self.opened()
        #expect(app.text.contains("a 2-9 t j q k lay  g go  backspace take back  e hint  esc back  Q quit"))
        app.press(.character("?"))
        #expect(app.text.contains("go: the player to play has no card that fits"))
    }

    @Test(arguments: SnapshotTests.sizes)
    func partwaySnapshot(size: Size) {
        var app = Self.opened(width: size.width, height: size.height)
        for token in "10s 10h 5c go go kh 5d".split(separator: " ") { app.play(String(token)) }
        expectSnapshot(app.render(), named: "play-partway-\(size.width)x\(size.height)")
    }

    @Test func fourPlayersWithANoticeSnapshot() {
        var app = Self.opened(width: 74, height: 22)
        app.press(.character("p"), .character("p"))
        for token in "5h 5s 5d 10c ah".split(separator: " ") { app.play(String(token)) }
        app.lay("js")
        #expect(app.state.notice == .playRefused(.passesThirtyOne(card("js"), count: 26)))
        expectSnapshot(app.render(), named: "play-four-players-74x22")
    }

    @Test func asciiSnapshot() {
        var app = Self.opened(glyphs: .ascii)
        for token in Self.wholePlay.split(separator: " ") { app.play(String(token)) }
        expectSnapshot(app.render(), named: "play-complete-ascii-80x24")
    }
}

extension App {
    /// Lays a card by clicking it on the grid.
    mutating func lay(_ name: String) {
        let laid = card(name)
        press(.click(row: Placement(size: size).row + CardGrid.firstRow + Int(laid.suit.rawValue),
                     column: Placement(size: size).column + CardGrid.column(of: laid.rank.order - 1)))
    }

    /// A card laid by a click, or `go` by its key.
    mutating func play(_ token: String) {
        if token == "go" { press(.character("g")) } else { lay(token) }
    }
}

@Suite("Play scene: the engine's hint")
struct PlayHintTests {
    @Test func eShowsTheEnginesRankingForTheCountersHandAndChangesNothing() throws {
        var app = App.standard()
        // The counter's hand: the pone's four, 5♥ 9♣ 9♦ K♠, with 7♥ cut.
        app.enter("7h 5h 9c 9d ks")
        app.press(.character("t"))
        app.press(.character("e"))
        app.finishWork(analyst: LiveAnalyst())
        #expect(app.state.play.showsHint)
        let play = app.state.play.play
        let view = try PeggingView(hand: try Card.parseDistinct(["5H", "9C", "9D", "KS"]), discards: [],
                                   cut: card("7h"), seat: 0, play: play)
        let advice = try #require(PeggingEngine().advice(for: view))
        guard case .options(let player, let options, let greedy) = PlayViewModel(state: app.state).hint else {
            Issue.record("no options: \(String(describing: PlayViewModel(state: app.state).hint))")
            return
        }
        #expect(player == "Player 1" && options.map(\.token) == advice.options.map(\.token) && !greedy)
        #expect(options.map(\.value.net) == advice.options.map(\.net))
        let line = try #require(app.text.split(separator: "\n").first { $0.contains("Hint") })
        guard case .card(let best) = advice.best.token else { Issue.record("the pone leads a card"); return }
        #expect(line.contains("Player 1: \(CardText.text(best, glyphs: .unicode))"))
        // The hint lays nothing; e again hides it.
        #expect(app.state.play.play == play)
        app.press(.character("e"))
        app.finishWork(analyst: LiveAnalyst())
        #expect(!app.text.contains("Hint"))
    }

    @Test func withoutTheHandOrWithAnotherHandTheHintSaysWhy() {
        var app = App.standard()
        app.press(.character("t"), .character("e"))
        app.finishWork()
        #expect(PlayViewModel(state: app.state).hint == .needsTheHand)
        #expect(app.text.contains("pick the hand and the cut in the counter (esc), then e"))
        app.press(.escape)
        app.enter("7h 5h 9c 9d ks")
        app.press(.character("t"))
        app.lay("10s")
        // Player 2 to lay: the counter's four may be theirs; worked out off the key path.
        #expect(PlayViewModel(state: app.state).hint == .working)
        app.finishWork()
        guard case .options(let player, _, _) = PlayViewModel(state: app.state).hint else {
            Issue.record("expected options for Player 2")
            return
        }
        #expect(player == "Player 2")
        app.lay("5h")
        // Player 1 to lay again, who laid 10♠: not the counter's four.
        guard case .notTheHand(.laidCardNotKept(let laid, 0)) = PlayViewModel(state: app.state).hint else {
            Issue.record("expected a refusal for Player 1")
            return
        }
        #expect(laid == card("10s"))
        #expect(app.text.contains("not Player 1's hand in the counter: Player 1 laid 10♠"))
    }
}
