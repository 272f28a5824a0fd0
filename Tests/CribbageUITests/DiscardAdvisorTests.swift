import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

@Suite("Discard Advisor scene")
struct DiscardAdvisorSceneTests {
    static func dealt() -> App {
        var app = App.standard()
        app.press(.character("d"))
        app.enter("5s 4d jd 4c 5c 5h")
        return app
    }

    @Test func dOpensTheAdvisorAsARouteOfItsOwn() {
        var app = App.standard()
        app.press(.character("d"))
        #expect(app.state.navigation.stack == [.handSelection, .discardAdvisor])
        #expect(app.text.contains("Deal six cards: 6 left"))
        app.press(.escape)
        #expect(app.state.navigation.stack == [.handSelection])
    }

    @Test func sixCardsPickedOnTheGridShowTheKeepsBestFirst() {
        var app = App.standard()
        app.press(.character("d"))
        for name in ["5S", "4D", "JD", "4C", "5C", "5H"] {
            let dealt = card(name)
            app.press(.click(row: CardGrid.firstRow + Int(dealt.suit.rawValue),
                             column: CardGrid.column(of: dealt.rank.order - 1)))
        }
        #expect(app.state.discardAdvisor.picks.count == 6)
        let keeps = app.state.discardAdvisor.rankedKeeps
        #expect(keeps.count == 15)
        // The dealer by default, the play counted.
        #expect(zip(keeps, keeps.dropFirst()).allSatisfy { $0.netWithPegging(for: .dealer) >= $1.netWithPegging(for: .dealer) })
        #expect(app.text.contains("best keeps for the dealer: hand + crib + play"))
        #expect(app.text.contains("16.63"))
    }

    @Test func theRoleSwitchesAndTheOrderFollows() {
        var app = Self.dealt()
        for role in [Role.pone, .none, .dealer] {
            app.press(.character("r"))
            #expect(app.state.discardAdvisor.role == role)
            #expect(app.text.contains("Role: \(role.rawValue)"))
            let nets = app.state.discardAdvisor.rankedKeeps.map { $0.netWithPegging(for: role) }
            #expect(nets == nets.sorted(by: >))
        }
    }

    @Test func enterTakesTheHighlightedKeepToHandSelectionForTheCut() {
        var app = Self.dealt()
        app.press(.down, .up, .up)
        let chosen = app.state.discardAdvisor.rankedKeeps[14]
        #expect(app.state.discardAdvisor.highlighted == 14)
        app.press(.enter)
        #expect(app.state.navigation.stack == [.handSelection])
        #expect(app.state.selection.hand == chosen.cards.sorted())
        #expect(app.state.selection.cut == nil)
        #expect(app.text.contains("Select the cut card"))
        app.send(.handSelection(.cardToggled(card("KS"))))
        #expect(app.state.selection.cut == card("KS"))
        #expect(app.text.contains("Count:"))
    }

    @Test func backspacePutsACardBackAndASeventhIsRefused() {
        var app = Self.dealt()
        app.press(.backspace)
        #expect(app.state.discardAdvisor.picks.count == 5)
        #expect(app.state.discardAdvisor.analysis == nil)
        #expect(app.text.contains("Deal six cards: 1 left"))
        app.send(.discardAdvisor(.cardToggled(card("AS"))))
        app.send(.discardAdvisor(.cardToggled(card("2S"))))
        #expect(app.state.discardAdvisor.picks.count == 6)
        #expect(app.text.contains("Six cards are dealt"))
    }

    @Test func aBadTypedDealNamesTheTokenAndKeepsThePicks() {
        var app = Self.dealt()
        app.enter("5s 4d jd 4c 5c zz")
        #expect(app.entryError?.contains("zz") == true)
        #expect(app.state.discardAdvisor.picks.count == 6)
        app.press(.escape)
        app.enter("5s 4d jd 4c 5c 5h 6h")
        #expect(app.entryError?.contains("6h") == true)
    }

