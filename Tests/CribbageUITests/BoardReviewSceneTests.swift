import Canvas
import CribbageCore
import TestSupport
import Testing
@testable import CribbageUI

/// The board game's review: opened with V from the board on the game it keeps, its cards laid
/// analysed off the key path, stepped through, the counts typed and what cannot be graded in the
/// words of `twentynine review`, rendered as text.
@Suite("The board game review scene")
struct BoardReviewSceneTests {
    /// Ann deals, the starter 5♠ told, the round's play kept card by card; Bob types 12 for a hand
    /// of 17, Ann's hand is counted from the cards, the crib typed.
    static let game: Game = {
        var game = try! Game(seating: .twoPlayers, dealer: 0, names: ["Ann", "Bob"])
        try! game.tellStarter(Card(parsing: "5S"))
        let bob = ["10C", "JD", "QH", "5H"], ann = ["2C", "3D", "4H", "6S"]
        try! game.layRound([1: bob, 0: ann])
        try! game.count(points: 12)
        try! game.count(Hand(Card.parseAll(ann), cut: Card(parsing: "5S")))
        try! game.count(points: 4)
        return game
    }()

    /// The notes under the panel, unwrapped.
    static func notes(_ app: App) -> [String] {
        BoardReviewViewModel(state: app.state.boardReview!, app: app.state, glyphs: .unicode).notes.map(\.text)
    }

    static func opened(_ game: Game = Self.game, width: Int = 80, height: Int = 24) -> App {
        var app = App.standard(width: width, height: height)
        app.openBoard(game)
        app.press(.character("V"))
        return app
    }

