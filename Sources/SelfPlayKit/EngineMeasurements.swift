import ArgumentParser
import CribbageCore

/// `selfplay engines`: one pegging engine against another on the same cards, both throwing hand ±
/// crib against the solved crib (so both keep the same four), each deal played twice with the
/// seats swapped; a sequential test on the candidate's net points a deal (both plays, halved)
/// decides whether it pegs better by `--delta` points a deal.
struct EnginesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engines", abstract: "One pegging engine against another on the same cards, until a sequential test decides.")

    @OptionGroup var common: Common
    @Option(help: "The candidate's inference: consistent, policy:S (a softmax, S a point, over the open-handed nets), now:S (over the points now) or search:S (over a hidden-handed search's); hidden+ or hiddenN+ before it for hidden replies over 8 or N holdings; @N after it for N hands a decision.") var candidate = "policy:1"
    @Option(help: "The baseline's, the same way.") var baseline = "consistent"
    @Option(help: "The gain in net points a deal that H1 names.") var delta = 0.05
    @Option(help: "The chance of accepting H1 when H0 holds.") var alpha = 0.05
    @Option(help: "The chance of accepting H0 when H1 holds.") var beta = 0.05
    @Option(help: "The most deals to play.") var deals = 100_000
    @Option(help: "Deals between two looks at the ratio.") var batch = 2_000

    func validate() throws {
        try Common.positive(deals, "--deals")
        try Common.positive(batch, "--batch")
        try SequentialTest.check(alpha: alpha, beta: beta)
        guard delta > 0 && delta < 10 else { throw ValidationError("--delta '\(delta)': a gain between 0 and 10 points is needed") }
        for (name, spec) in [("--candidate", candidate), ("--baseline", baseline)] where Self.inference(spec) == nil {
            throw ValidationError("\(name) '\(spec.escapingControlCharacters.cut(to: 40))': consistent, policy:S, now:S or search:S (S from 0 to 100), with hidden+ or hiddenN+ before and @N after")
        }
    }

    /// `base` with the engine `spec` names (valid by `inference`).
    static func limit(_ spec: String, _ base: Limit) -> Limit {
        var limit = base
        let (replies, rest) = hidden(spec)
        limit.hiddenReplies = replies
        let parts = rest.split(separator: "@")
        limit.inference = inference(String(parts[0]))!
        if parts.count == 2 { limit.searchedHands = Int(parts[1])! }
        return limit
    }

    /// `hidden+X` or `hiddenN+X`: hidden replies over 8 or N holdings, and the rest of the name.
    static func hidden(_ spec: String) -> (replies: Int?, rest: String) {
        guard spec.hasPrefix("hidden"), let plus = spec.firstIndex(of: "+") else { return (nil, spec) }
        let digits = spec[spec.index(spec.startIndex, offsetBy: 6)..<plus]
        let rest = String(spec[spec.index(after: plus)...])
        if digits.isEmpty { return (8, rest) }
        guard let samples = Int(digits), (1...1_000).contains(samples) else { return (nil, spec) }
        return (samples, rest)
    }

    /// An inference from its name.
    static func inference(_ spec: String) -> PeggingEngine.Inference? {
        let spec = hidden(spec).rest
        let handsParts = spec.split(separator: "@", omittingEmptySubsequences: false)
        guard (1...2).contains(handsParts.count) else { return nil }
        if handsParts.count == 2 {
            guard let hands = Int(handsParts[1]), (1...10_000).contains(hands) else { return nil }
            return inference(String(handsParts[0]))
        }
        if spec == "consistent" { return .consistent }
        let parts = spec.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let sharpness = Double(parts[1]), (0...100).contains(sharpness) else { return nil }
        switch parts[0] {
        case "policy": return .policy(sharpness: sharpness, model: .open)
        case "now": return .policy(sharpness: sharpness, model: .pointsNow)
        case "search": return .policy(sharpness: sharpness, model: .search(samples: 8))
        default: return nil
        }
    }

    func run() async throws {
        let watch = Stopwatch(), seed = common.seed
        let players = [candidate, baseline].map { Players.handAndCrib(Self.limit($0, common.limit), lay: .search) }
        var test = SequentialTest(delta: delta, alpha: alpha, beta: beta)
        test.null = 0
        Output.print("$ selfplay engines --candidate \(candidate) --baseline \(baseline) --delta \(delta) --alpha \(alpha) --beta \(beta) --seed \(seed) --hands \(common.hands)")
        Output.print("H0: \(candidate) nets 0 points a deal against \(baseline) on the same cards; H1: +\(delta). Bounds \(test.lower.decimal(places: 3)) and \(test.upper.decimal(places: 3)) (α \(alpha), β \(beta)):")
        var result = EnginesResult(), start = 0, verdict: SequentialTest.Verdict?
        while verdict == nil && start < deals {
            let count = min(batch, deals - start), offset = start
            result.merge(await parallel(count, workers: common.workers, empty: EnginesResult(), merge: { $0.merge($1) }) {
                EnginesResult.deal(offset + $0, seed: seed, players: players)
            })
            start += count
            let llr = test.logLikelihoodRatio(result.perDeal)
            Output.print("  \(start) deals: net \(result.perDeal.mean.decimal(places: 3)) ± \((1.96 * result.perDeal.standardError).decimal(places: 3)), LLR \(llr.decimal(places: 3))")
            verdict = test.verdict(result.perDeal)
        }
        switch verdict {
        case .stronger: Output.print("H1 accepted: \(candidate) pegs better than \(baseline) by \(delta) points a deal or more (at most a \((alpha * 100).decimal(places: 0))% chance this is wrong).")
        case .notStronger: Output.print("H0 accepted: \(candidate) does not peg better than \(baseline) by \(delta) points a deal (at most a \((beta * 100).decimal(places: 0))% chance this is wrong).")
        case nil: Output.print("No decision within \(deals) deals.")
        }
        Output.print("  net per deal, as dealer   \(result.asDealer.text)")
        Output.print("  net per deal, as pone     \(result.asPone.text)")
        Output.print("  net per deal, both roles  \(result.perDeal.text)")
        Output.print("Over the baseline in the same seat (the baseline against itself on the same cards):")
        Output.print("  gain as dealer            \(result.gainAsDealer.text)")
        Output.print("  gain as pone              \(result.gainAsPone.text)")
        Output.print("  \(watch.seconds) s on \(common.workers) workers")
    }
}

