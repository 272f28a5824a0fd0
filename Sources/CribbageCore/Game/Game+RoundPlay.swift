extension Game {
    /// A play in progress on the board: its round, every card and go laid so far in order, and
    /// for each step that pegged, the index in the log of the entry it made (so a take-back
    /// takes that entry back).
    public struct RoundPlay: Hashable, Sendable {
        public let round: Int
        public var tokens: [PlayToken]
        public var entries: [Int: Int]
        /// The steps whose card was laid by its rank alone: its suit is a stand-in.
        public var unsuited: Set<Int>

        /// The most tokens a play of four players can hold: 16 cards and as many goes.
        public static let maximumTokens = 64

        public init(round: Int, tokens: [PlayToken], entries: [Int: Int] = [:], unsuited: Set<Int> = []) {
            self.round = round
            self.tokens = tokens
            self.entries = entries
            self.unsuited = unsuited
        }

        /// The play the tokens make for these players, or nil when the rules refuse them.
        public func play(players: Int) -> Play? {
            var play = Play(players: players)
            for token in tokens {
                guard (try? play.apply(token)) != nil else { return nil }
            }
            return play
        }
    }
}
