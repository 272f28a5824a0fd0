import Canvas
import Foundation
import CribbageCore
import Testing
@testable import CribbageUI

/// The Board: typed points, heels, the counter's hand, undo, and what reaches the caller.
@Suite("The board")
struct BoardTests {
    /// An app with the board open on a new game for two (Ann deals), to 61 unless asked.
    static func app(target: Game.Target = .short, seating: Game.Seating = .twoPlayers, width: Int = 80,
                    height: Int = 24, glyphs: Glyphs = .unicode) -> App {
        let names = ["Ann", "Bob", "Cy", "Di"].prefix(seating.players).map { $0 }
        var app = App.standard(width: width, height: height, glyphs: glyphs)
        app.openBoard(try! Game(seating: seating, target: target, names: names))
        return app
    }

    private func game(_ app: App) -> Game { app.state.board!.game }

    @Test func typedPointsPegForTheChosenPlayerThenCountTheShow() {
        var app = Self.app()
        #expect(app.state.navigation.top == .board)
        #expect(app.state.board?.target == .peg(1))
        app.type("2")
        #expect(app.handle(.enter) == .gameChanged(game(app)))
        #expect(game(app).totals == [0, 2])
        app.press(.tab)
        #expect(app.state.board?.target == .peg(0))
        app.type("31")
        #expect(app.state.board?.typed == "31")
        app.press(.backspace, .enter)
        #expect(game(app).totals == [3, 2])
        // Tab only steps through the players: it never ends the play.
        app.press(.tab)
        #expect(app.state.board?.target == .peg(1))
        app.press(.tab)
        #expect(app.state.board?.target == .peg(0))
        app.press(.character("s"))
        #expect(app.state.board?.target == .show)
        // Tab from the show, still in the play, is a peg again; s comes back to the show.
        app.press(.tab)
        #expect(app.state.board?.target == .peg(1))
        app.press(.character("s"))
        #expect(app.state.board?.target == .show)
        app.type("12")
        app.press(.enter)
        #expect(game(app).log.last?.score == .hand(nil))
        #expect(game(app).totals == [3, 14])
        // The show has begun: tab stays on it.
        app.press(.tab)
        #expect(app.state.board?.target == .show)
        app.type("8")
        app.press(.enter)
        app.type("4")
        app.press(.enter)
        // Round 2, Bob deals: the target is a peg for Ann, who leads.
        #expect(game(app).round == 2)
        #expect(app.state.board?.target == .peg(0))
    }

    @Test func theFooterOffersOnlyKeysThatWorkNow() {
        var app = Self.app()
        func footer() -> String { String(app.text.split(separator: "\n").last ?? "") }
        // At the cut, nothing to undo and no game over: his heels, no undo, no new game.
        #expect(footer().contains("h heels") && !footer().contains("u undo") && !footer().contains("n new game"))
        app.type("2")
        app.press(.enter)
        #expect(footer().contains("u undo") && !footer().contains("h heels"))
        // Bob's hand, Ann's hand and crib, then Ann's hand in round 2 takes her past 61.
        for points in ["29", "29", "29", "29"] {
            if app.state.board?.target != .show { app.press(.character("s")) }
            app.type(points)
            app.press(.enter)
        }
        #expect(game(app).isOver)
        #expect(footer().contains("n new game") && !footer().contains("enter score") && !footer().contains("t play"))
    }

    @Test func heelsAndARefusalSayWhy() {
        var app = Self.app()
        app.press(.character("h"))
        #expect(game(app).totals == [2, 0])
        let before = game(app)
        #expect(app.handle(.character("h")) == .none)
        #expect(game(app) == before)
        #expect(app.state.board?.message == .refused(.heelsAlreadyScored))
        app.press(.character("s"))
        app.type("19")
        app.press(.enter)
        #expect(game(app) == before)
        #expect(app.state.board?.typed == "")
        #expect(app.state.board?.message == .cleared(.refused(.impossibleCount(19, rules: .hand)), typed: "19"))
        #expect(app.text.contains("no hand counts 19; the 19 typed is cleared"))
        app.press(.enter)
        #expect(app.state.board?.message == .pointsNeeded)
        #expect(app.text.contains("type the points first, then enter"))
    }

