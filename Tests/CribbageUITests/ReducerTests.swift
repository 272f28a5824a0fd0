import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

@Suite("Selecting cards")
struct SelectionTests {
    @Test func cursorStartsOnTheAceOfSpadesAndWrapsAroundTheGrid() {
        var app = App.standard()
        #expect(app.state.handSelection.cursor.card == card("AS"))
        app.press(.left)
        #expect(app.state.handSelection.cursor.card == card("KS"))
        app.press(.up)
        #expect(app.state.handSelection.cursor.card == card("KC"))
        app.press(.character("l"), .character("j"), .character("j"))
        #expect(app.state.handSelection.cursor.card == card("AH"))
        app.press(.character("k"), .character("h"))
        #expect(app.state.handSelection.cursor.card == card("KS"))
    }

    @Test func firstCardIsTheCutAndTheNextFourAreTheHand() {
        var app = App.standard()
        app.press(.character(" "))
        #expect(app.state.selection.cut == card("AS"))
        #expect(app.state.selection.hand.isEmpty)
        app.press(.right, .enter, .right, .character(" "))
        #expect(app.state.selection.hand == [card("2S"), card("3S")])
        #expect(app.state.selection.deck.count == 49)
    }

    @Test func aSixthCardIsRefusedWithANotice() {
        var app = App.standard()
        app.enter("5d 5h 5c 5s jd")
        app.press(.up, .up, .left, .left, .left, .left, .character(" "))
        #expect(app.state.handSelection.cursor.card == card("AS"))
        #expect(app.state.selection.cards.count == 5)
        #expect(!app.state.selection.contains(card("AS")))
        #expect(app.text.contains("Five cards are chosen: deselect one before choosing A♠"))
        app.press(.right)
        #expect(!app.text.contains("Five cards are chosen"))
    }

    @Test func deselectingTheCutMakesTheNextSelectionTheCut() {
        var app = App.standard()
        app.press(.enter, .right, .enter, .right, .enter)
        app.send(.handSelection(.cardToggled(card("AS"))))
        #expect(app.state.selection.cut == nil)
        #expect(app.state.selection.hand == [card("2S"), card("3S")])
        #expect(app.text.contains("Select the cut card"))
        app.send(.handSelection(.cardToggled(card("KH"))))
        #expect(app.state.selection.cut == card("KH"))
        #expect(app.state.selection.cards.first == card("KH"))
    }

    @Test func deselectingAHandCardPutsItBackInTheDeck() {
        var app = App.standard()
        app.enter("5d 5h 5c 5s jd")
        app.send(.handSelection(.cardToggled(card("5C"))))
        #expect(app.state.selection.hand == [card("5H"), card("5S"), card("JD")])
        #expect(app.state.selection.deck.contains(card("5C")))
        #expect(app.text.contains("Select 4 hand cards: 1 left"))
    }

    @Test func clickingACardSelectsItAndMovesTheCursorThere() {
        var app = App.standard()
        let row = CardGrid.firstRow + 2
        let column = CardGrid.column(of: 4) + 1
        app.press(.click(row: row, column: column))
        #expect(app.state.selection.cut == card("5D"))
        #expect(app.state.handSelection.cursor.card == card("5D"))
        app.press(.click(row: 0, column: 0), .click(row: row, column: CardGrid.column(of: 4) + 4))
        #expect(app.state.selection.cards == [card("5D")])
    }

    /// Hand Selection and the Discard Advisor share the grid's keys and clicks: the same moves
    /// leave the cursor in the same place and toggle the same cards.
    @Test func theGridScenesMoveAndToggleAlike() {
        let grid: [GridAction] = [.cursorMoved(.step(.left)), .cursorMoved(.step(.up)), .cursorCardToggled,
                                  .cardToggled(card("5H")), .cursorMoved(.rowEnd), .cursorCardToggled,
                                  .cursorMoved(.last), .cursorMoved(.step(.right)), .cursorCardToggled,
                                  .cardToggled(card("5H"))]
        var counter = App.standard()
        var advisor = App.standard()
        advisor.press(.character("d"))
        for action in grid {
            counter.send(.handSelection(.grid(action)))
            advisor.send(.discardAdvisor(.grid(action)))
        }
        #expect(counter.state.handSelection.cursor == GridPosition(card("5H")))
        #expect(advisor.state.discardAdvisor.cursor == counter.state.handSelection.cursor)
        #expect(counter.state.selection.cards == [card("KC"), card("KH"), card("AC")])
        #expect(advisor.state.discardAdvisor.picks == [card("KC"), card("KH"), card("AC")])
    }
}

@Suite("Typed entry")
struct TypedEntryTests {
    @Test func typedCardsReplaceTheSelectionCutFirst() {
        var app = App.standard()
        app.press(.enter)
        app.enter("5d 5H 5c 5♠ J♦")
        #expect(app.state.selection.cut == card("5D"))
        #expect(app.state.selection.hand == [card("5H"), card("5C"), card("5S"), card("JD")])
        #expect(app.state.entry == nil)
        #expect(app.text.contains("Count: 29"))
    }

