import CribbageCore
import Foundation
import SelfPlayKit
import TestSupport
import Testing

/// The `selfplay` tool (SelfPlayKit, its commands run in process): seeded, the same figures
/// whichever worker plays a deal, and one line for a bad argument.
@Suite("selfplay", .tags(.solver), .slow)
struct SelfPlayTests {
    static func run(_ arguments: [String]) async throws -> RunResult {
        let run = await SelfPlay.runInProcess(arguments)
        return RunResult(status: run.status, stdout: run.output, stderr: run.errors)
    }

    /// The figure after `label`: its mean.
    static func mean(_ output: String, _ label: String) throws -> Double {
        let line = try #require(output.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label) })
        let figure = try #require(line.dropFirst(line.range(of: label)!.upperBound.utf16Offset(in: line)).split(separator: " ").first)
        return try #require(Double(figure))
    }

    @Test("pegging: the command line first, every figure, and the same figures on one worker or two")
    func pegging() async throws {
        let one = try await Self.run(["pegging", "--deals", "24", "--workers", "1"])
        let two = try await Self.run(["pegging", "--deals", "24", "--workers", "2"])
        #expect(one.status == 0 && two.status == 0 && one.stderr == "")
        #expect(one.stdout.hasPrefix("$ selfplay pegging --deals 24 --seed 29 --hands 48 --workers 1\n"))
        func figures(_ text: String) -> [Substring] { text.split(separator: "\n").filter { $0.contains("95% CI") } }
        #expect(figures(one.stdout).count == 11)
        #expect(figures(one.stdout) == figures(two.stdout), "a deal's cards depend on its number, not its worker")
        let dealer = try Self.mean(one.stdout, "dealer"), pone = try Self.mean(one.stdout, "pone")
        #expect((0...31).contains(dealer) && (0...31).contains(pone))
        let perDeal = try Self.mean(one.stdout, "net per deal, both roles")
        let (asDealer, asPone) = (try Self.mean(one.stdout, "net per deal, as dealer"), try Self.mean(one.stdout, "net per deal, as pone"))
        #expect(abs(perDeal - (asDealer + asPone) / 2) < 0.002)
        for role in ["dealer", "pone"] {
            let behind = try Self.mean(one.stdout, "deals, as \(role)"), lost = try Self.mean(one.stdout, "lost a deal, as \(role)")
            #expect((0...1).contains(behind) && lost <= 0 && (behind == 0) == (lost == 0), "\(role): \(behind) \(lost)")
            let gain = try Self.mean(one.stdout, "gain as \(role)")
            #expect(lost <= gain + 0.001)
        }
    }

