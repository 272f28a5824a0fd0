import ArgumentParser
import CribbageCore

/// What a player plays for near the end: `--near N` (keeps; 0: never), `--peg-near N` (cards),
/// `--goal win|game-points`.
struct ScoreOptions: ParsableArguments {
    @Option(help: "Throw to the score when either side is within this many points of the target (0: never).")
    var near: Int?
    @Option(help: "Lay to the score within this many points of the target (0: a winning card first only).")
    var pegNear = ToScore.standardNear
    @Option(help: "What playing to the score maximises: win or game-points.")
    var goal = "win"

    func validate() throws {
        guard scoreGoal != nil else { throw ValidationError("--goal '\(goal)': win or game-points is needed") }
        if let near, !(0...121).contains(near) { throw ValidationError("--near '\(near)': a whole number from 0 to 121 is needed") }
        guard (0...121).contains(pegNear) else { throw ValidationError("--peg-near '\(pegNear)': a whole number from 0 to 121 is needed") }
    }

    var scoreGoal: ScoreGoal? { ["win": ScoreGoal.win, "game-points": .gamePoints][goal] }

    /// `--near`, with 0 as not given: the keeps never to the score.
    var nearTheEnd: Int? { near == 0 ? nil : near }

    /// Playing to the score: keeps within `near` (none without it), cards within `pegNear`.
    var toScore: ToScore { ToScore(near: nearTheEnd ?? 0, goal: scoreGoal!, layNear: pegNear) }

    var playsFor: String { scoreGoal == .win ? "the chance to win" : "the game points to expect" }
}

/// `selfplay games`, measurement 2: the whole player against the greedy baseline, whole games to
/// 121 in twin pairs, game points and wins for the first.
struct GamesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "games", abstract: "The whole player against greedy, whole games in twin pairs.")

    @OptionGroup var common: Common
    @OptionGroup var score: ScoreOptions
    @Option(help: "How many games (in twin pairs).") var games = 20_000

    func validate() throws { try Common.positive(games, "--games") }

    func run() async throws {
        let watch = Stopwatch(), seed = common.seed, pairs = (games + 1) / 2
        let whole = score.nearTheEnd.map { _ in Players.withPegging(common.limit, toScore: score.toScore) } ?? Players.withPegging(common.limit)
        let players = [whole, Players.greedy(common.limit)]
        Output.print("$ selfplay games --games \(games) --seed \(seed)" + (score.nearTheEnd.map { " --near \($0) --peg-near \(score.pegNear) --goal \(score.goal)" } ?? ""))
        let result = await parallel(pairs, workers: common.workers, empty: GamesResult(), merge: { $0.merge($1) }) {
            GamesResult.twins($0, seed: seed, players: players)
        }
        let toScore = score.nearTheEnd.map {
            ", playing to the score for \(score.scoreGoal == .win ? "the win" : "the game points") (discards within \($0) of 121, pegging within \(score.pegNear))"
        } ?? ""
        Output.print("The whole player (solved-table discards counting the play, engine pegging\(toScore)) against greedy (hand ± crib against a random crib, the card that pegs most now), \(pairs * 2) games to 121 in \(pairs) twin pairs (n counts the pairs), seed \(seed):")
        Output.print("  game points per game  \(result.gamePoints.text)")
        Output.print("  wins per game         \(result.wins.text)")
        Output.print("  \(watch.seconds) s on \(common.workers) workers")
    }
}

/// `selfplay levels`: two of the table's levels (or a level and a baseline), as the table plays
/// them: by default the expert against the beginner.
struct LevelsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "levels", abstract: "Two of the table's levels (the expert and the beginner unless said), whole games in twin pairs.")

    @OptionGroup var common: Common
    @Option(help: "How many games (in twin pairs).") var games = 20_000
    @Option(help: "The first player: a level (novice, beginner, club, expert), greedy or random.") var first = "expert"
    @Option(help: "The second player, likewise.") var second = "beginner"

    func validate() throws {
        try Common.positive(games, "--games")
        for (name, spec) in [("--first", first), ("--second", second)] where SPRTCommand.player(spec, hands: common.hands) == nil {
            throw ValidationError("\(name) '\(spec.escapingControlCharacters.cut(to: 40))': a level (novice, beginner, club, expert), greedy or random")
        }
    }

    func run() async throws {
        let watch = Stopwatch(), seed = common.seed, pairs = (games + 1) / 2
        let players = [SPRTCommand.player(first, hands: common.hands)!, SPRTCommand.player(second, hands: common.hands)!]
        let named = first == "expert" && second == "beginner" ? "" : " --first \(first) --second \(second)"
        Output.print("$ selfplay levels --games \(games) --seed \(seed)\(named)")
        let result = await parallel(pairs, workers: common.workers, empty: GamesResult(), merge: { $0.merge($1) }) {
            GamesResult.twins($0, seed: seed, players: players)
        }
        Output.print("The table's \(first) against \(second), \(pairs * 2) games to 121 in \(pairs) twin pairs (the same cards, the players swapped; the first deal alternating; n counts the pairs), seed \(seed):")
        Output.print("  wins per game         \(result.wins.text)")
        Output.print("  game points per game  \(result.gamePoints.text)")
        Output.print("  \(watch.seconds) s on \(common.workers) workers")
    }
}

