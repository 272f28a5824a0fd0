import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

/// The table drawn from the seat of the person looking at it (issue 45): the person here need not
/// sit at seat 0, and what the screen shows is that seat's cards, names and pegs.
@Suite("The table: drawn from the viewer's seat")
struct TableViewerTests {
    /// The key for the viewer's decision at hand: their first cards thrown, their first card that fits laid.
    static func nextKeys(_ app: App) -> [KeyInput] {
        let scene = app.state.table!
        let table = scene.table
        switch table.stage {
        case .cutForDeal, .show, .over: return [.enter]
        case .discard:
            let six = table.deal!.sixes[scene.viewer]
            if scene.picked.count == 2 { return [.enter] }
            return [TableSceneTests.key(six.first { !scene.picked.contains($0) }!.rank)]
        case .play: return [TableSceneTests.key(table.playable(for: scene.viewer)[0].rank)]
        case .claim: return [.character("0"), .enter]
        }
    }

    static func isOver(_ table: TableGame) -> Bool { if case .over = table.stage { true } else { false } }

    @Test("the person at seat 1 against the computer at seat 0, a game to 61 by keys: their cards on their row, the computer's never before they are shown, their pegs under You",
          arguments: [UInt64(29), 61])
    func aGameFromSeatOne(seed: UInt64) throws {
        let setup = TableGame.Setup(seed: seed, target: .short, seats: [.computer(.club), .person])
        var app = App.standard(width: 80, height: 24, glyphs: .unicode)
        app.openTable(TableGame(setup: setup))
        #expect(app.state.table?.viewer == 1)
        var frames = 0
        while case let table = TableSceneTests.table(app), !Self.isOver(table), frames < 600 {
            let text = app.render().text
            frames += 1
            if let deal = table.deal, table.stage == .discard || table.stage == .play {
                let mine = table.stage == .discard ? deal.sixes[1] : deal.held(by: 1)
                #expect(text.split(separator: "\n").contains { line in mine.allSatisfy { line.contains(CardText.text($0, glyphs: .unicode)) } },
                        "the viewer's cards \(mine) on one row:\n\(text)")
                // The computer's cards still in its hand, and the crib, are face down; the cut for
                // deal (a card of another shuffle) is the only line that may name one.
                let hidden = (table.stage == .discard ? deal.sixes[0] : deal.held(by: 0)) + (deal.crib ?? [])
                for line in text.split(separator: "\n") where !line.contains("cut") {
                    for card in hidden { #expect(!line.contains(CardText.text(card, glyphs: .unicode)), "\(card) shown: \(line)") }
                }
            }
            // The pegboard's first track is the viewer's, and so is the score said first.
            let totals = table.game.totals
            #expect(text.contains(" You \(totals[1])   Computer \(totals[0])") || text.contains(" You \(totals[1]),"), "\(text)")
            for key in Self.nextKeys(app) { _ = app.handle(key) }
        }
        let table = TableSceneTests.table(app)
        guard case .over(let result) = table.stage else { Issue.record("no end in \(frames) frames"); return }
        let text = app.render().text
        // The result said from the viewer's seat: the winner named as they see it.
        let winner = result.winner == 1 ? "You won " : "Computer won "
        #expect(text.contains(winner), "\(text)")
        #expect(text.contains(result.winner == 1 ? "games 1-0" : "games 0-1"), "\(text)")
        // Take-backs are the person's: the last move of theirs this deal, not seat 0's.
        #expect(!table.canTakeBack)
    }

    @Test("a person elsewhere by name: the other seat of two is called by its name, never the computer")
    func aRemoteSeatIsNamed() {
        let setup = TableGame.Setup(seed: 7, seats: [.person, .remote("ann")])
        let table = TableGame(setup: setup)
        let words = SeatWords(table: table, viewer: 0)
        #expect(words.who(1) == "ann" && words.whose(1) == "ann's" && words.whom(0) == "you")
        let fromAnn = SeatWords(table: table, viewer: 1)
        #expect(fromAnn.who(1) == "You" && fromAnn.who(0) == "Opponent" && fromAnn.whose(0) == "Opponent's")
        let group = TableGame(setup: .init(seed: 7, seating: .twoTeams))
        #expect((0..<4).map { SeatWords(table: group, viewer: 2).name($0) } == ["Partner", "Right", "You", "Left"])
        #expect(SeatWords(table: group, viewer: 2).others == [3, 0, 1])
    }
}