    @Test(arguments: SnapshotTests.sizes)
    func snapshots(size: Size) {
        var app = App.standard(width: size.width, height: size.height)
        app.press(.character("d"))
        app.enter("5s 4d jd")
        expectSnapshot(app.render(), named: "discard-dealing-\(size.width)x\(size.height)")
        app.enter("5s 4d jd 4c 5c 5h")
        app.press(.down)
        expectSnapshot(app.render(), named: "discard-keeps-\(size.width)x\(size.height)")
        app.press(.character("r"))
        expectSnapshot(app.render(), named: "discard-keeps-pone-\(size.width)x\(size.height)")
        app.press(.character("n"))
        app.enter("4s 5h 7d 9c js qh")
        #expect(app.state.discardAdvisor.role == .pone)
        expectSnapshot(app.render(), named: "discard-keeps-marked-\(size.width)x\(size.height)")
    }

    @Test func theOpponentIsAnExpertByDefaultAndOSwitchesItAndTheRanking() throws {
        var app = App.standard()
        app.press(.character("d"))
        app.enter("4s 5h 7d 9c js qh")
        app.press(.character("r"))
        let cards = try Card.parseDistinct(["4S", "5H", "7D", "9C", "JS", "QH"])
        let expertKeep = try Card.parseDistinct(["5H", "7D", "JS", "QH"]).sorted()
        let randomKeep = try Card.parseDistinct(["4S", "5H", "JS", "QH"]).sorted()
        for (opponent, best, other) in [(CribModel.solved, expertKeep, randomKeep), (.random, randomKeep, expertKeep),
                                        (.solved, expertKeep, randomKeep)] {
            let advisor = app.state.discardAdvisor
            #expect(advisor.role == .pone && advisor.opponent == opponent)
            #expect(advisor.analysis?.keeps == (try DiscardAdvisor.analyze(cards, role: .pone, opponent: opponent)))
            #expect(advisor.rankedKeeps[0].cards.sorted() == best)
            #expect(app.text.contains("Role: pone  vs \(opponent.rawValue)"))
            // The other model's best carries the mark, and the line above the table says what it is.
            let marked = DiscardAdvisorViewModel(state: app.state).rows.filter(\.isBestUnderOtherModel)
            #expect(marked.map(\.keep) == [other])
            #expect(app.text.contains("* best against \(opponent.other.phrase) throw"))
            app.press(.character("o"))
        }
    }

    @Test func eachKeepShowsItsPlayAndWhereThePlayChangesTheBestTheScreenSaysSo() throws {
        var app = App.standard()
        app.press(.character("d"))
        app.enter("td jd qs 3d kh 6s")
        app.press(.character("r"))
        let advisor = app.state.discardAdvisor
        #expect(advisor.role == .pone)
        let plain = try #require(advisor.analysis?.keeps?.ranked(for: .pone).first)
        #expect(advisor.bestWithoutThePlay == plain && advisor.rankedKeeps.first != plain)
        #expect(app.text.contains("the play changes the best keep: hand and crib alone rank 10♦ J♦ Q♠ K♥ first"))
        let rows = DiscardAdvisorViewModel(state: app.state).rows
        for (row, keep) in zip(rows, advisor.rankedKeeps) {
            let peg = try #require(keep.pegging(for: .pone))
            #expect(row.peg == (peg.net < 0 ? "" : "+") + peg.net.decimal(places: 2))
            #expect(row.net == keep.netWithPegging(for: .pone).decimal(places: 2))
        }
        // No role, no play: no Peg column and the hand alone.
        app.press(.character("r"))
        #expect(DiscardAdvisorViewModel(state: app.state).rows.allSatisfy { $0.peg == nil })
        #expect(!app.text.contains("Peg"))
    }

    @Test func theRoleChangesTheExpertCribAndWhereTheModelsAgreeNothingIsMarked() throws {
        var app = Self.dealt()
        #expect(app.state.discardAdvisor.opponent == .solved)
        // Dealer, then pone, then none, as `r` cycles.
        let cribs = Role.allCases.map { _ in
            defer { app.press(.character("r")) }
            #expect(app.state.discardAdvisor.analysis?.keeps?.bestUnderOtherModel == nil)
            return app.state.discardAdvisor.analysis!.keeps!.keeps.map(\.cribMean)
        }
        // The dealer's crib and the pone's throw differ; with no role the crib is your own.
        #expect(cribs[0] != cribs[1] && cribs[0] == cribs[2])
        #expect(!app.text.contains("* best against"))
    }
}

