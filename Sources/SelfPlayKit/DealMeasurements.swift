import ArgumentParser
import CribbageCore

/// `selfplay pegging`, measurement 3: the engine's pegging against greedy pegging on the same
/// hands, both throwing hand ± crib against the solved crib. Each deal is played four times: the
/// engine dealing against greedy, greedy dealing against the engine (the same cards, the seats
/// swapped), greedy against greedy (each role's reference) and the engine against itself.
struct PeggingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pegging", abstract: "The engine's pegging against greedy pegging on the same hands.")

    @OptionGroup var common: Common
    @Option(help: "How many deals.") var deals = 100_000
    @Option(help: "The engine, as `selfplay engines` names it (consistent, the search as it plays; hidden+search:1, hidden replies and inference).")
    var engine = "consistent"

    func validate() throws {
        try Common.positive(deals, "--deals")
        guard EnginesCommand.inference(engine) != nil else {
            throw ValidationError("--engine '\(engine.escapingControlCharacters.cut(to: 40))': consistent, policy:S, now:S or search:S, with hidden+ before")
        }
    }

    func run() async throws {
        let watch = Stopwatch(), seed = common.seed
        let limit = EnginesCommand.limit(engine, common.limit)
        Output.print("$ selfplay pegging --deals \(deals) --seed \(seed) --hands \(common.hands) --workers \(common.workers)"
                     + (engine == "consistent" ? "" : " --engine \(engine)"))
        let result = await parallel(deals, workers: common.workers, empty: PeggingResult(), merge: { $0.merge($1) }) {
            PeggingResult.deal($0, seed: seed, limit: limit)
        }
        Output.print("Engine pegging against greedy pegging, the same hands (both throw hand ± crib against the solved crib), \(deals) deals, seed \(seed), \(common.hands) hands a decision:")
        Output.print("  net per deal, as dealer   \(result.asDealer.text)")
        Output.print("  net per deal, as pone     \(result.asPone.text)")
        Output.print("  net per deal, both roles  \(result.perDeal.text)")
        Output.print("Over greedy in the same seat (greedy against greedy on the same cards):")
        Output.print("  gain as dealer            \(result.gainAsDealer.text)")
        Output.print("  gain as pone              \(result.gainAsPone.text)")
        Output.print("Engine against itself, points pegged a deal:")
        Output.print("  dealer                    \(result.dealerPegs.text)")
        Output.print("  pone                      \(result.ponePegs.text)")
        Output.print("Where greedy in the engine's seat netted more on the same cards (share of deals; points a deal lost there):")
        Output.print("  deals, as dealer          \(result.behindAsDealer.text)")
        Output.print("  deals, as pone            \(result.behindAsPone.text)")
        Output.print("  lost a deal, as dealer    \(result.lostAsDealer.text)")
        Output.print("  lost a deal, as pone      \(result.lostAsPone.text)")
        Output.print("  \(watch.seconds) s on \(common.workers) workers")
    }
}

struct PeggingResult: Sendable {
    /// The engine's pegs less greedy's when it deals, and when it is the pone.
    var asDealer = Tally(), asPone = Tally()
    /// What the engine adds in each role over greedy in its seat.
    var gainAsDealer = Tally(), gainAsPone = Tally()
    /// Both plays of a deal together, halved: the engine's net per deal.
    var perDeal = Tally()
    /// Engine against engine: the dealer's and the pone's pegs.
    var dealerPegs = Tally(), ponePegs = Tally()
    /// Where greedy in the engine's seat netted more (1 or 0 a deal), and what those deals cost.
    var behindAsDealer = Tally(), behindAsPone = Tally()
    var lostAsDealer = Tally(), lostAsPone = Tally()

    mutating func merge(_ other: PeggingResult) {
        asDealer.merge(other.asDealer)
        asPone.merge(other.asPone)
        gainAsDealer.merge(other.gainAsDealer)
        gainAsPone.merge(other.gainAsPone)
        perDeal.merge(other.perDeal)
        dealerPegs.merge(other.dealerPegs)
        ponePegs.merge(other.ponePegs)
        behindAsDealer.merge(other.behindAsDealer)
        behindAsPone.merge(other.behindAsPone)
        lostAsDealer.merge(other.lostAsDealer)
        lostAsPone.merge(other.lostAsPone)
    }

    static func deal(_ index: Int, seed: UInt64, limit: Limit) -> PeggingResult {
        let engine = Players.handAndCrib(limit, lay: .search), greedy = Players.handAndCrib(limit, lay: .mostNow)
        func pegs(_ players: [ComputerPlayer]) -> [Int] {
            playDeal(index, seed: seed, players: players).points(inRound: 1).map(\.pegs)
        }
        var result = PeggingResult()
        let dealing = pegs([greedy, engine]), poning = pegs([engine, greedy])
        let both = pegs([engine, engine]), reference = pegs([greedy, greedy])
        let dealerNet = Double(dealing[1] - dealing[0]), poneNet = Double(poning[0] - poning[1])
        result.asDealer.add(dealerNet)
        result.asPone.add(poneNet)
        let gainAsDealer = dealerNet - Double(reference[1] - reference[0]), gainAsPone = poneNet - Double(reference[0] - reference[1])
        result.gainAsDealer.add(gainAsDealer)
        result.gainAsPone.add(gainAsPone)
        result.behindAsDealer.add(gainAsDealer < 0 ? 1 : 0)
        result.behindAsPone.add(gainAsPone < 0 ? 1 : 0)
        result.lostAsDealer.add(min(gainAsDealer, 0))
        result.lostAsPone.add(min(gainAsPone, 0))
        result.perDeal.add((dealerNet + poneNet) / 2)
        result.dealerPegs.add(Double(both[1]))
        result.ponePegs.add(Double(both[0]))
        return result
    }
}