    @Test("V on the board opens its review at once on the plan: the cards to grade waiting, the counts and what is not graded in the command's words")
    func opensAtOnce() throws {
        var app = Self.opened()
        let review = try #require(app.state.boardReview)
        #expect(app.state.navigation.top == .boardReview && review.cards.analysed == 0)
        #expect(review.plan == BoardReview.Plan(Self.game) && review.cards.points.count == 8)
        let text = app.text
        #expect(text.contains("Analysing this decision…") && text.contains("Analysing the decisions: 0 of 8"))
        #expect(text.contains(BoardReview.Words.countsHeading) && text.contains("Not graded: the throws"))
        let notes = Self.notes(app)
        // Each player's figures first (two sides), then the counts and what is not graded.
        #expect(notes.prefix(2).allSatisfy { $0.hasPrefix("Ann: error rate") || $0.hasPrefix("Bob: error rate") }, "\(notes)")
        #expect(notes.dropFirst(2).prefix(3) == [BoardReview.Words.countsHeading,
                                    "  Deal 1, Bob's hand 5♥ 10♣ J♦ Q♥ with 5♠: typed 12, the cards make 17: 5 missed",
                                    BoardReview.Words.notGraded(BoardReview.Plan(Self.game).notGraded)], "\(notes)")
        // Two cards at once, the one shown first; the keys work meanwhile.
        let jobs = app.state.jobs
        #expect(jobs.count == 2 && jobs.first?.id.key == JobKey(BoardReviewJob(index: 0, point: review.cards.points[0])))
        app.press(.right)
        #expect(app.state.boardReview?.cards.selected == 1 && app.state.jobs.first?.id.key
            == JobKey(BoardReviewJob(index: 1, point: review.cards.points[1])))
    }

    @Test("a deal whose play has begun with nothing counted yet is a deal of the game in the title")
    func aDealBegunIsCounted() throws {
        var game = try Game(seating: .twoPlayers, dealer: 0, names: ["Ann", "Bob"])
        try game.tellStarter(Card(parsing: "5S"))
        game.roundPlay = Game.RoundPlay(round: 1, tokens: [.card(try Card(parsing: "10C"))])
        #expect(BoardReview.Plan(game).rounds == 1)
        #expect(Self.opened(game).text.contains("Ann v Bob on the board: not finished, 0 to 0 in 1 deal"))
        #expect(Self.opened(Self.game).text.contains("in 1 deal"))
        #expect(BoardReview.Plan(try Game(seating: .twoPlayers, dealer: 0, names: ["Ann", "Bob"])).rounds == 0)
    }

    @Test("the work off the key path grades each card as twentynine review does; the figures are the core's; esc goes back to the board")
    func gradedAsTheCommand() throws {
        var app = Self.opened()
        app.finishWork()
        let state = try #require(app.state.boardReview)
        #expect(state.cards.pending.isEmpty)
        let plain = BoardReview(Self.game)
        #expect(state.review == plain)
        let notes = Self.notes(app)
        #expect(notes.prefix(2) == [BoardReview.Words.side("Ann", plain.side(0)), BoardReview.Words.side("Bob", plain.side(1))], "\(notes)")
        #expect(app.text.contains("Chose ") && !app.text.contains("so far"))
        app.press(.escape)
        #expect(app.state.navigation.top == .board && app.state.boardReview == nil)
    }

    @Test("the reducer: a grade taken in its place, a step, n to a mistake or its notice, enter the whole options table, c the cards then")
    func reducer() throws {
        var state = BoardReviewState(game: Self.game)
        let point = state.cards.points[3]
        let grade = GradedDecision(point, limit: Limit(searchedHands: 8, playedHands: 16, figures: .ranking))
        _ = BoardReviewScene.reduce(&state, .graded(grade, index: 3))
        #expect(state.cards.graded[3] == grade && state.cards.analysed == 1)
        // A grade for another place is not taken.
        _ = BoardReviewScene.reduce(&state, .graded(grade, index: 2))
        #expect(state.cards.graded[2] == nil)
        _ = BoardReviewScene.reduce(&state, .stepped(2))
        #expect(state.cards.selected == 2)
        let jumped = BoardReviewScene.reduce(&state, .mistakeJumped(1))
        #expect(ReviewState.isMistake(grade) ? state.cards.selected == 3
                : jumped.notice == Notice(ReviewNotice.noMistake(forward: true, complete: false)))
        _ = BoardReviewScene.reduce(&state, .optionsToggled)
        _ = BoardReviewScene.reduce(&state, .optionsScrolled(2))
        #expect(state.cards.optionsShown && state.cards.optionsScroll == 2)
        _ = BoardReviewScene.reduce(&state, .optionsToggled)
        #expect(!state.cards.optionsShown && state.cards.optionsScroll == 0)
        _ = BoardReviewScene.reduce(&state, .cardsToggled)
        #expect(state.cards.cardsShown)
    }

    @Test("a game of three grades no card: the review says why, its keys say so, and only the way back is offered")
    func threePlayersNotGraded() throws {
        var game = try Game(seating: .threePlayers, target: .short, names: ["Ann", "Bob", "Cy"])
        _ = try game.peg(player: 1, points: 2)
        var app = Self.opened(game)
        #expect(app.state.jobs.isEmpty)
        let notes = Self.notes(app)
        #expect(notes.first == Wording.text(Notice(BoardReviewNotice.nothingToGrade), glyphs: .unicode))
        #expect(notes.last == BoardReview.Words.notGraded(["the throws: the board is never told the six cards dealt or the two thrown",
                                                           "the plays: the decision model grades the play of two players only"]))
        #expect(app.text.contains("No card to grade"))
        app.press(.character("n"))
        #expect(app.state.notice == Notice(BoardReviewNotice.nothingToGrade))
        let footer = app.render().line(app.render().size.height - 1)
        #expect(footer.contains("esc back") && !footer.contains("mistake"), "\(footer)")
        app.press(.escape)
        #expect(app.state.navigation.top == .board)
    }

    @Test("in ASCII (--ascii, LANG=C) nothing the terminal cannot show, graded or not")
    func asciiOnly() {
        var app = App.standard(glyphs: .ascii)
        app.openBoard(Self.game)
        app.press(.character("V"))
        var text = app.text
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII }, "\(text)")
        app.finishWork()
        app.press(.enter, .character("c"))
        text = app.text
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII }, "\(text)")
    }

    @Test("snapshots: analysing, and a card graded with the options", arguments: [Frame.minimumSize, Size(width: 80, height: 24), Size(width: 132, height: 43)])
    func snapshots(size: Size) {
        var app = Self.opened(width: size.width, height: size.height)
        expectSnapshot(app.render(), named: "board-review-opening-\(size.width)x\(size.height)")
        app.finishWork()
        app.press(.right, .right)
        expectSnapshot(app.render(), named: "board-review-graded-\(size.width)x\(size.height)")
        app.press(.character("d"))
        expectSnapshot(app.render(), named: "board-review-notes-\(size.width)x\(size.height)")
    }

    @Test("d shows the notes whole where the card leaves them no room: every player's figures, the counts and what is not graded, no row cut",
          arguments: [Frame.minimumSize, Size(width: 80, height: 24), Size(width: 132, height: 43)])
    func notesWhole(size: Size) {
        var app = Self.opened(width: size.width, height: size.height)
        app.finishWork()
        app.press(.right, .right)
        let graded = app.render()
        // The figures come first, so whatever is cut, each player's line is on the screen.
        #expect(graded.text.contains("Ann: error rate") && graded.text.contains("Bob: error rate"), "\(graded.text)")
        #expect(graded.line(graded.size.height - 1).contains("d notes"))
        app.press(.character("d"))
        let notes = app.render()
        let body = (3..<(notes.size.height - 2)).map { notes.line($0) }
        #expect(!body.contains { $0.contains("…") }, "\(notes.text)")
        for words in ["Ann: error rate", "Bob: error rate", "Not graded: the throws", "cribs typed as numbers", "Hands typed that the cards do not make"] {
            let flowing = body.joined(separator: " ").split(separator: " ").joined(separator: " ")
            #expect(flowing.contains(words), "\(words) at \(size.width)x\(size.height)")
        }
        app.press(.character("d"))
        #expect(app.render().text.contains("Chose J♦"))
    }
}
