import CribbageCore

/// The win tables' sample: deals of the engine against itself, both throwing as the expert does,
/// each as the board sees it (`DealScores`: his heels, the pegs in order, the pone's hand, the
/// dealer's hand, the crib).
enum OddsSample {
    static func deal(_ index: Int, seed: UInt64, engine: PeggingEngine) -> DealScores {
        var random = generator(seed: seed, index: index)
        let dealt = DealtCards(&random)
        let pone = Thrower.expert.keep(dealt.sixes[0], dealer: false)
        let dealer = Thrower.expert.keep(dealt.sixes[1], dealer: true)
        let pegs = playOut(kept: [pone.kept, dealer.kept], thrown: [pone.thrown, dealer.thrown], cut: dealt.cut,
                           peggers: [.engine(engine), .engine(engine)], random: &random)
        func count(_ cards: [Card], _ rules: Rules) -> Int {
            FastScorer.shared.total(hand: try! Hand(cards, cut: dealt.cut), rules: rules)
        }
        return DealScores(
            heels: dealt.cut.rank == .jack ? 2 : 0,
            pegs: pegs.map { DealScores.Step(dealer: $0.player == 1, points: $0.score.points) },
            poneHand: count(pone.kept, .hand), dealerHand: count(dealer.kept, .hand),
            crib: count(pone.thrown + dealer.thrown, .crib))
    }

    /// Both targets' tables from `deals` deals, each with its batch-means error, as the Swift
    /// source of WinTables.swift; the tables of the batches and the whole are worked out on the
    /// workers.
    static func source(deals: Int, seed: UInt64, engine: PeggingEngine, workers: Int, batches: Int,
                       command: String) async -> (source: String, errors: [(Game.Target, Double)]) {
        let sample = await run(deals, workers: workers, empty: [(Int, DealScores)](), merge: { $0 += $1 }) {
            [($0, deal($0, seed: seed, engine: engine))]
        }.sorted { $0.0 < $1.0 }.map(\.1)
        var tables: [(table: WinTable, error: WinTableError)] = []
        for target in [Game.Target.long, .short] {
            let parts = [sample] + sample.batches(batches)
            let worked = await run(parts.count, workers: workers, empty: [(Int, WinTable)](), merge: { $0 += $1 }) {
                [($0, WinTable(deals: parts[$0], target: target))]
            }.sorted { $0.0 < $1.0 }.map(\.1)
            tables.append((worked[0], WinTableError(batches: Array(worked.dropFirst()))))
        }
        let made = "\(command), \(deals) deals of the engine against itself, \(batches) batches for the errors"
        return (WinTable.swiftSource(tables, made: made), tables.map { ($0.table.target, $0.error.largestWins) })
    }
}
