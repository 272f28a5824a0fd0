/// Suit twins: keeps that differ only by suits that change nothing a player would weigh.
extension Analysis {
    /// The options with each keep's suit twins left out: of keeps that keep the same ranks and
    /// throw the same ranks, only the first (the better ranked) stays, unless the suits change a
    /// flush (the four kept of one suit or not) or nobs (a jack's suit held more or less often
    /// among the six, so matched by the starter less or more often, in the hand or the crib).
    /// Lays and counts as they are: a card's suit changes nothing in the play.
    public var distinctKeeps: [Option] {
        guard case .keep(let six, _, _) = decision else { return options }
        var seen = Set<SuitShape>()
        return options.filter { option in
            guard let keep = option.keep else { return true }
            return seen.insert(SuitShape(keep, six: six)).inserted
        }
    }

    /// Whether two keeps of the same six are suit twins (`distinctKeeps` shows one of them).
    public static func areSuitTwins(_ one: Keep, _ other: Keep, six: [Card]) -> Bool {
        SuitShape(one, six: six) == SuitShape(other, six: six)
    }
}

/// What of a keep's suits can change its worth: its ranks kept and thrown, whether the four kept
/// make a flush, and for each jack of the six whether it is kept and how many of the six share
/// its suit (the starter matches it the less often the more of its suit are seen).
private struct SuitShape: Hashable {
    let kept: [Rank]
    let thrown: [Rank]
    let flush: Bool
    let jacks: [JackShape]

    struct JackShape: Hashable, Comparable {
        let kept: Bool
        let suitSeen: Int

        static func < (a: JackShape, b: JackShape) -> Bool { (a.kept ? 1 : 0, a.suitSeen) < (b.kept ? 1 : 0, b.suitSeen) }
    }

    init(_ keep: Keep, six: [Card]) {
        kept = keep.cards.map(\.rank).sorted()
        thrown = keep.discard.map(\.rank).sorted()
        flush = Set(keep.cards.map(\.suit)).count == 1
        jacks = six.filter { $0.rank == .jack }.map { jack in
            JackShape(kept: keep.cards.contains(jack), suitSeen: six.count { $0.suit == jack.suit })
        }.sorted()
    }
}