    @Test func theCounterHandIsEnteredForTheRightPlayer() {
        var app = Self.app()
        app.press(.character("c"))
        #expect(game(app).log.isEmpty)
        #expect(app.state.board?.message == .noCounterHand)
        app.press(.escape)
        #expect(app.state.navigation.top == .handSelection)
        app.enter("5d 5h 5c 5s jd")
        app.press(.character("B"))
        #expect(app.state.navigation.top == .board)
        app.press(.character("c"))
        let entry = game(app).log.last
        #expect(entry?.player == 1)
        #expect(entry?.points == 29)
        #expect(entry?.score == .hand(try! Hand(parsing: ["5h", "5c", "5s", "jd"], cut: "5d")))
        // Counted: the counter keeps the cut for the round's next hand, and c cannot count the
        // same cards twice.
        #expect(app.state.selection.cut == card("5d") && app.state.selection.hand.isEmpty)
        app.press(.character("c"))
        #expect(game(app).log.count == 1)
        app.press(.escape)
        for picked in ["ah", "2h", "3h", "4h"] { app.send(.handSelection(.cardToggled(card(picked)))) }
        app.press(.character("B"), .character("c"))
        #expect(game(app).log.last?.player == 0)
        #expect(game(app).log.last?.score == .hand(try! Hand(parsing: ["ah", "2h", "3h", "4h"], cut: "5d")))
        // The crib is the round's last count: the next round needs a new cut too.
        app.press(.escape)
        for picked in ["6c", "7c", "8c", "9c"] { app.send(.handSelection(.cardToggled(card(picked)))) }
        app.press(.character("B"), .character("c"))
        #expect(game(app).round == 2)
        #expect(app.state.selection.cards.isEmpty)
    }

    @Test func undoTakesBackEntriesAcrossARound() {
        var app = Self.app()
        for points in ["10", "10"] {
            app.type(points)
            app.press(.character("s"), .enter)
        }
        #expect(game(app).round == 1)
        app.type("2")
        app.press(.enter)
        #expect(game(app).round == 2)
        app.press(.character("u"))
        #expect(game(app).round == 1)
        #expect(game(app).log.count == 2)
        #expect(app.text.contains("took back: Round 1: Ann's crib counts 2"))
        app.press(.character("u"), .character("u"), .character("u"))
        #expect(game(app).log.isEmpty)
        #expect(app.state.board?.message == .nothingToUndo)
    }

    @Test func aSaveFailureIsShownUntilASaveSucceeds() {
        var app = Self.app()
        app.send(.board(.saved(failure: .store("disk full"))))
        #expect(app.state.board?.saveFailure == .store("disk full"))
        #expect(app.render().text.contains("not saved: disk full; the game goes on in memory only"))
        app.send(.board(.saved(failure: nil)))
        #expect(app.state.board?.saveFailure == nil)
    }

    /// A save's answer goes to the board, the scene that asked, even under The Play: another
    /// program's entries merged in are not dropped (they were, as a board action sent while The
    /// Play was on top).
    @Test func aMergeAnsweredWhileThePlayIsOnTopReachesTheBoard() throws {
        var app = Self.app()
        app.press(.character("t"))
        #expect(app.state.navigation.top == .play)
        var merged = game(app)
        try merged.peg(player: 0, points: 2)
        app.send(.answered(.board, .board(.merged(merged, added: 0))))
        #expect(game(app) == merged)
        #expect(app.state.board?.message == .merged(added: 0))
        #expect(app.state.navigation.top == .play)
        // A save's failure, likewise.
        app.send(.answered(.board, .board(.saved(failure: .store("disk full")))))
        #expect(app.state.board?.saveFailure == .store("disk full"))
    }

    @Test func withoutAGameTheBoardKeyAsksForOne() {
        var app = App.standard()
        #expect(app.handle(.character("B")) == .gameRequested)
        #expect(app.state.navigation.top == .handSelection)
        app.send(.answered(.board, .board(.loaded(.unavailable(.store("HOME is not set"))))))
        #expect(app.text.contains("No game: HOME is not set"))
    }

