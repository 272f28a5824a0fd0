import CribbageCore
#if canImport(Glibc)
import Glibc
#endif

// selfplay: the engine measured in seeded self-play, on both cores. Not part of twentynine.
//
//   selfplay pegging [--deals N] [--seed S] [--hands K] [--workers W]
//   selfplay games   [--games N] [--seed S] [--hands K] [--workers W] [--near N] [--peg-near N] [--goal G]
//   selfplay odds    [--deals N] [--seed S] [--hands K] [--workers W] [--batches B]: WinTables.swift
//   selfplay keeps   [--plays N] [--seed S] [--hands K] [--workers W] [--store DIR] [--range A-B]: KeepPeggingTable.swift,
//                    or with --range those keeps listed (a part of the run, kept in the store)
//   selfplay score   [--games N] [--seed S] [--hands K] [--workers W] [--near N] [--peg-near N] [--from N] [--goal G]
//   selfplay discards [--deals N] [--seed S] [--hands K] [--workers W] [--play-all 1]
//   selfplay levels  [--games N] [--seed S] [--hands K] [--workers W]
//   selfplay dealer  [--games N] [--seed S] [--hands K] [--workers W]
//   selfplay shows   [--deals N] [--seed S] [--workers W]: ShowTables.swift
//   selfplay keepcheck [--deals N] [--plays N] [--seed S] [--hands K] [--workers W]: N keeps in self-play against the table

let usage = "usage: selfplay pegging|games|odds|keeps|discards|score|levels|dealer|shows|keepcheck [--deals N] [--games N] [--seed S] [--hands K] [--workers W] [--batches B] [--play-all 1] [--near N] [--peg-near N] [--from N] [--goal win|game-points] [--plays N] [--store DIR] [--range A-B]"

/// The arguments, or the one line naming the first bad one.
struct Options {
    var measurement = ""
    var deals = 100_000, games = 20_000, hands = 48, workers = 2, batches = 10
    var seed: UInt64 = 29
    /// `discards` plays every deal, even those whose keeps agree (to check the shortcut).
    var playAll = false
    /// `score` and `games` discard to the score when either side is within this many points of the
    /// target (`--near 0`: never, the player for points).
    var near: Int?
    /// `score` pegs to the win chance within this many points of the target (0: never).
    var pegNear = ToScore.standardNear
    /// `score` starts each game with both scores drawn from this to the target.
    var from: Int?
    /// What the player to the score maximises, in `score` and `games`.
    var goal = ScoreGoal.win
    /// `keeps` and `keepcheck`: the deals each keep is played out in, as dealer and as pone.
    var plays = 1_000
    /// `keeps`: the folder each keep's result is kept in as it is found, for a run in parts.
    var store: String?
    /// `keeps`: only these keeps of the table, listed rather than written as the table's source.
    var keepRange: ClosedRange<Int>?

