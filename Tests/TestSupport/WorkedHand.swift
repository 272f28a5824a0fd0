import CribbageCore
import Testing

/// The worked hands of Docs/Rules.md, each with what every HandRank makes of it: the core's
/// tests check the breakdown, the command line's the `score` output.
public struct WorkedHand: CustomTestStringConvertible, Sendable {
    public let cards: [String]
    public let cut: String
    /// Points and number of combinations per HandRank under the hand rules.
    public let fifteens: Int, pairs: Int, runs: (count: Int, length: Int), flush: Int, nobs: Int
    /// The flush under the crib rules (only a five-card flush counts).
    public let cribFlush: Int

    public var handTotal: Int { fifteens * 2 + pairs * 2 + runs.count * runs.length + flush + nobs }
    public var cribTotal: Int { handTotal - flush + cribFlush }
    public var hand: Hand { try! Hand(parsing: cards, cut: cut) }
    public var testDescription: String { cards.joined(separator: " ") + " / " + cut }

    public static let all: [WorkedHand] = [
        .init(cards: ["5H", "5C", "5S", "JD"], cut: "5D", fifteens: 8, pairs: 6, runs: (0, 0), flush: 0, nobs: 1, cribFlush: 0),
        .init(cards: ["5H", "5C", "5S", "5D"], cut: "JH", fifteens: 8, pairs: 6, runs: (0, 0), flush: 0, nobs: 0, cribFlush: 0),
        .init(cards: ["AH", "AS", "2H", "2S"], cut: "3C", fifteens: 0, pairs: 2, runs: (4, 3), flush: 0, nobs: 0, cribFlush: 0),
        .init(cards: ["AH", "2S", "2H", "3S"], cut: "3C", fifteens: 0, pairs: 2, runs: (4, 3), flush: 0, nobs: 0, cribFlush: 0),
        .init(cards: ["3H", "3S", "4H", "4S"], cut: "5C", fifteens: 2, pairs: 2, runs: (4, 3), flush: 0, nobs: 0, cribFlush: 0),
        .init(cards: ["4C", "4D", "5S", "6H"], cut: "6C", fifteens: 4, pairs: 2, runs: (4, 3), flush: 0, nobs: 0, cribFlush: 0),
        .init(cards: ["2H", "4H", "6H", "8H"], cut: "KS", fifteens: 0, pairs: 0, runs: (0, 0), flush: 4, nobs: 0, cribFlush: 0),
        .init(cards: ["2H", "4H", "6H", "8H"], cut: "KH", fifteens: 0, pairs: 0, runs: (0, 0), flush: 5, nobs: 0, cribFlush: 5),
        .init(cards: ["2C", "4D", "6H", "8S"], cut: "10C", fifteens: 0, pairs: 0, runs: (0, 0), flush: 0, nobs: 0, cribFlush: 0),
    ]
}
