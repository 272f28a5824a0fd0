import Benchmark
import BenchmarkSupport
import CribbageCore
import Foundation

/// The core's speed: one hand each way, every hand through the fast path, the exact
/// distribution, the discard advisor and the expert crib solve, and the `stats`, `discard` (each
/// opponent model) and `crib --solve` commands as whole processes, with `--version` and `score`
/// for the start-up alone.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        timeUnits: .microseconds,
        maxDuration: .seconds(3),
        maxIterations: 1_000
    )

    let twentyNine = try! Hand(parsing: ["5H", "5C", "5S", "JD"], cut: "5D")

    // One hand, many times over (the `*` figures are per hand).
    Benchmark("Breakdown: one hand (29)",
              configuration: .init(timeUnits: .nanoseconds, scalingFactor: .kilo)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(identity(twentyNine).breakdown(rules: .hand))
        }
    }

    // Five cards through `opaque` so that every pass scores them; that call and `blackHole` take
    // about 10 ns of the figure here (a Hand through the generic `identity` would take more).
    Benchmark("FastScorer: one hand (29)",
              configuration: .init(timeUnits: .nanoseconds, scalingFactor: .mega)) { benchmark in
        let scorer = FastScorer.shared
        let cards = twentyNine.cards
        let five = (cards[0], cards[1], cards[2], cards[3], twentyNine.cut)
        for _ in benchmark.scaledIterations {
            let (a, b, c, d, cut) = opaque(five)
            blackHole(scorer.total(a, b, c, d, cut: cut, rules: .hand))
        }
    }

    // Every (hand, cut) one by one, as a caller enumerating cards would: target < 150 ms.
    Benchmark("FastScorer: all 12,994,800 hands",
              configuration: .init(timeUnits: .milliseconds, maxIterations: 50)) { benchmark in
        let scorer = FastScorer.shared
        let cards = Card.all
        var counts = [Int](repeating: 0, count: 30)
        benchmark.startMeasurement()
        for a in 0..<52 {
            for b in (a + 1)..<52 {
                for c in (b + 1)..<52 {
                    for d in (c + 1)..<52 {
                        for cut in 0..<52 where cut != a && cut != b && cut != c && cut != d {
                            counts[scorer.total(cards[a], cards[b], cards[c], cards[d], cut: cards[cut], rules: .hand)] += 1
                        }
                    }
                }
            }
        }
        benchmark.stopMeasurement()
        if counts.reduce(0, +) != 12_994_800 { benchmark.error("enumerated \(counts.reduce(0, +)) hands") }
        blackHole(counts)
    }

    // The stats computation, both rule sets.
    Benchmark("ScoreDistribution.exact: hand and crib",
              configuration: .init(timeUnits: .microseconds)) { benchmark in
        for rules in Rules.allCases {
            blackHole(ScoreDistribution.exact(rules: identity(rules)))
        }
    }

    // One exact discard analysis, crib included: target < 1 ms.
    let dealt = try! Card.parseDistinct(["5S", "4D", "JD", "4C", "5C", "5H"])
    let mixed = try! Card.parseDistinct(["AS", "2H", "7D", "9C", "JS", "QH"])
    let tens = try! Card.parseDistinct(["10D", "JD", "QS", "3D", "KH", "6S"])
    Benchmark("DiscardAdvisor: one analysis (5S 4D JD 4C 5C 5H)",
              configuration: .init(timeUnits: .microseconds)) { benchmark in
        blackHole(try DiscardAdvisor.analyze(identity(dealt)))
    }
    Benchmark("DiscardAdvisor: one analysis (AS 2H 7D 9C JS QH)",
              configuration: .init(timeUnits: .microseconds)) { benchmark in
        blackHole(try DiscardAdvisor.analyze(identity(mixed)))
    }

    // The play: the worked two-player play of Docs/Rules.md, every token applied and scored.
    let tokens = try! ["7H", "8C", "9S", "go", "6D", "go", "KS", "KD", "KH", "go", "QD"].map(PlayToken.init(parsing:))
    // Issue 32: a clear-answer drill dealt and judged (target < 50 ms), each kind of the play and the throws.
    for kind in [Drill.Kind.throwDealer, .throwPone, .lead, .goOr31, .count] {
        Benchmark("Drills: a clear-answer drill (\(kind.rawValue))") { benchmark in
            var generator = DrillGenerator(seed: 29)
            for _ in benchmark.scaledIterations { blackHole(generator.drill(kind)) }
        }
    }

    Benchmark("Play: a whole two-player play (11 tokens)",
              configuration: .init(timeUnits: .nanoseconds, scalingFactor: .kilo)) { benchmark in
        for _ in benchmark.scaledIterations {
            var play = Play(players: 2)
            try play.apply(identity(tokens))
            blackHole(play.totals)
        }
    }

    // The expert crib analysis (the six-rank deals are enumerated once per process, on first use;
    // the policies are shipped).
    Benchmark("DiscardAdvisor: one expert analysis (5S 4D JD 4C 5C 5H, dealer)",
              configuration: .init(timeUnits: .microseconds)) { benchmark in
        blackHole(try DiscardAdvisor.analyze(identity(dealt), role: .dealer, opponent: .expert))
    }
    // Six ranks, so fifteen pairs of ranks thrown to score.
    Benchmark("DiscardAdvisor: one expert analysis (AS 2H 7D 9C JS QH, pone)",
              configuration: .init(timeUnits: .microseconds)) { benchmark in
        blackHole(try DiscardAdvisor.analyze(identity(mixed), role: .pone, opponent: .expert))
    }

    // Discards played to the score: the analysis, each keep's play played out against the
    // opponent's fours, and every keep's chance to win; target well under 50 ms.
    Benchmark("DiscardOdds: each keep's chance to win (10D JD QS 3D KH 6S, pone, 115 to 118)",
              configuration: .init(timeUnits: .milliseconds)) { benchmark in
        blackHole(try DiscardOdds(identity(tens), role: .pone, score: GameScore(mine: 115, theirs: 118, target: 121)))
    }
    Benchmark("DiscardOdds: each keep's chance to win (5S 4D JD 4C 5C 5H, dealer, 118 to 112)",
              configuration: .init(timeUnits: .milliseconds)) { benchmark in
        blackHole(try DiscardOdds(identity(dealt), role: .dealer, score: GameScore(mine: 118, theirs: 112, target: 121)))
    }

    // The whole expert crib solve (Hessel's model, exact by rank): target < 5 s, < 1 s excellent.
    Benchmark("CribSolver: the whole solve",
              configuration: .init(metrics: [.wallClock, .cpuTotal], timeUnits: .milliseconds, maxIterations: 5)) { benchmark in
        blackHole(CribSolver.solve())
    }

    // The pegging engine's decisions: the pone's lead (the opponent's belief widest: 48 of about
    // 1,200 hands solved from eight cards) and the dealer's reply; target well under 1 ms.
    let lead = try! PeggingView(hand: Card.parseDistinct(["5H", "KC", "3D", "8S"]), discards: Card.parseDistinct(["2C", "6D"]),
                                cut: Card(parsing: "AH"), seat: 0, play: Play(players: 2))
    Benchmark("PeggingEngine: the pone's lead (5H KC 3D 8S)",
              configuration: .init(timeUnits: .microseconds)) { benchmark in
                  PeggingEngine.forgetKeptReplies()
        blackHole(PeggingEngine().advice(for: identity(lead)))
    }
    var afterAKing = Play(players: 2)
    try! afterAKing.apply(.card(Card(parsing: "KD")))
    let reply = try! PeggingView(hand: Card.parseDistinct(["5H", "9C", "9D", "KS"]), discards: Card.parseDistinct(["2C", "3D"]),
                                 cut: Card(parsing: "7H"), seat: 1, play: afterAKing)
    Benchmark("PeggingEngine: the dealer's reply to a king (5H 9C 9D KS)",
              configuration: .init(timeUnits: .microseconds)) { benchmark in
                  PeggingEngine.forgetKeptReplies()
        blackHole(PeggingEngine().advice(for: identity(reply)))
    }
    // The search with hidden replies and policy-weighted inference (`selfplay engines`, `+hidden`):
    // the same two decisions, the lead the widest; target 50 ms at the worst. Each worked out
    // afresh: the replies kept by the searches before are forgotten first.
    let hidden = PeggingEngine(inference: .standardPolicy, hiddenReplies: PeggingEngine.standardReplies)
    Benchmark("PeggingEngine, hidden replies: the pone's lead (5H KC 3D 8S)",
              configuration: .init(timeUnits: .milliseconds)) { benchmark in
        PeggingEngine.forgetKeptReplies()
        blackHole(hidden.advice(for: identity(lead)))
    }
    Benchmark("PeggingEngine, hidden replies: the dealer's reply to a king (5H 9C 9D KS)",
              configuration: .init(timeUnits: .milliseconds)) { benchmark in
        PeggingEngine.forgetKeptReplies()
        blackHole(hidden.advice(for: identity(reply)))
    }
    // Its slowest decision over the positions of 200 seeded deals (each seat's every lay), a
    // single run: the worst case a player waits for.
    let slowestDecision = BenchmarkMetric.custom("slowest decision (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark("PeggingEngine, hidden replies: 200 deals' every decision, and the slowest",
              configuration: .init(metrics: [.wallClock, slowestDecision], timeUnits: .milliseconds, maxIterations: 3)) { benchmark in
        let clock = ContinuousClock()
        var slowest = Duration.zero
        for seed in 0..<UInt64(200) {
            var random = SplitMix64(seed: seed)
            let cards = random.deal(13)
            let hands = [Array(cards[0..<4]), Array(cards[6..<10])]
            let thrown = [Array(cards[4..<6]), Array(cards[10..<12])]
            var play = Play(players: 2)
            while let turn = play.turn {
                let view = try! PeggingView(hand: hands[turn], discards: thrown[turn], cut: cards[12], seat: turn, play: play)
                PeggingEngine.forgetKeptReplies()
                let start = clock.now
                let advice = hidden.advice(for: view)!
                slowest = max(slowest, clock.now - start)
                _ = try! play.apply(advice.best.token)
            }
        }
        benchmark.measurement(slowestDecision, Int(slowest.components.seconds * 1_000_000 + slowest.components.attoseconds / 1_000_000_000_000))
    }
    // Near the end the engine ranks by each card's chance to win (the pone's lead at 118 all),
    // and the board's chance during the play (after three cards, 96 to 100): each is worked out
    // per decision, or per frame drawn.
    let nearTheEnd = try! PeggingView(hand: Card.parseDistinct(["10C", "5S", "9D", "2C"]), discards: Card.parseDistinct(["3D", "4S"]),
                                      cut: Card(parsing: "7H"), seat: 0, play: Play(players: 2))
    Benchmark("PeggingEngine: the pone's lead to the score, 118 all (10C 5S 9D 2C)",
              configuration: .init(timeUnits: .milliseconds)) { benchmark in
                  PeggingEngine.forgetKeptReplies()
        blackHole(analyse(.lay(identity(nearTheEnd), score: GameScore(mine: 118, theirs: 118, target: 121)), by: .strongest, limit: .move))
    }
    var midPlay = try! Game(target: .long, dealer: 1, names: ["Ann", "Bob"])
    _ = try! midPlay.correct(player: 0, points: 100)
    _ = try! midPlay.correct(player: 1, points: 96)
    _ = try! midPlay.peg(player: 1, points: 2)
    let threeCardsIn = midPlay
    Benchmark("Game: the board's chance to win during the play (3 cards laid)",
              configuration: .init(timeUnits: .microseconds)) { benchmark in
        blackHole(identity(threeCardsIn).chancesToWin(cardsLaid: 3))
    }
    // A whole self-play deal, as `selfplay` plays them: both players throw as the expert, then the
    // engine pegs for both, eight decisions (seeded deals, a different one each iteration).
    Benchmark("Self-play: one deal (expert throws, the engine pegs both sides)",
              configuration: .init(timeUnits: .microseconds)) { benchmark in
                  PeggingEngine.forgetKeptReplies()
        var generator = SplitMix64(seed: 29)
        for _ in benchmark.scaledIterations {
            let cards = generator.deal(13)
            let keeps = [0, 1].map { seat in
                try! DiscardAdvisor.analyze(Array(cards[(seat * 6)..<(seat * 6 + 6)]), role: seat == 1 ? .dealer : .pone,
                                            opponent: .expert).ranked(for: seat == 1 ? .dealer : .pone)[0]
            }
            var play = Play(players: 2)
            while let turn = play.turn {
                let view = try! PeggingView(hand: keeps[turn].cards, discards: keeps[turn].discard, cut: cards[12],
                                            seat: turn, play: play)
                try! play.apply(PeggingEngine().advice(for: view)!.best.token)
            }
            blackHole(play.totals)
        }
    }

    // A keep's pegging in self-play, as `make keep-pegging` estimates every keep (1,000 plays a
    // role): the opponent's believed fours and their exact open-handed solve, then 200 plays of
    // the engine against itself.
    Benchmark("KeepSelfPlay: a keep as pone, 200 plays (5 5 10 J)",
              configuration: .init(timeUnits: .milliseconds, maxIterations: 20)) { benchmark in
                  PeggingEngine.forgetKeptReplies()
        for iteration in benchmark.scaledIterations {
            blackHole(KeepSelfPlay.estimate(keep: [5, 5, 10, 11], dealer: false, plays: 200, seed: UInt64(iteration)))
        }
    }

    // The table: the computer's answer to a move (target under 50 ms). The deal: the expert
    // computer throws (one expert analysis with the play counted). A lay: the player's card and
    // the computer's answer with the engine, played to the score.
    Benchmark("Table: a deal and the expert computer's throw",
              configuration: .init(timeUnits: .milliseconds)) { benchmark in
                  PeggingEngine.forgetKeptReplies()
        for iteration in benchmark.scaledIterations {
            var table = TableGame(setup: .init(seed: UInt64(iteration), level: .expert))
            try! table.apply(.next)
            blackHole(table)
        }
    }
    Benchmark("Table: the player's lay and the expert computer's answer",
              configuration: .init(timeUnits: .milliseconds)) { benchmark in
                  PeggingEngine.forgetKeptReplies()
        var table = TableGame(setup: .init(seed: 29, level: .expert))
        try! table.apply(.next)
        try! table.apply(.discard(seat: 0, Array(table.deal!.sixes[0].prefix(2))))
        let ready = table
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var next = ready
            try! next.apply(.lay(seat: 0, next.playable[0]))
            blackHole(next)
        }
    }

    // The game review (issue 31's targets: a whole game, both sides, about 80 decisions, in 1 s
    // on two cores; the scene's first screen under 100 ms, before any analysis): a seeded game of
    // the beginner against the expert, every decision graded on two workers; and the first step,
    // the record replayed into its decisions and the deals' starting chances.
    let reviewed: GameRecord = {
        var table = TableGame(setup: .init(seed: 21, level: .expert))
        while true {
            if case .over = table.stage { break }
            try! table.apply(table.match.move(of: TableGame.player, by: ComputerPlayer(level: .beginner)) ?? .next)
        }
        return table.record
    }()
    Benchmark("Review: a whole game, both sides, on two workers",
              configuration: .init(timeUnits: .milliseconds, maxIterations: 5)) { benchmark in
                  PeggingEngine.forgetKeptReplies()
        for _ in benchmark.scaledIterations {
            blackHole(try! GameReview.review(reviewed, workers: 2))
        }
    }
    Benchmark("Review: the first screen's work (the decisions and the deals' chances)",
              configuration: .init(timeUnits: .milliseconds)) { benchmark in
                  PeggingEngine.forgetKeptReplies()
        for _ in benchmark.scaledIterations {
            blackHole((try! reviewed.decisions(), GameReview.dealStarts(of: reviewed)))
        }
    }

    // The whole commands, start to exit: targets < 25 ms (stats, discard either model), < 20 ms
    // (play --advise), < 5 s (crib --solve).
    // Start-up alone (the binary loads no ICU: no Foundation but FoundationEssentials), and one hand.
    Benchmark("Process: twentynine --version",
              configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxIterations: 200)) { benchmark in
        try runCommand(["--version"], benchmark)
    }
    Benchmark("Process: twentynine score",
              configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxIterations: 200)) { benchmark in
        try runCommand(["score", "5H", "5C", "5S", "JD", "--cut", "5D"], benchmark)
    }
    Benchmark("Process: twentynine stats",
              configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxIterations: 200)) { benchmark in
        try runCommand(["stats"], benchmark)
    }
    Benchmark("Process: twentynine discard",
              configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxIterations: 200)) { benchmark in
        try runCommand(["discard", "5S", "4D", "JD", "4C", "5C", "5H", "--dealer"], benchmark)
    }
    Benchmark("Process: twentynine play",
              configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxIterations: 200)) { benchmark in
        try runCommand(["play", "7H", "8C", "9S", "go", "6D", "go", "KS", "KD", "KH", "go", "QD"], benchmark)
    }
    Benchmark("Process: twentynine play --advise",
              configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxIterations: 200)) { benchmark in
        try runCommand(["play", "--hand", "5H", "KC", "3D", "8S", "--discards", "2C", "6D", "--cut", "AH", "--pone", "--advise"],
                       benchmark)
    }
    Benchmark("Process: twentynine discard --opponent random",
              configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxIterations: 200)) { benchmark in
        try runCommand(["discard", "5S", "4D", "JD", "4C", "5C", "5H", "--dealer", "--opponent", "random"], benchmark)
    }
    Benchmark("Process: twentynine discard --score",
              configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxIterations: 200)) { benchmark in
        try runCommand(["discard", "10D", "JD", "QS", "3D", "KH", "6S", "--pone", "--score", "115,118"], benchmark)
    }
    Benchmark("Process: twentynine crib --solve",
              configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxIterations: 5)) { benchmark in
        try runCommand(["crib", "--solve"], benchmark)
    }
}

/// The cards, unchanged, where the optimiser cannot see: so that a benchmark's loop scores them
/// every time.
@_optimize(none)
func opaque(_ cards: (Card, Card, Card, Card, Card)) -> (Card, Card, Card, Card, Card) { cards }
