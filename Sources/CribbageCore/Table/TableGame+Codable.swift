/// The JSON form of a game against the computer, as saved in `table.json`: the set-up, the
/// games finished in the match, the current deal's deck, and every move of the current game
/// (seats from 1, as on the command line). Decoding replays the moves, the computer's as
/// recorded: a move the rules refuse, or a deck that is not the one the seed deals, does not
/// decode. `takeBack` (false: the match allows none), `takeBacks` (the current game's count) and
/// `tutor` (true: on) are written only when they say something (a `SavedTable` holding them is
/// version 3); so is `pace` (300 or 800, the milliseconds between the computer's moves shown; a
/// `SavedTable` holding it is version 4); and `players` (3, or 4 for two teams; a `SavedTable`
/// holding it is version 5): a file without it is a two-player match. `seats` (each seat's
/// `TableSeat.text`) is written only where the seats are not the person at seat 0 and the computer
/// at `level` elsewhere.
extension TableGame: Codable {
    private enum Keys: String, CodingKey {
        case seed, level, target, muggins, hints, takeBack, finished, game, deck, moves, takeBacks, tutor, pace, players, seats
    }

    private struct Finished: Codable {
        let winner: Int
        let matchPoints: Int
    }

    /// The most moves a game holds: far more than a game to 121 takes.
    public static let maximumMoves = 4_000

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(String(setup.seed), forKey: .seed)
        try container.encode(setup.level, forKey: .level)
        try container.encode(setup.target, forKey: .target)
        try container.encode(setup.muggins, forKey: .muggins)
        try container.encode(setup.hints, forKey: .hints)
        // Written only where they say something, so a match without them is as it always was.
        if !setup.takeBacks { try container.encode(false, forKey: .takeBack) }
        if takeBacks > 0 { try container.encode(takeBacks, forKey: .takeBacks) }
        if tutor { try container.encode(true, forKey: .tutor) }
        if pace != .off { try container.encode(pace.rawValue, forKey: .pace) }
        if setup.seating != .twoPlayers { try container.encode(setup.seating.players, forKey: .players) }
        if setup.seats != Setup(seed: setup.seed, level: setup.level, seating: setup.seating).seats {
            try container.encode(setup.seats.map(\.text), forKey: .seats)
        }
        // The games before this one: when this one is over, its moves finish it again.
        let finished = zip(standing.winners, standing.pointsByGame).prefix(gameNumber - 1).map { Finished(winner: $0 + 1, matchPoints: $1) }
        try container.encode(finished, forKey: .finished)
        try container.encode(gameNumber, forKey: .game)
        try container.encodeIfPresent(deal?.deck.map(\.ascii), forKey: .deck)
        try container.encode(moves.map(\.text), forKey: .moves)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        func corrupt(_ key: Keys, _ why: String) -> DecodingError {
            .dataCorruptedError(forKey: key, in: container, debugDescription: why)
        }
        guard let seed = UInt64(try container.decode(String.self, forKey: .seed)) else {
            throw corrupt(.seed, "the seed is a whole number from 0 to 2^64 - 1, in quotes")
        }
        let players = try container.decodeIfPresent(Int.self, forKey: .players) ?? 2
        guard let seating = Game.Seating(players: players) else { throw corrupt(.players, "2, 3 or 4 players") }
        var seats: [TableSeat]?
        if let texts = try container.decodeIfPresent([String].self, forKey: .seats) {
            guard texts.count == seating.players else { throw corrupt(.seats, "a seat for each of the \(seating.players) players") }
            seats = try texts.map { text in
                guard let seat = TableSeat(text: text) else {
                    throw corrupt(.seats, "\(text.quotedToken): person, computer:LEVEL or remote:NAME")
                }
                return seat
            }
        }
        let setup = Setup(seed: seed, level: try container.decode(ComputerLevel.self, forKey: .level),
                          target: try container.decode(Game.Target.self, forKey: .target),
                          muggins: try container.decode(Bool.self, forKey: .muggins),
                          hints: try container.decode(Bool.self, forKey: .hints),
                          takeBacks: try container.decodeIfPresent(Bool.self, forKey: .takeBack) ?? true,
                          seating: seating, seats: seats)
        var table = TableGame(setup: setup)
        let finished = try container.decode([Finished].self, forKey: .finished)
        let number = try container.decode(Int.self, forKey: .game)
        guard number == finished.count + 1 else { throw corrupt(.game, "game \(number) after \(finished.count) finished") }
        for game in finished {
            // Each loser is judged on its own with three players: 1 to 3 match points each.
            guard (1...seating.sides).contains(game.winner), (1...3 * (seating.sides - 1)).contains(game.matchPoints) else {
                throw corrupt(.finished, "a finished game names a winner 1 to \(seating.sides) and 1 to \(3 * (seating.sides - 1)) match points")
            }
            table.standing.record(winner: game.winner - 1, matchPoints: game.matchPoints)
        }
        if let last = finished.last {
            table.gameNumber = number
            // Two players: the loser deals; more: the first deal passes to the left game by game.
            let dealer = seating == .twoPlayers ? 1 - (last.winner - 1) : (table.match.setup.dealer + finished.count) % seating.players
            table.startGame(dealer: dealer)
        }
        let texts = try container.decode([String].self, forKey: .moves)
        guard texts.count <= Self.maximumMoves else { throw corrupt(.moves, "more than \(Self.maximumMoves) moves") }
        for (index, text) in texts.enumerated() {
            guard let move = Move(text: text) else { throw corrupt(.moves, "move \(index + 1) \(text.quotedToken) is not a move") }
            do { try table.perform(move) } catch {
                throw corrupt(.moves, "move \(index + 1) \(text.quotedToken): \(error)")
            }
            guard table.gameNumber == number else { throw corrupt(.moves, "move \(index + 1) \(text.quotedToken) starts another game") }
        }
        let deck = try container.decodeIfPresent([String].self, forKey: .deck)
        guard deck == table.deal?.deck.map(\.ascii) else { throw corrupt(.deck, "the deck is not the one the seed deals") }
        table.advance()
        table.events = []
        let takeBacks = try container.decodeIfPresent(Int.self, forKey: .takeBacks) ?? 0
        guard (0...Self.maximumMoves).contains(takeBacks) else { throw corrupt(.takeBacks, "take-backs from 0 to \(Self.maximumMoves)") }
        guard takeBacks == 0 || setup.takeBacks else { throw corrupt(.takeBacks, "take-backs in a match that allows none") }
        table.takeBacks = takeBacks
        table.tutor = try container.decodeIfPresent(Bool.self, forKey: .tutor) ?? false
        let pace = try container.decodeIfPresent(Int.self, forKey: .pace) ?? 0
        guard let known = Pace(rawValue: pace) else { throw corrupt(.pace, "a pace of 0, 300 or 800 milliseconds") }
        table.pace = known
        self = table
    }
}
