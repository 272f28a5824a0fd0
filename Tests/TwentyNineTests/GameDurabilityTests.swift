import CribbageCore
import Foundation
import TestSupport
import Testing

/// Kill -9 at random moments while the game is being saved: the database always opens, and it
/// holds the state of the last save the program reported or of the one after it.
@Suite("game: killed while saving", .serialized)
struct GameDurabilityTests {
    /// The log length and totals after `step` steps of the hidden `game churn` command: it pegs 1
    /// for players 1 and 2 in turn 100 times, takes the 100 back, and again.
    static func state(afterStep step: Int) -> (entries: Int, totals: [Int]) {
        guard step > 0 else { return (0, [0, 0]) }
        let phase = (step - 1) % 200
        let entries = phase < 100 ? phase + 1 : 199 - phase
        return (entries, [(entries + 1) / 2, entries / 2])
    }

    /// How many times the program is killed: a count, not a time, so that a loaded machine
    /// checks as much as an idle one.
    static let kills = 10

    @Test func killingTheProgramLeavesThePreviousOrTheNewState() throws {
        let game = try GameFolder()
        defer { game.remove() }
        var random = SplitMix64(seed: 121)
        var landedAfterLastReport = 0

        for _ in 0..<Self.kills {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: twentyNineBinary)
            process.arguments = ["game", "churn", "--steps", "1000000"]
            process.environment = ProcessInfo.processInfo.environment.merging(game.scratchEnvironment()) { $1 }
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()

            // Wait for a random number of saves, then kill at a random moment of a later one.
            var printed = ""
            let waitFor = 1 + random.below(30)
            while (lastStep(in: printed) ?? -1) < waitFor {
                let data = output.fileHandleForReading.availableData
                guard !data.isEmpty else { break }
                printed += String(decoding: data, as: UTF8.self)
            }
            usleep(UInt32(random.below(4000)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            printed += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationReason == .uncaughtSignal, "churn ended by itself: \(process.terminationStatus)")
            let reported = try #require(lastStep(in: printed), "no save reported")

            // The game as the next command reads it: the last reported state or the next one.
            let reread = try runTwentyNine(["game", "--json"], environment: game.environment)
            #expect(reread.status == 0)
            #expect(reread.stderr == "")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(reread.stdout.utf8)) as? [String: Any])
            let log = try #require((object["game"] as? [String: Any])?["log"] as? [[String: Any]])
            let totals = log.last?["totals"] as? [Int] ?? [0, 0]
            let previous = Self.state(afterStep: reported), next = Self.state(afterStep: reported + 1)
            let onDisk = (log.count, totals)
            #expect(onDisk == previous || onDisk == next,
                    "after step \(reported) the file holds \(log.count) entries, totals \(totals)")
            if onDisk != previous || previous == next { landedAfterLastReport += 1 }

            // Nothing but the database and its write-ahead log beside it.
            let others = try FileManager.default.contentsOfDirectory(atPath: game.path).filter { !$0.hasPrefix("twentynine.sqlite") }
            #expect(others.isEmpty, "\(others)")
        }
        print("durability: \(Self.kills) kills, \(landedAfterLastReport) with a save landed after the last report")
    }

    /// The last complete line of the churn's output: the last step saved.
    private func lastStep(in output: String) -> Int? {
        output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last.flatMap { Int($0) }
    }
}
