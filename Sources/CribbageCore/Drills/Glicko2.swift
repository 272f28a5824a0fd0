#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Glickman's Glicko-2 rating system ("Example of the Glicko-2 system", 2013): a rating, its
/// deviation and its volatility, updated after a rating period of games. The drills rate as
/// lichess rates puzzles: each answer is one game of the player against the drill, won by the
/// player when the answer is correct, and both are rated.
public struct Glicko2: Hashable, Sendable {
    /// The system constant τ, which limits how fast the volatility changes (Glickman suggests 0.3
    /// to 1.2).
    public let tau: Double

    public init(tau: Double = 0.5) { self.tau = tau }

    public struct Rating: Hashable, Sendable, Codable {
        public var rating: Double
        public var deviation: Double
        public var volatility: Double

        public init(rating: Double = 1500, deviation: Double = 350, volatility: Double = 0.06) {
            self.rating = rating
            self.deviation = deviation
            self.volatility = volatility
        }

        /// The deviation below which a rating has settled, as lichess has it: 110. Above it the
        /// rating is provisional, a guess still moving fast, and is said so.
        public static let settledDeviation = 110.0

        /// Not yet settled: the deviation is `settledDeviation` or more.
        public var isProvisional: Bool { deviation >= Self.settledDeviation }

        /// Every figure finite and within what a rating can reach.
        public var isWithinBounds: Bool {
            rating.isFinite && deviation.isFinite && volatility.isFinite && (-5000...10000).contains(rating)
                && (0...1000).contains(deviation) && (0...10).contains(volatility)
        }
    }

    /// One game of a rating period: the opponent as rated before the period, and the score (1 a
    /// win, 0 a loss, 0.5 a draw).
    public struct Game: Hashable, Sendable, Codable {
        public let opponent: Rating
        public let score: Double

        public init(_ opponent: Rating, _ score: Double) {
            self.opponent = opponent
            self.score = score
        }
    }

    static let scale = 173.7178
    static let convergence = 0.000_001

    /// The rating after a period of `games`; a period without games only widens the deviation.
    public func update(_ player: Rating, after games: [Game]) -> Rating {
        let mu = (player.rating - 1500) / Self.scale, phi = player.deviation / Self.scale
        guard !games.isEmpty else {
            let widened = sqrt(phi * phi + player.volatility * player.volatility)
            return Rating(rating: player.rating, deviation: min(350, widened * Self.scale), volatility: player.volatility)
        }
        func g(_ phi: Double) -> Double { 1 / sqrt(1 + 3 * phi * phi / (Double.pi * Double.pi)) }
        var inverseV = 0.0, sum = 0.0
        for game in games {
            let muJ = (game.opponent.rating - 1500) / Self.scale, phiJ = game.opponent.deviation / Self.scale
            let e = 1 / (1 + exp(-g(phiJ) * (mu - muJ)))
            inverseV += g(phiJ) * g(phiJ) * e * (1 - e)
            sum += g(phiJ) * (game.score - e)
        }
        let v = 1 / inverseV
        let delta = v * sum
        // The volatility: the root of f by the Illinois algorithm, as step 5 of the paper.
        let a = log(player.volatility * player.volatility)
        func f(_ x: Double) -> Double {
            let ex = exp(x), d = phi * phi + v + ex
            return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau)
        }
        let big0 = a, small0: Double
        if delta * delta > phi * phi + v {
            small0 = log(delta * delta - phi * phi - v)
        } else {
            var k = 1.0
            while f(a - k * tau) < 0 && k < 1000 { k += 1 }
            small0 = a - k * tau
        }
        var (big, small) = (big0, small0)
        var fA = f(big), fB = f(small)
        while abs(small - big) > Self.convergence {
            let c = big + (big - small) * fA / (fB - fA)
            let fC = f(c)
            if fC * fB <= 0 {
                (big, fA) = (small, fB)
            } else {
                fA /= 2
            }
            (small, fB) = (c, fC)
        }
        let volatility = exp(big / 2)
        let phiStar = sqrt(phi * phi + volatility * volatility)
        let newPhi = 1 / sqrt(1 / (phiStar * phiStar) + 1 / v)
        let newMu = mu + newPhi * newPhi * sum
        return Rating(rating: newMu * Self.scale + 1500, deviation: newPhi * Self.scale, volatility: volatility)
    }

    /// The chance `player` beats `opponent`: the expected score.
    public func expected(_ player: Rating, against opponent: Rating) -> Double {
        let mu = (player.rating - 1500) / Self.scale, muJ = (opponent.rating - 1500) / Self.scale
        let phiJ = opponent.deviation / Self.scale
        return 1 / (1 + exp(-(1 / sqrt(1 + 3 * phiJ * phiJ / (Double.pi * Double.pi))) * (mu - muJ)))
    }
}

extension Glicko2.Rating {
    /// The rating as the drills say it, whole numbers: "1530 ± 180, provisional" until settled,
    /// then "1530 ± 95".
    public func words(plusMinus: String = "±") -> String {
        "\(Int(rating.rounded())) \(plusMinus) \(Int(deviation.rounded()))" + (isProvisional ? ", provisional" : "")
    }
}
