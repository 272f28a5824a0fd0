import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

/// The counter as players use it: each numbered item of issue 8, on the app without a terminal.
@Suite("The cut")
struct CutTests {
    @Test func theTwentyNinePickedInPlayingOrderTakesOneKeyToPutRight() {
        var app = App.standard()
        for name in ["5H", "5C", "5S", "JD", "5D"] { app.send(.handSelection(.cardToggled(card(name)))) }
        #expect(app.state.selection.cut == card("5H"))
        #expect(app.text.contains("Count: 28"))
        app.press(.character("c"))
        #expect(app.state.selection.cut == card("5D"))
        #expect(Set(app.state.selection.hand) == Set(["5H", "5C", "5S", "JD"].map(card)))
        #expect(app.text.contains("Count: 29"))
    }

    @Test func cOnACardFromTheDeckMakesItTheCutAndTheOldCutJoinsTheHand() {
        var app = App.standard()
        app.enter("ah 2h")
        app.send(.handSelection(.cursorMoved(.step(.right))))
        app.press(.character("c"))
        #expect(app.state.handSelection.cursor.card == card("2H"))
        #expect(app.state.selection.cut == card("2H") && app.state.selection.hand == [card("AH")])
        app.press(.character("c"))
        #expect(app.text.contains("2♥ is the cut already"))
    }

    @Test func clickingAHandCardOrTheCutSlotMakesTheCut() {
        var app = App.standard()
        app.enter("5h 5c 5s jd 5d")
        let layout = HandSelectionLayout(size: app.size)
        let start = layout.handColumns(app.state.selection.hand)[3]
        app.press(.click(row: layout.cardsRow, column: start + 1))
        #expect(app.state.selection.cut == card("5D"))
        #expect(app.state.selection.hand.contains(card("5H")))
        app.send(.handSelection(.cursorMoved(.step(.up))))
        app.send(.handSelection(.cardToggled(card("5H"))))
        app.send(.handSelection(.cardToggled(card("5H"))))
        app.press(.click(row: layout.cardsRow, column: layout.cutSlot.lowerBound + 1))
        #expect(app.state.selection.cut == card("5H"))
    }

    @Test func typedEntryTakesTheHandThenTheCutAfterASlash() {
        var app = App.standard()
        app.enter("5h 5c 5s jd / 5d")
        #expect(app.state.selection.cut == card("5D"))
        #expect(app.state.selection.hand == ["5H", "5C", "5S", "JD"].map(card))
        app.enter("5h 5c 5s jd/5d")
        #expect(app.text.contains("Count: 29"))
        app.enter("/ 4d")
        #expect(app.state.selection.cut == card("4D"))
        #expect(app.state.selection.hand.count == 4)
    }

    @Test(arguments: [("5h / 5d 5c", "5c"), ("5h 5c /", "one cut after the slash"), ("5h / 5d / 5c", "one cut"),
                      ("ah 2h 3h 4h 5h / 6h", "5h"), ("5h / 5h", "duplicate card '5h'")])
    func aBadSlashEntryIsNamed(entry: String, named: String) {
        var app = App.standard()
        app.enter(entry)
        #expect(app.entryError?.contains(named) == true, "\(app.entryError ?? "no error")")
    }
}

@Suite("The breakdown fits")
struct BreakdownFitTests {
    /// A hand for every pattern of five ranks (cut each way), suited for the most lines the
    /// pattern allows: a five-card flush and nobs where the ranks are all different.
    static func patterns() -> [Hand] {
        var hands: [Hand] = []
        func extend(_ ranks: [Int], from: Int) {
            if ranks.count == 5 {
                for cutIndex in Set(ranks).map({ rank in ranks.firstIndex(of: rank)! }) {
                    var seen: [Int: UInt8] = [:]
                    let distinct = Set(ranks).count == 5
                    let cards = ranks.map { rank -> Card in
                        let suit = distinct ? 1 : seen[rank, default: 0]
                        seen[rank] = suit + 1
                        return Card(Rank(rawValue: UInt8(rank))!, Suit(rawValue: suit)!)
                    }
                    var hand = cards
                    let cut = hand.remove(at: cutIndex)
                    hands.append(try! Hand(hand, cut: cut))
                }
                return
            }
            for rank in from...13 where ranks.filter({ $0 == rank }).count < 4 { extend(ranks + [rank], from: rank) }
        }
        extend([], from: 1)
        return hands
    }

