import ArgumentParser
import CribbageCore
#if canImport(Glibc)
import Glibc
#endif

/// `selfplay odds`: the win tables (WinTables.swift, `make odds-tables`). Deals of the table's
/// expert against itself, each as the board sees it (`DealScores.played`), and the chance to win at
/// every score by backward induction, each cell's error by batch means.
struct OddsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "odds", abstract: "The win tables' source, from deals of the expert against itself.")

    @OptionGroup var common: Common
    @Option(help: "How many deals.") var deals = 100_000
    @Option(help: "Batches for the cells' errors.") var batches = 10

    /// The first deals the tables' test plays again.
    static let checked = 200

    func validate() throws {
        try Common.positive(deals, "--deals")
        guard batches >= 2 else { throw ValidationError("--batches '\(batches)': batch means need 2 batches or more") }
    }

    func run() async throws {
        let watch = Stopwatch(), seed = common.seed
        let (sample, tables) = await SelfPlay.oddsTables(deals: deals, seed: seed, hands: common.hands, batches: batches,
                                                         workers: common.workers)
        let made = "selfplay odds --deals \(deals) --seed \(seed) --hands \(common.hands), \(deals) deals of the table's expert against itself, \(batches) batches for the errors"
        let provenance = TableProvenance(target: "make odds-tables", engine: Fingerprint.engine,
                                         upstream: ["keep-pegging": KeepPegging.digest])
        let checked = min(Self.checked, deals)
        Output.print(WinTable.swiftSource(tables, made: made, provenance: provenance,
                                          check: (seed, common.hands, checked, DealScores.digest(Array(sample.prefix(checked))))), terminator: "")
        for (table, error) in tables {
            Output.error("selfplay odds: to \(table.target.points), the largest standard error of a cell's chance is \(error.largestWins.decimal(places: 5))")
        }
        Output.error("selfplay odds: \(watch.seconds) s on \(common.workers) workers")
    }
}

extension SelfPlay {
    /// What `selfplay odds` works out, as values: the deals of the table's expert against itself at
    /// `hands` (`DealScores.played`), and from them the tables to 121 and to 61, each with its
    /// cells' errors by `batches` batch means.
    public static func oddsTables(deals: Int, seed: UInt64, hands: Int = PeggingEngine.standardHands, batches: Int,
                                  workers: Int = 2) async -> (sample: [DealScores], tables: [(table: WinTable, error: WinTableError)]) {
        let limit = Limit(searchedHands: hands, figures: .ranking)
        let sample = await parallel(deals, workers: workers, empty: [(Int, DealScores)](), merge: { $0 += $1 }) {
            [($0, DealScores.played($0, seed: seed, limit: limit))]
        }.sorted { $0.0 < $1.0 }.map(\.1)
        var tables: [(table: WinTable, error: WinTableError)] = []
        for target in [Game.Target.long, .short] {
            let parts = [sample] + sample.batches(batches)
            let worked = await parallel(parts.count, workers: workers, empty: [(Int, WinTable)](), merge: { $0 += $1 }) {
                [($0, WinTable(deals: parts[$0], target: target))]
            }.sorted { $0.0 < $1.0 }.map(\.1)
            tables.append((worked[0], WinTableError(batches: Array(worked.dropFirst()))))
        }
        return (sample, tables)
    }
}

/// `selfplay shows`: the show's counts (ShowTables.swift, `make show-tables`), the deals split in
/// chunks over the workers (any split adds up to the same counts); the first quarter played out
/// for the rest of the play.
struct ShowsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shows", abstract: "The show's counts' source, from deals the expert throws.")

    @OptionGroup var common: Common
    @Option(help: "How many deals.") var deals = 40_000

    /// The deals at the head of the sample whose play a test plays again (`ShowCounts.Check`).
    static let checkedDeals = 1_000

    func validate() throws { try Common.positive(deals, "--deals") }

    func run() async throws {
        let watch = Stopwatch(), (seed, deals, limit) = (common.seed, deals, common.limit)
        let chunks = 64, played = deals / 4
        let counts = await parallel(chunks, workers: common.workers, empty: ShowCounts.sample(seed: seed, deals: 0..<0),
                                    merge: { $0 = $0 + $1 }) { chunk in
            ShowCounts.sample(seed: seed, deals: (chunk * deals / chunks)..<((chunk + 1) * deals / chunks), played: played, limit: limit)
        }
        // The check: the first deals again, each played out (a test plays them again).
        let checked = min(ShowsCommand.checkedDeals, played)
        let prefix = await parallel(2, workers: common.workers, empty: ShowCounts.sample(seed: seed, deals: 0..<0),
                                    merge: { $0 = $0 + $1 }) { half in
            let deals = (half * checked / 2)..<((half + 1) * checked / 2)
            return ShowCounts.sample(seed: seed, deals: deals, played: checked, limit: limit)
        }
        let provenance = TableProvenance(target: "make show-tables", engine: Fingerprint.engine,
                                         upstream: ["keep-pegging": KeepPegging.digest])
        Output.print(counts.swiftSource(made: "selfplay shows --deals \(deals) --seed \(seed) --hands \(common.hands)", provenance: provenance,
                                        check: ShowCounts.Check(prefix)),
                     terminator: "")
        Output.error("selfplay shows: \(watch.seconds) s on \(common.workers) workers")
    }
}

