import CribbageCore

/// The keep pegging table (`KeepPeggingTable.swift`): every keep of four ranks solved as dealer
/// and as pone, the keeps shared out among the workers.
enum KeepTables {
    static func source(workers: Int, command: String) async -> String {
        let keeps = KeepPegging.keeps
        let values = await run(keeps.count, workers: workers, empty: [(Int, KeepPegging, KeepPegging)](),
                               merge: { $0 += $1 }) { k in
            [(k, KeepPegging.value(of: keeps[k], dealer: true), KeepPegging.value(of: keeps[k], dealer: false))]
        }.sorted { $0.0 < $1.0 }.map { (dealer: $0.1, pone: $0.2) }
        return KeepPegging.swiftSource(values, made: "\(command): the \(keeps.count) keeps, each solved exactly against every four the opponent may keep")
    }
}