    @Test func everyHandsWholeBreakdownFits80x24WithoutScrolling() {
        let size = Size(width: 80, height: 24)
        var most = 0
        for hand in Self.patterns() {
            for rules in Rules.allCases {
                var state = AppState(screenSize: size, seed: 1)
                state.shared.rules = rules
                let model = BreakdownViewModel(state: BreakdownState(hand: hand), app: state)
                let layout = BreakdownLayout(model: model, size: size, glyphs: .unicode)
                most = max(most, model.sections.reduce(0) { $0 + $1.combinations.count })
                #expect(layout.maximumScroll == 0, "\(hand.cards) cut \(hand.cut) scrolls")
                #expect(layout.columns.allSatisfy { $0.lines.count <= layout.bodyHeight })
            }
        }
        #expect(most == 15)
    }

    @Test func theTwentyNineShowsNobsAndTheTotalAt80x24() {
        var app = App.standard()
        app.enter("5d 5h 5c 5s jd")
        app.press(.character("b"))
        let text = app.text
        for word in ["Fifteens", "Pairs", "Runs", "Flush", "Nobs", "J♦ 5♦", "Total"] {
            #expect(text.contains(word), "\(word)")
        }
        #expect(app.render().line(BreakdownLayout.bodyTop).contains("Pairs"), "two columns, Pairs on the right")
    }

    @Test func theTotalBarEndsWhereThePointsEnd() {
        var app = App.standard()
        app.enter("kd 3c 4h 5s 7d")
        app.press(.character("b"))
        let lines = app.text.split(separator: "\n").map(String.init)
        let total = lines.first { $0.hasPrefix(" Total") }!
        let runs = lines.first { $0.hasPrefix(" Runs") }!
        #expect(total.trimmingCharacters(in: .whitespaces).hasSuffix("7"))
        #expect(total.count == runs.count, "\(total)|\n\(runs)|")
    }

    @Test func anEmptyCategoryTakesOneLine() {
        var app = App.standard()
        app.enter("kd 3c 4h 5s 7d")
        app.press(.character("b"))
        #expect(app.text.contains(" Flush  –"))
        #expect(!app.text.contains("\n    –"))
    }

    /// Only a screen shorter than the counter allows would scroll; the layout still does it
    /// right, keeping the section heading in view.
    @Test func whenItMustScrollTheSectionHeadingStaysInView() {
        var state = AppState(screenSize: Size(width: 80, height: 16), seed: 1)
        state.shared.selection.replace(cut: card("5D"), hand: ["5H", "5C", "5S", "JD"].map(card))
        let breakdown = BreakdownState(hand: state.selection.completeHand!)
        let model = BreakdownViewModel(state: breakdown, app: state)
        let layout = BreakdownLayout(model: model, size: state.screenSize, glyphs: .unicode)
        #expect(layout.columns.count == 1 && layout.maximumScroll > 0)
        var buffer = ScreenBuffer(size: state.screenSize)
        BreakdownRenderer.render(model, scroll: 3, glyphs: .unicode, into: &buffer)
        #expect(buffer.line(BreakdownLayout.bodyTop).hasPrefix(" Fifteens"))
        #expect(buffer.line(BreakdownLayout.bodyTop).contains("↑ more"))
    }
}

