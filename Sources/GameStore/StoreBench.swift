#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension GameStore {
    /// Puts finished games (each with its record) and reviews into the history in one
    /// transaction, through the rows a game's end and a kept review write: for the benchmarks
    /// (`make bench`), which make a data folder of 20,000 games in seconds rather than in 20,000
    /// transactions each waiting for the disk. Not for the program: a game goes into the history
    /// with its game's save (`StoreSession.save`). A game the history holds is left as it is.
    @_spi(Benchmarks)
    public func keepFinished(_ entries: [HistoryEntry], reviews: [SavedReview]) throws {
        try withConnection(holdsLock: true) { connection, _ in
            try connection.transaction { connection in
                for entry in entries { try HistoryRows.insert(entry, connection) }
                for review in reviews { _ = try ReviewRows.keep(review, connection) }
            }
        }
    }
}
