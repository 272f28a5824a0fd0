import Canvas
import CribbageCore
import Synchronization
import Testing
@testable import CribbageUI

/// A table between people as each player's app draws it, with the club in memory (no network):
/// each app sees the one game from its own seat, its moves go to the club, and the other's come
/// back as the club's game; the advice is off.
@Suite("The table between people")
struct SharedTableTests {
    /// A club of one table between ann (seat 0) and bob (seat 1), in memory.
    /// The one game both clubs hold.
    final class Held: Sendable {
        let game: Mutex<TableGame>
        /// The seat asking a take-back.
        let asked = Mutex<Int?>(nil)
        init(_ table: TableGame) { game = Mutex(table) }
    }

    final class Club: ClubLink {
        let name: String
        let held: Held

        init(name: String, held: Held) {
            self.name = name
            self.held = held
        }

        var seat: Int { name == "ann" ? 0 : 1 }
        func lobby() -> ClubLobby { ClubLobby(version: 0, rating: "1500 ± 350", members: [], invitations: [], waiting: []) }
        func invite(_ name: String, _ settings: ClubInvitation.Settings) -> String? { nil }
        func answer(invitationFrom name: String, accept: Bool) -> Result<SharedTable?, ClubRefusal> { .success(nil) }
        func table(_ id: String) -> SharedTable? {
            SharedTable(id: id, table: held.game.withLock { $0 }, seat: seat, version: 0, away: [nil, nil],
                        takeBackAsked: held.asked.withLock { $0 })
        }
        func move(_ move: TableGame.Move, at id: String) -> Result<SharedTable, ClubRefusal> {
            let refusal: TableError? = held.game.withLock { table in
                do throws(TableError) {
                    try table.apply(move)
                    return nil
                } catch {
                    return error
                }
            }
            if let refusal { return .failure(ClubRefusal("\(refusal)", move: refusal)) }
            return .success(table(id)!)
        }
        func askTakeBack(at id: String) -> Result<SharedTable, ClubRefusal> {
            guard held.game.withLock({ $0.canTakeBack(seat: seat) }) else { return .failure(ClubRefusal("nothing")) }
            held.asked.withLock { $0 = seat }
            return .success(table(id)!)
        }
        func answerTakeBack(at id: String, accept: Bool) -> Result<SharedTable, ClubRefusal> {
            guard let asker = held.asked.withLock({ $0 }), asker != seat else { return .failure(ClubRefusal("nobody asks")) }
            held.asked.withLock { $0 = nil }
            if accept { held.game.withLock { _ = $0.takeBack(seat: asker) } }
            return .success(table(id)!)
        }
        func open(_ id: String) -> Result<SharedTable, ClubRefusal> { .success(table(id)!) }
        func adjourn(at id: String) -> Result<SharedTable, ClubRefusal> { .failure(ClubRefusal("bob is here")) }
        func watch(_ player: String) -> Result<SharedTable, ClubRefusal> { .failure(ClubRefusal("not here")) }
        func say(_ text: String) -> String? { nil }
        func mute(_ name: String) {}
        func changes(after version: Int) async {}
        func tableChanges(_ id: String, after version: Int) async {}
    }

    static func opened(_ club: Club) -> App {
        var app = App.standard()
        _ = app.perform(app.send(.answered(.lobby, .lobby(.loaded(ClubBox(link: club))))), with: Keeper())
        _ = app.perform(app.send(.lobby(.replied(.table(club.table("t")!)))), with: Keeper())
        return app
    }

    /// The other's move comes back as the club's game (the job's wake-up, here by hand).
    static func woken(_ app: inout App, _ club: Club) {
        _ = app.perform(app.send(.table(.sharedMoved(.success(club.table("t")!)))), with: Keeper())
    }

