/// What a drill practises, tagged from its analysis.
public enum DrillTheme: String, Hashable, Sendable, CaseIterable, Codable {
    /// The dealer's throw, where the crib's points decide it.
    case ownCrib = "own-crib"
    /// The pone's throw, where keeping the dealer's crib poor decides it.
    case balkCrib = "balk-crib"
    /// A throw where the keep's pegging changes the best keep.
    case peggingCards = "pegging-cards"
    /// A throw where the hand's own points decide it.
    case hand
    /// Near the end, ahead: keeping the opponent from getting there.
    case defence
    /// Near the end, behind: going for the points needed.
    case offence
    case lead
    /// A card that could pair, or the choice not to.
    case pairing
    /// A count to 31, or playing on for the go.
    case thirtyOneAndGo = "31-and-go"
    case pegOut = "peg-out"
    case counting

    /// The theme named on the command line, or nil.
    public init?(name: String) { self.init(rawValue: name.lowercased()) }

    /// The theme in a few words, as the drills show it.
    public var words: String {
        switch self {
        case .ownCrib: "throwing to your own crib"
        case .balkCrib: "balking the dealer's crib"
        case .peggingCards: "keeping cards to peg with"
        case .hand: "the hand's own points"
        case .defence: "defence near the end"
        case .offence: "offence near the end"
        case .lead: "the lead"
        case .pairing: "pairing, or not"
        case .thirtyOneAndGo: "31 and the go"
        case .pegOut: "pegging out"
        case .counting: "counting hands and cribs"
        }
    }
}

extension Drill.Kind {
    /// What is decided, in a few words.
    public var title: String {
        switch self {
        case .throwDealer: "Throw to your crib"
        case .throwPone: "Throw to the dealer's crib"
        case .lead: "Lead"
        case .reply: "Reply to the lead"
        case .goOr31: "Play on: 31 or the go"
        case .pegOut: "Peg out"
        case .count: "Count"
        }
    }
}

/// A drill's decision as text, one line: what makes its id, and what its file keeps.
enum DrillText {
    static func cards(_ cards: [Card]) -> String { cards.map(\.description).joined(separator: " ") }

    static func score(_ score: GameScore?) -> String {
        score.map { " at \($0.mine)-\($0.theirs) of \($0.target)" } ?? ""
    }

    static func canonical(_ decision: Decision) -> String {
        switch decision {
        case .keep(let six, let role, let score):
            "keep \(cards(six)) as \(role.rawValue)\(self.score(score))"
        case .lay(let view, let score):
            "lay \(cards(view.hand)) thrown \(cards(view.discards)) cut \(view.cut) seat \(view.seat) play "
                + view.play.steps.map(\.token.description).joined(separator: " ") + self.score(score)
        case .count(let hand, let rules, let role, let score):
            "count \(cards(hand.cards)) cut \(hand.cut) \(rules.rawValue) as \(role.rawValue)\(self.score(score))"
        }
    }
}