@Suite("Using the screen")
struct ScreenUseTests {
    @Test func fiveCardsShowTheSummaryByHandRankAndTheBreakdownKey() {
        var app = App.standard()
        app.enter("5d 5h 5c 5s jd")
        #expect(app.text.contains("Fifteens 16 · Pairs 12 · Runs 0 · Flush 0 · Nobs 1   b full breakdown"))
    }

    @Test func aLargeTerminalCentresTheGridAndClicksFollowIt() {
        var app = App.standard(width: 132, height: 43)
        let placement = Placement(size: app.size)
        #expect(placement.row > 0 && placement.column > 0)
        let line = app.render().line(placement.row + CardGrid.firstRow)
        #expect(line.hasPrefix(String(repeating: " ", count: placement.column + 2) + "♠"))
        app.press(.click(row: placement.row + CardGrid.firstRow + 1, column: placement.column + CardGrid.column(of: 4) + 1))
        #expect(app.state.selection.cut == card("5H"))
    }
}

@Suite("Practice that teaches")
struct PracticeTeachesTests {
    @Test func rDealsARandomHandAndCutFromTheSeed() {
        var app = App.standard()
        app.press(.character("p"), .character("r"))
        let dealt = app.state.selection
        #expect(dealt.completeHand != nil)
        #expect(app.text.contains("Your count?"))
        var again = App.standard()
        again.press(.character("p"), .character("r"))
        #expect(again.state.selection == dealt)
        app.press(.character("r"))
        #expect(app.state.selection != dealt)
    }

    @Test func openingTheBreakdownFirstEndsTheQuestionWithoutAPoint() {
        var app = PracticeTests.practising("5d 5h 5c 5s jd")
        app.answer("29")
        app.enter("kd 3c 4h 5s 7d")
        app.press(.character("b"))
        #expect(app.state.practice.asked == 2 && app.state.practice.right == 1 && app.state.practice.streak == 0)
        #expect(app.text.contains("Practice"))
        app.press(.escape)
        #expect(!app.state.isAnswering)
        #expect(app.text.contains("The breakdown gave it away: the count is 7, no point this time"))
        #expect(app.text.contains("1 of 2 right this session · streak 0"))
    }

    @Test func practiceTurnedOnOverTheBreakdownDoesNotAskThatHand() {
        var app = App.standard()
        app.enter("5d 5h 5c 5s jd")
        app.press(.character("b"), .character("p"), .escape)
        #expect(!app.state.isAnswering)
        #expect(app.state.practice.asked == 0 && app.state.practice.streak == 0)
        #expect(app.text.contains("Practice starts with the next hand: this one's count, 29, was shown"))
        app.enter("kd 3c 4h 5s 7d")
        #expect(app.state.isAnswering)
    }

    @Test func practiceShowsInEveryScene() {
        var app = App.standard()
        app.press(.character("p"))
        app.enter("5d 5h 5c 5s jd")
        app.answer("29")
        app.press(.character("b"))
        #expect(app.render().line(0).contains("Practice"))
        app.press(.escape, .character("d"))
        #expect(app.render().line(0).contains("Practice"))
    }
}

@Suite("Advisor to counter")
struct AdvisorToCounterTests {
    static func keptFromTheAdvisor() -> App {
        var app = DiscardAdvisorSceneTests.dealt()
        // The dealer by default: 5♠ J♦ 5♣ 5♥ first, throwing 4♦ 4♣.
        app.press(.enter)
        return app
    }

    @Test func theDiscardsStayOutOfTheDeck() {
        var app = Self.keptFromTheAdvisor()
        #expect(app.state.selection.hand == ["5S", "5C", "5H", "JD"].map(card).sorted())
        #expect(app.state.selection.thrown == [card("4C"), card("4D")].sorted())
        #expect(!app.state.selection.deck.contains(card("4D")))
        app.send(.handSelection(.cardToggled(card("4D"))))
        #expect(app.state.selection.cut == nil)
        #expect(app.text.contains("4♦ was thrown to the crib"))
        app.enter("4c")
        #expect(app.entryError?.contains("4♣ was thrown to the crib") == true)
        #expect(app.text.contains("Thrown  4♦ 4♣") || app.text.contains("Thrown  4♣ 4♦"))
    }