/// `selfplay keeps`: the keep pegging table (KeepPeggingTable.swift, `make keep-pegging`). Every keep
/// of four ranks played out by the engine against itself as dealer and as pone (`KeepSelfPlay`),
/// the keeps shared out among the workers. With `--store`, each keep's result is written there as it
/// is found and read back on the next run, so a stopped run goes on where it was; with `--range`,
/// only those keeps, listed.
struct KeepsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keeps", abstract: "The keep pegging table's source, every keep played out in self-play.")

    @OptionGroup var common: Common
    @Option(help: "Plays a keep and role (even, 2 or more).") var plays = 1_000
    @Option(help: "The folder each keep's result is kept in as it is found.") var store: String?
    @Option(help: "Only keeps A-B of the table, listed.") var range: String?
    @Option(help: "With --range, another engine, as `selfplay engines` names it (the table is made with the engine as it plays).")
    var engine: String?

    func validate() throws {
        try KeepsCommand.even(plays)
        if let engine {
            guard EnginesCommand.inference(engine) != nil else {
                throw ValidationError("--engine '\(engine.escapingControlCharacters.cut(to: 40))': consistent, policy:S, now:S or search:S, with hidden+ before")
            }
            guard range != nil else { throw ValidationError("--engine: only with --range (the table is made with the engine as it plays)") }
        }
        if let store, store.isEmpty { throw ValidationError("--store: a folder is needed") }
        if let range, keepRange == nil {
            throw ValidationError("--range '\(range.escapingControlCharacters)': keeps A-B, from 0 to \(KeepPegging.keeps.count - 1)")
        }
    }

    static func even(_ plays: Int) throws {
        guard plays >= 2, plays % 2 == 0, plays <= 1 << 40 else {
            throw ValidationError("--plays '\(plays)': an even number, 2 or more (the plays come in pairs)")
        }
    }

    var keepRange: ClosedRange<Int>? {
        guard let range else { return nil }
        let bounds = range.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard bounds.count == 2, let low = bounds[0], let high = bounds[1], 0 <= low, low <= high,
              high < KeepPegging.keeps.count else { return nil }
        return low...high
    }

    func run() async throws {
        let watch = Stopwatch()
        let engine = (engine.map { EnginesCommand.limit($0, common.limit) } ?? common.limit).engine
        if let keepRange {
            let values = await Self.entries(keepRange.lowerBound..<(keepRange.upperBound + 1), plays: plays, seed: common.seed,
                                            engine: engine, workers: common.workers, store: store)
            let letters: [Character] = Array("A23456789TJQK")
            for entry in values {
                let name = String(KeepPegging.keeps[entry.index].map { letters[Int($0) - 1] })
                let roles = [("dealer", entry.dealer), ("pone", entry.pone)].map { role, value in
                    "\(role) \(fixed(value.mine)) \(fixed(value.theirs)) \(signed(value.net)) ± \(fixed(value.netError))"
                }
                Output.print("  \(entry.index) \(name)  " + roles.joined(separator: "  "))
            }
        } else {
            let values = await Self.entries(0..<KeepPegging.keeps.count, plays: plays, seed: common.seed, engine: engine,
                                            workers: common.workers, store: store)
            let made = "selfplay keeps --plays \(plays) --seed \(common.seed) --hands \(common.hands): the \(values.count) keeps, each played out \(plays) times as dealer and as pone"
            Output.print(KeepPegging.swiftSource(values.map { (dealer: $0.dealer, pone: $0.pone) }, plays: plays, seed: common.seed,
                                                 made: made, provenance: TableProvenance(target: "make keep-pegging", engine: Fingerprint.engine)),
                         terminator: "")
        }
        Output.error("selfplay keeps: \(watch.seconds) s on \(common.workers) workers")
    }

    /// The estimates of keeps `indices`, in order: each read from the store where it is there and
    /// whole, else played and written there.
    static func entries(_ indices: Range<Int>, plays: Int, seed: UInt64, engine: PeggingEngine, workers: Int,
                        store: String?) async -> [(index: Int, dealer: KeepSelfPlay, pone: KeepSelfPlay)] {
        let keeps = KeepPegging.keeps
        if let store { mkdir(store, 0o755) }
        let name = store == nil ? "" : storeName(engine)
        return await parallel(indices.count, workers: workers, empty: [(Int, KeepSelfPlay, KeepSelfPlay)](),
                              merge: { $0 += $1 }) { offset in
            let k = indices.lowerBound + offset
            let path = store.map { "\($0)/\(plays)-\(seed)-\(name)-\(k)" }
            if let path, let known = read(path) { return [(k, known[0], known[1])] }
            let entry = [true, false].map { dealer in
                KeepSelfPlay.estimate(keep: keeps[k], dealer: dealer, plays: plays, engine: engine,
                                      seed: KeepPegging.seed(keep: k, dealer: dealer, from: seed))
            }
            if let path { write(entry, to: path) }
            return [(k, entry[0], entry[1])]
        }.sorted { $0.0 < $1.0 }.map { (index: $0.0, dealer: $0.1, pone: $0.2) }
    }

    /// The engine in a stored entry's name: its settings and the fingerprint of the engine as it
    /// plays, so a changed engine never reads another's entries.
    static func storeName(_ engine: PeggingEngine) -> String {
        var name = "\(engine.hands)"
        if let replies = engine.hiddenReplies { name += "-hidden\(replies)" }
        switch engine.inference {
        case .consistent: break
        case .policy(let sharpness, .open): name += "-policy\(sharpness)"
        case .policy(let sharpness, .pointsNow): name += "-now\(sharpness)"
        case .policy(let sharpness, .search(let samples)): name += "-search\(sharpness)x\(samples)"
        }
        return name + "-" + Fingerprint.engine
    }

    private static func numbers(_ entry: KeepSelfPlay) -> [Double] {
        [entry.mine, entry.theirs, entry.mineError, entry.theirsError, entry.netError]
    }

    /// Both roles' estimates, as exact decimal text, to a side name then renamed (so a file there is whole).
    private static func write(_ entry: [KeepSelfPlay], to path: String) {
        let text = entry.flatMap(numbers).map { "\($0)" }.joined(separator: " ") + "\n"
        let partial = path + ".partial"
        guard let file = fopen(partial, "w") else { return }
        fputs(text, file)
        fclose(file)
        rename(partial, path)
    }

    /// An entry that does not read back as ten finite numbers is played again.
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

