/// The JSON form of a game, as saved in `game.json` (see Docs/Architecture.md, "The game
/// file"). Seats and sides are numbered from 1 here, as on the command line. Decoding scores
/// the log again entry by entry, each round's starter and play told as the round begins and the
/// counts made from the cards made from them again: a log the rules refuse, or whose stored
/// totals differ from what it adds up to, does not decode.
extension Game: Codable {
    private enum Keys: String, CodingKey {
        case seating, players, target, firstDealer, matchPoints, log, rounds, shows
        /// Version 2's play in progress and starter of the current round, read still.
        case play, starter
    }

    private enum PlayKeys: String, CodingKey {
        case round, tokens, entries, unsuited
    }

    private enum RoundKeys: String, CodingKey {
        case round, starter, play
    }

    private enum ShowKeys: String, CodingKey {
        case entry, flush, nobs, crib
    }

    /// What the board knew of one round, as read: checked as its round begins in the replay.
    private struct KeptRound {
        var starter: Card?
        var play: RoundPlay?
        /// The play's `[step, log index]` pairs, linked once the log is read.
        var links: [[Int]] = []
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
        let rounds = try Self.decodeRounds(container, players: seating.players)
        let shows = try Self.decodeShows(container)
        var log = try container.nestedUnkeyedContainer(forKey: .log)
        var entries: [Entry] = []
        while !log.isAtEnd {
            guard entries.count < Game.maximumEntries else {
                throw DecodingError.dataCorrupted(.init(codingPath: log.codingPath,
                                                        debugDescription: "more than \(Game.maximumEntries) log entries"))
            }
            entries.append(try log.decode(Entry.self))
        }
        // Each round's starter and play are told as the round begins, so that every count and
        // peg of the round is checked against them as it was when made.
        let knowing = Knowledge(starters: rounds.compactMapValues(\.starter), plays: rounds.compactMapValues(\.play), shows: shows)
        var game: Game
        do {
            var number = 0
            game = try blank.replaying(entries, knowing: knowing) { made, stored in
                number += 1
                guard made == stored else {
                    throw DecodingError.dataCorrupted(.init(
                        codingPath: log.codingPath,
                        debugDescription: "log entry \(number) does not add up: it says \(stored.summary), the rules make it \(made.summary)"))
                }
            }
        } catch ReplayError.round(let round, let error) {
            throw DecodingError.dataCorruptedError(forKey: .rounds, in: container, debugDescription: "round \(round): \(error)")
        } catch ReplayError.entry(let index, let error) {
            throw DecodingError.dataCorrupted(.init(codingPath: log.codingPath, debugDescription: "log entry \(index + 1): \(error)"))
        }
        if let last = rounds.keys.max(), last > game.round {
            throw DecodingError.dataCorruptedError(forKey: .rounds, in: container,
                                                   debugDescription: "round \(last) is kept, but the log reaches round \(game.round)")
        }
        if let index = shows.keys.max(), index >= game.log.count {
            throw DecodingError.dataCorruptedError(forKey: .shows, in: container,
                                                   debugDescription: "a count from the cards at entry \(index), past the log")
        }
        for (round, kept) in rounds where kept.play != nil {
            guard let play = game.plays[round] else { continue }
            game.plays[round] = try Self.link(play, kept.links, in: game, strictly: true, container)
        }
        // Version 2's current round: its starter told again, its play kept when it is this round's.
        if let text = try container.decodeIfPresent(String.self, forKey: .starter) {
            do { try game.restoreStarter(Card(parsing: text)) } catch {
                throw DecodingError.dataCorruptedError(forKey: .starter, in: container,
                                                       debugDescription: "the starter '\(text.prefix(8))': \(error)")
            }
        }
        if container.contains(.play) {
            let (play, links) = try Self.decodePlay(container.nestedContainer(keyedBy: PlayKeys.self, forKey: .play),
                                                   players: seating.players)
            // Another program may have moved the game on or taken entries back since: a play of
            // an earlier round is over, and an entry that is no longer its step's is not linked.
            if play.round == game.round { game.roundPlay = try Self.link(play, links, in: game, strictly: false, container) }
        }
        self = game
    }

    /// `rounds`: each round's starter told and play laid, bounded and parsed; the rules check
    /// them in the replay.
    private static func decodeRounds(_ container: KeyedDecodingContainer<Keys>, players: Int) throws -> [Int: KeptRound] {
        guard container.contains(.rounds) else { return [:] }
        var list = try container.nestedUnkeyedContainer(forKey: .rounds)
        var rounds: [Int: KeptRound] = [:]
        while !list.isAtEnd {
            guard rounds.count < Game.maximumEntries else {
                throw DecodingError.dataCorruptedError(in: list, debugDescription: "more than \(Game.maximumEntries) rounds")
            }
            let keyed = try list.nestedContainer(keyedBy: RoundKeys.self)
            let round = try keyed.decodeBounded(forKey: .round, in: 1...Game.maximumEntries)
            guard rounds[round] == nil else {
                throw DecodingError.dataCorruptedError(forKey: .round, in: keyed, debugDescription: "round \(round) is kept twice")
            }
            var kept = KeptRound()
            if let text = try keyed.decodeIfPresent(String.self, forKey: .starter) {
                guard let card = try? Card(parsing: text) else {
                    throw DecodingError.dataCorruptedError(forKey: .starter, in: keyed,
                                                           debugDescription: "the starter '\(text.prefix(8))' is not a card")
                }
                kept.starter = card
            }
            if keyed.contains(.play) {
                let (play, links) = try decodePlay(keyed.nestedContainer(keyedBy: PlayKeys.self, forKey: .play), players: players)
                guard play.round == round else {
                    throw DecodingError.dataCorruptedError(forKey: .play, in: keyed,
                                                           debugDescription: "the play of round \(play.round) kept with round \(round)")
                }
                (kept.play, kept.links) = (play, links)
            }
            rounds[round] = kept
        }
        return rounds
    }