@Suite("Help overlay scrolling")
struct HelpScrollTests {
    @Test func helpScrollsWhenTheKeyTableIsTallerThanTheScreen() {
        var app = App.standard(width: 80, height: 24)
        app.press(.character("?"))
        guard case .binding(_, let last)? = HelpViewModel(state: app.state, glyphs: .unicode).lines.last else {
            Issue.record("the help ends with a heading")
            return
        }
        #expect(!app.text.contains(last))
        app.press(.end)
        #expect(app.text.contains(last))
        #expect(app.state.help.scroll.offset > 0)
        app.press(.character("g"))
        #expect(app.state.help.scroll.offset == 0)
        #expect(app.state.selection.cards.isEmpty)
    }
}

@Suite("Discard Advisor played to the score")
struct DiscardAdvisorScoreTests {
    /// A two-player game on the board whose second round Bob deals on `dealer` against Ann's `pone`.
    static func boardGame(dealer: Int = 118, pone: Int = 112) throws -> Game {
        var game = try Game(dealer: 0, names: ["Ann", "Bob"])
        try game.correct(player: 0, points: pone)
        try game.correct(player: 1, points: dealer)
        for _ in 0..<3 { try game.count(points: 0) }
        return game
    }

    /// The board's game kept, back at Hand Selection, the advisor opened with six dealt.
    static func withBoardGame(width: Int = 80, height: Int = 24, dealer: Int = 118, pone: Int = 112,
                              dealt: String = "5s 4d jd 4c 5c 5h") throws -> App {
        var app = App.standard(width: width, height: height)
        app.openBoard(try boardGame(dealer: dealer, pone: pone))
        app.press(.escape, .character("d"))
        app.enter(dealt)
        app.finishWork()
        return app
    }

