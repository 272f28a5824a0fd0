/// The engine's fingerprint, as Stockfish's `bench` signature is: a hash of the decisions (and the
/// best option's figure, to a ten-thousandth) made on a fixed set of seeded positions. Any change to
/// what the engine decides changes it; it goes in the commit that changes the engine and in the
/// header of every table the engine made (`TableProvenance`), where a test compares it.
///
/// `engine` reads no table the engine made: the search's cards at no score (both players' views),
/// the keeps by hand ± crib against each crib model, the keeps' open-handed pegging value. So a
/// table made by the engine can record it without recording itself. `players` adds every level of
/// the table as it plays, near the end too, where the shipped tables count.
public enum Fingerprint {
    /// The positions: seeded deals, each with a six to keep for each role and the play laid to a
    /// point where a card is to be chosen.
    static let positions: [(six: [Card], cut: Card, other: [Card], laid: Int)] = {
        var random = SplitMix64(seed: 0x2029_B3AC)
        return (0..<32).map { _ in
            let cards = random.deal(13)
            return (Array(cards[0..<6]), cards[12], Array(cards[6..<12]), random.below(5))
        }
    }()

    /// The fingerprint of what the engine decides with no engine-made table: 16 hexadecimal digits,
    /// worked out once a process (a kept review records it).
    public static let engine: String = {
        var hash = Digest()
        for (index, position) in positions.enumerated() {
            for (crib, keep) in [(CribModel.solved, KeepPolicy.handAndCrib), (.random, .handAndCrib)] {
                let role: Role = index % 2 == 0 ? .dealer : .pone
                let policy = Policy(crib: crib, keep: keep, lay: .search)
                let analysis = analyse(.keep(six: position.six, role: role, score: nil), by: policy, limit: .move)
                hash.add(analysis.best, figure: analysis.best.value.net)
            }
            if let view = view(position, index: index) {
                let analysis = analyse(.lay(view, score: nil), by: Policy(crib: .solved, keep: .handAndCrib, lay: .search), limit: .move)
                hash.add(analysis.best, figure: analysis.best.value.net)
            }
            if index < 8 {
                let keep = position.six.prefix(4).map(\.rank.rawValue).sorted()
                let value = KeepPegging.value(of: keep, dealer: index % 2 == 0)
                hash.add(text: "\(rounded(value.mine)) \(rounded(value.theirs))")
            }
        }
        return hash.hex
    }()

    /// The fingerprint of every level as the table plays it, at no score and near the end: it counts
    /// the shipped tables too (the keep's pegging, the win tables).
    public static var players: String {
        var hash = Digest()
        hash.add(text: engine)
        for level in ComputerLevel.allCases {
            for (index, position) in positions.prefix(16).enumerated() {
                let role: Role = index % 2 == 0 ? .dealer : .pone
                let score: GameScore? = index % 4 < 2 ? nil : GameScore(mine: 96 + index, theirs: 100 + index % 7, target: 121)
                let keep = analyse(.keep(six: position.six, role: role, score: score), by: level.policy, limit: .move)
                hash.add(keep.best, figure: keep.rankingFigure(of: keep.best))
                if let view = view(position, index: index) {
                    let lay = analyse(.lay(view, score: score), by: level.policy, limit: .move)
                    hash.add(lay.best, figure: lay.rankingFigure(of: lay.best))
                }
            }
        }
        return hash.hex
    }

    /// The fingerprint of the computer with three players and two teams: every level's throw of
    /// seeded fives to its side's crib and another's (the group crib tables count), and the expert's
    /// every card in seeded first deals (its sampled search).
    public static var groups: String {
        var hash = Digest()
        var random = SplitMix64(seed: 0x2029_3434)
        let fives = (0..<16).map { _ in random.deal(5) }
        for players in [3, 4] {
            for level in ComputerLevel.allCases {
                let computer = ComputerPlayer(level: level, limit: .move)
                for (index, five) in fives.enumerated() {
                    var unused = SplitMix64(seed: 0)
                    let card = computer.throwOne(five, players: players, ownCrib: index % 2 == 0, score: nil, random: &unused)
                    hash.add(text: "\(players) \(level.rawValue) \(card.ascii)")
                }
            }
            for game in 1...2 {
                let setup = Match.Setup(seed: 0x2029, game: game, dealer: game % players, seating: Game.Seating(players: players)!)
                let expert = ComputerPlayer(level: .expert, limit: .move)
                let match = Match.play(setup, players: Array(repeating: expert, count: players), until: \.isPastFirstDeal)
                hash.add(text: match.deal!.play.steps.map { "\($0.player) \($0.token.description)" }.joined(separator: ","))
            }
        }
        return hash.hex
    }

    /// A view of the position's play: the first four of the six kept, the other side's cards laid in
    /// turn (the lowest that fits) until `laid` cards are down, then the player's turn; nil where the
    /// player has no card to choose.
    static func view(_ position: (six: [Card], cut: Card, other: [Card], laid: Int), index: Int) -> PeggingView? {
        let seat = index % 2
        let hands = seat == 0 ? [Array(position.six.prefix(4)), Array(position.other.prefix(4))]
                              : [Array(position.other.prefix(4)), Array(position.six.prefix(4))]
        var play = Play(players: 2)
        while play.steps.count < position.laid || play.turn != seat, let turn = play.turn {
            let held = hands[turn].filter { !play.laid[turn].contains($0) && play.count + $0.rank.value <= 31 }
            _ = try! play.apply(held.min { $0.rank < $1.rank }.map { .card($0) } ?? .go)
        }
        guard play.turn == seat else { return nil }
        let view = try! PeggingView(hand: hands[seat], discards: Array(position.six.suffix(2)), cut: position.cut, seat: seat, play: play)
        return view.legalCards.isEmpty ? nil : view
    }

    static func rounded(_ value: Double) -> Int { Int((value * 10_000).rounded()) }

}

extension Digest {
    /// Adds an option's choice and its figure, to a ten-thousandth.
    mutating func add(_ option: Analysis.Option, figure: Double) {
        let choice = switch option.choice {
        case .keep(let keep): keep.discard.map(\.ascii).sorted().joined(separator: " ")
        case .lay(let token): token.description
        case .count(let points): String(points)
        }
        add(text: "\(choice) \(Fingerprint.rounded(figure))")
    }
}