    @Test func typingOnlyTheCutKeepsTheFour() {
        var app = Self.keptFromTheAdvisor()
        app.enter("5d")
        #expect(app.state.selection.cut == card("5D"))
        #expect(app.text.contains("Count: 29"))
    }

    @Test func nInTheAdvisorIsANewDealAndKeepsTheHand() {
        var app = Self.keptFromTheAdvisor()
        app.enter("5d")
        app.press(.character("d"), .character("n"))
        #expect(app.state.discardAdvisor.picks.isEmpty)
        #expect(app.state.selection.completeHand != nil)
    }

    @Test func dealtCardsAreShownSortedAndTheRoleIsTheDealers() {
        var app = App.standard()
        app.press(.character("d"))
        app.enter("5s 4d jd")
        #expect(app.text.contains("Dealt  4♦ 5♠ J♦"))
        #expect(app.state.discardAdvisor.role == .dealer)
    }
}

@Suite("Keys that do not surprise")
struct UnsurprisingKeyTests {
    @Test(arguments: [KeyInput.character("q"), .escape, .character("?"), .function(1)])
    func keysCloseHelp(key: KeyInput) {
        var app = App.standard()
        app.press(.function(1))
        #expect(app.state.navigation.overlay == .help)
        let effect = app.handle(key)
        #expect(effect == .none)
        #expect(app.state.navigation.overlay == nil)
    }

    @Test func nDoesNothingUnderTheHelp() {
        var app = App.standard()
        app.enter("5d 5h 5c 5s jd")
        app.press(.character("?"), .character("n"))
        #expect(app.state.selection.cards.count == 5)
    }

    @Test func uUndoesTheLastChangeToTheSelection() {
        var app = App.standard()
        app.enter("5d 5h 5c 5s jd")
        app.press(.character("n"))
        #expect(app.state.selection.cards.isEmpty)
        app.press(.character("u"))
        #expect(app.state.selection.cards.count == 5)
        app.send(.handSelection(.cardToggled(card("5C"))))
        app.press(.character("c"))
        app.press(.character("u"), .character("u"))
        #expect(app.state.selection.cut == card("5D") && app.state.selection.hand.count == 4)
        app.press(.character("u"), .character("u"))
        #expect(app.text.contains("Nothing to undo"))
    }

    @Test func homeEndAndGMoveOnTheGrid() {
        var app = App.standard()
        app.press(.down, .right, .right, .end)
        #expect(app.state.handSelection.cursor.card == card("KH"))
        app.press(.home)
        #expect(app.state.handSelection.cursor.card == card("AH"))
        app.press(.character("G"))
        #expect(app.state.handSelection.cursor.card == card("KC"))
        app.press(.character("g"))
        #expect(app.state.handSelection.cursor.card == card("AS"))
    }

    @Test func theWheelScrollsTheHelpAndHighlightsKeeps() {
        var app = App.standard()
        app.press(.character("?"), .scrollDown, .scrollDown)
        #expect(app.state.help.scroll.offset == 2)
        app.press(.scrollUp)
        #expect(app.state.help.scroll.offset == 1)
        app.press(.escape)
        app.press(.scrollDown)
        #expect(app.state.notice == nil)
        var advisor = DiscardAdvisorSceneTests.dealt()
        advisor.press(.scrollDown)
        #expect(advisor.state.discardAdvisor.highlighted == 1)
    }

