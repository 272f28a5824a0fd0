@testable import CribbageCore
import Testing

/// Issue 30: every rule of a move is checked where the move is made, by `Game`'s own mutating
/// methods, so no caller (the board, the command line) can put into the log what the reader
/// of the file would refuse.
@Suite("Game: the rules where the move is made")
struct GameMoveRuleTests {
    private func card(_ text: String) -> Card { try! Card(parsing: text) }

    /// Item 1: his heels on a told starter that is not a jack is refused; untold, the starter is
    /// then held to a jack; a jack told scores it.
    @Test func hisHeelsOnlyOnAJackToldOrAnUntoldStarter() throws {
        var game = try Game()
        try game.tellStarter(card("7C"))
        #expect(throws: GameError.heelsOnAStarterNotAJack(card("7C"))) { try game.heels() }
        #expect(game.log.isEmpty)
        // Told again (a slip): a jack, and his heels is scored.
        try game.tellStarter(card("JC"))
        try game.heels()
        #expect(game.totals == [2, 0])

        var untold = try Game()
        try untold.heels()
        #expect(throws: GameError.heelsWithoutAJack(cut: card("7C"))) { try untold.tellStarter(card("7C")) }
        try untold.tellStarter(card("JD"))
        #expect(untold.roundCut == card("JD"))
    }

