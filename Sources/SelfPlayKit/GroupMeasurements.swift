import ArgumentParser
import CribbageCore

/// `selfplay groups`: the computer's pegging with three players or two teams (the engine's sampled
/// search, `PeggingEngine`) against the greedy rule it replaced (`PeggingEngine.greedyAdvice`), on
/// duplicate deals through the match driver. Every seat throws alike (`FiveCardKeep`), so only the
/// play differs. Three players: each deal is played with the search in each seat in turn and greedy
/// in the other two, and once with greedy in every seat; a deal's figure is the search's pegs less
/// greedy's in the same seat on the same cards, the seats' mean. Teams: each deal is played with
/// the search as each side in turn against greedy as the other; a deal's figure is the search's
/// side's pegs less the other side's, the two plays' mean.
struct GroupsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "groups", abstract: "Three players' or two teams' pegging: the sampled search against greedy, on duplicate deals.")

    @OptionGroup var common: Common
    @Option(help: "3 players, or 4 (two teams).") var players = 3
    @Option(help: "How many deals.") var deals = 2_000

    func validate() throws {
        try Common.positive(deals, "--deals")
        guard [3, 4].contains(players) else { throw ValidationError("--players '\(players)': 3 or 4") }
    }

    func run() async throws {
        let watch = Stopwatch(), (seed, limit, players) = (common.seed, common.limit, players)
        Output.print("$ selfplay groups --players \(players) --deals \(deals) --seed \(seed) --hands \(common.hands) --workers \(common.workers)")
        let result = await parallel(deals, workers: common.workers, empty: GroupsResult(), merge: { $0.merge($1) }) {
            GroupsResult.deal($0, seed: seed, players: players, limit: limit)
        }
        if players == 3 {
            Output.print("Three players' pegging, the sampled search (\(2 * common.hands) deals a decision) against greedy, \(deals) duplicate deals (the search in each seat in turn, and greedy in every seat, on the same cards), seed \(seed):")
            Output.print("  net per deal, the search's pegs less greedy's in the same seat      \(result.perDeal.text)")
            Output.print("  net per deal, the search's pegs less the other two's mean           \(result.againstOthers.text)")
            Output.print("  left of the dealer (leads)    \(result.bySeat[0].text)")
            Output.print("  second                        \(result.bySeat[1].text)")
            Output.print("  dealer                        \(result.bySeat[2].text)")
        } else {
            Output.print("Two teams' pegging, the sampled search (\(2 * common.hands) deals a decision) against greedy, \(deals) duplicate deals (the search as each side in turn, on the same cards), seed \(seed):")
            Output.print("  net per deal, the search's side less greedy's                       \(result.perDeal.text)")
            Output.print("  as the dealer's side          \(result.bySeat[1].text)")
            Output.print("  as the pone's side            \(result.bySeat[0].text)")
        }
        Output.print("  greedy everywhere, points pegged a deal by all seats: \(result.totalPegs.text)")
        Output.print("  \(watch.seconds) s on \(common.workers) workers")
    }
}

/// The greedy rule in the play, for the measurement: its throw is every level's (`FiveCardKeep`).
struct GreedyGroupPlayer: CribbagePlayer {
    func keep(_ five: [Card], role: Role, score: GameScore?, random: inout SplitMix64) -> [Card] {
        FiveCardKeep.thrown(from: five, ownCrib: role == .dealer)
    }

    func lay(_ view: PeggingView, score: GameScore?, random: inout SplitMix64) -> PlayToken {
        PeggingEngine.greedyAdvice(for: view)!.best.token
    }
}

struct GroupsResult: Sendable {
    var perDeal = Tally(), againstOthers = Tally(), totalPegs = Tally()
    /// By the search's place in the play's order (three players), or its side (teams: 0 the pone's
    /// side, 1 the dealer's).
    var bySeat = [Tally(), Tally(), Tally()]

    mutating func merge(_ other: GroupsResult) {
        perDeal.merge(other.perDeal)
        againstOthers.merge(other.againstOthers)
        totalPegs.merge(other.totalPegs)
        for index in bySeat.indices { bySeat[index].merge(other.bySeat[index]) }
    }

    /// The pegs of each seat in deal `index` (the seed's game `index + 1`, its first deal, the
    /// dealer turning with the index), `search` the seats the search plays.
    static func pegs(_ index: Int, seed: UInt64, players: Int, search: Set<Int>, limit: Limit) -> (pegs: [Int], dealer: Int) {
        let seating = Game.Seating(players: players)!
        let setup = Match.Setup(seed: seed, game: index + 1, dealer: index % players, seating: seating)
        let seats: [any CribbagePlayer] = (0..<players).map { seat -> any CribbagePlayer in
            search.contains(seat) ? GroupSeat(withCrib: false, laying: ComputerPlayer(level: .expert, limit: limit)) : GreedyGroupPlayer()
        }
        let match = Match.play(setup, players: seats, until: \.isPastFirstDeal)
        return (match.points(inRound: 1).map(\.pegs), setup.dealer)
    }

    static func deal(_ index: Int, seed: UInt64, players: Int, limit: Limit) -> GroupsResult {
        var result = GroupsResult()
        let (reference, dealer) = pegs(index, seed: seed, players: players, search: [], limit: limit)
        result.totalPegs.add(Double(reference.reduce(0, +)))
        if players == 3 {
            var gain = 0.0, against = 0.0
            for seat in 0..<3 {
                let played = pegs(index, seed: seed, players: 3, search: [seat], limit: limit).pegs
                let seatGain = Double(played[seat] - reference[seat])
                gain += seatGain
                against += Double(played[seat]) - Double(played.reduce(0, +) - played[seat]) / 2
                result.bySeat[(seat - dealer - 1 + 6) % 3].add(seatGain)
            }
            result.perDeal.add(gain / 3)
            result.againstOthers.add(against / 3)
        } else {
            var net = 0.0
            for side in 0..<2 {
                let played = pegs(index, seed: seed, players: 4, search: [side, side + 2], limit: limit).pegs
                let sideNet = Double(played[side] + played[side + 2] - played[1 - side] - played[3 - side])
                net += sideNet
                result.bySeat[side == dealer % 2 ? 1 : 0].add(sideNet)
            }
            result.perDeal.add(net / 2)
        }
        return result
    }
}