    @Test func theLongestAdviceFitsTheSmallestScreenWholeMovedLeft() throws {
        // The first seeded six the advice says it of, dealing at 112 to 103.
        let advice = "The best keep by net is within a point of the best by the chance to win."
        var random = SplitMix64(seed: 112)
        let score = GameScore(mine: 112, theirs: 103, target: 121)
        let six = try #require((0..<300).lazy.map { _ in random.deal(6) }.first { six in
            analyse(.keep(six: six, role: .dealer, score: score), by: .strongest, limit: .advice).advice == advice
        })
        let app = try Self.withBoardGame(width: 74, height: 22, dealer: 112, pone: 103,
                                         dealt: six.map(\.description).joined(separator: " "))
        #expect(app.state.discardAdvisor.analysis?.advice == advice)
        #expect(app.text.split(separator: "\n").contains { $0.hasSuffix(advice) })
    }

    @Test func withoutAGameTheKeepsAreByThePointsAndSSaysThereIsNoScore() {
        var app = DiscardAdvisorSceneTests.dealt()
        #expect(!app.state.discardAdvisor.hasChances)
        #expect(app.state.discardAdvisor.rankedKeeps == app.state.discardAdvisor.analysis!.keeps!.ranked(for: .dealer, pegging: true))
        app.press(.character("s"))
        #expect(app.state.notice == .noScoreToPlayTo)
        #expect(!app.text.contains("Win"))
    }

    @Test func theBoardsGameGivesTheScoreForTheRoleAndTheKeepsGoByTheChance() throws {
        var app = try Self.withBoardGame()
        let state = app.state.discardAdvisor
        #expect(state.score == GameScore(mine: 118, theirs: 112, target: 121))
        let odds = try #require(state.analysis)
        #expect(state.hasChances && state.rankedKeeps == odds.options.map { $0.keep! })
        // Near the end the chance and the points part: the pegging keep first, the points' best marked.
        #expect(odds.best != odds.byPoints[0])
        #expect(app.text.contains("Keep the cards that peg: you need 3.  · "))
        #expect(app.text.contains("keeps to win from 118-112 (s: by points)"))
        #expect(app.text.contains("^ best by the points"))
        // As pone the other side's score is yours.
        app.press(.character("r"))
        app.finishWork()
        #expect(app.state.discardAdvisor.score == GameScore(mine: 112, theirs: 118, target: 121))
        #expect(app.state.discardAdvisor.rankedKeeps == app.state.discardAdvisor.analysis?.options.map { $0.keep! })
        #expect(app.state.discardAdvisor.hasChances)
        // With no role, or against a random opponent, the points again.
        app.press(.character("r"))
        #expect(!app.state.discardAdvisor.hasChances)
        app.press(.character("r"), .character("o"))
        #expect(app.state.discardAdvisor.role == .dealer && !app.state.discardAdvisor.hasChances)
        #expect(app.state.discardAdvisor.rankedKeeps == app.state.discardAdvisor.analysis!.keeps!.ranked(for: .dealer, pegging: true))
    }

    @Test func sTogglesBackToThePointsAndAgain() throws {
        var app = try Self.withBoardGame()
        app.press(.down, .character("s"))
        let state = app.state.discardAdvisor
        #expect(state.rankedKeeps == state.analysis!.keeps!.ranked(for: .dealer, pegging: true) && state.highlighted == 0)
        #expect(app.text.contains("keeps by the points (s: to win from 118-112)"))
        #expect(!app.text.contains("Win") && !app.text.contains("^ best"))
        app.press(.character("s"))
        #expect(app.state.discardAdvisor.rankedKeeps == app.state.discardAdvisor.analysis!.options.map { $0.keep! })
    }

    @Test("snapshots: near the end on the board, the chance in place of the hand's least and most",
          arguments: [Frame.minimumSize, Size(width: 80, height: 24)])
    func snapshots(size: Size) throws {
        let app = try Self.withBoardGame(width: size.width, height: size.height)
        expectSnapshot(app.render(), named: "discard-keeps-score-\(size.width)x\(size.height)")
    }

    @Test func fromTheTableTheAdvisorTakesYourSixYourRoleAndTheScore() throws {
        var app = TableSceneTests.app()
        app.press(.enter)
        let table = TableSceneTests.table(app)
        #expect(table.stage == .discard)
        app.press(.character("d"))
        app.finishWork()
        #expect(app.state.navigation.stack == [.handSelection, .table, .discardAdvisor])
        let state = app.state.discardAdvisor
        #expect(Set(state.picks) == Set(table.deal!.sixes[TableGame.player]))
        #expect(state.role == (table.deal!.dealer == TableGame.player ? .dealer : .pone))
        #expect(state.score == table.score(for: TableGame.player))
        #expect(state.hasChances && state.rankedKeeps == state.analysis?.options.map { $0.keep! })
        #expect(app.text.contains("keeps to win from 0-0"))
        // Far from the end the chance and the points agree on the best keep.
        #expect(state.analysis!.best == state.analysis!.byPoints[0])
        app.press(.escape)
        #expect(app.state.navigation.stack == [.handSelection, .table])
    }

    @Test func inALaterDealTheAdvisorTakesTheTablesScoreForYourSide() throws {
        var app = TableSceneTests.app()
        app.press(.enter)
        // Through the first deal to the second's throw.
        while TableSceneTests.table(app).game.round < 2 || TableSceneTests.table(app).stage != .discard {
            app.press(TableSceneTests.nextKeys(app)[0])
        }
        let table = TableSceneTests.table(app)
        #expect(table.game.totals != [0, 0])
        app.press(.character("d"))
        app.finishWork()
        let state = app.state.discardAdvisor
        #expect(state.role == (table.deal!.dealer == TableGame.player ? .dealer : .pone))
        #expect(state.score == table.score(for: TableGame.player))
        #expect(state.analysis?.decision.score == table.score(for: TableGame.player))
    }

    @Test func theTablesHintRanksAsTheExpertThrowsWithEachKeepsChance() throws {
        var app = TableSceneTests.app()
        app.press(.enter, .character("e"))
        app.finishWork(analyst: LiveAnalyst())
        let table = TableSceneTests.table(app)
        guard case .discardHint(let analysis)? = app.state.table?.panel else {
            Issue.record("the hint is open")
            return
        }
        #expect(analysis.decision.score == table.score(for: TableGame.player))
        #expect(Set(analysis.keeps!.cards) == Set(table.deal!.sixes[TableGame.player]))
        // Far from the end the expert ranks by the points, each keep's chance to win beside.
        #expect(analysis.ranking == .points && analysis.options.allSatisfy { $0.value.chances != nil })
        let best = try #require(analysis.best.value.chances)
        #expect(app.text.contains("Hint: keep / throw by hand"))
        #expect(app.text.contains(", \(best.win.percent)"))
    }
}
