import CribbageCore

extension Game {
    /// Lays each seat's cards (two players) in the order given, saying go where the next card does
    /// not fit, and pegs what each step makes, as the board keeps a play laid card by card.
    public mutating func layRound(_ orders: [Int: [String]]) throws {
        let cards = try orders.mapValues { try Card.parseAll($0) }
        var play = Play(players: 2), tokens: [PlayToken] = [], entries: [Int: Int] = [:], next = [0: 0, 1: 0]
        while let turn = play.turn, !isOver {
            let seat = (dealer + 1 + turn) % 2
            let mine = cards[seat] ?? [], index = next[seat] ?? 0
            let token: PlayToken
            if index < mine.count, play.count + mine[index].rank.value <= 31 {
                token = .card(mine[index])
                next[seat] = index + 1
            } else {
                token = .go
            }
            let pegs = try play.apply(token)
            tokens.append(token)
            if let first = pegs.first {
                try peg(player: (dealer + 1 + first.player) % 2, points: pegs.reduce(0) { $0 + $1.score.points }, reasons: pegs.map(\.score))
                entries[tokens.count - 1] = log.count - 1
            }
            roundPlay = RoundPlay(round: round, tokens: tokens, entries: entries)
        }
    }
}
