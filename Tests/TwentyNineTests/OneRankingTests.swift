@testable import CribbageCore
import Foundation
import SelfPlayKit
import TestSupport
import Testing

/// One advice policy, one ranking: over seeded decisions (keeps and lays, far from the end and
/// within 30 of it, dealer and pone, 121 and 61), the hint, the computer at the expert level, the
/// review's and the tutor's best, `discard --score`'s and `play --advise`'s first, and a drill's
/// answer name the same option. `make selfplay-agreement` runs the core's voices over 2,000.
@Suite("One ranking: every voice names the same first option")
struct OneRankingTests {
    static let decisions = (0..<seededRuns(full: 48, fast: 16)).map { SeededDecision($0, seed: 29) }

    @Test("the hint, the computer, the review, the commands and the drill agree", arguments: decisions)
    func everyVoiceAgrees(_ seeded: SeededDecision) throws {
        let voices = seeded.voices()
        let hint = voices[0].choice
        for voice in voices.dropFirst() { #expect(voice.choice == hint, "\(voice.name) against the hint") }
        #expect(try command(seeded) == hint, "the command's first option")
        let drill = Drill(kind: .lead, decision: seeded.decision, themes: [], origin: .clear, source: nil, gap: 0)
        let analysis = drill.analysis()
        let result = drill.grade(analysis.best.move(seat: seeded.view?.seat ?? 0), analysis: analysis)
        #expect(result.isCorrect && result.graded.best.choice == hint, "the drill's answer")
    }

    /// The first option of `discard --score` or `play --advise --score`, in process, as JSON.
    func command(_ seeded: SeededDecision) throws -> Analysis.Choice? {
        let score = ["--score", "\(seeded.score.mine),\(seeded.score.theirs)", "--to", "\(seeded.score.target)"]
        if let six = seeded.six {
            let role = seeded.decision.role == .dealer ? "--dealer" : "--pone"
            let (_, object) = try runJSON(["discard"] + six.map(\.description) + [role, "--json"] + score)
            let keeps = try #require(object["keeps"] as? [[String: Any]])
            let first = try #require(keeps.first?["keep"] as? [String])
            let cards = try first.map { try Card(parsing: $0) }
            return analyse(seeded.decision).options.first { Set($0.keep!.cards) == Set(cards) }?.choice
        }
        let view = try #require(seeded.view)
        let laid = view.play.steps.map { step in
            switch step.token {
            case .card(let card): card.description
            case .go: "go"
            }
        }
        let role = view.isDealer ? "--dealer" : "--pone"
        let (_, object) = try runJSON(["play"] + laid + ["--hand"] + view.hand.map(\.description)
                                      + ["--discards"] + view.discards.map(\.description)
                                      + ["--cut", view.cut.description, role, "--advise", "--json"] + score)
        let options = try #require((object["advice"] as? [String: Any])?["options"] as? [[String: Any]])
        let first = try #require(options.first)
        if let card = first["card"] as? String { return .lay(.card(try Card(parsing: card))) }
        return .lay(.go)
    }

    @Test("the sample covers keeps and lays, dealer and pone, far and near, both targets")
    func theSampleCoversEveryKind() {
        let kinds = Set(Self.decisions.map { seeded in
            "\(seeded.six == nil) \(seeded.decision.role) \(seeded.score.isNear(within: 30)) \(seeded.score.target)"
        })
        #expect(kinds.count == 16)
    }
}