    @Test(arguments: [
        ("5d zz 5c", "zz"), ("5d 5h 5d", "5d"), ("5d 5h 5c 5s jd ah", "ah"), ("", "Type up to five cards"),
    ])
    func anInvalidEntryNamesTheBadTokenAndKeepsTheSelection(entry: String, named: String) {
        var app = App.standard()
        app.enter("ac 2c")
        app.enter(entry)
        #expect(app.state.selection.cards == [card("AC"), card("2C")])
        #expect(app.state.entry?.text == entry)
        #expect(app.entryError?.contains(named) == true)
        #expect(app.text.contains(named))
    }

    @Test func escapeCancelsAndBackspaceErases() {
        var app = App.standard()
        app.press(.character(":"))
        app.type("5d 5hx")
        app.press(.backspace)
        #expect(app.state.entry?.text == "5d 5h")
        app.press(.escape)
        #expect(app.state.entry == nil)
        #expect(app.state.selection.cards.isEmpty)
    }

    @Test func keysThatAreCommandsElsewhereAreTextWhileTyping() {
        var app = App.standard()
        app.press(.character(":"))
        app.type("qnxb? ")
        #expect(app.state.entry?.text == "qnxb? ")
        #expect(app.state.rules == .hand)
    }
}

@Suite("Scenes and rules")
struct SceneTests {
    @Test func breakdownNeedsFiveCards() {
        var app = App.standard()
        app.enter("5d 5h")
        var store = TestStore(app)
        store.press(.character("b")) { $0.notice = .breakdownNeedsFiveCards }
        #expect(store.app.text.contains("Choose five cards first"))
    }

    @Test func breakdownOpensAndGoesBackWithTheHandIntact() {
        var app = App.standard()
        app.enter("5d 5h 5c 5s jd")
        var store = TestStore(app)
        store.press(.tab) {
            $0.breakdown = BreakdownState(hand: $0.selection.completeHand!)
            $0.navigation.push(.breakdown)
        }
        store.press(.escape) { $0.navigation.pop() }
        store.press(.character("b")) { $0.navigation.push(.breakdown) }
        store.press(.character("b")) { $0.navigation.pop() }
    }

    @Test func newHandClearsFromAnyScene() {
        var app = App.standard()
        app.enter("5d 5h 5c 5s jd")
        var store = TestStore(app)
        store.press(.character("b")) {
            $0.breakdown = BreakdownState(hand: $0.selection.completeHand!)
            $0.navigation.push(.breakdown)
        }
        store.press(.character("n")) {
            $0.shared.history.append($0.selection)
            $0.shared.selection = Selection()
            $0.navigation.popToRoot()
        }
        #expect(store.app.text.contains("Select the cut card"))
    }

    @Test func selectingUndoingAndTheRulesStepByStep() {
        var store = TestStore()
        store.press(.character(" ")) {
            $0.shared.history.append($0.selection)
            _ = $0.shared.selection.toggle(card("AS"))
        }
        store.press(.right) { $0.handSelection.cursor = GridPosition(card("2S")) }
        store.press(.enter) {
            $0.shared.history.append($0.selection)
            _ = $0.shared.selection.toggle(card("2S"))
        }
        store.press(.character("u")) { $0.shared.selection = $0.shared.history.removeLast() }
        store.press(.character("x")) { $0.shared.rules = .crib }
        store.press(.function(5)) { $0.notice = .keyDoesNothing(.function(5), in: .handSelection) }
        store.press(.resize(Size(width: 100, height: 30))) { $0.screenSize = Size(width: 100, height: 30) }
        store.press(.control("l"), effect: .redraw)
        store.press(.character("q"), effect: .quit) { $0.notice = nil }
    }

    @Test func theBoardAsksForItsGameThenPegsAndAsksForTheSave() throws {
        var store = TestStore()
        store.press(.character("B"), effect: .gameRequested)
        let game = try Game(names: ["Ann", "Bob"])
        store.send(.gameOpened(game, message: nil)) {
            $0.board = BoardState(game: game)
            $0.navigation.push(.board)
        }
        let leader = game.showOrder[0]
        var pegged = game
        _ = try pegged.peg(player: leader, points: 2)
        store.press(.character("2")) { $0.board?.typed = "2" }
        store.press(.enter, effect: .gameChanged(pegged)) {
            $0.board?.typed = ""
            $0.board?.game = pegged
        }
        store.send(.board(.saved(failure: .store("disk full")))) { $0.board?.saveFailure = .store("disk full") }
        store.press(.escape) { $0.navigation.pop() }
    }