    @Test func theBoardsKeysDoNothingElsewhere() {
        var app = Self.app()
        app.press(.escape)
        let before = game(app)
        app.send(.board(.heelsScored))
        #expect(game(app) == before)
    }
}

@Suite("The board as text")
struct BoardSnapshotTests {
    /// A game to 121 part way: heels, some play, a show, into round 2.
    static func played(_ app: inout App) {
        app.press(.character("h"))
        app.type("2")
        app.press(.enter, .tab)
        app.type("3")
        app.press(.enter, .character("s"))
        for points in ["12", "8", "5"] {
            app.type(points)
            app.press(.enter)
        }
        app.press(.escape)
        app.enter("4c 5h 6s 4d 4h")
        app.press(.character("B"), .character("c"))
        // Bob's hand next, picked on the counter on the same cut, not yet entered.
        app.press(.escape)
        for picked in ["7h", "8h", "ts", "js"] { app.send(.handSelection(.cardToggled(card(picked)))) }
        app.press(.character("B"))
        app.type("4")
    }

    @Test(arguments: SnapshotTests.sizes)
    func twoPlayers(size: Size) {
        var app = BoardTests.app(target: .long, width: size.width, height: size.height)
        Self.played(&app)
        expectSnapshot(app.render(), named: "board-\(size.width)x\(size.height)")
    }

    @Test func threePlayersAtTheMinimumSize() {
        var app = BoardTests.app(target: .long, seating: .threePlayers, width: 74, height: 22)
        Self.played(&app)
        expectSnapshot(app.render(), named: "board-three-74x22")
        // No chance for three, and the board says so plainly; nor for two teams; two players get theirs.
        #expect(app.text.contains("the chance to win is for two players") && !app.text.contains("% to win"))
        let teams = BoardTests.app(seating: .twoTeams)
        #expect(teams.text.contains("the chance to win is for two players"))
        #expect(!BoardTests.app().text.contains("the chance to win is for two players"))
    }

    @Test func ascii() {
        var app = BoardTests.app(target: .long, glyphs: .ascii)
        Self.played(&app)
        app.send(.board(.saved(failure: .store("disk full"))))
        expectSnapshot(app.render(), named: "board-ascii-80x24")
    }

    @Test func aFinishedGameTo61() {
        var app = BoardTests.app(target: .short, seating: .twoTeams)
        for points in ["29", "24", "28", "8", "24", "20"] {
            app.type(points)
            if app.state.board?.target != .show { app.press(.character("s")) }
            app.press(.enter)
        }
        #expect(app.state.board?.game.isOver == true)
        expectSnapshot(app.render(), named: "board-over-61-80x24")
    }
}

/// What the board says when a save fails, at any length, and the way out with a change unsaved.
@Suite("The board: an unsaved change")
struct BoardUnsavedTests {
    @Test func aLongSaveFailureWrapsAndItsAdviceShows() {
        var app = BoardTests.app()
        let path = "/data/ann/.local/share/twentynine/game.json"
        app.send(.board(.saved(failure: .changedElsewhere(path: path))))
        let text = app.render().text
        let joined = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(joined.contains("not saved: another twentynine changed \(path) since the board read it; "
                                + "quit and open the board again to go on from the file; the game goes on in memory only"), "\(text)")
    }

    @Test func quittingWithAChangeUnsavedAsksFirst() {
        var app = BoardTests.app()
        app.type("2")
        _ = app.handle(.enter)
        app.send(.board(.saved(failure: .store("disk full"))))
        #expect(app.handle(.character("q")) == .none)
        #expect(app.state.notice == .quitLosesTheGame(key: "q"))
        #expect(app.render().text.contains("q again quits without it"))
        #expect(app.handle(.character("q")) == .quit)

        // A key between the two asks again.
        var again = BoardTests.app()
        again.send(.board(.saved(failure: .store("disk full"))))
        _ = again.handle(.character("q"))
        _ = again.handle(.character("u"))
        #expect(again.handle(.character("q")) == .none)

        // Saved: q quits at once.
        var saved = BoardTests.app()
        #expect(saved.handle(.character("q")) == .quit)
    }