    @Test func eachSeesTheOneGameFromTheirSeatAndNeverTheOthersHand() throws {
        let setup = TableGame.Setup(seed: 29, target: .short, hints: false, takeBacks: false, seats: [.remote("ann"), .remote("bob")])
        let held = Held(TableGame(setup: setup))
        let (annClub, bobClub) = (Club(name: "ann", held: held), Club(name: "bob", held: held))
        var ann = Self.opened(annClub), bob = Self.opened(bobClub)
        #expect(ann.text.contains("Against bob") && bob.text.contains("Against ann"), "\(ann.text)")
        // esc goes back to the lobby here, and the footer and the help say so (not "counter").
        for app in [ann, bob] {
            #expect(app.text.contains("esc lobby") && !app.text.contains("counter"), "\(app.text)")
        }
        var help = ann
        _ = help.handle(.character("?"))
        #expect(help.text.contains("back to the lobby") && !help.text.contains("back to the counter"), "\(help.text)")
        // The advice is off against a person.
        _ = ann.handle(.character("e"))
        #expect(ann.text.contains("Off in a game against a person"), "\(ann.text)")
        // A rated game has no take-backs.
        _ = ann.handle(.character("u"))
        #expect(ann.text.contains("Take-backs are for unrated games"), "\(ann.text)")
        // Ann deals; bob's app draws the deal once woken.
        _ = ann.perform(ann.handle(.enter), with: Keeper())
        #expect(held.game.withLock { $0.stage } == .discard)
        Self.woken(&bob, bobClub)
        let deal = try #require(held.game.withLock { $0.deal })
        for (app, seat) in [(ann, 0), (bob, 1)] {
            let text = app.text
            #expect(text.contains("Throw two"), "\(text)")
            // Their own six shown, and none of the other's.
            #expect(deal.sixes[seat].allSatisfy { text.contains(CardText.text($0, glyphs: .unicode)) }, "\(text)")
            // The cut for deal (a card of another shuffle) is the only line that may name one.
            for line in text.split(separator: "\n") where !line.contains("cut") {
                for card in deal.sixes[1 - seat] {
                    #expect(!line.contains(CardText.text(card, glyphs: .unicode)), "\(card) on seat \(seat)'s screen:\n\(text)")
                }
            }
        }
        // Ann throws: the club takes her throw, and she waits for bob.
        let six = deal.sixes[0]
        let first = six[0], second = six.first { $0.rank != first.rank }!
        for key in [TableSceneTests.key(first.rank), TableSceneTests.key(second.rank), KeyInput.enter] {
            _ = ann.perform(ann.handle(key), with: Keeper())
        }
        #expect(held.game.withLock { $0.deal?.thrown[0].count } == 2)
        #expect(ann.text.contains("Waiting for bob to throw"), "\(ann.text)")
        Self.woken(&bob, bobClub)
        #expect(bob.text.contains("ann throws two"), "\(bob.text)")
    }

    /// In an unrated game, u asks the other, whose screen asks y or n; no leaves the card laid and
    /// the asker is told, yes takes it back.
    @Test func aTakeBackIsAskedOnTheOthersScreen() throws {
        let setup = TableGame.Setup(seed: 29, target: .short, hints: false, takeBacks: true, seats: [.remote("ann"), .remote("bob")])
        let held = Held(TableGame(setup: setup))
        let clubs = [Club(name: "ann", held: held), Club(name: "bob", held: held)]
        var apps = clubs.map(Self.opened)
        _ = apps[0].perform(apps[0].handle(.enter), with: Keeper())
        // Both throw their first two cards of different ranks.
        for seat in 0..<2 {
            Self.woken(&apps[seat], clubs[seat])
            let six = try #require(held.game.withLock { $0.deal?.sixes[seat] })
            let first = six[0], second = six.first { $0.rank != first.rank }!
            for key in [TableSceneTests.key(first.rank), TableSceneTests.key(second.rank), KeyInput.enter] {
                _ = apps[seat].perform(apps[seat].handle(key), with: Keeper())
            }
        }
        let turn = try #require(held.game.withLock { $0.deal?.turn })
        Self.woken(&apps[turn], clubs[turn])
        let card = try #require(held.game.withLock { $0.playable(for: turn).first })
        _ = apps[turn].perform(apps[turn].handle(TableSceneTests.key(card.rank)), with: Keeper())
        let laid = held.game.withLock { $0 }
        #expect(laid.deal?.laid(by: turn).contains(card) == true)
        // The one who laid asks; the other's screen asks y or n.
        _ = apps[turn].perform(apps[turn].handle(.character("u")), with: Keeper())
        #expect(apps[turn].text.contains("waiting for \(clubs[1 - turn].name)'s answer"), "\(apps[turn].text)")
        var other = apps[1 - turn]
        Self.woken(&other, clubs[1 - turn])
        #expect(other.text.contains("\(clubs[turn].name) asks to take back their last throw or card: y lets them, n says no"), "\(other.text)")
        #expect(other.text.contains("y let them") && other.text.contains("n no"), "\(other.text)")
        _ = other.perform(other.handle(.character("n")), with: Keeper())
        #expect(held.game.withLock { $0 } == laid && held.asked.withLock { $0 } == nil)
        Self.woken(&apps[turn], clubs[turn])
        #expect(apps[turn].text.contains("said no: your move stands"), "\(apps[turn].text)")
        // Asked again and let: the card is back in the hand.
        _ = apps[turn].perform(apps[turn].handle(.character("u")), with: Keeper())
        Self.woken(&other, clubs[1 - turn])
        _ = other.perform(other.handle(.character("y")), with: Keeper())
        #expect(held.game.withLock { $0.deal?.laid(by: turn).contains(card) } == false)
        Self.woken(&apps[turn], clubs[turn])
        #expect(apps[turn].text.contains("let you take back your last move"), "\(apps[turn].text)")
    }

