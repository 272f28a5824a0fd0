/// The grade of a player's own count: right, or what it missed by HandRank, or by how much it
/// overcounted. The heart of practice ("muggins") mode.
///
///     let grade = breakdown.grade(claimed: 9)   // for a hand that counts 12
///     grade.message   // "Muggins! You missed a run of three (3): the count is 12"
public enum CountGrade: Hashable, Sendable {
    /// The claim was the count.
    case right(Int)
    /// The claim fell short: the fewest scoring combinations that make up the difference, when
    /// some do (empty when none add up to it exactly).
    case missed(count: Int, claimed: Int, items: [Item])
    /// The claim was more than the hand holds.
    case overcounted(count: Int, claimed: Int)

    /// One scoring combination, described as a player would name it.
    public struct Item: Hashable, Sendable {
        public let rank: HandRank
        public let points: Int
        /// The cards that make it (the starter among them where it counts).
        public let cards: [Card]
    }

    public var isRight: Bool {
        if case .right = self { return true }
        return false
    }

    public var message: String {
        switch self {
        case .right(let count):
            return "Right: \(count)"
        case .missed(let count, let claimed, let items) where items.isEmpty:
            return "Muggins! You missed \(count - claimed): the count is \(count)"
        case .missed(let count, _, let items):
            return "Muggins! You missed \(Self.describe(items)): the count is \(count)"
        case .overcounted(let count, let claimed):
            return "Muggins! You overcounted by \(claimed - count): the count is \(count)"
        }
    }

    /// "two fifteens (4) and a run of three (3)".
    static func describe(_ items: [Item]) -> String {
        var phrases: [String] = []
        for rank in HandRank.allCases {
            let group = items.filter { $0.rank == rank }
            guard !group.isEmpty else { continue }
            let points = group.reduce(0) { $0 + $1.points }
            let count = group.count
            let amount = count == 1 ? "a" : NumberWords.spelled(count)
            let noun: String = switch rank {
            case .fifteens: count == 1 ? "fifteen" : "fifteens"
            case .pairs: count == 1 ? "pair" : "pairs"
            case .runs:
                "\(count == 1 ? "run" : "runs") of \(NumberWords.spelled(group[0].points))"
            case .flush: "flush of \(NumberWords.spelled(points))"
            case .nobs: "nobs"
            }
            phrases.append(rank == .nobs ? "one for his nobs (1)" : "\(amount) \(noun) (\(points))")
        }
        if phrases.count <= 1 { return phrases.first ?? "" }
        return phrases.dropLast().joined(separator: ", ") + " and " + phrases.last!
    }
}

extension Breakdown {
    /// Grades a player's claimed count against the hand.
    public func grade(claimed: Int) -> CountGrade {
        let count = total
        if claimed == count { return .right(count) }
        if claimed > count { return .overcounted(count: count, claimed: claimed) }
        let items = categories.flatMap { category in
            category.combinations.map { CountGrade.Item(rank: category.rank, points: $0.points, cards: $0.cards) }
        }
        return .missed(count: count, claimed: claimed, items: Self.fewestItems(items, summingTo: count - claimed))
    }

    /// The fewest items whose points add up to `target` exactly, or none.
    private static func fewestItems(_ items: [CountGrade.Item], summingTo target: Int) -> [CountGrade.Item] {
        // best[s]: the shortest list of item indices summing to s, using items seen so far.
        var best: [[Int]?] = Array(repeating: nil, count: target + 1)
        best[0] = []
        for (index, item) in items.enumerated() where item.points <= target {
            for sum in stride(from: target, through: item.points, by: -1) {
                guard let shorter = best[sum - item.points] else { continue }
                if best[sum] == nil || shorter.count + 1 < best[sum]!.count {
                    best[sum] = shorter + [index]
                }
            }
        }
        return (best[target] ?? []).map { items[$0] }
    }
}
