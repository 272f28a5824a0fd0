import ArgumentParser
import CribbageCore
import GameStore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `twentynine drill`: the drills due now and new ones, `--stats` the dashboard, and
/// `drill answer ID ANSWER` grades an answer, schedules the drill again and rates it.
struct DrillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drill",
        abstract: "Drills of the decisions you get wrong: due reviews first, then weak themes, then new.",
        discussion: """
            Example: twentynine drill --count 5
            Each drill is a position and a decision (a throw, a lead, a reply, a card to 31 or the go, \
            a peg-out, a count), graded by the review's grading: correct within 0.1 points, or 0.25 \
            points of win chance at a score. Answer one with `twentynine drill answer ID ANSWER`. \
            Themes: \(DrillTheme.allCases.map(\.rawValue).joined(separator: ", ")). See Docs/Rules.md, "Drills".
            """,
        subcommands: [DrillAnswerCommand.self]
    )

    @Option(help: ArgumentHelp("Only drills of this theme.", valueName: "theme"))
    var theme: String?

    @Option(help: ArgumentHelp("How many drills, 1 to 50 (10 unless said).", valueName: "n"))
    var count: String?

    @Option(help: ArgumentHelp("easier, normal or harder: new drills 300 below, at or above your rating.", valueName: "level"))
    var difficulty: String?

    @Flag(help: "The dashboard: your rating (provisional until settled) and its trend, and each theme's first-try rate, points lost and failures.")
    var stats = false

    @OptionGroup var output: JSONOption

    func run() throws {
        let theme = try readTheme()
        let count = try readCount()
        let difficulty = try readDifficulty()
        if stats {
            guard self.theme == nil, self.count == nil, self.difficulty == nil else {
                throw BadInput(message: "--stats takes no --theme, --count or --difficulty")
            }
        }
        let now = Int(Date().timeIntervalSince1970)
        try DrillFiles.run { session in
            if stats {
                let dashboard = DrillDashboard(bank: session.bank, schedule: session.schedule, ratings: session.ratings, at: now)
                if output.json { Console.print(DrillReport.json(dashboard).text) } else { StandardOutput.printText(DrillReport.text(dashboard)) }
                return
            }
            let plan = try DrillFiles.session(&session, count: count, theme: theme, difficulty: difficulty, at: now)
            if output.json {
                Console.print(OrderedJSON.object([("drills", .array(plan.map { DrillReport.json($0, session: session, now: now) }))]).text)
            } else {
                StandardOutput.printText(DrillReport.text(plan, session: session, now: now))
            }
        }
    }

    private func readTheme() throws(BadInput) -> DrillTheme? {
        guard let theme else { return nil }
        guard let known = DrillTheme(name: theme) else {
            throw BadInput(message: "unknown theme \(theme.quotedToken): one of \(DrillTheme.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return known
    }

    private func readCount() throws(BadInput) -> Int {
        guard let count else { return DrillSetup.standard.count }
        guard let number = Int(count), (1...50).contains(number) else {
            throw BadInput(message: "--count \(count.quotedToken): a number of drills from 1 to 50")
        }
        return number
    }

    private func readDifficulty() throws(BadInput) -> DrillDifficulty {
        guard let difficulty else { return DrillSetup.standard.difficulty }
        guard let level = DrillDifficulty(rawValue: difficulty.lowercased()) else {
            throw BadInput(message: "--difficulty \(difficulty.quotedToken): easier, normal or harder")
        }
        return level
    }
}

/// `twentynine drill answer ID ANSWER…`: the answer graded, with the whole options table, the loss
/// in points and in win chance, and why; the drill scheduled again and both ratings updated.
struct DrillAnswerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "answer",
        abstract: "Answer a drill: the four cards to keep (or the two to throw), the card to lay, or the count.",
        discussion: """
            Example: twentynine drill answer t1a2b3c4d 2S 3H 10C JS
            A rank alone names a card as the rank keys do on screen: twentynine drill answer t1a2b3c4d q a throws \
            the queen and the ace (the lowest suit first where the six holds two of a rank); 10, t or 0 is a ten.
            """
    )

    @Argument(help: ArgumentHelp("The drill's id, as `twentynine drill` lists it.", valueName: "id"))
    var id: String

    @Argument(help: ArgumentHelp("The answer: cards or ranks, a card or a rank, or a number.", valueName: "answer"))
    var answer: [String] = []

    @OptionGroup var output: JSONOption

    func run() throws {
        let text = answer.joined(separator: " ")
        let now = Int(Date().timeIntervalSince1970)
        try DrillFiles.run { session in
            guard let drill = session.drill(id) else {
                throw BadInput(message: "no drill \(id.quotedToken): `twentynine drill` lists the drills and their ids")
            }
            let move: Match.Move
            do { move = try drill.move(parsing: text) } catch let error as DrillError { throw BadInput(message: "drill \(drill.id): \(error.description)") }
            let analysis = drill.analysis()
            let result = drill.grade(move, analysis: analysis)
            let seed = session.ratings.drills[drill.id]?.rating ?? drill.seedRating(analysis: analysis)
            let review: DrillReview
            do { review = try session.record(drill, result, answer: text, at: now, seed: seed) } catch {
                throw CommandFailure.problem("the answer was not saved: \(error); nothing was changed")
            }
            if output.json {
                Console.print(DrillReport.json(result, drill: drill, review: review, session: session).text)
            } else {
                StandardOutput.printText(DrillReport.text(result, drill: drill, review: review, session: session))
            }
        }
    }
}

