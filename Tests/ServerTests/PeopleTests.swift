@testable import ClubServer
import CribbageCore
import Foundation
import GameStore
import NIOCore
import NIOSSH
import TestSupport
import Testing
import TwentyNineCommands

/// A table between two people on the server, in process: two SwiftNIO SSH clients meet in the
/// lobby, one invites, the other accepts, and they play a seeded game held once by the server,
/// every message each receives scanned for a card that player may not see (`CardScan`, from
/// `HiddenCardTests`), worked out from the one game the server holds, seen from their seat.
@Suite(.serialized, .timeLimit(.minutes(4)))
struct PeopleTests {
    static let seed: UInt64 = 29

    /// A game to 61 with muggins (each person counts their own), played to the end; then both
    /// players' histories hold it.
    @Test func anInvitationAcceptedAndASeededGamePlayedToTheEnd() throws {
        let server = try TestServer { $0.tableSeed = Self.seed }
        defer { server.stop() }
        var two = try Pair(server: server)
        defer { two.close() }
        try two.sitDown(muggins: true)
        var steps = 0
        while steps < 600, let table = two.table, !Pair.isOver(table) {
            steps += 1
            try two.move(table)
        }
        #expect(steps < 600, "the game went nowhere: \(two.players[0].scan.text)\n\(two.players[1].scan.text)\n\(server.log.suffix(8))")
        let table = try #require(two.table)
        #expect(Pair.isOver(table))
        for player in two.players {
            #expect(player.scan.leaks.isEmpty, "\(player.name): \(player.scan.leaks.prefix(5).joined(separator: "\n")) \(server.log.suffix(6))")
            // The scan saw what the player was shown: their own cards, and the other's laid.
            #expect(player.scan.seen.count > 20, "\(player.name) saw \(player.scan.seen.count) cards")
        }
        #expect(two.players[0].client.waitForScreen(containing: "You won"), "\(two.players[0].scan.text)")
        // The finished game is in both players' histories, once, under both names.
        let id = try #require(two.tableID)
        func histories() throws {
            for name in ["ann", "bob"] {
                let history = try GameStore(folder: server.folder.file("club/players/\(name)/twentynine")).withSession { $0.history() }
                let games = history.games.filter { $0.id == "\(id)-1" }
                #expect(games.count == 1, "\(name)'s history: \(history.games.map(\.id))")
                #expect(Set(games.first?.sides ?? []) == ["ann", "bob"])
            }
        }
        try histories()
        // Rated once by Glicko-2: ann won, so she goes up and bob down, from 1500 each.
        let (ann, bob) = (server.server.hall.rating(of: "ann"), server.server.hall.rating(of: "bob"))
        #expect(ann.rating > 1500 && bob.rating < 1500 && ann.deviation < 350, "\(ann) \(bob)")
        #expect(two.players[1].client.waitForScreen(containing: "Against ann"))
        // A restart: the game is in each history once, rated once (the kills between the writes
        // are TableHallTests'), and ratings.json keeps no game's id once its table says it.
        two.close()
        server.stopKeepingFolder()
        let file = server.folder.file("club/tables/\(id).json")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"recorded\":1"))
        #expect(try !String(contentsOfFile: server.folder.file("club/ratings.json"), encoding: .utf8).contains(id))
        let again = try TestServer({ $0.tableSeed = Self.seed }, folder: server.folder)
        defer { again.stopKeepingFolder() }
        #expect(again.server.hall.rating(of: "ann") == ann && again.server.hall.rating(of: "bob") == bob)
        try histories()
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"recorded\":1"))
    }

    /// A drop mid-play leaves the seat waiting (the other sees who is gone); the same player,
    /// with the same key, comes back from the lobby to the same card.
    @Test func aDropMidPlayAndAReconnectToTheSameCard() throws {
        let server = try TestServer { $0.tableSeed = Self.seed }
        defer { server.stop() }
        var two = try Pair(server: server)
        defer { two.close() }
        try two.sitDown(muggins: false)
        // Into the play of the first deal.
        var steps = 0
        while steps < 40, let table = two.table, table.stage != .play || (table.deal?.play.steps.count ?? 0) < 2 {
            steps += 1
            try two.move(table)
        }
        let before = try #require(two.table)
        #expect(before.stage == .play)
        // Ann drops; bob is told she is gone, and the table waits.
        two.players[0].client.close()
        #expect(two.players[1].client.waitForScreen(containing: "ann is gone"), "\(two.players[1].client.screen().text)")
        #expect(two.table == before)
        // Ann comes back with her key: the lobby offers the table, and it opens where it was.
        try two.reconnect(0)
        #expect(two.players[0].client.waitForScreen(containing: "against bob"))
        two.players[0].client.send(two.players[0].session, "\r")
        #expect(two.players[0].client.waitForScreen(containing: "Against bob"))
        #expect(two.table == before)
        let shown = before.deal!.held(by: 0).map(\.symbol)
        #expect(Pair.waitFor(two.players[0].client) { text in shown.allSatisfy(text.contains) })
        #expect(Pair.waitFor(two.players[1].client) { text in !text.contains("ann is gone") })
        // Play goes on.
        try two.move(try #require(two.table))
        #expect(two.table != before)
    }

    /// A free player watches from the lobby: the players see who watches, and every message the
    /// watcher receives holds no card of a hand before it is shown, through two deals and their
    /// shows; back in the lobby, the watcher is gone from the players' screens.
    @Test func aFreePlayerWatchesAndSeesNoHandBeforeItIsShown() throws {
        let server = try TestServer { $0.tableSeed = Self.seed }
        defer { server.stop() }
        var two = try Pair(server: server)
        defer { two.close() }
        try two.sitDown(muggins: false)
        try two.watch()
        for player in two.players {
            #expect(Pair.waitFor(player.client) { $0.contains("watched by cid") }, "\(player.client.screen().text)")
        }
        var steps = 0
        while steps < 300, let table = two.table, !Pair.isOver(table), (table.deal?.number ?? 0) < 3 {
            steps += 1
            try two.move(table)
        }
        let watcher = try #require(two.watcher)
        #expect(watcher.scan.leaks.isEmpty, "\(watcher.scan.leaks.prefix(5).joined(separator: "\n"))")
        // The watcher saw the cards laid and the hands shown.
        #expect(watcher.scan.seen.count > 12, "cid saw \(watcher.scan.seen.count) cards")
        try two.press(nil, "\u{1b}")
        #expect(watcher.client.waitForScreen(containing: "The club"))
        for player in two.players {
            #expect(Pair.waitFor(player.client) { !$0.contains("watched by cid") }, "\(player.client.screen().text)")
        }
    }

    /// The server stopped mid-play and started again on the same folder: both players come back
    /// to the same card of the same game.
    @Test func aRestartMidPlayBringsBothBackToTheSameCard() throws {
        var server = try TestServer { $0.tableSeed = Self.seed }
        let folder = server.folder
        defer { folder.remove() }
        var two = try Pair(server: server)
        try two.sitDown(muggins: false)
        var steps = 0
        while steps < 40, let table = two.table, table.stage != .play || (table.deal?.play.steps.count ?? 0) < 3 {
            steps += 1
            try two.move(table)
        }
        let before = try #require(two.table)
        let id = try #require(two.tableID)
        two.close()
        server.stopKeepingFolder()
        // The table file is all the new server has of it.
        server = try TestServer({ $0.tableSeed = Self.seed }, folder: folder)
        defer { server.stopKeepingFolder() }
        #expect(server.server.hall.table(id, for: "ann").map { Pair.sameCard($0.table, before) } == true)
        two.server = server
        for index in 0..<2 {
            try two.reconnect(index)
            let player = two.players[index]
            #expect(player.client.waitForScreen(containing: "against \(index == 0 ? "bob" : "ann")"))
            player.client.send(player.session, "\r")
            #expect(player.client.waitForScreen(containing: "Against \(index == 0 ? "bob" : "ann")"))
            let held = before.deal!.held(by: index).map(\.symbol)
            #expect(Pair.waitFor(player.client) { text in held.allSatisfy(text.contains) }, "\(player.client.screen().text)")
        }
        #expect(two.table.map { Pair.sameCard($0, before) } == true)
        try two.move(before)
        #expect(two.table.map { Pair.sameCard($0, before) } == false)
        two.close()
    }
}

