import CribbageCore
import Foundation

/// The published exact score distribution, `Tests/Fixtures/score-distribution.tsv`: the oracle
/// every scorer and the `stats` command are checked against, never a source of results.
///
/// The file's hand column is Lumetta's published table ("Amusing Cribbage Facts", also in
/// Wikipedia's cribbage statistics); its crib column is an independent exhaustive enumeration
/// whose zero count matches the published 1,022,208. Its header names both.
public struct Oracle: Sendable {
    /// `hand[score]`, `crib[score]`: how many of the 12,994,800 combinations score `score`.
    public let hand: [Int]
    public let crib: [Int]
    /// The means as stated in the header: numerator and denominator, per rule set.
    public let handMean: Fraction
    public let cribMean: Fraction

    public struct Fraction: Sendable, Equatable {
        public let numerator: Int
        public let denominator: Int
        public var value: Double { Double(numerator) / Double(denominator) }
    }

    /// Every (four-card hand, cut) combination.
    public static let combinations = 12_994_800

    public func counts(_ rules: Rules) -> [Int] { rules == .hand ? hand : crib }
    public func mean(_ rules: Rules) -> Fraction { rules == .hand ? handMean : cribMean }

    /// Read and parsed once; a missing or malformed file fails the tests that use it.
    public static func shared() throws -> Oracle { try loaded.get() }

    private static let loaded: Result<Oracle, FormatError> = {
        let url = Repository.fixture("score-distribution.tsv")
        do { return .success(try Oracle(text: String(contentsOf: url, encoding: .utf8))) } catch let error as FormatError {
            return .failure(error)
        } catch {
            return .failure(FormatError(description: "cannot read the oracle at \(url.path): \(error)"))
        }
    }()

    public struct FormatError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public init(text: String) throws {
        var hand: [Int] = [], crib: [Int] = []
        var means: [String: Fraction] = [:]
        var sawHeader = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("#") {
                // "# Means: hand 61974180/12994800 = 4.76…, crib 61528020/12994800 = 4.73…"
                guard line.contains("Means:") else { continue }
                let words = line.split(whereSeparator: { $0 == " " || $0 == "," })
                for (word, next) in zip(words, words.dropFirst()) where word == "hand" || word == "crib" {
                    let parts = next.split(separator: "/")
                    guard parts.count == 2, let n = Int(parts[0]), let d = Int(parts[1]) else {
                        throw FormatError(description: "bad mean in: \(line)")
                    }
                    means[String(word)] = Fraction(numerator: n, denominator: d)
                }
                continue
            }
            let fields = line.split(separator: "\t")
            if !sawHeader {
                guard fields == ["score", "hand", "crib"] else { throw FormatError(description: "bad header: \(line)") }
                sawHeader = true
                continue
            }
            guard fields.count == 3, let score = Int(fields[0]), let h = Int(fields[1]), let c = Int(fields[2]),
                  score == hand.count
            else { throw FormatError(description: "bad row: \(line)") }
            hand.append(h)
            crib.append(c)
        }
        guard hand.count == 30, let handMean = means["hand"], let cribMean = means["crib"] else {
            throw FormatError(description: "expected scores 0…29 and both means")
        }
        self.hand = hand
        self.crib = crib
        self.handMean = handMean
        self.cribMean = cribMean
    }
}