    /// Item 3: one card pegs at most 15 (a fifteen, a double pair royal and one for the last
    /// card), with any number of players; 16 or 30 is refused where it is pegged.
    @Test(arguments: [2, 3, 4])
    func aPlayPegIsCapped(players: Int) throws {
        let seating: Game.Seating = players == 2 ? .twoPlayers : players == 3 ? .threePlayers : .twoTeams
        var game = try Game(seating: seating)
        for points in [16, 30, 31, 99] {
            #expect(throws: GameError.pegOutOfRange(points)) { try game.peg(player: 1, points: points) }
        }
        #expect(throws: GameError.pegOutOfRange(19)) {
            try game.peg(player: 1, points: 19, reasons: [.doublePairRoyal, .run(length: 7)])
        }
        try game.peg(player: 1, points: 15, reasons: [.fifteen, .doublePairRoyal, .lastCard])
        try game.peg(player: 0, points: 14, reasons: [.thirtyOne, .doublePairRoyal])
        #expect(game.log.map(\.points) == [15, 14])
        #expect(GameError.pegOutOfRange(30).description.contains("a card pegs 1 to 15"))
    }

    /// The cap is the play's own most: two players reach 15 with K Q J, go, go, then 7 2 2 2 2,
    /// and no sequence of tokens pegs a card more.
    @Test func fifteenIsWhatTheLastCardOfAPlayCanPeg() throws {
        var play = Play(players: 2)
        let tokens = ["KS", "QS", "JS", "go", "go", "7C", "2C", "2D", "2H", "2S"]
        var last: [Peg] = []
        for token in tokens { last = try play.apply(PlayToken(parsing: token)) }
        #expect(play.isComplete)
        #expect(last.map(\.score) == [.fifteen, .doublePairRoyal, .lastCard])
        #expect(last.reduce(0) { $0 + $1.score.points } == Game.pegRange.upperBound)
    }

    /// Item 7: a count of 0 leaves both pegs where they are; a correction taking points off
    /// never leaves the back peg ahead of the front.
    @Test func theBackPegMovesOnlyWhenTheSideMovesOn() throws {
        var game = try Game()
        try game.peg(player: 1, points: 2)
        try game.peg(player: 1, points: 3)
        try game.count(points: 0)
        #expect(game.pegs[1] == Game.Pegs(front: 5, back: 2))
        try game.correct(player: 1, points: -4)
        #expect(game.pegs[1] == Game.Pegs(front: 1, back: 1))
        try game.correct(player: 1, points: 6)
        #expect(game.pegs[1] == Game.Pegs(front: 7, back: 1))
        try game.correct(player: 1, points: -1)
        #expect(game.pegs[1] == Game.Pegs(front: 6, back: 1))
        // A count of 0 for the dealer: no peg moves from 0.
        try game.count(points: 0)
        #expect(game.pegs[0] == Game.Pegs(front: 0, back: 0))
        for pegs in game.pegs { #expect(pegs.back <= pegs.front) }
    }

    /// Item 6: undoing the crib goes back into its round with the round's starter told, and the
    /// round's play, so the show counts from the cards again without telling the starter.
    @Test func undoingPastTheCribKeepsTheRoundsStarterAndPlay() throws {
        var game = try Game(target: .short, names: ["Ann", "Bob"])
        try game.tellStarter(card("5D"))
        let tokens = ["10D", "10C", "5C", "go", "go", "KD", "5S", "6D", "JS", "2D"].map { try! PlayToken(parsing: $0) }
        game.roundPlay = Game.RoundPlay(round: 1, tokens: tokens, unsuited: [0, 1, 2, 5, 6, 7, 8, 9])
        try game.count(fromTheCards: .none)
        try game.count(points: 4)
        try game.count(fromTheCards: .none, cribRanks: [.three, .four, .nine, .queen])
        #expect(game.round == 2 && game.roundCut == nil && game.roundPlay == nil)
        #expect(game.starter(ofRound: 1) == card("5D") && game.play(ofRound: 1)?.tokens == tokens)
        let crib = try #require(game.log.last)
        #expect(game.undo() == crib)
        #expect(game.round == 1 && game.toldCut == card("5D") && game.roundPlay?.tokens == tokens)
        #expect(game.shown(atEntry: 2) == nil && game.shown(atEntry: 0) == Game.ShownCount(suits: .none))
        // The crib counts from its ranks again, as before, with no starter told.
        try game.count(fromTheCards: .none, cribRanks: [.three, .four, .nine, .queen])
        #expect(game.log.last == crib)
        // Back past the round's first count and the starter still holds; its hand still counts from the cards.
        game.undo(); game.undo(); game.undo()
        #expect(game.toldCut == card("5D") && game.showHand()?.ranks == [.ten, .five, .five, .jack])
    }

    /// Item 14: `undo` keeps the play in progress while its round is the game's round: its cards
    /// stay laid, and only the step whose entry was taken back loses its link, so laying the
    /// same cards again is refused by the play rather than scored twice.
    @Test func undoKeepsThePlayInProgress() throws {
        var game = try Game(target: .short, names: ["Ann", "Bob"])
        let fifteen = try game.peg(player: 0, points: 2, reasons: [.fifteen])
        game.roundPlay = Game.RoundPlay(round: 1, tokens: [.card(card("5H")), .card(card("10C"))], entries: [1: 0])
        try game.correct(player: 1, points: 1)
        game.undo()
        #expect(game.roundPlay == Game.RoundPlay(round: 1, tokens: [.card(card("5H")), .card(card("10C"))], entries: [1: 0]))
        #expect(game.log == [fifteen])
        game.undo()
        #expect(game.roundPlay?.tokens.count == 2 && game.roundPlay?.entries == [:])
    }

    /// The round's play holds at most four of a rank with the starter: a rank laid by its key is
    /// checked against them, as a starter told is against the play.
    @Test func aFifthOfARankIsRefusedWhereverItComesFrom() throws {
        var game = try Game()
        try game.tellStarter(card("5D"))
        game.roundPlay = Game.RoundPlay(round: 1, tokens: ["5S", "5H", "5C"].map { .card(card($0)) }, unsuited: [0, 1, 2])
        #expect(throws: GameError.fifthOfARank(.five)) { try game.checkLaid(rank: .five) }
        #expect(throws: GameError.fifthOfARank(.five)) { try game.checkLaid(card("5C"), by: 1) }
        try game.checkLaid(rank: .six)
        var told = try Game()
        told.roundPlay = Game.RoundPlay(round: 1, tokens: ["5S", "5H", "5C", "5D"].map { .card(card($0)) }, unsuited: [0, 1, 2, 3])
        #expect(throws: GameError.fifthOfARank(.five)) { try told.tellStarter(card("5D")) }
        #expect(throws: GameError.cardInTwoPlaces(card("5S"), first: "the cards Bob laid", second: "the cut")) {
            var suited = try Game(names: ["Ann", "Bob"])
            suited.roundPlay = Game.RoundPlay(round: 1, tokens: [.card(card("5S"))])
            try suited.tellStarter(card("5S"))
        }
    }

    /// Found by the board's session property test: a count made from the cards holds the
    /// starter it was made with, as a hand counted from its cards holds its cut.
    @Test func aCountFromTheCardsHoldsItsStarter() throws {
        var game = try Game(target: .short, names: ["Ann", "Bob"])
        try game.tellStarter(card("5D"))
        let tokens = ["10D", "10C", "5C", "go", "go", "KD", "5S", "6D", "JS", "2D"].map { try! PlayToken(parsing: $0) }
        game.roundPlay = Game.RoundPlay(round: 1, tokens: tokens, unsuited: [0, 1, 2, 5, 6, 7, 8, 9])
        try game.count(fromTheCards: .none)
        #expect(throws: GameError.cutDiffers(card("4D"), earlier: card("5D"))) { try game.tellStarter(card("4D")) }
        #expect(game.countedFromTheCardsThisRound)
        #expect(throws: GameError.suitsNotHeld("Ann's hand")) { try game.count(fromTheCards: ShowHand.Suits(flush: 4, nobs: true)) }
    }
}