/// Two players at one table between people, each key checked on both screens.
struct Pair {
    struct Player {
        let name: String
        let key: NIOSSHPrivateKey
        var client: TestClient
        var session: Channel
        var scan = CardScan(ascii: false, width: 80, height: 24)
        var read = 0
    }

    var server: TestServer
    var players: [Player] = []
    /// A third player watching the table, every message they receive checked too.
    var watcher: Player?
    var tableID: String?
    /// The clients are closed (closing one twice waits for ever).
    private var closed = false

    init(server: TestServer) throws {
        self.server = server
        for name in ["ann", "bob"] {
            let key = NIOSSHPrivateKey(ed25519Key: .init())
            let (client, session) = try #require(try server.player(name, key: key))
            #expect(client.waitForScreen(containing: "The club"))
            players.append(Player(name: name, key: key, client: client, session: session))
        }
    }

    mutating func close() {
        guard !closed else { return }
        closed = true
        for player in players + [watcher].compactMap(\.self) { player.client.close() }
    }

    /// Cid connects, finds ann playing in the lobby and watches her game.
    mutating func watch() throws {
        let key = NIOSSHPrivateKey(ed25519Key: .init())
        let (client, session) = try #require(try server.player("cid", key: key))
        #expect(client.waitForScreen(containing: "ann  playing"), "\(client.screen().text)")
        var cid = Player(name: "cid", key: key, client: client, session: session)
        let output = client.state.withLockedValue { $0.output }
        cid.scan.feed(output)
        cid.read = output.count
        watcher = cid
        // The cursor is on ann, the first row.
        try press(nil, "w")
        #expect(client.waitForScreen(containing: "Watching ann and bob"), "\(client.screen().text)")
    }

