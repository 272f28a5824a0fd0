import Canvas
import TestSupport
import CribbageCore
import Testing
@testable import CribbageUI

/// One chance on screen (issue 45): the pegboard's chance to win is the analysis's for the player,
/// from what they know, at every step of seeded deals: the hint's first figure while they decide,
/// `odds`' (`assess`, from their cards, the throw, the starter and the play) once they have thrown,
/// the win table's at the next deal's score between deals; the computer's the rest.
@Suite("The table: one chance to win on screen")
struct TableChanceTests {
    /// The pegboard's two figures, the player's and the computer's, in whole percent.
    static func pegboard(_ app: App) -> (you: Int, computer: Int)? {
        let lines = app.render().text.split(separator: "\n").map(String.init)
        guard let you = lines.firstIndex(where: { $0.hasPrefix(" You ") && $0.contains("·") }) else { return nil }
        func percent(_ line: String) -> Int? {
            line.firstMatch(of: /^ \d+ (\d+)%/).flatMap { Int($0.output.1) }
        }
        guard let mine = percent(lines[you + 1]), let theirs = percent(lines[you + 3]) else { return nil }
        return (mine, theirs)
    }

    /// What the figure should be, worked out apart from the table's own standpoint: the hint, `odds`'
    /// model on the deal as the player sees it, or the win table.
    static func expected(_ table: TableGame) throws -> Double {
        if case .over(let result) = table.stage { return result.winner == TableGame.player ? 1 : 0 }
        let score = table.score(for: TableGame.player)
        let target = try #require(Game.Target(rawValue: score.target))
        guard let deal = table.deal else {
            // The cut for deal: the first deal's chance, dealing it or not.
            return WinTable.shipped(target).table.chances(mine: 0, theirs: 0, dealing: table.match.setup.dealer == TableGame.player).win
        }
        switch table.stage {
        case .cutForDeal, .show:
            return WinTable.shipped(target).table.chances(mine: score.mine, theirs: score.theirs,
                                                          dealing: deal.dealer != TableGame.player).win
        case .discard where deal.kept[TableGame.player] == nil, .play where !table.playable.isEmpty:
            switch TableScene.hint(for: table) {
            case .discardHint(let analysis)?, .playHint(let analysis)?: return try #require(Analysis.gradingValue(of: analysis.best))
            default: throw Unexpected()
            }
        default:
            let role: Role = deal.dealer == TableGame.player ? .dealer : .pone
            let position = DealPosition(hand: try #require(deal.kept[TableGame.player]), discards: deal.thrown[TableGame.player],
                                        cut: deal.isCut ? deal.cut : nil, play: deal.isCut ? deal.play : Play(players: 2),
                                        role: role, score: try #require(table.scoreBeforeDeal(for: TableGame.player)))
            return try assess(position).win
        }
    }

    struct Unexpected: Error {}

    @Test("at every step of seeded deals the pegboard, the hint and odds give one figure", arguments: [UInt64(7), 29])
    func everyStep(seed: UInt64) throws {
        var app = App.standard(width: 80, height: 24)
        app.openTable(TableGame(setup: .init(seed: seed)))
        var checked = 0, moments: Set<String> = []
        for _ in 0..<seededRuns(full: 45, fast: 25) {
            app.finishWork(analyst: LiveAnalyst())
            let table = TableSceneTests.table(app)
            let shown = try #require(Self.pegboard(app), "a figure on the pegboard")
            let want = Int((try Self.expected(table) * 100).rounded())
            #expect(shown.you == want, "stage \(table.stage), \(table.moves.count) moves")
            #expect(shown.you + shown.computer == 100)
            moments.insert("\(table.stage)".prefix(5).description)
            checked += 1
            if case .over = table.stage { break }
            for key in TableSceneTests.nextKeys(app) { app.press(key) }
        }
        #expect(checked >= 20)
        #expect(moments.isSuperset(of: ["cutFo", "disca", "play", "show"]), "\(moments)")
    }
}
