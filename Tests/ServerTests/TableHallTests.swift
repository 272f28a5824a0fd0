@testable import ClubServer
import CribbageCore
import CribbageUI
import Foundation
import TestSupport
import Testing

/// The hall of tables between people, without the network: who a change wakes, the show seen
/// by both before the next deal, and a game rated once whatever is killed when, with the
/// ratings' file kept small.
@Suite struct TableHallTests {
    /// A kill simulated at one of the hall's points (`TableHall.fault`).
    struct Killed: Error {}

    static func hall(_ folder: TemporaryFolder, adjournAfter: Duration = .seconds(120), sayEvery: Duration = .zero,
                     fault: @escaping @Sendable (String) throws -> Void = { _ in }) throws -> TableHall {
        try TableHall(folder: folder.file("tables"), playersFolder: folder.file("players"), ratingsFile: folder.file("ratings.json"),
                      seeds: { 29 }, history: { _, _, _, _, _ in }, log: { _ in }, adjournAfter: adjournAfter, sayEvery: sayEvery,
                      fault: fault)
    }

    /// Ann and bob here (and whoever else), ann invites bob to 61, bob accepts: the table's id.
    static func seat(_ hall: TableHall, others: [String] = [], rated: Bool = true) throws -> String {
        for name in ["ann", "bob"] + others { hall.arrive(name) }
        #expect(hall.invite("bob", from: "ann", ClubInvitation.Settings(target: .short, muggins: false, rated: rated)) == nil)
        return try #require(try hall.answer(invitationFrom: "ann", to: "bob", accept: true).get()).id
    }

    static let names = ["ann", "bob"]

    /// The next move the game asks for, made by the player it waits on (at the show and a game's
    /// end, by each who has not yet pressed); false when nothing could be made.
    @discardableResult
    static func step(_ hall: TableHall, _ id: String) -> Bool {
        guard let shared = hall.table(id, for: "ann") else { return false }
        let table = shared.table
        let moves: [(String, TableGame.Move)]
        switch table.stage {
        case .cutForDeal:
            moves = [("ann", .next)]
        case .show, .over:
            moves = names.indices.filter { !(shared.ready.indices.contains($0) && shared.ready[$0]) }.prefix(1).map { (names[$0], .next) }
        case .discard:
            let deal = table.deal!
            guard let seat = (0..<2).first(where: { deal.thrown[$0].isEmpty }) else { return false }
            moves = [(names[seat], .discard(seat: seat, Array(deal.sixes[seat].prefix(2))))]
        case .play:
            let seat = table.deal!.turn!
            guard let card = table.playable(for: seat).first else { return false }
            moves = [(names[seat], .lay(seat: seat, card))]
        case .claim(let count):
            let points = table.deal!.hand(for: count).breakdown(rules: count.rules).total
            moves = [(names[count.player], .claim(points: points))]
        }
        for (name, move) in moves {
            if case .failure = hall.move(move, at: id, by: name) { return false }
        }
        return !moves.isEmpty
    }

    /// Plays until `done`, bounded.
    static func play(_ hall: TableHall, _ id: String, until done: (TableGame) -> Bool) -> Bool {
        for _ in 0..<2_000 {
            guard let table = hall.table(id, for: "ann")?.table else { return false }
            if done(table) { return true }
            guard step(hall, id) else { return false }
        }
        return false
    }