/// `selfplay keepcheck`: keeps drawn at random (seeded), each in self-play beside its open-handed
/// value, and each role's correlation between the two.
struct KeepCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keepcheck", abstract: "Keeps in self-play beside their open-handed values.")

    @OptionGroup var common: Common
    @Option(help: "How many keeps.") var deals = 60
    @Option(help: "Plays a keep (even, 2 or more).") var plays = 1_000

    func validate() throws {
        try Common.positive(deals, "--deals")
        try KeepsCommand.even(plays)
    }

    func run() async throws {
        let watch = Stopwatch(), (seed, count, plays, engine) = (common.seed, deals, plays, common.limit.engine)
        let rows = await parallel(count, workers: common.workers, empty: [(Int, String, Double, Double)](), merge: { $0 += $1 }) { index in
            var random = DealScheme.generator(seed, index)
            let keep = KeepPegging.keeps[random.below(KeepPegging.keeps.count)], dealer = index % 2 == 0
            let started = ContinuousClock.now
            let played = KeepSelfPlay.estimate(keep: keep, dealer: dealer, plays: plays, engine: engine, seed: seed &+ UInt64(index))
            let elapsed = (ContinuousClock.now - started).components
            let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
            let table = KeepPegging.value(of: keep, dealer: dealer)
            let letters: [Character] = Array("A23456789TJQK")
            let name = String(keep.map { letters[Int($0) - 1] })
            let role = dealer ? "dealer" : "pone  "
            let tableText = "open \(fixed(table.mine)) \(fixed(table.theirs)) \(signed(table.net))"
            let playedText = "self-play \(fixed(played.mine)) \(fixed(played.theirs)) \(signed(played.net)) ± \(fixed(1.96 * played.netError))"
            return [(index, "  " + name + " " + role + "  " + tableText + "   " + playedText + "   " + fixed(seconds) + " s", table.net, played.net)]
        }.sorted { $0.0 < $1.0 }
        Output.print("Keeps in self-play (the engine against itself, \(plays) plays each, the open-handed value a control) beside its open-handed value: mine, theirs, net (95% CI), \(count) keeps, seed \(seed), \(common.hands) hands a decision:")
        for row in rows { Output.print(row.1) }
        // Each role's keeps (even numbers deal, odd pone) apart: the roles' nets lie far apart.
        for (role, parity) in [("dealer", 0), ("pone", 1)] {
            let mine = rows.filter { $0.0 % 2 == parity }
            guard mine.count > 1 else { continue }
            let (x, y) = (mine.map(\.2), mine.map(\.3))
            let (mx, my) = (x.reduce(0, +) / Double(x.count), y.reduce(0, +) / Double(y.count))
            let sxy = zip(x, y).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
            let sxx = x.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }, syy = y.reduce(0) { $0 + ($1 - my) * ($1 - my) }
            let gaps = zip(x, y).map { $1 - $0 }
            let spread = (gaps.reduce(0) { $0 + ($1 - (my - mx)) * ($1 - (my - mx)) } / Double(gaps.count)).squareRoot()
            Output.print("  nets as \(role) (\(mine.count) keeps): open-handed mean \(signed(mx)), self-play mean \(signed(my)), correlation \(fixed(sxy / (sxx * syy).squareRoot())), self-play less open-handed \(signed(my - mx)) spread \(fixed(spread))")
        }
        Output.print("  \(watch.seconds) s on \(common.workers) workers")
    }
}

