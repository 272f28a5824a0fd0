import CribbageCore
import CribbageUI
import Foundation
@testable import GameStore
import TestSupport
import Testing
@testable import TwentyNineCommands

/// `twentynine table --players 3|4` in process: the option read, a bad count refused in one line,
/// the match saved as version 5 with its seat count, and a finished game in the history with its
/// level and seating.
@Suite("table --players: three and four at the table")
struct TableGroupsCommandTests {
    @Test func thePlayersOptionSetsTheSeating() throws {
        #expect(try TableCommand.parse(["--players", "3"]).readSetup().seating == .threePlayers)
        #expect(try TableCommand.parse(["--players", "4", "--level", "club"]).readSetup().seating == .twoTeams)
        #expect(try TableCommand.parse(["--players", "2"]).readSetup().seating == .twoPlayers)
        #expect(try TableCommand.parse([]).readSetup().seating == .twoPlayers)
        for token in ["5", "1", "three"] {
            try expectOneLineError(runInProcess(["table", "--players", token]), naming: token)
        }
    }

    @Test("a three-player match saved after a move is version 5 with its seat count, reads back, and its finished game goes to the history")
    func savedAndRecorded() throws {
        let folder = try GameFolder()
        defer { folder.remove() }
        let keeper = StoreKeeper(environment: folder.environment)
        let setup = TableGame.Setup(seed: 12, level: .beginner, seating: .threePlayers)
        guard case .table(var table, _) = keeper.loadTable(starting: setup, fresh: true) else {
            Issue.record("no table")
            return
        }
        try table.apply(.next)
        #expect(keeper.saveTable(table) == nil)
        let bytes = try #require(try GameStore(folder: folder.path).withConnection(holdsLock: false) { connection, _ in try connection.kept("table") })
        let saved = try JSONSerialization.jsonObject(with: bytes) as? [String: Any]
        #expect(saved?["version"] as? Int == 5)
        #expect((saved?["table"] as? [String: Any])?["players"] as? Int == 3)
        // The whole game, saved after every move; then the history has it, with the level and the three names.
        while true {
            if case .over = table.stage { break }
            switch table.stage {
            case .discard: try table.apply(.discard(seat: 0, [table.deal!.sixes[0][0]]))
            case .play: try table.apply(.lay(seat: 0, table.playable[0]))
            default: try table.apply(.next)
            }
            #expect(keeper.saveTable(table) == nil)
        }
        // The game is over and kept: the table asks for no review of it, the review grading two-player games.
        #expect(keeper.finishedGame() == nil, "a game of three is not reviewed for the records")
        let read = try #require(try GameStore(folder: folder.path).withTableSession { $0.saved?.table })
        let same = read.moves == table.moves && read.game == table.game && read.standing == table.standing
        #expect(same, "the match read back is the one played")
        guard case .table = keeper.loadTable(starting: setup, fresh: true) else {
            Issue.record("no new match")
            return
        }
        let games = try GameStore(folder: folder.path).withSession { $0.history().games }
        #expect(games.count == 1 && games[0].level == .known(.beginner) && games[0].seating == .threePlayers)
        #expect(try folder.ok("--history").contains("(against the computer, beginner)"))
        // The review grades two-player games: the last game of three is none to review.
        let review = runInProcess(["review", "--last"], environment: folder.environment)
        #expect(review.status != 0 && review.stderr.contains("no finished two-player game against the computer to review"))
        let byID = runInProcess(["review", games[0].id], environment: folder.environment)
        #expect(byID.status != 0 && byID.stderr.contains("was played by 3 at the table"))
        // Nor do the records count it: no game waits for a review, none is listed by level.
        #expect(try !folder.ok("--stats").contains("not reviewed"))
        guard case .records(let book, let toReview) = keeper.recordBook() else {
            Issue.record("no records")
            return
        }
        #expect(book.levels.isEmpty && book.notReviewed == 0 && toReview.isEmpty)
    }
}
