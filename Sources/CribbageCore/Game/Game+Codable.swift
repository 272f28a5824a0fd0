/// The JSON form of a game, as saved in `game.json` (see Docs/Architecture.md, "The game
/// file"). Seats and sides are numbered from 1 here, as on the command line. Decoding scores
/// the log again entry by entry: a log the rules refuse, or whose stored totals differ from
/// what it adds up to, does not decode.
extension Game: Codable {
    private enum Keys: String, CodingKey {
        case seating, players, target, firstDealer, matchPoints, log, play, starter
    }

    private enum PlayKeys: String, CodingKey {
        case round, tokens, entries, unsuited
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let seating = try container.decode(Seating.self, forKey: .seating)
        let firstDealer = try container.decodeBounded(forKey: .firstDealer, in: 1...4) - 1
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
            guard number <= Game.maximumEntries else {
                throw DecodingError.dataCorrupted(.init(codingPath: log.codingPath,
                                                        debugDescription: "more than \(Game.maximumEntries) log entries"))
            }
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
        if let text = try container.decodeIfPresent(String.self, forKey: .starter) {
            do { try game.restoreStarter(Card(parsing: text)) } catch {
                throw DecodingError.dataCorruptedError(forKey: .starter, in: container,
                                                       debugDescription: "the starter '\(text.prefix(8))': \(error)")
            }
        }
        if container.contains(.play) {
            game.roundPlay = try Self.decodePlay(container.nestedContainer(keyedBy: PlayKeys.self, forKey: .play), game)
        }
        self = game
    }

    /// The play in progress, checked: tokens the rules allow for the game's players (else the
    /// file is corrupt); nil when it is of an earlier round, and linked only to entries that
    /// are play entries of its round in the log.
    private static func decodePlay(_ container: KeyedDecodingContainer<PlayKeys>, _ game: Game) throws -> RoundPlay? {
        let round = try container.decodeBounded(forKey: .round, in: 1...Game.maximumEntries)
        let texts = try container.decode([String].self, forKey: .tokens)
        func corrupt(_ why: String) -> DecodingError {
            .dataCorruptedError(forKey: .tokens, in: container, debugDescription: "the play in progress: \(why)")
        }
        guard texts.count <= RoundPlay.maximumTokens else { throw corrupt("more than \(RoundPlay.maximumTokens) cards and goes") }
        var tokens: [PlayToken] = []
        for text in texts {
            guard let token = try? PlayToken(parsing: text) else { throw corrupt("'\(text.prefix(8))' is not a card or go") }
            tokens.append(token)
        }
        let pairs = try container.decode([[Int]].self, forKey: .entries)
        guard pairs.count <= tokens.count, pairs.allSatisfy({ $0.count == 2 }) else { throw corrupt("more entries than steps") }
        let unsuited = try container.decodeIfPresent([Int].self, forKey: .unsuited) ?? []
        guard unsuited.allSatisfy({ tokens.indices.contains($0) && tokens[$0] != .go }) else {
            throw corrupt("'unsuited' names a step that is not a card")
        }
        let play = RoundPlay(round: round, tokens: tokens, unsuited: Set(unsuited))
        guard play.play(players: game.seating.players) != nil else { throw corrupt("the rules refuse its cards") }
        // Another program may have moved the game on or taken entries back since: a play of an
        // earlier round is over, and an entry that is no longer its step's is not linked.
        guard round == game.round else { return nil }
        var linked = play
        for pair in pairs where tokens.indices.contains(pair[0]) && game.log.indices.contains(pair[1]) {
            let entry = game.log[pair[1]]
            if entry.round == round, case .play = entry.score { linked.entries[pair[0]] = pair[1] }
        }
        return linked
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(seating, forKey: .seating)
        try container.encode(names, forKey: .players)
        try container.encode(target, forKey: .target)
        try container.encode(firstDealer + 1, forKey: .firstDealer)
        try container.encode(matchPoints, forKey: .matchPoints)
        try container.encode(log, forKey: .log)
        if let toldCut { try container.encode(toldCut.description, forKey: .starter) }
        if let roundPlay, roundPlay.round == round {
            var play = container.nestedContainer(keyedBy: PlayKeys.self, forKey: .play)
            try play.encode(roundPlay.round, forKey: .round)
            try play.encode(roundPlay.tokens.map(\.description), forKey: .tokens)
            try play.encode(roundPlay.entries.sorted { $0.key < $1.key }.map { [$0.key, $0.value] }, forKey: .entries)
            if !roundPlay.unsuited.isEmpty { try play.encode(roundPlay.unsuited.sorted(), forKey: .unsuited) }
        }
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
        // Every number is bounded before any arithmetic; the replay then checks it exactly.
        round = try container.decodeBounded(forKey: .round, in: 1...Game.maximumEntries)
        player = try container.decodeBounded(forKey: .player, in: 1...4) - 1
        side = try container.decodeBounded(forKey: .side, in: 1...4) - 1
        points = try container.decodeBounded(forKey: .points, in: -Game.Target.long.points...Game.Target.long.points)
        var list = try container.nestedUnkeyedContainer(forKey: .totals)
        var totals: [Int] = []
        while !list.isAtEnd {
            guard totals.count < 4 else {
                throw DecodingError.dataCorruptedError(in: list, debugDescription: "more than 4 totals")
            }
            let total = try list.decode(Int.self)
            guard Game.totalRange.contains(total) else {
                throw DecodingError.dataCorruptedError(in: list, debugDescription: "a total of \(total), outside \(Game.totalRange)")
            }
            totals.append(total)
        }
        self.totals = totals
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

extension Game {
    /// What a stored total may be: a side ends below 121 plus a correction of 121, with room to spare.
    static let totalRange = 0...999
}

extension KeyedDecodingContainer {
    /// An integer that must lie in `range`: any other is corrupt, so that no stored number can
    /// overflow what is computed from it.
    func decodeBounded(forKey key: Key, in range: ClosedRange<Int>) throws -> Int {
        let value = try decode(Int.self, forKey: key)
        guard range.contains(value) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\(value) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }
}