    /// `shows`: the counts the board made from the cards, by log index.
    private static func decodeShows(_ container: KeyedDecodingContainer<Keys>) throws -> [Int: ShownCount] {
        guard container.contains(.shows) else { return [:] }
        var list = try container.nestedUnkeyedContainer(forKey: .shows)
        var shows: [Int: ShownCount] = [:]
        while !list.isAtEnd {
            guard shows.count < Game.maximumEntries else {
                throw DecodingError.dataCorruptedError(in: list, debugDescription: "more than \(Game.maximumEntries) counts")
            }
            let keyed = try list.nestedContainer(keyedBy: ShowKeys.self)
            let entry = try keyed.decodeBounded(forKey: .entry, in: 0...(Game.maximumEntries - 1))
            let flush = try keyed.decodeBounded(forKey: .flush, in: 0...5)
            guard shows[entry] == nil, [0, 4, 5].contains(flush) else {
                throw DecodingError.dataCorruptedError(forKey: .entry, in: keyed,
                                                       debugDescription: "entry \(entry): kept twice, or a flush of \(flush)")
            }
            var ranks: [Rank] = []
            if let texts = try keyed.decodeIfPresent([String].self, forKey: .crib) {
                guard texts.count == 4 else {
                    throw DecodingError.dataCorruptedError(forKey: .crib, in: keyed, debugDescription: "a crib of \(texts.count) ranks")
                }
                for text in texts {
                    guard let rank = Rank(notation: Substring(text)) else {
                        throw DecodingError.dataCorruptedError(forKey: .crib, in: keyed,
                                                               debugDescription: "'\(text.prefix(8))' is not a rank")
                    }
                    ranks.append(rank)
                }
            }
            shows[entry] = ShownCount(suits: ShowHand.Suits(flush: flush, nobs: try keyed.decode(Bool.self, forKey: .nobs)),
                                      cribRanks: ranks)
        }
        return shows
    }

    /// A play as kept, parsed: tokens that are cards or goes, at most a play's worth; its links
    /// as read. The rules check the tokens where the play is restored.
    private static func decodePlay(_ container: KeyedDecodingContainer<PlayKeys>, players: Int) throws -> (RoundPlay, [[Int]]) {
        let round = try container.decodeBounded(forKey: .round, in: 1...Game.maximumEntries)
        let texts = try container.decode([String].self, forKey: .tokens)
        func corrupt(_ why: String) -> DecodingError {
            .dataCorruptedError(forKey: .tokens, in: container, debugDescription: "the play of round \(round): \(why)")
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
        guard play.play(players: players) != nil else { throw corrupt("the rules refuse its cards") }
        return (play, pairs)
    }

    /// The play with each step linked to the entry it made: a play entry of its round in the
    /// log. Strictly, any other link is corrupt; otherwise it is left unlinked.
    private static func link(_ play: RoundPlay, _ pairs: [[Int]], in game: Game, strictly: Bool,
                             _ container: KeyedDecodingContainer<Keys>) throws -> RoundPlay {
        var linked = play
        linked.entries = [:]
        for pair in pairs {
            let fits = play.tokens.indices.contains(pair[0]) && game.log.indices.contains(pair[1])
            if fits, game.log[pair[1]].round == play.round, case .play = game.log[pair[1]].score {
                linked.entries[pair[0]] = pair[1]
            } else if strictly {
                throw DecodingError.dataCorruptedError(forKey: .rounds, in: container,
                                                       debugDescription: "the play of round \(play.round) links step \(pair[0]) to entry \(pair[1]), not its peg")
            }
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
        let kept = Set(starters.keys).union(plays.keys).sorted()
        if !kept.isEmpty {
            var list = container.nestedUnkeyedContainer(forKey: .rounds)
            for round in kept {
                var keyed = list.nestedContainer(keyedBy: RoundKeys.self)
                try keyed.encode(round, forKey: .round)
                if let starter = starters[round] { try keyed.encode(starter.description, forKey: .starter) }
                if let play = plays[round] {
                    var nested = keyed.nestedContainer(keyedBy: PlayKeys.self, forKey: .play)
                    try nested.encode(play.round, forKey: .round)
                    try nested.encode(play.tokens.map(\.description), forKey: .tokens)
                    try nested.encode(play.entries.sorted { $0.key < $1.key }.map { [$0.key, $0.value] }, forKey: .entries)
                    if !play.unsuited.isEmpty { try nested.encode(play.unsuited.sorted(), forKey: .unsuited) }
                }
            }
        }
        if !shows.isEmpty {
            var list = container.nestedUnkeyedContainer(forKey: .shows)
            for (entry, shown) in shows.sorted(by: { $0.key < $1.key }) {
                var keyed = list.nestedContainer(keyedBy: ShowKeys.self)
                try keyed.encode(entry, forKey: .entry)
                try keyed.encode(shown.suits.flush, forKey: .flush)
                try keyed.encode(shown.suits.nobs, forKey: .nobs)
                if !shown.cribRanks.isEmpty { try keyed.encode(shown.cribRanks.map(\.notation), forKey: .crib) }
            }
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
