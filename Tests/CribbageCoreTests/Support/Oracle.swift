import Foundation
@testable import CribbageCore

/// The exact score distribution from `../shared/data/score-distribution.tsv` beside the repo,
/// read at test time: the oracle every scorer is checked against.
struct Oracle {
    /// `hand[score]`, `crib[score]`: how many of the 12,994,800 combinations score `score`.
    let hand: [Int]
    let crib: [Int]
    /// The means as stated in the header: numerator and denominator, per rule set.
    let handMean: (numerator: Int, denominator: Int)
    let cribMean: (numerator: Int, denominator: Int)

    func counts(_ rules: Rules) -> [Int] { rules == .hand ? hand : crib }
    func mean(_ rules: Rules) -> (numerator: Int, denominator: Int) { rules == .hand ? handMean : cribMean }

    /// The repository's root: the nearest folder above this file holding Package.swift.
    static let repositoryRoot: URL? = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }()

    /// Read and parsed once; a missing or malformed file fails the tests that use it.
    static func shared() throws -> Oracle { try loaded.get() }

    private static let loaded: Result<Oracle, FormatError> = {
        guard let root = repositoryRoot else { return .failure(FormatError(description: "no Package.swift above \(#filePath)")) }
        let url = root.appendingPathComponent("../shared/data/score-distribution.tsv").standardizedFileURL
        do { return .success(try Oracle(text: String(contentsOf: url, encoding: .utf8))) } catch {
            return .failure(FormatError(description: "cannot read the oracle at \(url.path): \(error)"))
        }
    }()

    struct FormatError: Error, Sendable, CustomStringConvertible {
        let description: String
    }

    init(text: String) throws {
        var hand: [Int] = [], crib: [Int] = []
        var means: [String: (Int, Int)] = [:]
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
                    means[String(word)] = (n, d)
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