/// `selfplay discards`, measurement 1: pegging-aware discards (hand ± crib + the keep's pegging)
/// against hand ± crib discards, both against the solved crib and pegging with the engine, on
/// duplicate deals: the same cards with the seats swapped. A deal's points are its pegs and hand,
/// and the crib for the dealer. Where both keep the same four from both sixes, the pair's
/// difference is exactly 0, and the deal is counted without being played (`--play-all` plays it).
struct DiscardsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discards", abstract: "Pegging-aware discards against hand ± crib discards, on duplicate deals.")

    @OptionGroup var common: Common
    @Option(help: "How many deals.") var deals = 1_000_000
    @Flag(help: "Play every deal, even one whose keeps agree (to check the shortcut).") var playAll = false

    func validate() throws { try Common.positive(deals, "--deals") }

    func run() async throws {
        let watch = Stopwatch(), (seed, limit, shortcut) = (common.seed, common.limit, !playAll)
        Output.print("$ selfplay discards --deals \(deals) --seed \(seed) --hands \(common.hands) --workers \(common.workers)" + (playAll ? " --play-all" : ""))
        let result = await parallel(deals, workers: common.workers, empty: DiscardsResult(), merge: { $0.merge($1) }) {
            DiscardsResult.deal($0, seed: seed, limit: limit, shortcut: shortcut)
        }
        Output.print("Pegging-aware discards (hand ± crib + the keep's pegging net) against hand ± crib discards, both against the solved crib and pegging with the engine, \(deals) duplicate deals (the same cards, seats swapped), seed \(seed), \(common.hands) hands a decision:")
        Output.print("  points per deal           \(result.perDeal.text)")
        Output.print("  gain as dealer            \(result.gainAsDealer.text)")
        Output.print("  gain as pone              \(result.gainAsPone.text)")
        let share = { (count: Int) in (100 * Double(count) / Double(max(1, result.deals))).decimal(places: 1) }
        Output.print("  keep changed: as dealer \(share(result.changedAsDealer))% of deals, as pone \(share(result.changedAsPone))%")
        Output.print("  \(watch.seconds) s on \(common.workers) workers")
    }
}

struct DiscardsResult: Sendable {
    /// Per deal: the pegging-aware player's points less the other's, the pair's mean.
    var perDeal = Tally()
    /// Its gain in each seat over the plain player in the same seat, against the plain player.
    var gainAsDealer = Tally(), gainAsPone = Tally()
    /// Deals where the pegging-aware keep differs, by seat.
    var changedAsDealer = 0, changedAsPone = 0, deals = 0

    mutating func merge(_ other: DiscardsResult) {
        perDeal.merge(other.perDeal)
        gainAsDealer.merge(other.gainAsDealer)
        gainAsPone.merge(other.gainAsPone)
        changedAsDealer += other.changedAsDealer
        changedAsPone += other.changedAsPone
        deals += other.deals
    }

    static func deal(_ index: Int, seed: UInt64, limit: Limit, shortcut: Bool = true) -> DiscardsResult {
        let plain = Players.handAndCrib(limit), aware = Players.withPegging(limit)
        let (plainKeeps, awareKeeps) = (keeps(index, seed: seed, player: plain), keeps(index, seed: seed, player: aware))
        var result = DiscardsResult()
        result.deals = 1
        let poneChanged = Set(plainKeeps[0]) != Set(awareKeeps[0]), dealerChanged = Set(plainKeeps[1]) != Set(awareKeeps[1])
        result.changedAsPone = poneChanged ? 1 : 0
        result.changedAsDealer = dealerChanged ? 1 : 0
        guard poneChanged || dealerChanged || !shortcut else {
            result.perDeal.add(0)
            result.gainAsPone.add(0)
            result.gainAsDealer.add(0)
            return result
        }
        func points(_ players: [ComputerPlayer]) -> [Int] {
            playDeal(index, seed: seed, players: players).points(inRound: 1).map { $0.heels + $0.pegs + $0.hand + $0.crib }
        }
        let reference = points([plain, plain])
        let awarePone = poneChanged || !shortcut ? points([aware, plain]) : reference
        let awareDealer = dealerChanged || !shortcut ? points([plain, aware]) : reference
        let poneNet = Double(awarePone[0] - awarePone[1]), dealerNet = Double(awareDealer[1] - awareDealer[0])
        result.perDeal.add((poneNet + dealerNet) / 2)
        result.gainAsPone.add(poneNet - Double(reference[0] - reference[1]))
        result.gainAsDealer.add(dealerNet - Double(reference[1] - reference[0]))
        return result
    }
}
