import CribbageCore
import Foundation
import Testing

/// The table's set-up names its seats (issue 45): the person here, the computer at a level, a
/// person elsewhere; the computer moves for its own seats only, and a saved table keeps the seats.
@Suite("The table's seats")
struct TableSeatTests {
    @Test("by default the person at seat 0 and the computer at the level elsewhere; a saved table says nothing of them")
    func theDefaultSeats() throws {
        #expect(TableGame.Setup(seed: 1).seats == [.person, .computer(.expert)])
        #expect(TableGame.Setup(seed: 1, level: .club, seating: .twoTeams).seats
                == [.person, .computer(.club), .computer(.club), .computer(.club)])
        // A list of the wrong length is the default.
        #expect(TableGame.Setup(seed: 1, seats: [.person]).seats == [.person, .computer(.expert)])
        let text = String(decoding: try JSONEncoder().encode(TableGame(setup: .init(seed: 1))), as: UTF8.self)
        #expect(!text.contains("seats"))
    }

    @Test("a person at another terminal: the computer waits for their throw and their card; each person moves for their own seat")
    func twoPeople() throws {
        var table = TableGame(setup: .init(seed: 29, seats: [.person, .remote("ann")]))
        try table.apply(.next)
        let deal = try #require(table.deal)
        // Nobody has thrown for the remote seat.
        #expect(deal.kept[1] == nil)
        try table.apply(.discard(seat: 0, Array(deal.sixes[0].prefix(2))))
        #expect(table.deal?.kept[1] == nil && table.stage == .discard)
        try table.apply(.discard(seat: 1, Array(deal.sixes[1].prefix(2))))
        #expect(table.stage == .play)
        // The pone leads, whichever person it is; the other waits.
        let turn = try #require(table.match.deal?.play.turn)
        let seat = table.match.deal!.dealer == 0 ? (turn == 0 ? 1 : 0) : turn
        let other = 1 - seat
        let card = try #require(table.match.view(of: seat)?.legalCards.first)
        #expect(throws: TableError.self) { try table.apply(.lay(seat: other, card)) }
        try table.apply(.lay(seat: seat, card))
        #expect(table.match.deal?.play.laid.joined().count == 1, "no computer answers for a person")
        // Saved and read back: the same seats, the same game.
        let back = try JSONDecoder().decode(TableGame.self, from: JSONEncoder().encode(table))
        #expect(back.setup.seats == [.person, .remote("ann")] && back.moves == table.moves)
    }

    @Test("a person may not move for the computer's seat; the computer at its own level plays each of its seats")
    func theComputersSeats() throws {
        var table = TableGame(setup: .init(seed: 7, seats: [.computer(.beginner), .person]))
        try table.apply(.next)
        // Seat 0 is the computer's: a throw for it is refused; it throws in its turn, answering.
        let six = try #require(table.deal?.sixes[0])
        #expect(throws: TableError.notYourMove) { try table.apply(.discard(seat: 0, Array(six.prefix(2)))) }
        try table.apply(.discard(seat: 1, Array(table.deal!.sixes[1].prefix(2))))
        #expect(table.deal?.kept[0] != nil && table.deal?.kept[1] != nil)
        #expect(table.match.setup.seating == .twoPlayers)
    }

    @Test("a saved seat list is read back or refused by name", arguments: [
        (["person", "remote:ann_2"], true),
        (["person", "computer:club"], true),
        (["person"], false),
        (["person", "remote:"], false),
        (["person", "remote:a name"], false),
        (["person", "remote:\u{1B}[2J"], false),
        (["person", "computer:grandmaster"], false),
    ])
    func savedSeats(seats: [String], readable: Bool) throws {
        var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(TableGame(setup: .init(seed: 3)))) as? [String: Any])
        object["seats"] = seats
        let data = try JSONSerialization.data(withJSONObject: object)
        if readable {
            let table = try JSONDecoder().decode(TableGame.self, from: data)
            #expect(table.setup.seats.map(\.text) == seats)
        } else {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(TableGame.self, from: data) }
        }
    }

    @Test("a name is 1 to 16 letters, digits, - or _")
    func names() {
        #expect(TableSeat.isName("a") && TableSeat.isName("Ann-2_x") && TableSeat.isName(String(repeating: "z", count: 16)))
        #expect(!TableSeat.isName("") && !TableSeat.isName(String(repeating: "z", count: 17)) && !TableSeat.isName("é")
                && !TableSeat.isName("a b") && !TableSeat.isName("a\u{0}"))
    }
}