/// A drill as its file keeps it: the decision's cards as text, checked again when read (a play
/// the rules refuse, cards twice, a score out of bounds do not decode).
extension Drill: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, kind, origin, source, gap, themes, cards, thrown, cut, seat, play, role, rules, score
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func cards(_ key: CodingKeys) throws -> [Card] {
            let tokens = try container.decode([String].self, forKey: key)
            guard tokens.count <= 6 else { throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "more than 6 cards") }
            return try tokens.map { token in
                do { return try Card(parsing: token) } catch {
                    throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(error)")
                }
            }
        }
        func bad(_ key: CodingKeys, _ why: String) -> DecodingError {
            DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: why)
        }
        guard let kind = Kind(rawValue: try container.decode(String.self, forKey: .kind)) else { throw bad(.kind, "no such kind") }
        guard let origin = Origin(rawValue: try container.decode(String.self, forKey: .origin)) else { throw bad(.origin, "no such origin") }
        let source = try container.decodeIfPresent(String.self, forKey: .source)
        guard (source?.count ?? 0) <= 300 else { throw bad(.source, "a source of more than 300 characters") }
        let gap = try container.decode(Double.self, forKey: .gap)
        guard gap.isFinite, (0...100).contains(gap) else { throw bad(.gap, "a gap out of bounds") }
        // A theme this version does not know (a newer one wrote it) is kept and shown as unknown.
        let named = try container.decode([Recorded<DrillTheme>].self, forKey: .themes)
        guard named.count <= 16, named.allSatisfy({ $0.raw.utf8.count <= 40 }) else { throw bad(.themes, "more than 16 themes, or a name of more than 40 bytes") }
        let themes = named.compactMap(\.known)
        var score: GameScore?
        if let numbers = try container.decodeIfPresent([Int].self, forKey: .score) {
            guard numbers.count == 3, Game.Target(rawValue: numbers[2]) != nil,
                  numbers[0..<2].allSatisfy({ (0..<numbers[2]).contains($0) }) else { throw bad(.score, "a score out of bounds") }
            score = GameScore(mine: numbers[0], theirs: numbers[1], target: numbers[2])
        }
        let held = try cards(.cards)
        let decision: Decision
        switch kind {
        case .throwDealer, .throwPone:
            guard held.count == 6, Card.firstRepeat(in: held) == nil else { throw bad(.cards, "a throw is from six distinct cards") }
            decision = .keep(six: held, role: kind == .throwDealer ? .dealer : .pone, score: score)
        case .lead, .reply, .goOr31, .pegOut:
            let cut = try cards(.cut)
            let tokens = try container.decode([String].self, forKey: .play)
            let seat = try container.decode(Int.self, forKey: .seat)
            guard cut.count == 1, tokens.count <= 16 else { throw bad(.play, "a play of more than 16 steps, or no cut") }
            var play = Play(players: 2)
            do {
                for token in tokens { _ = try play.apply(try PlayToken(parsing: token)) }
                let view = try PeggingView(hand: held, discards: try cards(.thrown), cut: cut[0], seat: seat, play: play)
                guard view.play.turn == seat, view.legalCards.count > 0 else { throw bad(.play, "not the player's card to lay") }
                decision = .lay(view, score: score)
            } catch let error as DecodingError {
                throw error
            } catch {
                throw bad(.play, "\(error)")
            }
        case .count:
            let cut = try cards(.cut)
            guard held.count == 4, cut.count == 1, let hand = try? Hand(held, cut: cut[0]),
                  let rules = Rules(rawValue: try container.decode(String.self, forKey: .rules)),
                  let role = Role(rawValue: try container.decode(String.self, forKey: .role)) else {
                throw bad(.cards, "a count is of four distinct cards and a cut, its rules and role")
            }
            decision = .count(hand, rules: rules, role: role, score: score)
        }
        self.init(kind: kind, decision: decision, themes: themes, origin: origin, source: source, gap: gap)
        unknownThemes = named.filter { $0.known == nil }
        guard try container.decode(String.self, forKey: .id) == id else { throw bad(.id, "the id is not the position's") }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind.rawValue, forKey: .kind)
        try container.encode(origin.rawValue, forKey: .origin)
        try container.encodeIfPresent(source, forKey: .source)
        try container.encode((gap * 1000).rounded() / 1000, forKey: .gap)
        try container.encode(themes.map(Recorded.known) + unknownThemes, forKey: .themes)
        if let score = decision.score { try container.encode([score.mine, score.theirs, score.target], forKey: .score) }
        switch decision {
        case .keep(let six, _, _):
            try container.encode(six.map(\.description), forKey: .cards)
        case .lay(let view, _):
            try container.encode(view.hand.map(\.description), forKey: .cards)
            try container.encode(view.discards.map(\.description), forKey: .thrown)
            try container.encode([view.cut.description], forKey: .cut)
            try container.encode(view.seat, forKey: .seat)
            try container.encode(view.play.steps.map(\.token.description), forKey: .play)
        case .count(let hand, let rules, let role, _):
            try container.encode(hand.cards.map(\.description), forKey: .cards)
            try container.encode([hand.cut.description], forKey: .cut)
            try container.encode(rules.rawValue, forKey: .rules)
            try container.encode(role.rawValue, forKey: .role)
        }
    }
}
