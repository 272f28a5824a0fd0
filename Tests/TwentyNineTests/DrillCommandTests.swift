import CribbageCore
import Foundation
import GameStore
import TestSupport
import Testing

/// `twentynine drill`: a session listed, an answer graded and saved, the dashboard; bad input one
/// line and exit 2. In process.
@Suite("drill")
struct DrillCommandTests {
    static func ids(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").compactMap { line in
            let word = line.split(separator: " ").first.map(String.init) ?? ""
            return word.count == 9 && (word.hasPrefix("t") || word.hasPrefix("p") || word.hasPrefix("c")) && !line.hasPrefix(" ") ? word : nil
        }
    }

    @Test("a first session: the published classics first, then dealt drills, each with its id, position and question")
    func firstSession() throws {
        let folder = try GameFolder()
        let result = runInProcess(["drill", "--count", "12"], environment: folder.environment)
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        let ids = Self.ids(result.stdout)
        #expect(ids.count == 12 && Set(ids).count == 12, "\(result.stdout)")
        #expect(result.stdout.hasPrefix("12 drills: 0 due for review, 12 new."))
        #expect(result.stdout.contains("From: Cribbage Pro, Cribbage Strategy Discard Quiz"))
        // The same session again: nothing answered, so the same drills.
        let again = runInProcess(["drill", "--count", "12"], environment: folder.environment)
        #expect(Self.ids(again.stdout) == ids)
        let json = runInProcess(["drill", "--count", "3", "--theme", "lead", "--json"], environment: folder.environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let drills = try #require(object["drills"] as? [[String: Any]])
        #expect(drills.count == 3 && drills.allSatisfy { ($0["themes"] as? [String])?.contains("lead") == true })
    }

    @Test("a count over the hand is wrong, by the points over, as practice grades it; a count short names what was missed")
    func countAnswered() throws {
        let folder = try GameFolder()
        let listed = runInProcess(["drill", "--count", "1", "--theme", "counting"], environment: folder.environment)
        let id = try #require(Self.ids(listed.stdout).first)
        let drill = try #require(try GameStore(folder: folder.path).withDrills { $0.drill(id) })
        guard case .count(let hand, let rules, _, _) = drill.decision else { Issue.record("not a count"); return }
        let count = hand.breakdown(rules: rules).total
        let over = runInProcess(["drill", "answer", id, String(count + 2)], environment: folder.environment)
        let lines = over.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0] == "Drill \(id): wrong" && lines[1] == "Your answer: claim \(count + 2); the best: claim \(count)", "\(over.stdout)")
        #expect(lines.contains("Loss: 2.00 points") && lines.contains("Count: Muggins! You overcounted by 2: the count is \(count)"))
        let right = runInProcess(["drill", "answer", id, String(count)], environment: folder.environment)
        #expect(right.stdout.hasPrefix("Drill \(id): correct: the best") && right.stdout.contains("Count: Right: \(count)"), "\(right.stdout)")
        try GameStore(folder: folder.path).withDrills { session in
            #expect(session.schedule.log.map(\.correct) == [false, true] && session.schedule.log.map(\.loss) == [2, 0])
        }
    }

    @Test("an answer: graded with the whole options table and the why, saved, the drill due again; a wrong one comes back first")
    func answer() throws {
        let folder = try GameFolder()
        _ = runInProcess(["drill", "--count", "2"], environment: folder.environment)
        let problem = ClassicProblem.all[0]
        let id = problem.drill.id
        let wrong = runInProcess(["drill", "answer", id, "2S", "3H", "9D", "10C"], environment: folder.environment)
        #expect(wrong.status == 0, "\(wrong.stderr)")
        let lines = wrong.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0] == "Drill \(id): wrong (mistake)")
        #expect(lines.contains("Loss: 1.96 points"))
        #expect(lines.contains { $0.hasPrefix("Why: kept 2-3-9-10") })
        #expect(lines.count { $0.hasPrefix("    keep ") || $0.hasPrefix("  > keep ") } == 15)
        #expect(lines.last?.hasPrefix("Next review in 1 day; your rating ") == true)
        let right = runInProcess(["drill", "answer", id, "9d", "qh", "--json"], environment: folder.environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(right.stdout.utf8)) as? [String: Any])
        #expect(object["correct"] as? Bool == true && object["review"] as? Int == 2)
        // The files hold both reviews; the dashboard counts them.
        try GameStore(folder: folder.path).withDrills { session in
            #expect(session.schedule.log.map(\.correct) == [false, true] && session.ratings.applied == 2)
        }
        let stats = runInProcess(["drill", "--stats", "--json"], environment: folder.environment)
        let dashboard = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        let overall = try #require(dashboard["overall"] as? [String: Any])
        #expect(overall["answers"] as? Int == 2 && overall["firstTryRate"] as? Double == 0)
        let text = runInProcess(["drill", "--stats"], environment: folder.environment)
        let first = try #require(text.stdout.split(separator: "\n").first)
        #expect(first.hasPrefix("Rating ") && first.contains(", provisional (settled once the ± is under 110); ")
                && first.contains(" over the last 2 answers; "), "\(text.stdout)")
        #expect(text.stdout.contains("  balk-crib: 1 drill, 2 answers, first try 0.0%, 0.98 points lost an answer, 1 failure, performance "),
                "\(text.stdout)")
        #expect(dashboard["provisional"] as? Bool == true)
    }

    @Test("ranks at the command line as the rank keys take them: q 9 throws the queen and the nine; the words of a throw's refusals")
    func ranksAnswer() throws {
        let folder = try GameFolder()
        _ = runInProcess(["drill", "--count", "2"], environment: folder.environment)
        let id = ClassicProblem.all[0].drill.id
        let right = runInProcess(["drill", "answer", id, "q", "9"], environment: folder.environment)
        #expect(right.status == 0 && right.stdout.hasPrefix("Drill \(id): correct: the best"), "\(right.stdout)\(right.stderr)")
        #expect(right.stdout.contains("Your answer: keep 2S 3H 10C JS throw 9D QH"), "\(right.stdout)")
        #expect(right.stdout.split(separator: "\n").last?.contains(", provisional; review 1") == true, "\(right.stdout)")
        try GameStore(folder: folder.path).withDrills { session in
            #expect(session.schedule.log.map(\.answer) == ["q 9"] && session.schedule.log.first?.pointsLoss == 0)
        }
    }

    @Test("bad input: one line naming the token, exit 2, nothing saved", arguments: [
        (["drill", "--count", "0"], "--count '0'"),
        (["drill", "--count", "many"], "--count 'many'"),
        (["drill", "--theme", "luck"], "unknown theme 'luck'"),
        (["drill", "--difficulty", "brutal"], "--difficulty 'brutal'"),
        (["drill", "--stats", "--count", "3"], "--stats takes no"),
        (["drill", "answer", "zzzz", "5H"], "no drill 'zzzz'"),
        (["drill", "answer", "tf4b4023d", "5H", "3H"], "'5H' is not among your six: throw two of them, or keep four"),
        (["drill", "answer", "tf4b4023d", "5", "q"], "'5' is not among your six"),
        (["drill", "answer", "tf4b4023d", "q"], "drill tf4b4023d: 1 card: keep 4 of the six (or name the 2 to throw)"),
        (["drill", "answer", "tf4b4023d", "q", "q"], "'q' is given twice"),
        (["drill", "answer", "tf4b4023d", "XX"], "unknown card 'XX'"),
        (["drill", "answer", "tf4b4023d"], "an empty answer"),
    ])
    func badInput(arguments: [String], words: String) throws {
        let folder = try GameFolder()
        _ = runInProcess(["drill", "--count", "2"], environment: folder.environment)
        let before = try? Data(contentsOf: URL(fileURLWithPath: folder.file("drill-schedule.json")))
        let result = runInProcess(arguments, environment: folder.environment)
        #expect(result.status == 2 && result.stdout == "")
        #expect(result.stderr.hasPrefix("twentynine: ") && result.stderr.contains(words) && result.stderr.filter { $0 == "\n" }.count == 1,
                "\(result.stderr)")
        #expect((try? Data(contentsOf: URL(fileURLWithPath: folder.file("drill-schedule.json")))) == before)
    }

    @Test("a corrupt drills.json is named on standard error by the import and kept; the drills go on in the database")
    func corrupt() throws {
        let folder = try GameFolder()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: folder.file("drills.json")))
        let result = runInProcess(["drill", "--count", "1"], environment: folder.environment)
        #expect(result.status == 0)
        #expect(result.stderr == "twentynine: \(folder.file("drills.json")) is corrupt (not JSON with a version number); it is kept as it is; not imported\n"
                + "twentynine: the files of \(folder.path) are imported into twentynine.sqlite: nothing could be read; every file is kept as it was\n")
        #expect(try String(contentsOfFile: folder.file("drills.json"), encoding: .utf8) == "not json")
        #expect(runInProcess(["drill", "--count", "1"], environment: folder.environment).stderr == "")
    }
}
