/// What the records keep of a reviewed game: each side's error rate, labels, graded decisions
/// and luck, and the result; the figures `twentynine review` prints, small enough to keep one a
/// game and read twenty at once.
///
///     let summary = ReviewSummary(GameReview(record))
///     summary.sides[0].errorRate   // yours, as the review's figures say it
public struct ReviewSummary: Codable, Hashable, Sendable {
    /// One side's figures.
    public struct Side: Codable, Hashable, Sendable {
        /// 10 × the mean loss in points of win chance a graded decision (`SideReview.errorRate`).
        public var errorRate: Double
        /// The decisions graded (two options or more, not too close to call).
        public var graded: Int
        public var inaccuracies: Int
        public var mistakes: Int
        public var blunders: Int
        public var missedWins: Int
        /// The side's luck, in points of win chance.
        public var luck: Double

        public init(errorRate: Double, graded: Int, inaccuracies: Int, mistakes: Int, blunders: Int, missedWins: Int, luck: Double) {
            (self.errorRate, self.graded, self.inaccuracies, self.mistakes, self.blunders, self.missedWins, self.luck)
                = (errorRate, graded, inaccuracies, mistakes, blunders, missedWins, luck)
        }

        public init(_ side: SideReview) {
            self.init(errorRate: side.errorRate, graded: side.graded.count, inaccuracies: side.count(.inaccuracy),
                      mistakes: side.count(.mistake), blunders: side.count(.blunder), missedWins: side.count(.missedWin),
                      luck: side.luck)
        }

        /// Every figure finite and within what a game can reach.
        var isWithinBounds: Bool {
            let counts = [graded, inaccuracies, mistakes, blunders, missedWins]
            return errorRate.isFinite && (0...1_000).contains(errorRate) && luck.isFinite && abs(luck) <= 10_000
                && counts.allSatisfy { (0...10_000).contains($0) } && inaccuracies + mistakes + blunders + missedWins <= graded
        }
    }

    /// Seat 0 (you) first, then the computer.
    public var sides: [Side]
    /// The game's result for seat 0: 1 a win, 0 a loss.
    public var result: Double
    /// The fingerprint of the engine that graded it (`Fingerprint.engine`); nil in a review kept
    /// before TwentyNine recorded it.
    public var engine: String?

    public init(sides: [Side], result: Double, engine: String?) {
        self.sides = sides
        self.result = result
        self.engine = engine
    }

    public init(_ review: GameReview) {
        self.init(sides: review.sides.map(Side.init), result: review.result, engine: review.engine)
    }

    /// Whether you (seat 0) won.
    public var won: Bool { result >= 1 }

    /// What is out of bounds, or nil: two sides, a result of 0 or 1, figures a game can reach.
    public var problem: String? {
        guard sides.count == 2 else { return "\(sides.count) sides, not 2" }
        guard result == 0 || result == 1 else { return "a result of \(result), not 0 or 1" }
        guard sides.allSatisfy(\.isWithinBounds) else { return "a figure out of bounds" }
        if let engine, engine.utf8.count > 64 { return "an engine fingerprint of \(engine.utf8.count) bytes" }
        return nil
    }
}