/// `selfplay dealer`: the first dealer's share of wins between equal players, the expert level
/// against itself.
struct DealerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dealer", abstract: "The first dealer's wins between equal players.")

    @OptionGroup var common: Common
    @Option(help: "How many games.") var games = 20_000
    @Option(help: "2 players, 3, or 4 (two teams).") var players = 2

    func validate() throws {
        try Common.positive(games, "--games")
        guard [2, 3, 4].contains(players) else { throw ValidationError("--players '\(players)': 2, 3 or 4") }
    }

    func run() async throws {
        let watch = Stopwatch(), seed = common.seed, players = players
        let expert = Players.level(.expert, common.limit)
        let seating = Game.Seating(players: players)!
        Output.print("$ selfplay dealer --games \(games) --seed \(seed)" + (players == 2 ? "" : " --players \(players)"))
        let result = await parallel(games, workers: common.workers, empty: Tally(), merge: { $0.merge($1) }) { index in
            var tally = Tally()
            let setup = Match.Setup(seed: seed, game: index + 1, dealer: 0, seating: seating)
            let game = Match.play(setup, players: Array(repeating: expert, count: players)).game
            // The winner is a side: with teams, the first dealer's side is side 0.
            tally.add(game.result!.winner == 0 ? 1 : 0)
            return tally
        }
        let who = switch players {
        case 3: "three players (an equal share: 33.3%)"
        case 4: "two teams, the first dealer's side"
        default: "two players"
        }
        Output.print("The first dealer's wins between equal players (the table's expert level in every seat), \(who), \(games) games to 121, seed \(seed):")
        Output.print("  first dealer's wins   \(result.text)")
        Output.print("  \(watch.seconds) s on \(common.workers) workers")
    }
}

/// `selfplay score`: the engine playing to the score against the same player for points.
struct ScoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "score", abstract: "The engine playing to the score against the same player for points.")

    @OptionGroup var common: Common
    @OptionGroup var score: ScoreOptions
    @Option(help: "How many games (in twin pairs).") var games = 200_000
    @Option(help: "Start each game with both scores drawn from this to 120: endgames.") var from: Int?

    func validate() throws {
        try Common.positive(games, "--games")
        if let from, !(0...120).contains(from) { throw ValidationError("--from '\(from)': a score from 0 to 120 is needed") }
    }

    func run() async throws {
        let watch = Stopwatch(), seed = common.seed, pairs = (games + 1) / 2, from = from
        let players = [Players.withPegging(common.limit, toScore: score.toScore), Players.withPegging(common.limit)]
        Output.print("$ selfplay score --games \(games) --seed \(seed)" + (score.nearTheEnd.map { " --near \($0)" } ?? "") + " --peg-near \(score.pegNear) --goal \(score.goal)" + (from.map { " --from \($0)" } ?? ""))
        let result = await parallel(pairs, workers: common.workers, empty: GamesResult(), merge: { $0.merge($1) }) {
            GamesResult.twins($0, seed: seed, players: players, from: from)
        }
        let discards = score.nearTheEnd.map {
            "its discards by \(score.playsFor) (DiscardOdds) when either side is within \($0) of 121, else as the other's"
        } ?? "both with solved-table discards counting the play"
        let pegging = score.pegNear > 0
            ? "a winning card first, and by \(score.playsFor) when either side is within \(score.pegNear) of 121"
            : "a winning card first"
        let start = from.map { ", each game starting with both scores drawn from \($0) to 120" } ?? ""
        Output.print("The engine playing to the score (\(pegging)) against the same player pegging for points, \(discards), \(pairs * 2) games to 121 in \(pairs) twin pairs\(start) (n counts the pairs), seed \(seed):")
        Output.print("  wins per game         \(result.wins.text)")
        Output.print("  game points per game  \(result.gamePoints.text)")
        Output.print("  \(watch.seconds) s on \(common.workers) workers")
    }
}