    @Test("games: whole games in twins, game points per game between -3 and 3")
    func games() async throws {
        let result = try await Self.run(["games", "--games", "4", "--seed", "7"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("4 games to 121 in 2 twin pairs (n counts the pairs), seed 7"))
        let points = try Self.mean(result.stdout, "game points per game")
        #expect((-3...3).contains(points))
        let wins = try Self.mean(result.stdout, "wins per game")
        #expect([0, 0.25, 0.5, 0.75, 1].contains(wins))
    }

    @Test("review: a player against itself plays each game its own deal; the residual, its parts and the luck by role reported")
    func review() async throws {
        let result = try await Self.run(["review", "--first", "expert@16", "--second", "expert@16", "--games", "3", "--played", "16", "--seed", "5"])
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        #expect(result.stdout.contains("3 games of expert@16 against expert@16, each its own deal, each reviewed"))
        for label in ["residual a game", "residual a deal, not the last", "residual of the game's last deal", "luck of a six, dealer",
                      "luck of a cut, pone", "seconds a review"] {
            _ = try Self.mean(result.stdout, label)
        }
        // The cut's luck is shared, half to each side: the dealer's and the pone's are opposite.
        #expect(abs(try Self.mean(result.stdout, "luck of a cut, dealer") + (try Self.mean(result.stdout, "luck of a cut, pone"))) < 0.002)
        let twins = try await Self.run(["review", "--first", "expert@16", "--second", "beginner", "--games", "3", "--played", "16"])
        #expect(twins.stdout.contains("4 games of expert@16 against beginner in twin pairs"))
    }

    @Test("discards: a deal whose keeps agree counts 0 unplayed, exactly as if played; the figures and the shares")
    func discards() async throws {
        let quick = try await Self.run(["discards", "--deals", "40", "--seed", "3"])
        let full = try await Self.run(["discards", "--deals", "40", "--seed", "3", "--play-all"])
        #expect(quick.status == 0 && full.status == 0 && quick.stderr == "")
        func figures(_ text: String) -> [Substring] { text.split(separator: "\n").filter { $0.contains("95% CI") || $0.contains("keep changed") } }
        #expect(figures(quick.stdout).count == 4 && quick.stdout.contains("keep changed: as dealer"))
        #expect(figures(quick.stdout) == figures(full.stdout))
        let perDeal = try Self.mean(quick.stdout, "points per deal")
        let (dealer, pone) = (try Self.mean(quick.stdout, "gain as dealer"), try Self.mean(quick.stdout, "gain as pone"))
        #expect(abs(perDeal - (dealer + pone) / 2) < 0.002)
    }

    @Test("levels: the table's expert against its beginner, the same games on one worker or two")
    func levels() async throws {
        let one = try await Self.run(["levels", "--games", "4", "--seed", "7", "--workers", "1"])
        let two = try await Self.run(["levels", "--games", "4", "--seed", "7", "--workers", "2"])
        #expect(one.status == 0 && two.status == 0)
        #expect(one.stdout.contains("4 games to 121 in 2 twin pairs"))
        func figures(_ text: String) -> [Substring] { text.split(separator: "\n").filter { $0.contains("95% CI") } }
        #expect(figures(one.stdout).count == 2 && figures(one.stdout) == figures(two.stdout))
        #expect([0, 0.25, 0.5, 0.75, 1].contains(try Self.mean(one.stdout, "wins per game")))
    }

    @Test("levels --first --second: any two levels or baselines; a name that is neither, one line")
    func levelsNamed() async throws {
        let result = try await Self.run(["levels", "--games", "2", "--seed", "7", "--first", "novice", "--second", "club"])
        #expect(result.status == 0 && result.stdout.hasPrefix("$ selfplay levels --games 2 --seed 7 --first novice --second club"))
        #expect(result.stdout.contains("The table's novice against club, 2 games to 121 in 1 twin pairs"))
        let bad = try await Self.run(["levels", "--first", "grandmaster"])
        #expect(bad.status != 0 && bad.stderr.contains("--first 'grandmaster': a level (novice, beginner, club, expert), greedy or random"))
    }

    @Test("dealer: the first dealer's share of wins, between 0 and 1")
    func dealer() async throws {
        let result = try await Self.run(["dealer", "--games", "3", "--seed", "7"])
        #expect(result.status == 0 && result.stdout.contains("3 games to 121, seed 7"))
        let share = try Self.mean(result.stdout, "first dealer's wins")
        let possible: [Double] = [0, 1.0 / 3, 2.0 / 3, 1]
        #expect(possible.contains { abs($0 - share) < 0.001 }, "3 games: \(share)")
        let three = try await Self.run(["dealer", "--games", "2", "--seed", "7", "--players", "3", "--hands", "4"])
        #expect(three.status == 0 && three.stdout.contains("three players (an equal share: 33.3%), 2 games to 121, seed 7"))
        #expect([0, 0.5, 1].contains { abs($0 - (try! Self.mean(three.stdout, "first dealer's wins"))) < 0.001 })
        let bad = try await Self.run(["dealer", "--players", "5"])
        #expect(bad.status == 2 && bad.stderr.contains("--players '5': 2, 3 or 4"))
    }

    @Test("score: the engine to the score against it for points, wins and game points a game")
    func score() async throws {
        let result = try await Self.run(["score", "--games", "4", "--seed", "7"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("4 games to 121 in 2 twin pairs (n counts the pairs), seed 7"))
        #expect([0, 0.25, 0.5, 0.75, 1].contains(try Self.mean(result.stdout, "wins per game")))
        #expect((-3...3).contains(try Self.mean(result.stdout, "game points per game")))
    }

    @Test("score --near: discards to the score near the end too, the same games on one worker or two")
    func scoreNear() async throws {
        let one = try await Self.run(["score", "--games", "2", "--seed", "3", "--near", "121", "--workers", "1"])
        let two = try await Self.run(["score", "--games", "2", "--seed", "3", "--near", "121", "--workers", "2"])
        #expect(one.status == 0 && two.status == 0)
        #expect(one.stdout.contains("its discards by the chance to win (DiscardOdds) when either side is within 121 of 121"))
        func figures(_ text: String) -> [Substring] { text.split(separator: "\n").filter { $0.contains("95% CI") } }
        #expect(figures(one.stdout) == figures(two.stdout) && figures(one.stdout).count == 2)
    }

    @Test("games --goal game-points: the whole player to the score for the game points; a later --near 0 plays for points")
    func gamesGoal() async throws {
        let scored = try await Self.run(["games", "--games", "2", "--seed", "3", "--near", "30", "--goal", "game-points"])
        #expect(scored.status == 0)
        #expect(scored.stdout.contains("playing to the score for the game points (discards within 30 of 121, pegging within 30)"))
        #expect((-3...3).contains(try Self.mean(scored.stdout, "game points per game")))
        let points = try await Self.run(["games", "--games", "2", "--seed", "3", "--near", "30", "--goal", "game-points", "--near", "0"])
        #expect(points.status == 0 && points.stdout.contains("(solved-table discards counting the play, engine pegging) against greedy"))
    }

    @Test("keepcheck: a keep in self-play beside its open-handed value, each figure in reach of a play's points, the same on one worker or two")
    func keepcheck() async throws {
        let one = try await Self.run(["keepcheck", "--deals", "4", "--plays", "40", "--seed", "4", "--hands", "4", "--workers", "1"])
        let two = try await Self.run(["keepcheck", "--deals", "4", "--plays", "40", "--seed", "4", "--hands", "4", "--workers", "2"])
        #expect(one.status == 0 && two.status == 0)
        #expect(one.stdout.contains("40 plays each"))
        func rows(_ text: String) -> [[Substring]] {
            text.split(separator: "\n").filter { $0.contains("self-play ") && $0.contains(" open ") && !$0.contains("nets as") }
                .map { $0.split(separator: " ").dropFirst().dropLast(2).map { $0 } }
        }
        #expect(rows(one.stdout).count == 4 && rows(one.stdout) == rows(two.stdout))
        for row in rows(one.stdout) {
            let numbers = row.compactMap { Double($0) }
            // (after the keep's ranks) open-handed mine, theirs, net; self-play mine, theirs, net, the interval's half.
            #expect(numbers.count == 7, "\(row)")
            #expect(numbers.allSatisfy { abs($0) < 12 })
            #expect(abs(numbers[0] - numbers[1] - numbers[2]) < 0.002 && abs(numbers[3] - numbers[4] - numbers[5]) < 0.002)
            #expect(numbers[6] > 0)
        }
        #expect(one.stdout.contains("nets as dealer (2 keeps)") && one.stdout.contains("nets as pone (2 keeps)"))
        #expect(one.stdout.split(separator: "\n").filter { $0.contains("correlation") }.count == 2)
    }

    @Test("keeps --range --store: a part of the table's run, listed and kept; what the store holds whole is read back, the rest played again alike")
    func keepsInParts() async throws {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("keeps-\(UInt64.random(in: 0...UInt64.max))").path
        defer { try? FileManager.default.removeItem(atPath: store) }
        let arguments = ["keeps", "--plays", "2", "--hands", "1", "--seed", "5", "--range", "100-119"]
        let first = try await Self.run(arguments + ["--store", store])
        #expect(first.status == 0)
        let lines = first.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 20 && lines[0].hasPrefix("  100 ") && lines[19].hasPrefix("  119 "))
        #expect(lines.allSatisfy { $0.contains(" dealer ") && $0.contains(" pone ") })
        let entries = try FileManager.default.contentsOfDirectory(atPath: store).sorted()
        // Each entry named by its plays, seed, engine (hands, settings, fingerprint) and keep.
        #expect(entries == (100...119).map { "2-5-1-hidden\(PeggingEngine.standardReplies)-\(Fingerprint.engine)-\($0)" }.sorted())
        // On one worker and with no store, the same figures.
        #expect(try await Self.run(arguments + ["--workers", "1"]).stdout == first.stdout)
        // One entry whole but changed (so read back, not played), one gone, one cut short, one not
        // numbers, one with a value that is not a number of points.
        try "1 2 3 4 5 6 7 8 9 10\n".write(toFile: store + "/2-5-1-hidden\(PeggingEngine.standardReplies)-\(Fingerprint.engine)-101", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: store + "/2-5-1-hidden\(PeggingEngine.standardReplies)-\(Fingerprint.engine)-102")
        try "1.5 2.5\n".write(toFile: store + "/2-5-1-hidden\(PeggingEngine.standardReplies)-\(Fingerprint.engine)-103", atomically: true, encoding: .utf8)
        try "not a number at all\n".write(toFile: store + "/2-5-1-hidden\(PeggingEngine.standardReplies)-\(Fingerprint.engine)-104", atomically: true, encoding: .utf8)
        try "1 2 3 4 5 6 7 8 9 nan\n".write(toFile: store + "/2-5-1-hidden\(PeggingEngine.standardReplies)-\(Fingerprint.engine)-105", atomically: true, encoding: .utf8)
        let again = try await Self.run(arguments + ["--store", store])
        #expect(again.status == 0)
        let relisted = again.stdout.split(separator: "\n").map(String.init)
        #expect(relisted.count == 20)
        #expect(relisted[1].hasSuffix("dealer 1.000 2.000 -1.000 ± 5.000  pone 6.000 7.000 -1.000 ± 10.000"), "\(relisted[1])")
        for index in relisted.indices where index != 1 { #expect(relisted[index] == lines[index]) }
    }

    @Test("keeps --engine with --range: another engine's figures, kept under its own name beside the engine's")
    func keepsWithAnotherEngine() async throws {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("keeps-\(UInt64.random(in: 0...UInt64.max))").path
        defer { try? FileManager.default.removeItem(atPath: store) }
        let arguments = ["keeps", "--plays", "2", "--hands", "2", "--seed", "5", "--range", "900-901", "--store", store]
        let hidden = try await Self.run(arguments + ["--engine", "hidden2+consistent"])
        let plain = try await Self.run(arguments + ["--engine", "consistent"])
        #expect(hidden.status == 0 && plain.status == 0)
        #expect(hidden.stdout.split(separator: "\n").count == 2 && plain.stdout.split(separator: "\n").count == 2)
        let entries = try FileManager.default.contentsOfDirectory(atPath: store).sorted()
        #expect(entries == ["2-5-2-\(Fingerprint.engine)-900", "2-5-2-\(Fingerprint.engine)-901",
                            "2-5-2-hidden2-\(Fingerprint.engine)-900", "2-5-2-hidden2-\(Fingerprint.engine)-901"])
    }

