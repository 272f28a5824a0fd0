import CribbageCore

/// One player's record across the history: games finished and won, skunks given and taken,
/// and what the player scores a round in the play, a hand and a crib.
public struct PlayerStatistics: Hashable, Sendable {
    public let name: String
    /// Finished games played, and those won (a team's win is both partners').
    public internal(set) var games = 0
    public internal(set) var wins = 0
    /// Games left unfinished (`game new --abandon`).
    public internal(set) var abandoned = 0
    /// Losers skunked (and double-skunked) by this player's wins; times this player's side was.
    public internal(set) var skunksGiven = 0
    public internal(set) var doubleSkunksGiven = 0
    public internal(set) var skunksTaken = 0
    public internal(set) var doubleSkunksTaken = 0
    /// Points by kind over the games whose history holds them (`FinishedGame.players`),
    /// abandoned ones included, and the rounds those games lasted.
    public internal(set) var tally = Game.Tally()
    public internal(set) var rounds = 0

    public var peggedPerRound: Double? { rounds > 0 ? Double(tally.pegged) / Double(rounds) : nil }
    public var handAverage: Double? {
        tally.handsCounted > 0 ? Double(tally.hands) / Double(tally.handsCounted) : nil
    }
    public var cribAverage: Double? {
        tally.cribsCounted > 0 ? Double(tally.cribs) / Double(tally.cribsCounted) : nil
    }
}

extension History {
    /// Every player's record, by name as written, in the order they first played.
    public var statistics: [PlayerStatistics] {
        var order: [String] = []
        var records: [String: PlayerStatistics] = [:]
        func update(_ name: String, _ change: (inout PlayerStatistics) -> Void) {
            if records[name] == nil {
                order.append(name)
                records[name] = PlayerStatistics(name: name)
            }
            change(&records[name]!)
        }
        for game in games {
            let players = game.players ?? game.sides.enumerated().map {
                FinishedGame.Player(name: $0.element, side: $0.offset + 1, tally: Game.Tally())
            }
            for player in players {
                let side = game.sides.indices.contains(player.side - 1) ? game.sides[player.side - 1] : ""
                let loss = game.losers.first { $0.name == side }
                update(player.name) { record in
                    if game.isAbandoned { record.abandoned += 1 } else {
                        record.games += 1
                        if game.winner == side {
                            record.wins += 1
                            record.skunksGiven += game.losers.filter { $0.skunk == .skunk }.count
                            record.doubleSkunksGiven += game.losers.filter { $0.skunk == .doubleSkunk }.count
                        }
                        if loss?.skunk == .skunk { record.skunksTaken += 1 }
                        if loss?.skunk == .doubleSkunk { record.doubleSkunksTaken += 1 }
                    }
                    guard game.players != nil else { return }
                    record.tally += player.tally
                    record.rounds += game.rounds
                }
            }
        }
        return order.map { records[$0]! }
    }
}
