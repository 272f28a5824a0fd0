extension Game {
    /// Who plays: two players, three, or two teams of two with partners sitting opposite.
    ///
    ///     Game.Seating.twoTeams.side(of: 2)   // 0: players 1 and 3 are one side
    public enum Seating: String, CaseIterable, Hashable, Sendable, Codable {
        case twoPlayers, threePlayers, twoTeams

        /// The seating for a number of players: 2, 3 or 4 (two teams).
        public init?(players: Int) {
            switch players {
            case 2: self = .twoPlayers
            case 3: self = .threePlayers
            case 4: self = .twoTeams
            default: return nil
            }
        }

        public var players: Int {
            switch self {
            case .twoPlayers: 2
            case .threePlayers: 3
            case .twoTeams: 4
            }
        }

        /// The number of scores kept: one per player, or one per team.
        public var sides: Int { self == .twoTeams ? 2 : players }

        /// The side a player (a seat, 0-based, in order to the left) scores for.
        public func side(of player: Int) -> Int { self == .twoTeams ? player % 2 : player }

        /// The players on a side, in seat order.
        public func players(on side: Int) -> [Int] { self == .twoTeams ? [side, side + 2] : [side] }
    }

    /// How far the game goes: 121 (twice round the board), or 61 (once).
    public enum Target: Int, CaseIterable, Hashable, Sendable, Codable {
        case long = 121
        case short = 61

        public var points: Int { rawValue }

        /// A loser below this is skunked: 91 in a game to 121, three quarters of the way along
        /// the track (the same fraction, 46, in a game to 61).
        public var skunkLine: Int { rawValue - (rawValue - 1) / 4 }

        /// A loser below this is double-skunked: 61 in a game to 121, half way along the track
        /// (31 in a game to 61).
        public var doubleSkunkLine: Int { rawValue - (rawValue - 1) / 2 }
    }

    /// What a loser's final score makes of the win.
    public enum Skunk: String, CaseIterable, Hashable, Sendable, Codable {
        case none, skunk, doubleSkunk
    }

    /// The match points a win is worth: 1, 2 for a skunk, 3 for a double skunk, by default.
    public struct MatchPoints: Hashable, Sendable, Codable {
        public var win: Int
        public var skunk: Int
        public var doubleSkunk: Int

        public init(win: Int = 1, skunk: Int = 2, doubleSkunk: Int = 3) {
            self.win = win
            self.skunk = skunk
            self.doubleSkunk = doubleSkunk
        }

        public static let standard = MatchPoints()

        /// What a file may say a win is worth.
        static let range = 0...99

        private enum Keys: String, CodingKey { case win, skunk, doubleSkunk }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            win = try container.decodeBounded(forKey: .win, in: Self.range)
            skunk = try container.decodeBounded(forKey: .skunk, in: Self.range)
            doubleSkunk = try container.decodeBounded(forKey: .doubleSkunk, in: Self.range)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(win, forKey: .win)
            try container.encode(skunk, forKey: .skunk)
            try container.encode(doubleSkunk, forKey: .doubleSkunk)
        }

        public func points(for skunk: Skunk) -> Int {
            switch skunk {
            case .none: win
            case .skunk: self.skunk
            case .doubleSkunk: doubleSkunk
            }
        }
    }

    /// A side's two pegs: the front peg at its score, the back peg at its score before the
    /// last entry that moved it.
    public struct Pegs: Hashable, Sendable {
        public let front: Int
        public let back: Int
    }

    /// How a finished game ended.
    public struct Result: Hashable, Sendable {
        /// One losing side: its score, how far behind the target it ended, its skunk.
        public struct Loser: Hashable, Sendable {
            public let side: Int
            public let total: Int
            public let skunk: Skunk
            public let matchPoints: Int
        }

        public let winner: Int
        /// The winner's score: the target, or past it when the last count went over.
        public let winningTotal: Int
        /// The losing sides, best first.
        public let losers: [Loser]

        /// By how much: the target less the best loser's score.
        public let margin: Int

        /// The match points the winner takes: one loser's in a two-sided game; in a three-player
        /// game each loser is judged on its own and the winner takes the sum.
        public var matchPoints: Int { losers.reduce(0) { $0 + $1.matchPoints } }
    }
}