    /// The cards someone watching may see now: the cut for deal, the cards laid, the starter,
    /// each hand once shown, the crib once turned.
    static func watched(_ table: TableGame) -> Set<Card> {
        var cards: Set<Card> = []
        if table.dealEvents.contains(where: { if case .cutForDeal = $0 { true } else { false } }) || table.stage == .cutForDeal {
            cards.formUnion(table.cutForDeal)
        }
        guard let deal = table.deal else { return cards }
        for seat in 0..<2 {
            cards.formUnion(deal.laid(by: seat))
            if deal.shown.contains(where: { $0.count.player == seat && $0.count.rules == .hand }) { cards.formUnion(deal.kept[seat] ?? []) }
        }
        if deal.isCut { cards.insert(deal.cut) }
        let countingCrib = if case .claim(let count) = table.stage { count.rules == .crib } else { false }
        if countingCrib || deal.shown.contains(where: { $0.count.rules == .crib }) { cards.formUnion(deal.crib) }
        return cards
    }

    /// The one game, as the server holds it.
    var table: TableGame? {
        tableID.flatMap { server.server.hall.table($0, for: "ann")?.table }
    }

    /// Waits until the client's screen passes `check`, bounded in attempts.
    static func waitFor(_ client: TestClient, _ check: (String) -> Bool) -> Bool {
        for _ in 0..<500 {
            if check(client.screen().text) { return true }
            usleep(20_000)
        }
        return false
    }

    /// The same game at the same move (what happened since a move aside, which a table read back makes afresh).
    static func sameCard(_ one: TableGame, _ other: TableGame) -> Bool {
        one.gameNumber == other.gameNumber && one.moves == other.moves && one.standing == other.standing
    }

    static func isOver(_ table: TableGame) -> Bool {
        if case .over = table.stage { return true }
        return false
    }

    /// Ann invites bob (to 61, muggins as asked) and bob accepts: both at the table.
    mutating func sitDown(muggins: Bool) throws {
        let (ann, bob) = (players[0], players[1])
        #expect(ann.client.waitForScreen(containing: "bob  free"), "\(ann.client.screen().text)")
        ann.client.send(ann.session, "g")
        if muggins { ann.client.send(ann.session, "m") }
        #expect(ann.client.waitForScreen(containing: "to 61, muggins \(muggins ? "on" : "off")"))
        ann.client.send(ann.session, "\r")
        #expect(ann.client.waitForScreen(containing: "Invited bob"))
        #expect(bob.client.waitForScreen(containing: "ann invites you"), "\(bob.client.screen().text)")
        for index in players.indices { skip(index) }
        try press(1, "\r")
        #expect(bob.client.waitForScreen(containing: "Against ann"))
        #expect(ann.client.waitForScreen(containing: "Against bob"), "\(ann.client.screen().text)")
        #expect(tableID != nil)
    }

    /// Output so far is fed to the scan unchecked (the lobby, before any card is dealt).
    mutating func skip(_ index: Int) {
        let output = players[index].client.state.withLockedValue { $0.output }
        players[index].scan.feed(Array(output[players[index].read...]))
        players[index].read = output.count
    }

    /// Connects player `index` again with their key, to the lobby.
    mutating func reconnect(_ index: Int) throws {
        let player = players[index]
        let (client, session) = try #require(try server.player(player.name, key: player.key))
        #expect(client.waitForScreen(containing: "The club"))
        players[index] = Player(name: player.name, key: player.key, client: client, session: session)
        closed = false
    }

    /// The cards the player at `seat` may see now.
    static func allowed(_ table: TableGame, seat: Int) -> Set<Card> {
        var cards: Set<Card> = []
        if table.dealEvents.contains(where: { if case .cutForDeal = $0 { true } else { false } }) || table.stage == .cutForDeal {
            cards.formUnion(table.cutForDeal)
        }
        guard let deal = table.deal else { return cards }
        let other = 1 - seat
        cards.formUnion(deal.sixes[seat])
        cards.formUnion(deal.laid(by: other))
        if deal.isCut { cards.insert(deal.cut) }
        if deal.shown.contains(where: { $0.count.player == other && $0.count.rules == .hand }) {
            cards.formUnion(deal.kept[other] ?? [])
        }
        let countingCrib = if case .claim(let count) = table.stage { count.rules == .crib } else { false }
        if countingCrib || deal.shown.contains(where: { $0.count.rules == .crib }) { cards.formUnion(deal.crib) }
        return cards
    }