    @Test func cribRulesChangeTheCountAtOnce() {
        var app = App.standard()
        app.enter("ks 2h 4h 6h 8h")
        #expect(app.text.contains("Count: 4"))
        app.press(.character("x"))
        #expect(app.state.rules == .crib)
        #expect(app.text.contains("Count: 0"))
        #expect(app.text.contains("Crib rules"))
        app.press(.character("x"))
        #expect(app.text.contains("Hand rules"))
    }

    @Test func helpOpensOverAnySceneAndCloses() {
        var store = TestStore()
        store.press(.character("?")) { $0.navigation.present(.help) }
        #expect(store.app.text.contains("move the cursor"))
        // Space scrolls the help a page, not the grid beneath.
        store.press(.character(" ")) { $0.help.scroll.offset = Scroll.pageLines }
        store.press(.escape) { $0.navigation.dismiss() }
        store.press(.character("?")) {
            $0.help = HelpState()
            $0.navigation.present(.help)
        }
        store.press(.character("?")) { $0.navigation.dismiss() }
    }

    /// ctrl-c is no key here: the terminal keeps it a signal (SIGINT quits with 130).
    @Test func quitAndRedrawAreEffects() {
        var app = App.standard()
        let effects = [.character("q"), .control("c"), .control("l"), .unknown, .function(5)].map { app.handle($0) }
        #expect(effects == [.quit, .none, .redraw, .none, .none])
    }

    @Test func scrollingIsClampedToWhatTheScreenShows() {
        var app = App.standard()
        app.enter("5d 5h 5c 5s jd")
        app.press(.character("b"), .down, .end, .pageDown)
        #expect(app.breakdownScroll == 0, "the whole breakdown fits: nothing to scroll")
        app.press(.character("?"), .end)
        let bottom = app.state.help.scroll.offset
        #expect(bottom > 0)
        app.press(.down, .pageDown)
        #expect(app.state.help.scroll.offset == bottom)
        app.press(.character("g"), .up)
        #expect(app.state.help.scroll.offset == 0)
    }

    @Test func aTinyTerminalSaysSoAndRecovers() {
        var app = App.standard()
        app.press(.resize(Size(width: 30, height: 10)))
        #expect(app.text.contains("Terminal too small"))
        app.press(.character(" "), .click(row: 3, column: 6))
        #expect(app.state.selection.cards.isEmpty)
        let effect = app.handle(.character("q"))
        #expect(effect == .quit)
        app.press(.resize(Size(width: 80, height: 24)))
        #expect(app.text.contains("Select the cut card"))
    }
}

@Suite("Routes and keys")
struct RouteAndKeyTests {
    @Test func theSceneListNamesEverySceneOnceWithATitle() {
        #expect(Set(Scene.all.map(\.name)).count == Scene.all.count)
        #expect(Set(Scene.all.map(\.title)).count == Scene.all.count)
        #expect(Scene.all.first == .root && Scene.root == .handSelection)
        #expect(Navigation().stack == [.handSelection])
    }

    @Test func navigationPushesScenesAndPresentsOneOverlay() {
        var navigation = Navigation()
        navigation.push(.discardAdvisor)
        navigation.push(.discardAdvisor)
        #expect(navigation.stack == [.handSelection, .discardAdvisor])
        navigation.present(.help)
        #expect(navigation.overlay == .help && navigation.top == .discardAdvisor)
        navigation.popToRoot()
        #expect(navigation.stack == [.handSelection] && navigation.overlay == nil)
        navigation.pop()
        #expect(navigation.stack == [.handSelection])
    }

    @Test(arguments: KeyMap.groups.map(\.scope))
    func noKeyIsBoundTwiceInAScope(scope: KeyScope) {
        var seen: Set<KeyInput> = []
        for command in KeyMap.group(scope).commands {
            for key in command.keys {
                #expect(!seen.contains(key), "\(key) is bound twice in \(scope)")
                seen.insert(key)
            }
        }
    }

    @Test func everyScopeIsAGroupOnce() {
        let scopes = KeyMap.groups.map(\.scope)
        #expect(Set(scopes).count == scopes.count)
    }

    @Test func labelsComeFromTheKeys() {
        let digits = KeyMap.group(.answering).commands[0]
        #expect(digits.label(glyphs: .unicode) == "0-9")
        let move = KeyMap.group(.handSelection).commands[0]
        #expect(move.label(glyphs: .unicode) == "← → ↑ ↓ h l k j")
        #expect(move.label(glyphs: .ascii) == "left right up down h l k j")
        #expect(KeyMap.group(.global).commands[1].label(glyphs: .unicode) == "q ctrl-c")
    }

    @Test func theHelpOverlayListsEveryCommandAsItScrolls() {
        var app = App.standard()
        app.press(.character("?"))
        var text = app.text
        var screen = ""
        while screen != app.text {
            screen = app.text
            app.press(.down)
            text += app.text
        }
        for group in KeyMap.groups {
            for command in group.commands {
                #expect(text.contains(command.summary), "help lacks \(command.summary)")
            }
        }
    }
}