    /// A move wakes its table and not the lobbies of those it does not concern; someone arriving
    /// wakes the lobbies and their own tables, not a table of others.
    @Test(.timeLimit(.minutes(1))) func aChangeWakesOnlyTheSessionsItConcerns() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let hall = try Self.hall(folder)
        let id = try Self.seat(hall, others: ["cid"])
        let (table, cid, ann) = (hall.version(of: .table(id)), hall.version(of: .lobby("cid")), hall.version(of: .lobby("ann")))
        // Ann deals: the table moves; nobody's lobby changes.
        #expect(Self.step(hall, id))
        #expect(hall.version(of: .table(id)) == table + 1)
        #expect(hall.version(of: .lobby("cid")) == cid && hall.version(of: .lobby("ann")) == ann)
        // Dan comes: the lobbies see him, the table of ann and bob is not woken.
        hall.arrive("dan")
        #expect(hall.version(of: .table(id)) == table + 1)
        #expect(hall.version(of: .lobby("cid")) == cid + 1)
        // Cid invites dan: their two lobbies, nobody else's.
        #expect(hall.invite("dan", from: "cid", ClubInvitation.Settings()) == nil)
        #expect(hall.version(of: .lobby("cid")) == cid + 2 && hall.version(of: .lobby("dan")) == 2)
        #expect(hall.version(of: .lobby("ann")) == ann + 1)
        // Bob goes: his table sees it (ann is told he is gone), and the lobbies.
        hall.leave("bob")
        #expect(hall.version(of: .table(id)) == table + 2)
        #expect(hall.table(id, for: "ann")?.away == [nil, 0])
        // The lobby lists the table from its index: ann's table waits, against bob, away.
        let lobby = hall.lobby(for: "ann")
        #expect(lobby.waiting.map(\.id) == [id] && lobby.waiting.first?.opponentHere == false)
        #expect(lobby.members.map(\.name) == ["cid", "dan"])
        // A wait on the table returns once bob is back (eve's coming does not count for it).
        let now = hall.version(of: .table(id))
        let waiting = Task { await hall.tableChanges(id, after: now) }
        hall.arrive("eve")
        #expect(hall.version(of: .table(id)) == now)
        hall.arrive("bob")
        await waiting.value
        #expect(hall.version(of: .table(id)) == now + 1)
    }

    /// After the show the next hand waits for both: the first to press is told the other is
    /// still looking, and the deal comes with the second press.
    @Test func theNextHandWaitsUntilBothHaveSeenTheShow() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let hall = try Self.hall(folder)
        let id = try Self.seat(hall)
        #expect(Self.play(hall, id) { $0.stage == .show })
        let deal = hall.table(id, for: "ann")?.table.deal?.number
        #expect(try hall.move(.next, at: id, by: "bob").get().table.stage == .show)
        #expect(hall.table(id, for: "ann")?.ready == [false, true])
        // Bob pressing again changes nothing; ann's press deals.
        #expect(try hall.move(.next, at: id, by: "bob").get().table.stage == .show)
        let dealt = try hall.move(.next, at: id, by: "ann").get()
        #expect(dealt.table.stage == .discard && dealt.table.deal?.number == deal.map { $0 + 1 })
        #expect(dealt.ready == [false, false])
    }

    /// A game finished and killed (simulated by a fault thrown) after the ratings were written
    /// and before the table said so, or after the table and before the ratings forgot the game:
    /// the next start rates it once, and ratings.json keeps no game's id once its table says it.
    @Test(arguments: ["rated", "recorded", "none"])
    func aGameIsRatedOnceWhateverIsKilledWhenAndTheRatingsStaySmall(_ point: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let hall = try Self.hall(folder) { if $0 == point { throw Killed() } }
        let id = try Self.seat(hall)
        #expect(Self.play(hall, id) { TableHall.isOver($0) })
        struct Kept: Decodable {
            let players: [String: Glicko2.Rating]
            let rated: Set<String>
        }
        func ratings() throws -> Kept {
            try JSONDecoder().decode(Kept.self, from: Data(contentsOf: URL(fileURLWithPath: folder.file("ratings.json"))))
        }
        func recorded() throws -> Bool {
            try String(contentsOfFile: folder.file("tables/\(id).json"), encoding: .utf8).contains("\"recorded\":1")
        }
        let written = try ratings()
        let (ann, bob) = (try #require(written.players["ann"]), try #require(written.players["bob"]))
        #expect(ann != Glicko2.Rating() && bob != Glicko2.Rating() && (ann.rating > 1500) != (bob.rating > 1500))
        // Killed after the ratings: the id noted, the table not yet; after the table: both say it.
        let isRecorded = try recorded()
        #expect(isRecorded == (point != "rated"))
        #expect(written.rated == (point == "none" ? [] : ["\(id)-1"]))
        // The restart: rated once, the table recorded, and the ratings hold no game's id.
        let again = try Self.hall(folder)
        #expect(again.rating(of: "ann") == ann && again.rating(of: "bob") == bob)
        #expect(try recorded())
        #expect(try ratings().rated.isEmpty)
        #expect(try ratings().players == written.players)
    }

    /// A take-back between people: refused in a rated game; in an unrated one asked of the other,
    /// who may say no (nothing changes) or yes (the asker's last card and all after it taken
    /// back, and kept); the game then goes into no rating.
    @Test func aTakeBackOnlyInAnUnratedGameAndWithTheOthersConsent() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let hall = try Self.hall(folder)
        let laid = { (table: TableGame) in (table.deal?.play.steps.count ?? 0) >= 2 && table.stage == .play }
        let rated = try Self.seat(hall)
        #expect(Self.play(hall, rated, until: laid))
        for name in Self.names {
            guard case .failure(let refusal) = hall.askTakeBack(at: rated, by: name) else {
                Issue.record("a take-back asked in a rated game")
                continue
            }
            #expect(refusal.words.contains("unrated"))
        }
        // An unrated table between the same two.
        #expect(hall.invite("bob", from: "ann", ClubInvitation.Settings(target: .short, muggins: false, rated: false)) == nil)
        let id = try #require(try hall.answer(invitationFrom: "ann", to: "bob", accept: true).get()).id
        #expect(Self.play(hall, id, until: laid))
        let before = try #require(hall.table(id, for: "ann")).table
        // The last to lay asks; they cannot answer themselves, and the other says no.
        let asker = Self.names[try #require(before.deal?.play.steps.last.map { _ in 1 - before.deal!.turn! })]
        let other = Self.names.first { $0 != asker }!
        #expect(try hall.askTakeBack(at: id, by: asker).get().takeBackAsked == Self.names.firstIndex(of: asker))
        #expect(hall.table(id, for: other)?.takeBackAsked == Self.names.firstIndex(of: asker))
        #expect(throws: ClubRefusal.self) { try hall.askTakeBack(at: id, by: asker).get() }
        #expect(throws: ClubRefusal.self) { try hall.answerTakeBack(at: id, by: asker, accept: true).get() }
        let no = try hall.answerTakeBack(at: id, by: other, accept: false).get()
        #expect(no.takeBackAsked == nil && no.table == before)
        // Asked again, and let: the card is back in the asker's hand, and the file keeps it.
        _ = try hall.askTakeBack(at: id, by: asker).get()
        let yes = try hall.answerTakeBack(at: id, by: other, accept: true).get()
        #expect(yes.takeBackAsked == nil && yes.table.moves.count < before.moves.count && yes.table.takeBacks == 1)
        let again = try Self.hall(folder)
        #expect(again.table(id, for: "ann")?.table.moves == yes.table.moves)
        // Played to the end, the unrated game changes no rating.
        let ratings = (hall.rating(of: "ann"), hall.rating(of: "bob"))
        #expect(Self.play(hall, id) { TableHall.isOver($0) })
        #expect(hall.rating(of: "ann") == ratings.0 && hall.rating(of: "bob") == ratings.1)
    }

    /// The other gone past the club's limit (none here: the limit is injected), the one waiting
    /// adjourns: the game is kept and listed in both lobbies, moves wait, a restart keeps it, and
    /// it resumes at the same card when both are here. Before the limit, or with both here, no.
    @Test func anAdjournedGameIsKeptForBothAndResumesWhenBothAreHere() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let patient = try Self.hall(folder)
        let waited = try Self.seat(patient)
        #expect(throws: ClubRefusal.self) { try patient.adjourn(waited, by: "ann").get() }
        patient.leave("bob")
        #expect(patient.table(waited, for: "ann")?.adjournable == false)
        #expect(throws: ClubRefusal.self) { try patient.adjourn(waited, by: "ann").get() }

        let hall = try Self.hall(folder, adjournAfter: .zero)
        let id = try Self.seat(hall)
        #expect(Self.play(hall, id) { $0.stage == .play })
        let before = try #require(hall.table(id, for: "ann")).table
        #expect(throws: ClubRefusal.self) { try hall.adjourn(id, by: "ann").get() }
        hall.leave("bob")
        #expect(hall.table(id, for: "ann")?.adjournable == true)
        let adjourned = try hall.adjourn(id, by: "ann").get()
        #expect(adjourned.adjourned && adjourned.table == before)
        #expect(hall.lobby(for: "ann").waiting.first { $0.id == id }?.adjourned == true)
        #expect(throws: ClubRefusal.self) { try hall.move(.next, at: id, by: "ann").get() }
        #expect(throws: ClubRefusal.self) { try hall.open(id, for: "ann").get() }
        // A restart: still adjourned, at the same card; bob is back, and the table resumes.
        let again = try Self.hall(folder, adjournAfter: .zero)
        again.arrive("ann")
        #expect(again.lobby(for: "ann").waiting.first { $0.id == id }?.adjourned == true)
        #expect(throws: ClubRefusal.self) { try again.open(id, for: "ann").get() }
        again.arrive("bob")
        #expect(again.lobby(for: "bob").waiting.first { $0.id == id }.map { $0.adjourned == true && $0.opponentHere } == true)
        let resumed = try again.open(id, for: "bob").get()
        #expect(!resumed.adjourned && Pair.sameCard(resumed.table, before))
        #expect(again.lobby(for: "ann").waiting.first { $0.id == id }?.adjourned == false)
        #expect(Self.step(again, id))
    }

    /// Only a free player watches, a watcher cannot move, the players see who watches, and the
    /// watcher's lobby read or leaving ends it.
    @Test func aFreePlayerWatchesAndMovesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let hall = try Self.hall(folder)
        let id = try Self.seat(hall, others: ["cid"])
        #expect(throws: ClubRefusal.self) { try hall.watch("bob", by: "ann").get() }
        #expect(throws: ClubRefusal.self) { try hall.watch("cid", by: "dan").get() }
        let watched = try hall.watch("ann", by: "cid").get()
        #expect(watched.watching && watched.id == id && watched.watchers == ["cid"])
        #expect(hall.table(id, for: "ann")?.watchers == ["cid"] && hall.table(id, for: "ann")?.watching == false)
        #expect(throws: ClubRefusal.self) { try hall.move(.next, at: id, by: "cid").get() }
        #expect(hall.table(id, for: "cid") != nil)
        // Back in the lobby: the watching ends, the table is woken, and cid reads it no more.
        let version = hall.version(of: .table(id))
        _ = hall.lobby(for: "cid")
        #expect(hall.version(of: .table(id)) == version + 1 && hall.table(id, for: "ann")?.watchers == [])
        #expect(hall.table(id, for: "cid") == nil)
        _ = try hall.watch("bob", by: "cid").get()
        hall.leave("cid")
        #expect(hall.table(id, for: "ann")?.watchers == [])
    }

    /// A line said in the lobby reaches everyone here with its control and escape characters
    /// gone; too long, or too soon after the last (the interval injected), it is refused; a
    /// player who muted the sayer does not see it; the lines kept are bounded.
    @Test func aLineSaidInTheLobbyIsCleanedBoundedAndMuted() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let hall = try Self.hall(folder)
        for name in ["ann", "bob", "cid"] { hall.arrive(name) }
        let bob = hall.version(of: .lobby("bob"))
        #expect(hall.say("  hello \u{1b}[2J\u{7}there\u{202e}  ", by: "ann") == nil)
        #expect(hall.version(of: .lobby("bob")) == bob + 1)
        #expect(hall.lobby(for: "bob").said == [ClubLobby.Said(from: "ann", text: "hello [2Jthere")])
        #expect(hall.say(String(repeating: "x", count: TableHall.sayLimit + 1), by: "ann")?.contains("At most") == true)
        #expect(hall.say("\u{1b}\u{7}", by: "ann") == "Nothing to say")
        hall.mute("ann", by: "cid")
        #expect(hall.lobby(for: "cid").said.isEmpty && hall.lobby(for: "cid").muted == ["ann"])
        hall.mute("ann", by: "cid")
        #expect(hall.lobby(for: "cid").said.count == 1)
        // Long runs of space either side are trimmed (in one pass each way) before the line's length is weighed.
        let padding = String(repeating: " ", count: 200_000)
        #expect(hall.say(padding + "hi" + padding, by: "cid") == nil)
        #expect(hall.lobby(for: "bob").said.last == ClubLobby.Said(from: "cid", text: "hi"))
        #expect(hall.say(padding + " \t ", by: "cid") == "Nothing to say")
        for index in 0..<(TableHall.saidKept + 5) { #expect(hall.say("line \(index)", by: "bob") == nil) }
        #expect(hall.lobby(for: "ann").said.count == TableHall.saidKept)
        // One line each interval: a second at once is refused.
        let slow = try Self.hall(folder, sayEvery: .seconds(3_600))
        slow.arrive("ann")
        #expect(slow.say("one", by: "ann") == nil)
        #expect(slow.say("two", by: "ann")?.contains("One line each") == true)
    }
}