    /// A prompt with the longest name a game allows still shows the points typed after it.
    @Test func theTypedPointsShowAfterTheLongestName() throws {
        let long = String(repeating: "漢", count: Game.maximumNameLength)
        var app = App.standard(width: 74, height: 22)
        app.openBoard(try Game(names: [long, long]))
        app.type("29")
        let line = try #require(app.render().text.split(separator: "\n").first { $0.contains("Peg for") })
        #expect(line.contains(": 29"), "\(line)")
    }
}

/// Fitting text into cells: the same cut as measuring every shorter prefix or suffix, found by
/// measuring each character once.
@Suite("Text fitting")
struct TextFittingTests {
    static let alphabet: [Character] = ["a", "漢", "é", "\u{0}", "🂡", " ", "5", "\u{1B}"]

    /// The longest prefix that fits with the ellipsis, as the definition says, slowly.
    static func naiveClip(_ text: String, _ width: Int, _ glyphs: Glyphs) -> String {
        guard text.displayWidth > width else { return text }
        var cut = Substring(text)
        while !cut.isEmpty, cut.displayWidth + glyphs.ellipsis.displayWidth > width { cut = cut.dropLast() }
        return cut + glyphs.ellipsis
    }

    static func naiveTail(_ text: String, _ width: Int, _ glyphs: Glyphs) -> String {
        guard text.displayWidth > width else { return text }
        let mark = glyphs.unicode ? "…" : "<"
        var tail = Substring(text)
        while !tail.isEmpty, mark.displayWidth + tail.displayWidth > width { tail = tail.dropFirst() }
        return mark + tail
    }

    @Test(arguments: 0..<300 as Range<UInt64>)
    func theCutIsTheDefinitionsCut(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let text = String((0..<random.below(30)).map { _ in Self.alphabet[random.below(Self.alphabet.count)] })
        let width = random.below(34)
        for glyphs in [Glyphs.unicode, .ascii] {
            #expect(text.clipped(to: width, glyphs: glyphs) == Self.naiveClip(text, width, glyphs), "\(text.debugDescription) at \(width)")
            #expect(Frame.visibleTail(of: text, width: width, glyphs: glyphs) == Self.naiveTail(text, width, glyphs),
                    "\(text.debugDescription) at \(width)")
        }
    }

    /// Two million characters: measured once each, up to the width, this takes milliseconds;
    /// re-measured for each one cut, it would take hours (a 20,000-character name took 12 s a
    /// frame), and the run would show it. No time limit: a limit fails on a busy machine whose
    /// threads are all taken by other tests (a CI run beside a self-play run did), and speed is
    /// `make bench`'s to measure.
    @Test
    func aVeryLongTextIsFittedInOnePass() {
        let text = String(repeating: "漢a", count: 1_000_000)
        #expect(text.clipped(to: 80) == String(repeating: "漢a", count: 26) + "…")
        #expect(Frame.visibleTail(of: text, width: 80, glyphs: .unicode) == "…a" + String(repeating: "漢a", count: 26))
    }
}

@Suite("The board with long names")
struct BoardLongNameTests {
    @Test func anEntryWrapsSoItsTotalsAreNeverCutAtTheEdge() throws {
        let names = ["Annabelle Wilhelmina Fitzgerald", "Bartholomew Maximilian Oakhurst"]
        #expect(names.allSatisfy { $0.count <= Game.maximumNameLength })
        var app = App.standard(width: 74, height: 22)
        app.openBoard(try Game(target: .short, names: names))
        app.type("12")
        app.press(.enter)
        let screen = app.render()
        let text = screen.text
        // The entry's end, the totals, shows whole, on the wrapped line.
        #expect(text.contains("Oakhurst 12."), "\(text)")
        #expect(text.contains("Fitzgerald 0,") || text.contains("Fitzgerald 0, Bartholomew"), "\(text)")
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 74 })
    }
}