    /// Player `index` sends `key`; both screens settle, and each message either received is
    /// checked against what that player may see (after a key that deals, a player's messages
    /// from the new deal's first frame against the new deal).
    mutating func press(_ index: Int?, _ key: String) throws {
        let before = table
        let sent = outputCounts()
        if let index { players[index].client.send(players[index].session, key) } else if let watcher {
            watcher.client.send(watcher.session, key)
        }
        settle(after: sent)
        let who = index.map { players[$0].name } ?? "cid"
        // The table opened by this key (the invitation accepted): checked from its start.
        if tableID == nil { tableID = server.server.hall.lobby(for: "ann").waiting.first?.id }
        let after = table
        for seat in players.indices {
            let old = before.map { Self.allowed($0, seat: seat) } ?? []
            let now = after.map { Self.allowed($0, seat: seat) } ?? []
            let dealt = before != nil && (before?.deal?.number != after?.deal?.number || before?.gameNumber != after?.gameNumber)
            let (output, ends) = players[seat].client.state.withLockedValue { ($0.output, $0.messageEnds) }
            var newDeal = !dealt
            for end in ends where end > players[seat].read {
                let bytes = Array(output[players[seat].read..<end])
                players[seat].read = end
                if !newDeal {
                    var probe = players[seat].scan
                    probe.feed(bytes)
                    newDeal = probe.text.contains("Throw two")
                }
                // A card the player may see before or after the key: the other's card laid shows as it comes.
                players[seat].scan.check(bytes, allowed: newDeal ? (dealt ? now : old.union(now)) : old,
                                         step: "\(who) \(key.debugDescription)")
            }
        }
        // The watcher: no hand before it is shown; after a deal, only what the new deal shows.
        if var watcher {
            let dealt = before != nil && (before?.deal?.number != after?.deal?.number || before?.gameNumber != after?.gameNumber)
            let old = before.map(Self.watched) ?? [], now = after.map(Self.watched) ?? []
            let (output, ends) = watcher.client.state.withLockedValue { ($0.output, $0.messageEnds) }
            for end in ends where end > watcher.read {
                watcher.scan.check(Array(output[watcher.read..<end]), allowed: dealt ? now : old.union(now), step: "\(who) \(key.debugDescription)")
                watcher.read = end
            }
            self.watcher = watcher
        }
    }

    /// Each client's output so far: the players', then the watcher's.
    private func outputCounts() -> [Int] {
        (players + [watcher].compactMap(\.self)).map { player in player.client.state.withLockedValue { $0.output.count } }
    }

    /// Waits for the output to begin and then to rest on both screens, bounded in attempts.
    private func settle(after sent: [Int]) {
        let counts = { self.outputCounts() }
        for _ in 0..<25 where counts() == sent { usleep(10_000) }
        var last = counts(), quiet = 0
        for _ in 0..<1000 {
            usleep(10_000)
            let now = counts()
            if now != last {
                (last, quiet) = (now, 0)
                continue
            }
            quiet += 1
            if quiet >= 8 { return }
        }
    }

    /// The next key the game asks for, by whichever player it waits on.
    mutating func move(_ table: TableGame) throws {
        switch table.stage {
        case .cutForDeal:
            try press(0, "\r")
        case .show:
            // The next hand waits for both: the first to press is told who is still looking.
            try press(0, "\r")
            #expect(table.stage == .show && self.table?.stage == .show)
            #expect(Self.waitFor(players[0].client) { $0.contains("bob is still looking") }, "\(players[0].client.screen().text)")
            #expect(Self.waitFor(players[1].client) { $0.contains("ann has seen this") }, "\(players[1].client.screen().text)")
            try press(1, "\r")
        case .over:
            break
        case .discard:
            let deal = table.deal!
            guard let seat = (0..<2).first(where: { deal.thrown[$0].isEmpty }) else { return }
            let six = deal.sixes[seat]
            let first = six[0], second = six.first { $0.rank != first.rank }!
            try press(seat, HiddenCardTests.Player.key(first.rank))
            try press(seat, HiddenCardTests.Player.key(second.rank))
            try press(seat, "\r")
        case .play:
            let seat = table.deal!.turn!
            guard let card = table.playable(for: seat).first else { return }
            try press(seat, HiddenCardTests.Player.key(card.rank))
        case .claim(let count):
            // Each person counts their own: the hand at what it holds, the crib one short (muggins).
            let points = table.deal!.hand(for: count).breakdown(rules: count.rules).total
            let claimed = count.rules == .crib ? max(0, points - 1) : points
            for digit in String(claimed) { try press(count.player, String(digit)) }
            try press(count.player, "\r")
        }
    }
}
