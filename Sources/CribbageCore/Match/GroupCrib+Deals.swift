/// The group crib's deals: every seat throwing by `GroupThrow`, dealt as the match deals (in the
/// Match layer, for the deal scheme's generator), for `make group-crib-tables` and its check.
extension GroupCrib {
    /// Deal `index` of `seed`, seat 0 dealing: every seat's five (and with three the deck's card to
    /// the crib), each seat throwing by `GroupThrow` with `model` (nil: the hand alone); the cards
    /// thrown by seat, and the crib's points summed over every starter the deal leaves.
    public static func deal(_ index: Int, seed: UInt64, players: Int, model: GroupCrib?) -> (thrown: [Card], total: Int, starters: Int) {
        var random = DealScheme.generator(seed, players, index)
        let cards = random.deal(5 * players + (players == 3 ? 1 : 0))
        let thrown = (0..<players).map { seat in
            GroupThrow.ranked(Array(cards[(5 * seat)..<(5 * seat + 5)]), players: players,
                              ownCrib: ownCrib(seat: seat, players: players), crib: model)[0].thrown
        }
        let crib = thrown + (players == 3 ? [cards[15]] : [])
        let dealt = Set(cards)
        var total = 0, starters = 0
        for cut in Card.all where !dealt.contains(cut) {
            total += FastScorer.shared.total(crib[0], crib[1], crib[2], crib[3], cut: cut, rules: .crib)
            starters += 1
        }
        return (thrown, total, starters)
    }

    /// Whether `seat`'s side owns the crib when seat 0 deals.
    static func ownCrib(seat: Int, players: Int) -> Bool { players == 4 ? seat % 2 == 0 : seat == 0 }

    /// Deal `index` as a sample: the crib's mean for each seat's rank thrown and role.
    public static func sample(deal index: Int, seed: UInt64, players: Int, model: GroupCrib?) -> Sample {
        let (thrown, total, starters) = deal(index, seed: seed, players: players, model: model)
        let mean = Double(total) / Double(starters)
        var sample = Sample()
        for (seat, card) in thrown.enumerated() {
            let role = ownCrib(seat: seat, players: players) ? 0 : 1, rank = Int(card.rank.rawValue) - 1
            sample.sums[role][rank] += mean
            sample.squares[role][rank] += mean * mean
            sample.counts[role][rank] += 1
        }
        return sample
    }

    /// The digest of the first `deals` deals of `seed` thrown with this table (each deal's throws
    /// and crib): what the shipped table's header records and a test finds again.
    public func sampleDigest(seed: UInt64, deals: Int) -> String {
        var hash = Digest()
        for index in 0..<deals {
            let (thrown, total, _) = Self.deal(index, seed: seed, players: players, model: self)
            hash.add(text: thrown.map(\.description).joined(separator: " ") + " \(total)")
        }
        return hash.hex
    }
}
