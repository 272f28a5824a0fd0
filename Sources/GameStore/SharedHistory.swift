import CribbageCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension GameStore {
    /// A finished game of a table between people (`twentynine serve`), put into this player's
    /// history once: by its id, `<table id>-<game number>`, so that a second put, after a kill
    /// anywhere between the two players' writes, is nothing. The sides are named by the players'
    /// names; the record is the table as the club kept it, which replays the game.
    public func recordShared(_ table: TableGame, id: String, names: [String], started: Date, finished: Date = Date()) throws {
        let saved = SavedTable(id: id, started: started, table: table)
        var summary = FinishedGame(SavedGame(id: saved.gameID, started: started, game: table.game), finished: finished)
        let seatNames = table.game.names
        let rename = { (name: String) in seatNames.firstIndex(of: name).flatMap { names.indices.contains($0) ? names[$0] : nil } ?? name }
        summary.sides = summary.sides.map(rename)
        summary.winner = summary.winner.map(rename)
        summary.losers = summary.losers.map { loser in
            var loser = loser
            loser.name = rename(loser.name)
            return loser
        }
        summary.players = summary.players?.map { player in
            var player = player
            player.name = rename(player.name)
            return player
        }
        let entry = HistoryEntry(summary: summary, record: .table(saved))
        try withConnection(holdsLock: true) { connection, _ in
            try connection.transaction { try HistoryRows.insert(entry, $0) }
        }
    }
}