    @Test("keepknown: how much knowing its own discards changes a keep's pegging value, and the keep thrown for")
    func keepKnown() async throws {
        let result = try await Self.run(["keepknown", "--deals", "2", "--workers", "1"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "$ selfplay keepknown --deals 2 --seed 29")
        #expect(lines.contains { $0.hasPrefix("  mean change of a keep's net  ") && $0.contains("95% CI") })
        #expect(lines.contains { $0.hasPrefix("  the keep thrown for changes  ") && $0.contains("95% CI") })
        #expect(lines.contains { $0.hasPrefix("  gaining, with the discards known  ") && $0.contains("95% CI") })
        #expect(try await Self.run(["keepknown", "--deals", "0"]).status == 2)
    }

    @Test("pegging --engine: the named engine against greedy on the same cards, the command said")
    func peggingWithAnotherEngine() async throws {
        let result = try await Self.run(["pegging", "--deals", "4", "--hands", "2", "--engine", "hidden2+consistent"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--engine hidden2+consistent"))
        #expect(result.stdout.contains("Where greedy in the engine's seat netted more"))
    }

    @Test("bench: the engine's fingerprint, every level's, and each table's provenance against it")
    func bench() async throws {
        let result = try await Self.run(["bench"])
        #expect(result.status == 0 && result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0] == "engine   \(Fingerprint.engine)")
        #expect(lines[1] == "players  \(Fingerprint.players)")
        #expect(lines[2] == "groups   \(Fingerprint.groups)")
        for (name, digest, provenance) in [("keep-pegging", KeepPegging.digest, KeepPegging.provenance),
                                           ("win", WinTable.digest, WinTable.provenance),
                                           ("show", ShowCounts.shipped.digest, ShowCounts.provenance),
                                           ("group-crib", GroupCrib.digest, GroupCrib.provenance)] {
            let line = try #require(lines.first { $0.hasPrefix("table \(name) ") })
            #expect(line.contains(digest) && line.contains("made by \(provenance.engine)"))
            #expect(line.hasSuffix("current") == (provenance.engine == Fingerprint.engine), "\(line)")
        }
    }

    @Test("group-throws: duplicate deals of three until the test decides or the deals run out; group-cribs writes the tables' source")
    func groupThrows() async throws {
        let result = try await Self.run(["group-throws", "--players", "3", "--deals", "4", "--batch", "2", "--hands", "4"])
        #expect(result.status == 0 && result.stderr == "")
        #expect(result.stdout.contains("The throw by hand and crib against the hand alone, three players, every seat pegging as the expert, 4 duplicate deals, seed 29:"))
        #expect(result.stdout.contains("No decision within 4 deals.") || result.stdout.contains("accepted"))
        let teams = try await Self.run(["group-throws", "--players", "4", "--deals", "2", "--batch", "2", "--hands", "4"])
        #expect(teams.status == 0 && teams.stdout.contains("two teams"))
        let bad = try await Self.run(["group-throws", "--players", "5"])
        #expect(bad.status == 2 && bad.stderr.contains("--players '5': 3 or 4"))
        let tables = try await Self.run(["group-cribs", "--deals", "300", "--rounds", "2", "--check", "5"])
        #expect(tables.status == 0)
        #expect(tables.stdout.contains("static let three = GroupCrib(players: 3, means: ["))
        #expect(tables.stdout.contains("static let teams = GroupCrib(players: 4, means: ["))
        #expect(tables.stdout.contains("engine: \"\(Fingerprint.engine)\""))
    }

    @Test("sprt: twin pairs until the test decides or the games run out, the bounds and the verdict said")
    func sprt() async throws {
        let result = try await Self.run(["sprt", "--candidate", "expert@4+hidden2+consistent", "--baseline", "greedy@4", "--games", "4", "--batch", "1"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("H0: expert@4+hidden2+consistent wins 50% of games against greedy@4; H1: 51.0%. Bounds -2.944 and 2.944 (α 0.05, β 0.05)"))
        #expect(result.stdout.split(separator: "\n").filter { $0.contains(" games: wins ") }.count == 2)
        #expect(result.stdout.contains("No decision within 4 games") || result.stdout.contains("accepted"))
        // The play near the end alone: cards by the chance to win against the same throws for points.
        let cards = try await Self.run(["sprt", "--candidate", "cards-to-score@2", "--baseline", "with-pegging@2", "--games", "2", "--batch", "2"])
        #expect(cards.status == 0 && cards.stdout.contains("H0: cards-to-score@2 wins 50% of games against with-pegging@2"))
    }

    @Test("engines: one pegging engine against another on the same cards, the sequential test on the net a deal, by role and over the baseline's seat")
    func engines() async throws {
        let result = try await Self.run(["engines", "--candidate", "hidden+search:1@4", "--baseline", "consistent@4", "--deals", "6", "--batch", "3"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("H0: hidden+search:1@4 nets 0 points a deal against consistent@4 on the same cards; H1: +0.05. Bounds -2.944 and 2.944"))
        #expect(result.stdout.split(separator: "\n").filter { $0.contains(" deals: net ") }.count == 2)
        for line in ["net per deal, as dealer", "net per deal, as pone", "net per deal, both roles", "gain as dealer", "gain as pone"] {
            #expect(result.stdout.contains(line), "\(line)")
        }
        // The same candidate as the baseline nets exactly 0 on every deal.
        let same = try await Self.run(["engines", "--candidate", "consistent@4", "--baseline", "consistent@4", "--deals", "4", "--batch", "4"])
        #expect(same.stdout.contains("net per deal, both roles  +0.000 ± 0.000"), "\(same.stdout)")
    }

    @Test("labels: seeded neutral sixes graded for each player; the strongest's own throws never marked, the random baseline's mostly mistakes or worse")
    func labels() async throws {
        let result = try await Self.run(["labels", "--deals", "60", "--players", "expert", "random"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let expert = try #require(lines.first { $0.hasPrefix("  expert ") })
        let random = try #require(lines.first { $0.hasPrefix("  random ") })
        #expect(expert.contains("60 graded: inaccuracy 0, mistake 0, blunder 0; mistake or worse 0.0%"), "\(expert)")
        let share = try #require(Double(random.split(separator: "mistake or worse ")[1].split(separator: "%")[0]))
        #expect(share > 50, "\(random)")
    }

    @Test("crib --shipped prints the shipped solved tables as the Swift source they are shipped in (make crib-tables)")
    func cribSource() async throws {
        let result = try await Self.run(["crib", "--shipped"])
        #expect(result.status == 0)
        #expect(result.stdout == (try Repository.text("Sources/CribbageCore/Discard/SolvedCribTables.swift")))
    }

    @Test("a bad argument is one line naming it, exit 2", arguments: [
        (["games", "--goal", "skunk"], "--goal 'skunk': win or game-points is needed"),
        (["score", "--near", "-3"], "--near"),
        (["bogus"], "'bogus'"),
        (["pegging", "--deals", "x"], "'x'"),
        (["pegging", "--deals", "0"], "--deals '0': a whole number from 1 to 2^40 is needed"),
        (["games", "--fast"], "'--fast'"),
        (["games", "--seed"], "--seed"),
        (["keeps", "--plays", "3"], "--plays '3': an even number, 2 or more"),
        (["keepcheck", "--plays", "1"], "--plays '1': an even number, 2 or more"),
        (["keeps", "--store", ""], "--store: a folder is needed"),
        (["keeps", "--range", "5-2"], "--range '5-2': keeps A-B, from 0 to 1819"),
        (["keeps", "--range", "0-1820"], "--range '0-1820': keeps A-B, from 0 to 1819"),
        (["keeps", "--range", "1\u{1B}[2J\n2"], "--range '1\\u{1B}[2J\\u{A}2': keeps A-B"),
        (["sprt", "--candidate", "grandmaster"], "--candidate 'grandmaster'"),
        (["sprt", "--candidate", "expert+sideways"], "--candidate 'expert+sideways'"),
        (["keeps", "--engine", "hidden+consistent"], "--engine: only with --range"),
        (["keeps", "--range", "1-2", "--engine", "psychic"], "--engine 'psychic': consistent, policy:S"),
        (["sprt", "--alpha", "0.7"], "--alpha '0.7': an error rate between 0 and 0.5 is needed"),
        (["engines", "--candidate", "policy:x"], "--candidate 'policy:x': consistent, policy:S, now:S or search:S"),
        (["engines", "--baseline", "hidden0+consistent"], "--baseline 'hidden0+consistent'"),
        (["engines", "--beta", "0.5"], "--beta '0.5': an error rate between 0 and 0.5 is needed"),
        (["engines", "--delta", "0"], "--delta '0.0': a gain between 0 and 10 points is needed"),
        (["labels", "--players", "grandmaster"], "'grandmaster': a level (novice, beginner, club, expert)"),
        (["pegging", "--deals", String(repeating: "9", count: 400)], "characters)"),
    ])
    func badArgument(arguments: [String], message: String) async throws {
        let result = try await Self.run(arguments)
        #expect(result.status == 2 && result.stdout == "")
        #expect(result.stderr.hasPrefix("selfplay: ") && result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }
}