    init(_ arguments: [String]) throws(BadArgument) {
        guard let first = arguments.first, ["pegging", "games", "odds", "keeps", "discards", "score", "levels", "dealer", "shows", "keepcheck"].contains(first) else {
            throw BadArgument(message: "\(arguments.first.map { "'\($0)': " } ?? "")a measurement is pegging, games, odds, keeps, discards, score, levels, dealer, shows or keepcheck")
        }
        measurement = first
        var rest = arguments.dropFirst()
        while let name = rest.popFirst() {
            guard ["--deals", "--games", "--seed", "--hands", "--workers", "--batches", "--play-all", "--near", "--peg-near", "--from", "--goal", "--plays", "--store", "--range"].contains(name) else {
                throw BadArgument(message: "unknown option '\(name)'")
            }
            let text = rest.popFirst() ?? ""
            if name == "--peg-near", let value = Int(text), (0...121).contains(value) {
                pegNear = value
                continue
            }
            if name == "--range" {
                let bounds = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
                guard bounds.count == 2, let low = bounds[0], let high = bounds[1], 0 <= low, low <= high,
                      high < KeepPegging.keeps.count else {
                    throw BadArgument(message: "--range '\(text)': keeps A-B, from 0 to \(KeepPegging.keeps.count - 1)")
                }
                keepRange = low...high
                continue
            }
            if name == "--store" {
                guard !text.isEmpty else { throw BadArgument(message: "--store: a folder is needed") }
                store = text
                continue
            }
            if name == "--goal" {
                guard let value = ["win": ScoreGoal.win, "game-points": .gamePoints][text] else {
                    throw BadArgument(message: "--goal '\(text)': win or game-points is needed")
                }
                goal = value
                continue
            }
            if name == "--near", text == "0" {
                near = nil
                continue
            }
            if name == "--from" {
                guard let value = Int(text), (0...120).contains(value) else {
                    throw BadArgument(message: "--from '\(text)': a score from 0 to 120 is needed")
                }
                from = value
                continue
            }
            guard let value = UInt64(text), value > 0, value <= 1 << 40 else {
                throw BadArgument(message: "\(name) '\(text)': a whole number from 1 to 2^40 is needed")
            }
            if name == "--batches" && value < 2 {
                throw BadArgument(message: "--batches '\(text)': batch means need 2 batches or more")
            }
            switch name {
            case "--deals": deals = Int(value)
            case "--games": games = Int(value)
            case "--seed": seed = value
            case "--hands": hands = Int(value)
            case "--batches": batches = Int(value)
            case "--play-all": playAll = true
            case "--near": near = Int(value)
            case "--plays" where value < 2 || value % 2 == 1:
                throw BadArgument(message: "--plays '\(text)': an even number, 2 or more (the plays come in pairs)")
            case "--plays": plays = Int(value)
            default: workers = Int(value)
            }
        }
    }
}

struct BadArgument: Error { let message: String }

