/// All 15 ways to keep four of six dealt cards, each with its expected hand and crib.
///
///     let best = try DiscardAdvisor.analyze(cards).ranked(for: .dealer)[0]
public struct DiscardAnalysis: Hashable, Sendable {
    /// The six cards dealt, as given.
    public let cards: [Card]
    /// How the opponent throws, which the crib means assume.
    public let opponent: CribModel
    /// All 15 keeps in deal order: the first four cards kept first, the last four kept last.
    public let keeps: [Keep]
    /// The keep that the other opponent model ranks best for the role analysed, when it is not
    /// this model's best (with this model's figures); nil when they agree.
    public let bestUnderOtherModel: Keep?

    init(cards: [Card], opponent: CribModel, keeps: [Keep], bestUnderOtherModel: Keep? = nil) {
        self.cards = cards
        self.opponent = opponent
        self.keeps = keeps
        self.bestUnderOtherModel = bestUnderOtherModel
    }

    /// The keeps by net for the role, best first; ties go to the higher hand mean, then to deal
    /// order.
    public func ranked(for role: Role) -> [Keep] {
        ranked(by: keeps.map { Double($0.netTotal(for: role)) })
    }

    /// The keeps by `nets` (one a keep, in `keeps`' order), best first; ties go to the higher
    /// hand mean, then to deal order.
    func ranked(by nets: [Double]) -> [Keep] {
        keeps.indices.sorted { first, second in
            if nets[first] != nets[second] { return nets[first] > nets[second] }
            if keeps[first].handTotal != keeps[second].handTotal { return keeps[first].handTotal > keeps[second].handTotal }
            return first < second
        }.map { keeps[$0] }
    }
}

/// Four cards kept and two thrown to the crib, with what each is expected to score.
///
///     keep.net(for: .dealer)   // 22.389… for 5S JD 5C 5H, throwing 4D 4C
public struct Keep: Hashable, Sendable {
    /// The four cards kept, in the dealt order.
    public let cards: [Card]
    /// The two cards thrown to the crib, in the dealt order.
    public let discard: [Card]
    /// The kept hand's points over the 46 possible cuts.
    public let hand: HandStatistics
    /// The exact expected crib of the two discards under the analysis's opponent model: random,
    /// the opponent's two discards drawn from the 46 unseen cards, the cut from the 44 left,
    /// counted under crib rules; expert, the opponent's six from the 46, thrown as the expert
    /// policy does, the cut from the 40 left (crib flushes not counted).
    public let cribMean: Double

    /// Hand points summed over the 46 cuts.
    let handTotal: Int
    /// Crib points summed over every deal of the opponent's cards and the cut, in `cribUnits`
    /// per point.
    let cribTotal: Int
    /// A multiple of the 46 cuts, so that nets are whole numbers of units.
    let cribUnits: Int

    init(cards: [Card], discard: [Card], handTotal: Int, minimum: Int, maximum: Int, cribTotal: Int,
         cribUnits: Int = Unseen.cribDeals) {
        self.cards = cards
        self.discard = discard
        self.handTotal = handTotal
        self.cribTotal = cribTotal
        self.cribUnits = cribUnits
        hand = HandStatistics(
            mean: Double(handTotal) / Double(Unseen.cuts), minimum: minimum, maximum: maximum)
        cribMean = Double(cribTotal) / Double(cribUnits)
    }

    /// Hand mean plus crib mean for the dealer, minus it for the pone, the hand mean alone for
    /// none.
    public func net(for role: Role) -> Double {
        Double(netTotal(for: role)) / Double(cribUnits)
    }

    /// The net, exactly, in crib units: so that equal nets compare equal.
    func netTotal(for role: Role) -> Int {
        let hand = handTotal * (cribUnits / Unseen.cuts)
        switch role {
        case .dealer: return hand + cribTotal
        case .pone: return hand - cribTotal
        case .none: return hand
        }
    }
}

/// A kept hand's points over the possible cuts: their mean, least and most.
///
///     keep.hand.maximum   // 29 for 5S JD 5C 5H: the cut 5D
public struct HandStatistics: Hashable, Sendable {
    public let mean: Double
    public let minimum: Int
    public let maximum: Int
}
