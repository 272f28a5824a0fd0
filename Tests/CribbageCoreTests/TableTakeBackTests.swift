import Foundation
import Testing
@testable import CribbageCore

/// Take-back at the table: the player's last throw or card of the deal and the computer's answer
/// undone, as if never made; counted in the game's record; off when the match says so. The deal's
/// events are kept whole and made again by a replay.
@Suite("The table: take-back and the deal's events")
struct TableTakeBackTests {
    static let limit = TableGameTests.limit

    /// The table after `count` of the player's moves played by a beginner, from seed `seed`.
    static func played(seed: UInt64 = 29, setup: TableGame.Setup? = nil, until stop: (TableGame) -> Bool) throws -> TableGame {
        var table = TableGame(setup: setup ?? .init(seed: seed, level: .beginner))
        let player = ComputerPlayer(level: .beginner, limit: limit)
        for _ in 0..<400 where !stop(table) {
            try table.apply(TableGameTests.move(for: table, as: player))
        }
        return table
    }

    @Test("a card taken back leaves the table as it was before it, one take-back counted; the same card again makes the same game")
    func aCardTakenBack() throws {
        var table = try Self.played { $0.stage == .play && ($0.deal?.laid(by: 0).count ?? 0) >= 2 }
        #expect(table.canTakeBack)
        // The table just before the player's last card, made by replaying the moves before it.
        let index = try #require(table.moves.lastIndex { if case .lay(0, _) = $0 { true } else { false } })
        guard case .lay(_, let card) = table.moves[index] else { Issue.record("a lay"); return }
        var before = try Self.played { $0.moves.count >= index }
        #expect(before.moves == Array(table.moves[..<index]))
        let after = table
        let tookBack = table.takeBack()
        #expect(tookBack)
        #expect(table.moves == before.moves && table.game == before.game && table.deal == before.deal)
        #expect(table.dealEvents == before.dealEvents)
        #expect(table.takeBacks == 1 && table.record.takeBacks == 1 && before.record.takeBacks == nil)
        // The same card again: the computer answers as before.
        try table.apply(.lay(seat: 0, card))
        #expect(table.moves == after.moves && table.game == after.game)
        try before.apply(.lay(seat: 0, card))
        #expect(table.dealEvents == before.dealEvents)
    }

    @Test("take-backs go back through the deal to the throw, never into the deal before; none once the show has begun")
    func withinTheDeal() throws {
        var table = try Self.played { $0.stage == .play && $0.deal?.number == 2 && ($0.deal?.laid(by: 0).count ?? 0) >= 1 }
        var undone = 0
        while table.takeBack() { undone += 1 }
        #expect(undone == (1 + 1), "a card and the throw: \(undone)")
        #expect(table.stage == .discard && table.deal?.number == 2 && table.takeBacks == 2)
        #expect(table.deal?.thrown[1].isEmpty == false, "the computer threw first, and its throw stands")
        let show = try Self.played { $0.stage == .show }
        var shown = show
        #expect(!shown.canTakeBack)
        let tookBack = shown.takeBack()
        #expect(!tookBack && shown == show)
    }

    @Test("a match without take-backs takes none back; its file says so, and a count of take-backs in it is refused")
    func takeBacksOff() throws {
        var table = try Self.played(setup: .init(seed: 29, level: .beginner, takeBacks: false)) {
            $0.stage == .play && ($0.deal?.laid(by: 0).count ?? 0) >= 1
        }
        let kept = table
        #expect(!table.canTakeBack)
        let tookBack = table.takeBack()
        #expect(!tookBack && table == kept)
        let data = try JSONEncoder().encode(table)
        let json = try #require(String(data: data, encoding: .utf8))
        #expect(json.contains("\"takeBack\":false") && !json.contains("takeBacks"))
        let read = try JSONDecoder().decode(TableGame.self, from: data)
        #expect(read.setup.takeBacks == false)
        let forged = json.replacingOccurrences(of: "\"takeBack\":false", with: "\"takeBack\":false,\"takeBacks\":2")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TableGame.self, from: Data(forged.utf8)) }
    }

    @Test("the take-back count is saved with the match and read back; a match without any writes neither key")
    func savedCount() throws {
        var table = try Self.played { $0.stage == .play && ($0.deal?.laid(by: 0).count ?? 0) >= 1 }
        let plain = try #require(String(data: try JSONEncoder().encode(table), encoding: .utf8))
        #expect(!plain.contains("takeBack"))
        let tookBack = table.takeBack()
        #expect(tookBack)
        let data = try JSONEncoder().encode(table)
        var read = try JSONDecoder().decode(TableGame.self, from: data)
        #expect(read.takeBacks == 1 && read.record.takeBacks == 1)
        read.events = table.events
        #expect(read == table)
        let negative = try #require(String(data: data, encoding: .utf8)).replacingOccurrences(of: "\"takeBacks\":1", with: "\"takeBacks\":-1")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TableGame.self, from: Data(negative.utf8)) }
    }

    @Test("the deal's events: every one since the deal, in order, the same after a save and a read")
    func dealEvents() throws {
        let first = try Self.played { $0.stage == .play && ($0.deal?.laid(by: 0).count ?? 0) >= 2 }
        guard case .cutForDeal = first.dealEvents.first else { Issue.record("the first deal keeps the cut for deal"); return }
        #expect(first.dealEvents.contains { if case .dealt = $0 { true } else { false } })
        #expect(first.dealEvents.count { if case .played(0, .card, _, _) = $0 { true } else { false } } == first.deal!.laid(by: 0).count)
        let later = try Self.played { $0.deal?.number == 3 && $0.stage == .show }
        guard case .dealt = later.dealEvents.first else { Issue.record("a deal begins its events"); return }
        let laid = later.dealEvents.count { if case .played(_, .card, _, _) = $0 { true } else { false } }
        #expect(laid == 8)
        let read = try JSONDecoder().decode(TableGame.self, from: try JSONEncoder().encode(later))
        #expect(read.dealEvents == later.dealEvents && read.events.isEmpty)
    }
}

@Suite("The table: the tutor's setting and the held answer")
struct TableTutorSettingTests {
    @Test("the tutor is saved with the match only when on; a move applied without its answer is answered by answer(), as apply would")
    func savedAndAnswered() throws {
        var table = TableGame(setup: .init(seed: 29, level: .beginner))
        #expect(!String(decoding: try JSONEncoder().encode(table), as: UTF8.self).contains("tutor"))
        table.tutor = true
        let data = try JSONEncoder().encode(table)
        #expect(String(decoding: data, as: UTF8.self).contains("\"tutor\":true"))
        #expect(try JSONDecoder().decode(TableGame.self, from: data).tutor)
        try table.apply(.next)
        let thrown = Array(table.deal!.sixes[0].prefix(2))
        var straight = table
        try straight.apply(.discard(seat: 0, thrown))
        let point = try #require(table.decisionPoint(for: .discard(seat: 0, thrown)))
        #expect(point.seat == 0 && point.index == table.moves.count)
        try table.apply(.discard(seat: 0, thrown), answering: false)
        #expect(table.moves.count == straight.moves.count || table.stage == .play)
        table.answer()
        #expect(table.moves == straight.moves && table.game == straight.game && table.events == straight.events)
    }
}
