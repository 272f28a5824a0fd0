import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import CribbageCore

/// `selfplay bench`: the engine's fingerprint (as Stockfish's `bench` prints its signature), every
/// level's, and each engine-made table's provenance against the engine now. The fingerprint goes in
/// the commit message of every change to the engine.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "The engine's fingerprint, and whether each table it made is current.")

    func run() async throws {
        let watch = Stopwatch()
        let engine = Fingerprint.engine
        Output.print("engine   \(engine)")
        Output.print("players  \(Fingerprint.players)")
        Output.print("groups   \(Fingerprint.groups)")
        let digests = ["keep-pegging": KeepPegging.digest, "win": WinTable.digest, "show": ShowCounts.shipped.digest,
                       "group-crib": GroupCrib.digest]
        for (name, provenance) in [("keep-pegging", KeepPegging.provenance), ("win", WinTable.provenance),
                                   ("show", ShowCounts.provenance), ("group-crib", GroupCrib.provenance)] {
            let stale = provenance.staleness(engine: engine, digests: digests)
            Output.print("table \(name + String(repeating: " ", count: max(0, 12 - name.count))) \(digests[name]!)  made by \(provenance.engine)  "
                         + (stale.map { "STALE (\($0)): \(provenance.target)" } ?? "current"))
        }
        Output.print("  \(watch.seconds) s")
    }
}

/// `selfplay sprt`: is the candidate stronger than the baseline? Twin pairs of whole games (the same
/// cards, the players swapped) until a sequential probability ratio test decides, with the error
/// rates given: H0, the candidate wins half the games; H1, it wins `0.5 + delta`. Each pair's
/// score (0, ½ or 1 of its two games) is one observation; the log-likelihood ratio is the normal
/// approximation's (as fishtest's GSPRT), the variance the pairs' own. It stops at
/// ln(β / (1 − α)) (H0: not stronger by delta) or ln((1 − β) / α) (H1: stronger), or at `--games`.
struct SPRTCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sprt", abstract: "A sequential test of a candidate player against a baseline, in twin pairs of games.")

    @OptionGroup var common: Common
    @Option(help: "The candidate: a level (novice, beginner, club, expert), greedy, hand-and-crib, with-pegging, game-points-near-end (the expert playing for the game points near the end), cards-to-score (its cards by the chance to win within 30 of the target), by-chance (its throws and cards by the game points to expect at every score) or random; @N for N hands a decision; +hidden for hidden replies and policy-weighted inference, or +E for the engine `selfplay engines` names E.")
    var candidate = "expert"
    @Option(help: "The baseline, the same way.") var baseline = "beginner"
    @Option(help: "The gain in the share of games won that H1 names.") var delta = 0.01
    @Option(help: "The chance of accepting H1 when H0 holds.") var alpha = 0.05
    @Option(help: "The chance of accepting H0 when H1 holds.") var beta = 0.05
    @Option(help: "The most games to play.") var games = 200_000
    @Option(help: "Pairs between two looks at the ratio.") var batch = 200

    func validate() throws {
        try Common.positive(games, "--games")
        try Common.positive(batch, "--batch")
        try SequentialTest.check(alpha: alpha, beta: beta)
        guard delta > 0 && delta < 0.5 else { throw ValidationError("--delta '\(delta)': a gain between 0 and 0.5 is needed") }
        for (name, spec) in [("--candidate", candidate), ("--baseline", baseline)] where SPRTCommand.player(spec, hands: common.hands) == nil {
            throw ValidationError("\(name) '\(spec.escapingControlCharacters.cut(to: 40))': a level (novice, beginner, club, expert), greedy, hand-and-crib, with-pegging, game-points-near-end, cards-to-score, by-chance or random, with @N hands and +hidden")
        }
    }

    /// A player from its name.
    static func player(_ spec: String, hands: Int) -> (any CribbagePlayer)? {
        // `+hidden`: its search with hidden replies and policy-weighted inference (Rules.md, "Two
        // players: hidden replies"); `+E`, the engine `selfplay engines` names E (hidden+consistent:
        // hidden replies alone).
        let plus = spec.firstIndex(of: "+")
        let engine = plus.map { String(spec[spec.index(after: $0)...]) }
        let parts = spec[..<(plus ?? spec.endIndex)].split(separator: "@", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { return nil }
        var searched = hands
        if parts.count == 2 {
            guard let value = Int(parts[1]), (1...10_000).contains(value) else { return nil }
            searched = value
        }
        var limit = Limit(searchedHands: searched, figures: .ranking)
        if engine == "hidden" {
            limit.hiddenReplies = PeggingEngine.standardReplies
            limit.inference = .standardPolicy
        } else if let engine {
            guard EnginesCommand.inference(engine) != nil else { return nil }
            limit = EnginesCommand.limit(engine, limit)
        }
        switch parts[0] {
        case "expert": return Players.level(.expert, limit)
        case "beginner": return Players.level(.beginner, limit)
        case "novice": return Players.level(.novice, limit)
        case "club": return Players.level(.club, limit)
        case "greedy": return Players.greedy(limit)
        case "hand-and-crib": return Players.handAndCrib(limit)
        case "with-pegging": return Players.withPegging(limit)
        case "game-points-near-end":
            // The expert as it was before the one ranking: near the end, the game points.
            return Players.withPegging(limit, toScore: ToScore(near: ToScore.standardNear, goal: .gamePoints))
        case "cards-to-score":
            // Its throws for points, its cards by the chance to win within 30 of the target: the
            // play near the end alone, against with-pegging.
            return Players.withPegging(limit, toScore: ToScore(near: 0, goal: .win, layNear: ToScore.standardNear))
        case "by-chance":
            // Its throws and cards by the game points to expect from the score at every score, as
            // the review grades them, not only near the end.
            return Players.withPegging(limit, toScore: ToScore(near: 121, goal: .gamePoints))
        case "random": return Players.Random()
        default: return nil
        }
    }

    func run() async throws {
        let watch = Stopwatch(), seed = common.seed
        let players = [Self.player(candidate, hands: common.hands)!, Self.player(baseline, hands: common.hands)!]
        let test = SequentialTest(delta: delta, alpha: alpha, beta: beta)
        Output.print("$ selfplay sprt --candidate \(candidate) --baseline \(baseline) --delta \(delta) --alpha \(alpha) --beta \(beta) --seed \(seed)")
        Output.print("H0: \(candidate) wins 50% of games against \(baseline); H1: \(((0.5 + delta) * 100).decimal(places: 1))%. Bounds \(test.lower.decimal(places: 3)) and \(test.upper.decimal(places: 3)) (α \(alpha), β \(beta)); twin pairs, seed \(seed):")
        var scores = Tally(), points = Tally()
        var start = 0, verdict: SequentialTest.Verdict?
        while verdict == nil && start * 2 < games {
            let count = min(batch, (games + 1) / 2 - start)
            let offset = start
            let part = await parallel(count, workers: common.workers, empty: [(Int, GamesResult)](), merge: { $0 += $1 }) {
                [($0, GamesResult.twins(offset + $0, seed: seed, players: players))]
            }.sorted { $0.0 < $1.0 }
            for (_, pair) in part {
                scores.merge(pair.wins)
                points.merge(pair.gamePoints)
            }
            start += count
            let llr = test.logLikelihoodRatio(scores)
            Output.print("  \(start * 2) games: wins \((scores.mean * 100).decimal(places: 1))% ± \((1.96 * scores.standardError * 100).decimal(places: 1)), LLR \(llr.decimal(places: 3))")
            verdict = test.verdict(scores)
        }
        switch verdict {
        case .stronger: Output.print("H1 accepted: \(candidate) is stronger than \(baseline) by \((delta * 100).decimal(places: 1)) points of wins or more (at most a \((alpha * 100).decimal(places: 0))% chance this is wrong).")
        case .notStronger: Output.print("H0 accepted: \(candidate) is not stronger than \(baseline) by \((delta * 100).decimal(places: 1)) points of wins (at most a \((beta * 100).decimal(places: 0))% chance this is wrong).")
        case nil: Output.print("No decision within \(games) games: the difference, if any, is below what the test can tell in that many.")
        }
        Output.print("  wins per game         \(scores.text)")
        Output.print("  game points per game  \(points.text)")
        Output.print("  \(watch.seconds) s on \(common.workers) workers")
    }
}

