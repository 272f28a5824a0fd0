import CribbageCore
#if canImport(Glibc)
import Glibc
#endif

/// The keep pegging table (`KeepPeggingTable.swift`): every keep of four ranks played out by the
/// engine against itself as dealer and as pone (`KeepSelfPlay`), the keeps shared out among the
/// workers. With a store folder each keep's result is written there as it is found (named by the
/// plays, the seed, the engine's hands and the keep) and read back on the next run, so a run that
/// is stopped goes on where it was; the same options give the same table whether it ran once or
/// in parts. An entry that does not read back as ten finite numbers is played again.
enum KeepTables {
    static func source(plays: Int, seed: UInt64, engine: PeggingEngine, workers: Int, store: String?, command: String) async -> String {
        let values = await entries(0..<KeepPegging.keeps.count, plays: plays, seed: seed, engine: engine, workers: workers, store: store)
        return KeepPegging.swiftSource(values.map { (dealer: $0.dealer, pone: $0.pone) }, plays: plays, seed: seed,
                                       made: "\(command): the \(values.count) keeps, each played out \(plays) times as dealer and as pone")
    }

    /// `selfplay keeps --range A-B`: only keeps A to B of the table, a line each (its number, its
    /// ranks, then as dealer and as pone mine, theirs, net ± the net's standard error): a part of
    /// the table's run, whose store a later run reads.
    static func listing(_ range: ClosedRange<Int>, plays: Int, seed: UInt64, engine: PeggingEngine, workers: Int,
                        store: String?) async -> String {
        let values = await entries(range.lowerBound..<(range.upperBound + 1), plays: plays, seed: seed, engine: engine,
                                   workers: workers, store: store)
        let letters: [Character] = Array("A23456789TJQK")
        return values.map { entry in
            let name = String(KeepPegging.keeps[entry.index].map { letters[Int($0) - 1] })
            let roles = [("dealer", entry.dealer), ("pone", entry.pone)].map { role, value in
                "\(role) \(fixed(value.mine)) \(fixed(value.theirs)) \(signed(value.net)) ± \(fixed(value.netError))"
            }
            return "  \(entry.index) \(name)  " + roles.joined(separator: "  ") + "\n"
        }.joined()
    }

    /// The estimates of keeps `indices` of `KeepPegging.keeps`, in order: each read from the store
    /// where it is there and whole, else played and written there.
    private static func entries(_ indices: Range<Int>, plays: Int, seed: UInt64, engine: PeggingEngine, workers: Int,
                                store: String?) async -> [(index: Int, dealer: KeepSelfPlay, pone: KeepSelfPlay)] {
        let keeps = KeepPegging.keeps
        if let store { mkdir(store, 0o755) }
        return await run(indices.count, workers: workers, empty: [(Int, KeepSelfPlay, KeepSelfPlay)](),
                         merge: { $0 += $1 }) { offset in
            let k = indices.lowerBound + offset
            let path = store.map { "\($0)/\(plays)-\(seed)-\(engine.hands)-\(k)" }
            if let path, let known = read(path) { return [(k, known[0], known[1])] }
            let entry = [true, false].map { dealer in
                KeepSelfPlay.estimate(keep: keeps[k], dealer: dealer, plays: plays, engine: engine,
                                      seed: KeepPegging.seed(keep: k, dealer: dealer, from: seed))
            }
            if let path { write(entry, to: path) }
            return [(k, entry[0], entry[1])]
        }.sorted { $0.0 < $1.0 }.map { (index: $0.0, dealer: $0.1, pone: $0.2) }
    }

    private static func numbers(_ entry: KeepSelfPlay) -> [Double] {
        [entry.mine, entry.theirs, entry.mineError, entry.theirsError, entry.netError]
    }

    /// Both roles' estimates, as exact decimal text (Double's description reads back the same).
    private static func write(_ entry: [KeepSelfPlay], to path: String) {
        let text = entry.flatMap(numbers).map { "\($0)" }.joined(separator: " ") + "\n"
        let partial = path + ".partial"
        guard let file = fopen(partial, "w") else { return }
        fputs(text, file)
        fclose(file)
        rename(partial, path)
    }

    private static func read(_ path: String) -> [KeepSelfPlay]? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 1024)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let values = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
        guard values.count == 10, values.allSatisfy(\.isFinite) else { return nil }
        return [0, 5].map {
            KeepSelfPlay(mine: values[$0], theirs: values[$0 + 1], mineError: values[$0 + 2],
                         theirsError: values[$0 + 3], netError: values[$0 + 4])
        }
    }
}