/// Items 0..<count spread over the workers, each worker's results merged.
func run<Result: Sendable>(_ count: Int, workers: Int, empty: Result,
                           merge: @escaping @Sendable (inout Result, Result) -> Void,
                           item: @escaping @Sendable (Int) -> Result) async -> Result {
    await withTaskGroup(of: Result.self) { group in
        for worker in 0..<workers {
            group.addTask {
                var total = empty
                for index in stride(from: worker, to: count, by: workers) { merge(&total, item(index)) }
                return total
            }
        }
        var total = empty
        for await part in group { merge(&total, part) }
        return total
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let options: Options
do { options = try Options(arguments) } catch {
    _ = "selfplay: \(error.message.escapingControlCharacters) (\(usage))\n".withCString { write(2, $0, strlen($0)) }
    exit(2)
}
let engine = PeggingEngine(hands: options.hands)
let clock = ContinuousClock(), start = clock.now
let command = "selfplay " + arguments.joined(separator: " ")
if options.measurement == "odds" {
    // The source to standard output, for `make odds-tables`; what it found to standard error.
    let (source, errors) = await OddsSample.source(deals: options.deals, seed: options.seed, engine: engine,
                                                   workers: options.workers, batches: options.batches, command: command)
    print(source, terminator: "")
    for (target, error) in errors {
        let line = "selfplay odds: to \(target.points), the largest standard error of a cell's chance is \(error.decimal(places: 5))\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
    let done = "selfplay odds: \((clock.now - start).components.seconds) s on \(options.workers) workers\n"
    _ = done.withCString { write(2, $0, strlen($0)) }
    exit(0)
}
if options.measurement == "shows" {
    // The show's counts (ShowTables.swift, for `make show-tables`): the deals split in chunks
    // over the workers; any split adds up to the same counts. The first quarter of the deals are
    // played out too, for the rest of the play.
    let seed = options.seed, deals = options.deals, chunks = 64, played = options.deals / 4
    let counts = await run(chunks, workers: options.workers, empty: ShowCounts.sample(seed: seed, deals: 0..<0),
                           merge: { $0 = $0 + $1 }) { chunk in
        ShowCounts.sample(seed: seed, deals: (chunk * deals / chunks)..<((chunk + 1) * deals / chunks), played: played)
    }
    print(counts.swiftSource(made: command), terminator: "")
    let done = "selfplay shows: \((clock.now - start).components.seconds) s on \(options.workers) workers\n"
    _ = done.withCString { write(2, $0, strlen($0)) }
    exit(0)
}
if options.measurement == "keeps" {
    if let range = options.keepRange {
        print(await KeepTables.listing(range, plays: options.plays, seed: options.seed, engine: engine,
                                       workers: options.workers, store: options.store), terminator: "")
    } else {
        print(await KeepTables.source(plays: options.plays, seed: options.seed, engine: engine, workers: options.workers,
                                      store: options.store, command: command), terminator: "")
    }
    let done = "selfplay keeps: \((clock.now - start).components.seconds) s on \(options.workers) workers\n"
    _ = done.withCString { write(2, $0, strlen($0)) }
    exit(0)
}
print("$ " + command)
switch options.measurement {
case "pegging":
    let seed = options.seed
    let result = await run(options.deals, workers: options.workers, empty: PeggingResult(),
                           merge: { $0.merge($1) }) { PeggingResult.deal($0, seed: seed, engine: engine) }
    print("Engine pegging against greedy pegging, the same hands (both throw as the expert), \(options.deals) deals, seed \(seed), \(options.hands) hands a decision:")
    print("  net per deal, as dealer   \(result.asDealer.text)")
    print("  net per deal, as pone     \(result.asPone.text)")
    print("  net per deal, both roles  \(result.perDeal.text)")
    print("Over greedy in the same seat (greedy against greedy on the same cards):")
    print("  gain as dealer            \(result.gainAsDealer.text)")
    print("  gain as pone              \(result.gainAsPone.text)")
    print("Engine against itself, points pegged a deal:")
    print("  dealer                    \(result.dealerPegs.text)")
    print("  pone                      \(result.ponePegs.text)")
    print("Where greedy in the engine's seat netted more on the same cards (share of deals; points a deal lost there):")
    print("  deals, as dealer          \(result.behindAsDealer.text)")
    print("  deals, as pone            \(result.behindAsPone.text)")
    print("  lost a deal, as dealer    \(result.lostAsDealer.text)")
    print("  lost a deal, as pone      \(result.lostAsPone.text)")
case "score":
    let seed = options.seed, pairs = (options.games + 1) / 2
    let thrower = options.near.map { Thrower.toScore(near: $0, goal: options.goal) } ?? .pegging
    let players = [Player(thrower: thrower, pegger: .engineToScore(engine, nearTheEnd: options.pegNear, goal: options.goal)),
                   Player(thrower: .pegging, pegger: .engine(engine))]
    let result = await run(pairs, workers: options.workers, empty: GamesResult(),
                           merge: { $0.merge($1) }) { [from = options.from] in GamesResult.twins($0, seed: seed, players: players, from: from) }
    let playsFor = options.goal == .win ? "the chance to win" : "the game points to expect"
    let discards = options.near.map {
        "its discards by \(playsFor) (DiscardOdds) when either side is within \($0) of 121, else as the other's"
    } ?? "both with expert discards counting the play"
    let pegging = options.pegNear > 0
        ? "a winning card first, and by \(playsFor) when either side is within \(options.pegNear) of 121"
        : "a winning card first"
    let start = options.from.map { ", each game starting with both scores drawn from \($0) to 120" } ?? ""
    print("The engine playing to the score (\(pegging)) against the same player pegging for points, \(discards), \(pairs * 2) games to 121 in \(pairs) twin pairs\(start) (n counts the pairs), seed \(seed):")
    print("  wins per game         \(result.wins.text)")
    print("  game points per game  \(result.gamePoints.text)")
case "levels":
    // The table's two computer levels as the table plays them, the engine at `--hands`.
    let seed = options.seed, pairs = (options.games + 1) / 2
    let players = [ComputerLevel.expert, .beginner].map { level in
        Player(thrower: .computer(level), pegger: .computer(ComputerPlayer(level: level, limit: Limit(searchedHands: engine.hands, figures: .ranking))))
    }
    let result = await run(pairs, workers: options.workers, empty: GamesResult(),
                           merge: { $0.merge($1) }) { GamesResult.twins($0, seed: seed, players: players) }
    print("The table's expert level against its beginner level, \(pairs * 2) games to 121 in \(pairs) twin pairs (the same cards, the players swapped; the first deal alternating; n counts the pairs), seed \(seed):")
    print("  wins per game         \(result.wins.text)")
    print("  game points per game  \(result.gamePoints.text)")
case "dealer":
    // The first dealer's share of wins between equal players: the expert level against itself.
    let seed = options.seed
    let expert = Player(thrower: .computer(.expert), pegger: .computer(ComputerPlayer(level: .expert, limit: Limit(searchedHands: engine.hands, figures: .ranking))))
    let result = await run(options.games, workers: options.workers, empty: Tally(), merge: { $0.merge($1) }) { index in
        var tally = Tally()
        let game = GamesResult.play([expert, expert], firstDealer: 0, seed: seed, index: index)
        tally.add(game.result!.winner == 0 ? 1 : 0)
        return tally
    }
    print("The first dealer's wins between equal players (the table's expert level against itself), \(options.games) games to 121, seed \(seed):")
    print("  first dealer's wins   \(result.text)")
case "keepcheck":
    // Keeps drawn at random (seeded), each in self-play beside its open-handed value.
    let seed = options.seed, count = options.deals, plays = options.plays
    let rows = await run(count, workers: options.workers, empty: [(Int, String, Double, Double)](), merge: { $0 += $1 }) { index in
        var random = generator(seed: seed, index: index)
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
        let line: String = "  " + name + " " + role + "  " + tableText + "   " + playedText + "   " + fixed(seconds) + " s"
        return [(index, line, table.net, played.net)]
    }.sorted { $0.0 < $1.0 }
    print("Keeps in self-play (the engine against itself, \(plays) plays each, the open-handed value a control) beside its open-handed value: mine, theirs, net (95% CI), \(count) keeps, seed \(seed), \(options.hands) hands a decision:")
    for row in rows { print(row.1) }
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
        print("  nets as \(role) (\(mine.count) keeps): open-handed mean \(signed(mx)), self-play mean \(signed(my)), correlation \(fixed(sxy / (sxx * syy).squareRoot())), self-play less open-handed \(signed(my - mx)) spread \(fixed(spread))")
    }
case "discards":
    let seed = options.seed
    let result = await run(options.deals, workers: options.workers, empty: DiscardsResult(),
                           merge: { $0.merge($1) }) { [playAll = options.playAll] in
        DiscardsResult.deal($0, seed: seed, engine: engine, shortcut: !playAll)
    }
    print("Pegging-aware discards (hand ± crib + the keep's pegging net) against hand ± crib discards, both against an expert crib and pegging with the engine, \(options.deals) duplicate deals (the same cards, seats swapped), seed \(seed), \(options.hands) hands a decision:")
    print("  points per deal           \(result.perDeal.text)")
    print("  gain as dealer            \(result.gainAsDealer.text)")
    print("  gain as pone              \(result.gainAsPone.text)")
    let share = { (count: Int) in (100 * Double(count) / Double(max(1, result.deals))).decimal(places: 1) }
    print("  keep changed: as dealer \(share(result.changedAsDealer))% of deals, as pone \(share(result.changedAsPone))%")
default:
    // With --near, the whole player plays to the score as `score` does: its discards by the chance
    // to win within that many points of the target, its pegging by it within --peg-near.
    let seed = options.seed, pairs = (options.games + 1) / 2
    let whole = options.near.map {
        Player(thrower: .toScore(near: $0, goal: options.goal), pegger: .engineToScore(engine, nearTheEnd: options.pegNear, goal: options.goal))
    }
        ?? Player(thrower: .pegging, pegger: .engine(engine))
    let players = [whole, Player(thrower: .greedy, pegger: .greedy)]
    let result = await run(pairs, workers: options.workers, empty: GamesResult(),
                           merge: { $0.merge($1) }) { GamesResult.twins($0, seed: seed, players: players) }
    let toScore = options.near.map {
        ", playing to the score for \(options.goal == .win ? "the win" : "the game points") (discards within \($0) of 121, pegging within \(options.pegNear))"
    } ?? ""
    print("The whole player (expert discards counting the play, engine pegging\(toScore)) against greedy (hand ± crib against a random crib, the card that pegs most now), \(pairs * 2) games to 121 in \(pairs) twin pairs (n counts the pairs), seed \(seed):")
    print("  game points per game  \(result.gamePoints.text)")
    print("  wins per game         \(result.wins.text)")
}
print("  \((clock.now - start).components.seconds) s on \(options.workers) workers")