/// The drills' files for a command: opened under the lock, each file passed over said on
/// standard error.
enum DrillFiles {
    static func run(_ body: (inout DrillSession) throws -> Void) throws {
        let store: GameStore
        do { store = try GameFiles.store() } catch { throw CommandFailure.problem("\(error)") }
        do {
            try store.withDrills { session in
                defer {
                    for problem in session.problems { CommandFailure.warn(problem) }
                    for notice in session.notices { CommandFailure.warn(notice.description) }
                }
                try body(&session)
            }
        } catch let error as StoreError {
            throw CommandFailure.problem("\(error); nothing was changed")
        }
    }

    /// A session of `count`, the bank topped up first: the classics once, then generated drills
    /// (clear, every fourth of the harder tier, every seventh at a score) until it holds enough
    /// new drills of the theme asked for.
    static func session(_ session: inout DrillSession, count: Int, theme: DrillTheme?, difficulty: DrillDifficulty,
                        at time: Int) throws -> [Drill] {
        if session.bank.isEmpty { try session.enrol(Drill.classics) }
        var plan = planSession(bank: session.bank, schedule: session.schedule, ratings: session.ratings, count: count, at: time,
                               theme: theme, difficulty: difficulty)
        guard plan.count < count else { return plan }
        var generator = DrillGenerator(seed: UInt64(session.bank.count) &* 0x9E37_79B9 &+ UInt64(session.schedule.log.count))
        let kinds: [Drill.Kind] = switch theme {
        case .lead?: [.lead]
        case .pegOut?: [.pegOut]
        case .counting?: [.count]
        case .thirtyOneAndGo?, .pairing?: [.goOr31, .reply]
        case .ownCrib?: [.throwDealer]
        case .balkCrib?: [.throwPone]
        case .defence?, .offence?: [.throwDealer, .throwPone]
        default: Drill.Kind.allCases
        }
        var fresh: [Drill] = []
        var attempt = 0
        while plan.count + fresh.count < count && attempt < 3 * count {
            let kind = kinds[attempt % kinds.count]
            let tier: DrillGenerator.Tier = theme == .defence || theme == .offence || attempt % 7 == 6 ? .atScore
                : attempt % 4 == 3 ? .harder : .clear
            attempt += 1
            let atScore = tier == .atScore && (kind == .throwDealer || kind == .throwPone)
            guard let drill = generator.drill(kind, tier: atScore ? .atScore : tier == .atScore ? .clear : tier, attempts: atScore ? 100 : 60),
                  theme.map(drill.themes.contains) ?? true else { continue }
            fresh.append(drill)
        }
        try session.enrol(fresh)
        plan = planSession(bank: session.bank, schedule: session.schedule, ratings: session.ratings, count: count, at: time,
                           theme: theme, difficulty: difficulty)
        return plan
    }
}