struct EnginesResult: Sendable {
    /// The candidate's pegs less the baseline's when it deals, when it is the pone, and both halved.
    var asDealer = Tally(), asPone = Tally(), perDeal = Tally()
    /// What the candidate adds in each role over the baseline in its seat (the baseline against
    /// itself on the same cards).
    var gainAsDealer = Tally(), gainAsPone = Tally()

    mutating func merge(_ other: EnginesResult) {
        asDealer.merge(other.asDealer)
        asPone.merge(other.asPone)
        perDeal.merge(other.perDeal)
        gainAsDealer.merge(other.gainAsDealer)
        gainAsPone.merge(other.gainAsPone)
    }

    static func deal(_ index: Int, seed: UInt64, players: [ComputerPlayer]) -> EnginesResult {
        let (candidate, baseline) = (players[0], players[1])
        func pegs(_ seated: [ComputerPlayer]) -> [Int] {
            playDeal(index, seed: seed, players: seated).points(inRound: 1).map(\.pegs)
        }
        let dealing = pegs([baseline, candidate]), poning = pegs([candidate, baseline]), reference = pegs([baseline, baseline])
        let dealerNet = Double(dealing[1] - dealing[0]), poneNet = Double(poning[0] - poning[1])
        var result = EnginesResult()
        result.gainAsDealer.add(dealerNet - Double(reference[1] - reference[0]))
        result.gainAsPone.add(poneNet - Double(reference[0] - reference[1]))
        result.asDealer.add(dealerNet)
        result.asPone.add(poneNet)
        result.perDeal.add((dealerNet + poneNet) / 2)
        return result
    }
}