    /// The other gone long enough: the table says A adjourns it, and A does, back to the lobby.
    @Test func theOneWhoWaitsMayAdjourn() throws {
        final class Gone: ClubLink {
            let name = "ann"
            let table: SharedTable
            let adjourned = Mutex(false)
            init(_ table: SharedTable) { self.table = table }
            func lobby() -> ClubLobby { ClubLobby(version: 0, rating: "", members: [], invitations: [], waiting: []) }
            func invite(_ name: String, _ settings: ClubInvitation.Settings) -> String? { nil }
            func answer(invitationFrom name: String, accept: Bool) -> Result<SharedTable?, ClubRefusal> { .success(nil) }
            func table(_ id: String) -> SharedTable? { table }
            func open(_ id: String) -> Result<SharedTable, ClubRefusal> { .success(table) }
            func move(_ move: TableGame.Move, at id: String) -> Result<SharedTable, ClubRefusal> { .success(table) }
            func askTakeBack(at id: String) -> Result<SharedTable, ClubRefusal> { .success(table) }
            func answerTakeBack(at id: String, accept: Bool) -> Result<SharedTable, ClubRefusal> { .success(table) }
            func adjourn(at id: String) -> Result<SharedTable, ClubRefusal> {
                adjourned.withLock { $0 = true }
                return .success(SharedTable(id: id, table: table.table, seat: 0, version: 1, away: table.away, adjourned: true))
            }
            func watch(_ player: String) -> Result<SharedTable, ClubRefusal> { .failure(ClubRefusal("not here")) }
            func say(_ text: String) -> String? { nil }
            func mute(_ name: String) {}
            func changes(after version: Int) async {}
            func tableChanges(_ id: String, after version: Int) async {}
        }
        let setup = TableGame.Setup(seed: 29, target: .short, hints: false, takeBacks: false, seats: [.remote("ann"), .remote("bob")])
        let club = Gone(SharedTable(id: "t", table: TableGame(setup: setup), seat: 0, version: 0, away: [nil, 200], adjournable: true))
        var app = App.standard()
        _ = app.perform(app.send(.answered(.lobby, .lobby(.loaded(ClubBox(link: club))))), with: Keeper())
        _ = app.perform(app.send(.lobby(.replied(.table(club.table)))), with: Keeper())
        #expect(app.text.contains("bob is gone (3 min)") && app.text.contains("A adjourns it"), "\(app.text)")
        _ = app.perform(app.handle(.character("A")), with: Keeper())
        #expect(club.adjourned.withLock { $0 })
        #expect(app.text.contains("The club") && app.text.contains("Adjourned: the game is kept in both lobbies"), "\(app.text)")
    }

    /// t types a line in the lobby (every character is text there, q too), enter says it, and
    /// the club's lines are shown under "Said here", a muted player marked.
    @Test func aLineIsTypedAndSaidInTheLobby() throws {
        final class Talk: ClubLink {
            let name = "ann"
            let lines = Mutex<[String]>([])
            func lobby() -> ClubLobby {
                ClubLobby(version: 0, rating: "", members: [ClubLobby.Member(name: "bob", playing: false, rating: "1500")],
                          invitations: [], waiting: [], said: lines.withLock { $0.map { ClubLobby.Said(from: "ann", text: $0) } },
                          muted: ["bob"])
            }
            func invite(_ name: String, _ settings: ClubInvitation.Settings) -> String? { nil }
            func answer(invitationFrom name: String, accept: Bool) -> Result<SharedTable?, ClubRefusal> { .success(nil) }
            func table(_ id: String) -> SharedTable? { nil }
            func open(_ id: String) -> Result<SharedTable, ClubRefusal> { .failure(ClubRefusal("no")) }
            func move(_ move: TableGame.Move, at id: String) -> Result<SharedTable, ClubRefusal> { .failure(ClubRefusal("no")) }
            func askTakeBack(at id: String) -> Result<SharedTable, ClubRefusal> { .failure(ClubRefusal("no")) }
            func answerTakeBack(at id: String, accept: Bool) -> Result<SharedTable, ClubRefusal> { .failure(ClubRefusal("no")) }
            func adjourn(at id: String) -> Result<SharedTable, ClubRefusal> { .failure(ClubRefusal("no")) }
            func watch(_ player: String) -> Result<SharedTable, ClubRefusal> { .failure(ClubRefusal("no")) }
            func say(_ text: String) -> String? {
                lines.withLock { $0.append(text) }
                return nil
            }
            func mute(_ name: String) {}
            func changes(after version: Int) async {}
            func tableChanges(_ id: String, after version: Int) async {}
        }
        let club = Talk()
        var app = App.standard()
        _ = app.perform(app.send(.answered(.lobby, .lobby(.loaded(ClubBox(link: club))))), with: Keeper())
        _ = app.perform(app.send(.lobby(.replied(.lobby(club.lobby())))), with: Keeper())
        #expect(app.text.contains("bob  free  (1500)  muted"), "\(app.text)")
        _ = app.perform(app.handle(.character("t")), with: Keeper())
        for character in "quiet game?" { _ = app.perform(app.handle(.character(character)), with: Keeper()) }
        #expect(app.text.contains("Say: quiet game?_") && app.text.contains("enter say"), "\(app.text)")
        _ = app.perform(app.handle(.enter), with: Keeper())
        #expect(club.lines.withLock { $0 } == ["quiet game?"])
        #expect(app.text.contains("Said here") && app.text.contains("ann: quiet game?") && !app.text.contains("Say:"), "\(app.text)")
    }
}