/// The sequential probability ratio test on pairs' scores, by the normal approximation.
struct SequentialTest {
    let delta: Double, alpha: Double, beta: Double
    /// The mean under H0: ½ of a pair's games won, or 0 points a deal.
    var null = 0.5

    enum Verdict: Equatable { case stronger, notStronger }

    /// The error rates a test can take: each between 0 and ½, or the option named.
    static func check(alpha: Double, beta: Double) throws {
        for (name, value) in [("--alpha", alpha), ("--beta", beta)] where !(value > 0 && value < 0.5) {
            throw ValidationError("\(name) '\(value)': an error rate between 0 and 0.5 is needed")
        }
    }

    var lower: Double { log(beta / (1 - alpha)) }
    var upper: Double { log((1 - beta) / alpha) }

    /// The log-likelihood ratio of H1 (mean `null` + delta) against H0 (mean `null`) for the
    /// scores so far.
    func logLikelihoodRatio(_ scores: Tally) -> Double {
        guard scores.count > 1 else { return 0 }
        let variance = max(scores.variance, 1e-6)
        let (mu0, mu1) = (null, null + delta)
        let n = Double(scores.count)
        return (mu1 - mu0) / variance * (scores.mean * n - n * (mu0 + mu1) / 2)
    }

    func verdict(_ scores: Tally) -> Verdict? {
        let llr = logLikelihoodRatio(scores)
        if llr >= upper { return .stronger }
        if llr <= lower { return .notStronger }
        return nil
    }
}
