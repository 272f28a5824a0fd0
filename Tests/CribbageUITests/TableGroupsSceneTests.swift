import Canvas
import CribbageCore
import Testing
@testable import CribbageUI

/// The table for three players and two teams, by keys: one card thrown, the advice that weighs
/// two-player deals refused, every seat's laid cards and whose turn drawn, the sides' tracks.
@Suite("The table: three players and two teams")
struct TableGroupsSceneTests {
    static func app(width: Int = 80, height: Int = 24, seating: Game.Seating) -> App {
        var app = App.standard(width: width, height: height)
        app.openTable(TableGame(setup: .init(seed: 29, level: .beginner, seating: seating), limit: .init(searchedHands: 8, figures: .ranking)))
        return app
    }

    static func table(_ app: App) -> TableGame { app.state.table!.table }

    /// The keys of a player who throws their first card and lays their first that fits.
    static func nextKeys(_ app: App) -> [KeyInput] {
        let table = table(app)
        switch table.stage {
        case .cutForDeal, .show, .over: return [.enter]
        case .discard:
            if app.state.table!.picked.count == 1 { return [.enter] }
            return [TableSceneTests.key(table.deal!.sixes[0][0].rank)]
        case .play: return [TableSceneTests.key(table.playable[0].rank)]
        case .claim: return [.character("0"), .enter]
        }
    }

    @Test("three players: one card picked and thrown, a second refused; the hint, why and the tutor say they are for two")
    func throwingOne() throws {
        var app = Self.app(seating: .threePlayers)
        app.press(.enter)
        let table = Self.table(app)
        #expect(table.stage == .discard && table.deal!.sixes[0].count == 5)
        // The computer's two seats have thrown.
        #expect(table.deal!.thrown[1].count == 1 && table.deal!.thrown[2].count == 1)
        let five = table.deal!.sixes[0]
        app.press(TableSceneTests.key(five[0].rank))
        #expect(app.state.table!.picked == [five[0]])
        if let other = five.first(where: { $0.rank != five[0].rank }) {
            app.press(TableSceneTests.key(other.rank))
            #expect(app.state.table!.picked == [five[0]])
            #expect(app.state.notice == .tableNotice(.onePicked))
        }
        app.press(.character("e"))
        app.finishWork()
        #expect(app.state.notice == .tableNotice(.twoPlayersOnly(.hint)))
        app.press(.character("T"))
        #expect(app.state.notice == .tableNotice(.twoPlayersOnly(.tutor)) && !Self.table(app).tutor)
        app.press(.enter)
        let thrown = Self.table(app)
        #expect(thrown.deal!.thrown[0] == [five[0]] && thrown.deal!.crib.count == 4)
        #expect(thrown.stage == .play || thrown.stage == .show)
    }

    @Test("a whole deal of two teams by keys: every seat lays its four, the show counts four hands and the crib, saved as it goes",
          arguments: [Game.Seating.threePlayers, .twoTeams])
    func wholeDeal(seating: Game.Seating) {
        var app = Self.app(seating: seating)
        var saves = 0
        for _ in 0..<60 where Self.table(app).stage != .show {
            for key in Self.nextKeys(app) {
                if case .ask(let ask) = app.handle(key), ask.request is TableSave { saves += 1 }
            }
        }
        let table = Self.table(app)
        #expect(table.stage == .show)
        #expect(table.deal!.play.isComplete && table.deal!.shown.count == seating.players + 1)
        #expect(saves >= 5)
        let text = app.render().text
        for name in table.names.dropFirst() { #expect(text.contains(" \(name) "), "\(text)") }
    }

    /// Three players in the play, the count going, and two teams at the show.
    @Test(arguments: SnapshotTests.sizes)
    func snapshots(size: Size) {
        var three = Self.app(width: size.width, height: size.height, seating: .threePlayers)
        for _ in 0..<40 {
            let table = Self.table(three)
            if table.stage == .play, (table.deal?.play.laid.joined().count ?? 0) >= 5 { break }
            for key in Self.nextKeys(three) { _ = three.handle(key) }
        }
        expectSnapshot(three.render(), named: "table-three-play-\(size.width)x\(size.height)")
        var teams = Self.app(width: size.width, height: size.height, seating: .twoTeams)
        for _ in 0..<60 where Self.table(teams).stage != .show {
            for key in Self.nextKeys(teams) { _ = teams.handle(key) }
        }
        expectSnapshot(teams.render(), named: "table-teams-show-\(size.width)x\(size.height)")
    }
}
