/// The JSON form of a game, as saved in `game.json` (see Docs/Architecture.md, "The game
/// file"). Seats and sides are numbered from 1 here, as on the command line. Decoding scores
/// the log again entry by entry: a log the rules refuse, or whose stored totals differ from
/// what it adds up to, does not decode.
extension Game: Codable {
    private enum Keys: String, CodingKey {
        case seating, players, target, firstDealer, matchPoints, log
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let seating = try container.decode(Seating.self, forKey: .seating)
        let firstDealer = try container.decode(Int.self, forKey: .firstDealer) - 1
        let blank: Game
        do {
            blank = try Game(seating: seating, target: container.decode(Target.self, forKey: .target),
                             dealer: firstDealer, names: container.decode([String].self, forKey: .players),
                             matchPoints: container.decode(MatchPoints.self, forKey: .matchPoints))
        } catch let error as GameError {
            throw DecodingError.dataCorruptedError(forKey: .players, in: container, debugDescription: error.description)
        }
        var log = try container.nestedUnkeyedContainer(forKey: .log)
        var game = blank
        while !log.isAtEnd {
            let number = log.currentIndex + 1
            let stored = try log.decode(Entry.self)
            let scored: Entry
            do { scored = try game.score(like: stored) } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: log.codingPath,
                                                        debugDescription: "log entry \(number): \(error)"))
            }
            guard scored == stored else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: log.codingPath,
                    debugDescription: "log entry \(number) does not add up: it says \(stored.summary), the rules make it \(scored.summary)"))
            }
        }
        self = game
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(seating, forKey: .seating)
        try container.encode(names, forKey: .players)
        try container.encode(target, forKey: .target)
        try container.encode(firstDealer + 1, forKey: .firstDealer)
        try container.encode(matchPoints, forKey: .matchPoints)
        try container.encode(log, forKey: .log)
    }
}

extension Game.Entry: Codable {
    private enum Keys: String, CodingKey {
        case round, player, side, points
        case score = "for"
        case reasons, cards, cut, totals
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        round = try container.decode(Int.self, forKey: .round)
        player = try container.decode(Int.self, forKey: .player) - 1
        side = try container.decode(Int.self, forKey: .side) - 1
        points = try container.decode(Int.self, forKey: .points)
        totals = try container.decode([Int].self, forKey: .totals)
        let name = try container.decode(String.self, forKey: .score)
        switch name {
        case "heels": score = .heels
        case "correction": score = .correction
        case "play":
            let tokens = try container.decodeIfPresent([String].self, forKey: .reasons) ?? []
            score = .play(try tokens.map { token in
                guard let reason = PlayScore(token: token) else {
                    throw DecodingError.dataCorruptedError(forKey: .reasons, in: container,
                                                           debugDescription: "unknown reason '\(token)'")
                }
                return reason
            })
        case "hand", "crib":
            var hand: Hand?
            if let cards = try container.decodeIfPresent([String].self, forKey: .cards) {
                let cut = try container.decode(String.self, forKey: .cut)
                do { hand = try Hand(parsing: cards, cut: cut) } catch {
                    throw DecodingError.dataCorruptedError(forKey: .cards, in: container, debugDescription: error.description)
                }
            }
            score = name == "hand" ? .hand(hand) : .crib(hand)
        default:
            throw DecodingError.dataCorruptedError(forKey: .score, in: container,
                                                   debugDescription: "unknown score '\(name)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(round, forKey: .round)
        try container.encode(player + 1, forKey: .player)
        try container.encode(side + 1, forKey: .side)
        try container.encode(points, forKey: .points)
        try container.encode(score.name, forKey: .score)
        if case .play(let reasons) = score, !reasons.isEmpty {
            try container.encode(reasons.map(\.token), forKey: .reasons)
        }
        if let hand = score.cards {
            try container.encode(hand.cards.map(\.description), forKey: .cards)
            try container.encode(hand.cut.description, forKey: .cut)
        }
        try container.encode(totals, forKey: .totals)
    }

    /// "round 2, seat 1, 4 for hand, totals 30–25": for messages about a log that does not add up.
    var summary: String {
        "round \(round), seat \(player + 1), \(points) for \(score.name), totals \(totals.map(String.init).joined(separator: "–"))"
    }
}