    @Test func advisorRowsAreClickable() {
        var app = DiscardAdvisorSceneTests.dealt()
        let keeps = app.state.discardAdvisor.rankedKeeps
        app.press(.click(row: DiscardAdvisorLayout.tableTop + 3, column: 10))
        #expect(app.state.discardAdvisor.highlighted == 2)
        app.press(.click(row: DiscardAdvisorLayout.tableTop + 3, column: 10))
        #expect(app.state.navigation.top == .handSelection)
        #expect(app.state.selection.hand == keeps[2].cards.sorted())
    }

    @Test func aKeyThatDoesNothingSaysSo() {
        var app = App.standard()
        app.press(.character("z"))
        #expect(app.text.contains("z does nothing in Hand Selection (? lists the keys)"))
        app.press(.character("d"), .character("x"))
        #expect(app.text.contains("x does nothing in Discard Advisor"))
        app.press(.unknown, .resize(Size(width: 90, height: 30)))
        #expect(app.state.notice == .keyDoesNothing(.character("x"), in: .discardAdvisor), "input nobody knows is ignored")
        app.press(.character("r"))
        #expect(app.state.notice == nil)
    }
}

@Suite("ASCII, crib rules, help and words")
struct WordingTests {
    @Test func inASCIITheCutMarkIsNotASuit() {
        var app = App.standard(glyphs: .ascii)
        app.enter("5c 5h 5d 5s jc")
        #expect(app.text.contains("5C^"))
        #expect(!app.text.contains("5CC"))
        #expect(app.text.contains("Cut  5C ^"))
    }

    @Test func cribRulesSayWhyTheFlushDropsAndLabelTheCrib() {
        var app = App.standard()
        app.enter("ks 2h 4h 6h 8h")
        #expect(!app.text.contains("five-card flush"))
        app.press(.character("x"))
        #expect(app.text.contains("Crib rules: only a five-card flush counts in the crib (4 → 0)"))
        #expect(app.text.contains("Crib  2♥ 4♥ 6♥ 8♥"))
        app.press(.character("b"))
        #expect(app.text.contains("(4 → 0)"))
        #expect(app.text.contains(" Crib  2♥ 4♥ 6♥ 8♥"))
    }

    @Test(arguments: [
        (Scene.handSelection, [KeyScope.handSelection, .counting, .global]),
        (.breakdown, [.breakdown, .counting, .global]),
    ])
    func helpExplainsThenListsTheScenesKeysFirstOnOnePage(route: Scene, chain: [KeyScope]) {
        var app = App.standard()
        app.enter("5d 5h 5c 5s jd")
        if route == .breakdown { app.press(.character("b")) }
        app.press(.character("?"))
        let model = HelpViewModel(state: app.state, glyphs: .unicode)
        #expect(model.lines.first == .intro(route.intro))
        #expect(model.lines[1] == .heading(chain[0].title))
        let text = app.text
        #expect(text.contains(route.intro))
        for command in chain.flatMap({ KeyMap.group($0).commands }) {
            #expect(text.contains(command.summary), "\(command.summary) is below the fold")
        }
    }

    @Test func theWordsForTheEnds() {
        var app = App.standard()
        app.enter("10c 2c 4d 6h 8s")
        #expect(app.text.contains("Count: 0   nineteen"))
        app.enter("5d 5h 5c 5s jd")
        #expect(app.text.contains("the best hand there is"))
        #expect(!app.text.contains("99.9"))
        app.press(.character("b"))
        #expect(app.text.contains("makes twenty-nine"))
    }

    @Test func typedEntryScrollsPastTheScreenAndMeasuresWideCharacters() {
        var app = App.standard(width: 74, height: 22)
        app.press(.character(":"))
        app.type(String(repeating: "5h ", count: 30) + "漢字")
        let row = app.render().line(20)
        #expect(row.hasSuffix("5h 漢字"))
        #expect(row.contains("…"))
        #expect(row.displayWidth <= 74)
        #expect(Frame.visibleTail(of: "漢字漢字", width: 5, glyphs: .unicode).displayWidth <= 5)
    }
}