/// `selfplay keepknown`: how much knowing its own discards would change a keep's pegging value.
/// For seeded sixes, each role, every keep's open-handed pegging value with the two thrown ranks
/// known (`KeepPegging.value(of:dealer:discards:)`) less the same value averaged over discards
/// (what the shipped table's keeps are averaged over), and how often adding that difference to
/// the expert's ranking (hand ± crib and the table's pegging net) changes the keep it throws for.
struct KeepKnownCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keepknown", abstract: "What knowing its own discards changes in a keep's pegging value.")

    @OptionGroup var common: Common
    @Option(help: "How many sixes (each valued as dealer and as pone).") var deals = 100

    func validate() throws { try Common.positive(deals, "--deals") }

    func run() async throws {
        let watch = Stopwatch(), (seed, count) = (common.seed, deals)
        // Each six and role: the mean and largest change of a keep's net, and whether the keep changed.
        let rows = await parallel(count, workers: common.workers, empty: [(Int, Double, Double, Int, Double)](), merge: { $0 += $1 }) { index in
            var random = DealScheme.generator(seed, index)
            let six = random.deal(6)
            return [Role.dealer, Role.pone].map { role in
                let dealer = role == .dealer
                let keeps = try! DiscardAdvisor.analyze(six, role: role, opponent: .solved).keeps
                var changes: [Double] = [], plain: [Double] = [], known: [Double] = []
                for keep in keeps {
                    let ranks = keep.cards.map(\.rank.rawValue), thrown = keep.discard.map(\.rank.rawValue)
                    let change = KeepPegging.value(of: ranks, dealer: dealer, discards: thrown).net - KeepPegging.value(of: ranks, dealer: dealer).net
                    changes.append(change)
                    plain.append(keep.netWithPegging(for: role))
                    known.append(keep.netWithPegging(for: role) + change)
                }
                let best = plain.indices.max { plain[$0] < plain[$1] }!, bestKnown = known.indices.max { known[$0] < known[$1] }!
                let mean = changes.reduce(0) { $0 + abs($1) } / Double(changes.count)
                // What the keep thrown for with the discards known gains in that model over the one thrown for now.
                return (index, mean, changes.map(abs).max()!, best == bestKnown ? 0 : 1, known[bestKnown] - known[best])
            }
        }
        var change = Tally(), changed = Tally(), gain = Tally()
        for row in rows {
            change.add(row.1)
            changed.add(Double(row.3))
            gain.add(row.4)
        }
        Output.print("$ selfplay keepknown --deals \(count) --seed \(seed)")
        Output.print("Keeps' open-handed pegging net with the keeper's two thrown ranks known, less the same averaged over discards; \(count) sixes, each as dealer and as pone:")
        Output.print("  mean change of a keep's net  \(change.text); the largest \(fixed(rows.map(\.2).max() ?? 0))")
        Output.print("  the keep thrown for changes  \(changed.text) of sixes and roles")
        Output.print("  gaining, with the discards known  \(gain.text) points a six and role")
        Output.print("  \(watch.seconds) s on \(common.workers) workers")
    }
}

/// `selfplay crib`: the solved crib tables and each role's policy (SolvedCribTables.swift, `make
/// crib-tables`), solved from scratch by the project's solver (`--shipped`: the shipped ones, as a
/// test compares). Not made by the engine: no fingerprint.
struct CribCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crib", abstract: "The solved crib tables' source, solved from scratch.")

    @Flag(help: "Print the shipped tables' source rather than solve them.") var shipped = false

    func run() throws {
        let (dealer, pone): (CribTable, CribTable)
        if shipped {
            (dealer, pone) = (CribTable.shipped(role: .dealer, opponent: .solved), CribTable.shipped(role: .pone, opponent: .solved))
        } else {
            let solution = CribSolver.solve()
            (dealer, pone) = (solution.dealer, solution.pone)
        }
        Output.print(CribTable.swiftSource(dealer: dealer, pone: pone), terminator: "")
    }
}
