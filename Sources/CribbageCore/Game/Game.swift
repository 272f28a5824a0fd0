/// A game of cribbage kept as a log: every score with who, how many, what for, the round and
/// the totals after it. Everything else (the round, whose deal, the phase, the pegs, the result)
/// follows from the log, so undo is taking back its last entry.
///
///     var game = try Game(seating: .twoPlayers, dealer: 0)
///     try game.heels()                                          // a jack cut: 2 to the dealer
///     try game.peg(player: 1, points: 2, reasons: [.fifteen])
///     try game.count(points: 8)                                 // the pone's hand, then the dealer's
public struct Game: Hashable, Sendable {
    public let seating: Seating
    public let target: Target
    public let matchPoints: MatchPoints
    /// One name per seat, in order to the left.
    public let names: [String]
    /// The seat that dealt the first round; the deal passes to the left each round.
    public let firstDealer: Int
    public private(set) var log: [Entry] = []
    /// What the board knew of each round besides its scores, this round's and the earlier
    /// ones', so that an undo back into a round finds them again and a review can read them:
    /// the starter told (`tellStarter`), by round.
    var starters: [Int: Card] = [:]
    /// The play laid card by card on the board, by round: this round's is `roundPlay`.
    var plays: [Int: RoundPlay] = [:]
    /// The show's counts the board made from the cards (`count(fromTheCards:cribRanks:)`), by
    /// the index of their entry in the log.
    var shows: [Int: ShownCount] = [:]
    var progress: Progress

    /// What the log adds up to so far.
    struct Progress: Hashable, Sendable {
        var round = 1
        var totals: [Int]
        var backs: [Int]
        var stage = Stage.cut
        var heelsScored = false
        /// The round's cut, once a counted hand has shown it.
        var cut: Card?
        var result: Result?
    }

    enum Stage: Hashable, Sendable {
        case cut, play
        /// The show, with this many counts made: hands in order, then the crib.
        case show(Int)
    }

    public init(seating: Seating = .twoPlayers, target: Target = .long, dealer: Int = 0, names: [String]? = nil,
                matchPoints: MatchPoints = .standard) throws(GameError) {
        guard (0..<seating.players).contains(dealer) else { throw .noSuchPlayer(dealer, players: seating.players) }
        let names = names ?? (1...seating.players).map { "Player \($0)" }
        guard names.count == seating.players else { throw .wrongNumberOfNames(names.count, players: seating.players) }
        for name in names { try Self.checkName(name) }
        self.seating = seating
        self.target = target
        self.matchPoints = matchPoints
        self.names = names
        self.firstDealer = dealer
        progress = Progress(totals: Array(repeating: 0, count: seating.sides),
                            backs: Array(repeating: 0, count: seating.sides))
    }

    // MARK: Where the game is

    /// The current round, from 1.
    public var round: Int { progress.round }

    /// Who deals this round.
    public var dealer: Int { (firstDealer + progress.round - 1) % seating.players }

    /// Every side's score.
    public var totals: [Int] { progress.totals }

    /// Every side's front and back peg.
    public var pegs: [Pegs] { zip(progress.totals, progress.backs).map { Pegs(front: $0, back: $1) } }

    public var result: Result? { progress.result }

    public var isOver: Bool { progress.result != nil }

    /// The round's starter, once told (`tellStarter`) or shown by a hand counted from its cards.
    public var roundCut: Card? { progress.cut ?? starters[progress.round] }

    /// The starter told for this round, not only shown by a counted hand: what the file keeps.
    public var toldCut: Card? { starters[progress.round] }

    /// The round's play as laid card by card on the board, kept with the game so that quitting
    /// in the middle of it loses nothing, and kept when the round ends; nil when none was laid.
    /// A play of another round than this one is not kept.
    public var roundPlay: RoundPlay? {
        get { plays[progress.round] }
        set { plays[progress.round] = newValue?.round == progress.round ? newValue : nil }
    }

    /// The starter told for a round, this one or an earlier one.
    public func starter(ofRound round: Int) -> Card? { starters[round] }

    /// The play laid on the board in a round, this one (in progress) or an earlier one.
    public func play(ofRound round: Int) -> RoundPlay? { plays[round] }

    /// How the board counted the log's entry at `index` from the cards, when it did.
    public func shown(atEntry index: Int) -> ShownCount? { shows[index] }

    public var phase: Phase {
        if let result = progress.result { return .over(result) }
        switch progress.stage {
        case .cut: return progress.heelsScored ? .play : .cut
        case .play: return .play
        case .show(let made): return .show(count(at: made))
        }
    }

    /// The count the show takes next, whether or not the play is still going on; nil once the
    /// game is over. This is where a hand counted on the counter goes.
    public var nextCount: Count? {
        guard progress.result == nil else { return nil }
        if case .show(let made) = progress.stage { return count(at: made) }
        return count(at: 0)
    }

    /// The show's order this round: the players left of the dealer in turn, then the dealer
    /// (whose crib follows).
    public var showOrder: [Int] { (1...seating.players).map { (dealer + $0) % seating.players } }

    /// A side's name: the player's, or both partners' for a team.
    public func name(ofSide side: Int) -> String {
        seating.players(on: side).map { names[$0] }.joined(separator: " & ")
    }

    /// "Ann's hand", "Bob's crib".
    public func describe(_ count: Count) -> String {
        "\(names[count.player])'s \(count.rules == .crib ? "crib" : "hand")"
    }

    private func count(at made: Int) -> Count {
        made < seating.players ? Count(player: showOrder[made], rules: .hand) : Count(player: dealer, rules: .crib)
    }

    // MARK: Scoring

    /// His heels: the starter is a jack, 2 to the dealer, before anything else of the round.
    /// A starter told (or shown by a counted hand) must be a jack; one not told yet then must be.
    @discardableResult
    public mutating func heels() throws(GameError) -> Entry {
        try checkNotOver()
        guard !progress.heelsScored else { throw .heelsAlreadyScored }
        guard progress.stage == .cut else { throw .heelsTooLate }
        if let starter = roundCut, starter.rank != .jack { throw .heelsOnAStarterNotAJack(starter) }
        progress.heelsScored = true
        progress.stage = .play
        return try append(player: dealer, points: 2, score: .heels)
    }

    /// The round's starter, told before the show: a hand counted from its cards must have it as
    /// its cut. It may be told again (a slip) until a counted hand shows it; his heels, once
    /// scored, holds it to a jack.
    public mutating func tellStarter(_ card: Card) throws(GameError) {
        try checkNotOver()
        try restoreStarter(card)
    }

    /// The starter told as a saved game kept it: the same checks, the game over or not.
    mutating func restoreStarter(_ card: Card) throws(GameError) {
        if let cut = progress.cut, cut != card { throw .cutDiffers(card, earlier: cut) }
        if progress.heelsScored && card.rank != .jack { throw .heelsWithoutAJack(cut: card) }
        for earlier in countedThisRound where earlier.hand.cards.contains(card) {
            throw .cardInTwoPlaces(card, first: describe(earlier.count), second: "the cut")
        }
        let laid = laidThisRound
        if let seat = laid.cards.firstIndex(where: { $0.contains(card) }) {
            throw .cardInTwoPlaces(card, first: "the cards \(names[seat]) laid", second: "the cut")
        }
        if laidCount(of: card.rank) >= 4 { throw .fifthOfARank(card.rank) }
        starters[progress.round] = card
    }

    /// Points pegged for a card in the play, with their reasons (whose points must add up to
    /// them), or with none when the number was typed.
    @discardableResult
    public mutating func peg(player: Int, points: Int, reasons: [PlayScore] = []) throws(GameError) -> Entry {
        try checkNotOver()
        try checkPlayer(player)
        if case .show = progress.stage, let next = nextCount { throw .playIsOver(next: describe(next)) }
        guard Self.pegRange.contains(points) else { throw .pegOutOfRange(points) }
        if !reasons.isEmpty {
            for (index, first) in reasons.enumerated() {
                for second in reasons[(index + 1)...] where first.conflicts(with: second) {
                    throw .conflictingReasons(first.token, second.token)
                }
            }
            let sum = reasons.reduce(0) { $0 + $1.points }
            guard sum == points else { throw .reasonsDoNotAdd(points: points, reasons: sum) }
        }
        progress.stage = .play
        return try append(player: player, points: points, score: .play(reasons))
    }

    /// The next count of the show (see `nextCount`) as a typed number.
    @discardableResult
    public mutating func count(points: Int) throws(GameError) -> Entry {
        try count(points: points, cards: nil)
    }

    /// The next count of the show from its cards: the hand is counted here, under crib rules
    /// when it is the crib.
    @discardableResult
    public mutating func count(_ hand: Hand) throws(GameError) -> Entry {
        try checkNotOver()
        guard let next = nextCount else { fatalError("a game not over has a next count") }
        if let cut = roundCut, cut != hand.cut { throw .cutDiffers(hand.cut, earlier: cut) }
        if progress.heelsScored && hand.cut.rank != .jack { throw .heelsWithoutAJack(cut: hand.cut) }
        let laid = laidThisRound
        try checkRoundCards(of: hand, laid: laid.cards, laidRanks: laid.ranks)
        return try count(points: hand.breakdown(rules: next.rules).total, cards: hand)
    }

    /// Points added to (or, negative, taken from) a player's side by hand, at any time.
    @discardableResult
    public mutating func correct(player: Int, points: Int) throws(GameError) -> Entry {
        try checkNotOver()
        try checkPlayer(player)
        guard points != 0 else { throw .zeroCorrection }
        let range = -target.points...target.points
        guard range.contains(points) else { throw .pointsOutOfRange(points, allowed: range, what: "a correction") }
        let total = progress.totals[seating.side(of: player)]
        guard total + points >= 0 else { throw .belowZero(total: total) }
        return try append(player: player, points: points, score: .correction)
    }

    /// Takes back the last entry, whatever it was: the game returns to where it was before it,
    /// in the previous round if that entry began the round or ended the last one. What the board
    /// knew of the rounds left (their starters, their plays) stays: undoing the crib finds the
    /// round's starter and play again, and a play in progress keeps its cards, losing only its
    /// link to the entry taken back.
    @discardableResult
    public mutating func undo() -> Entry? {
        guard let last = log.last else { return nil }
        // Every prefix of a valid log is valid: an entry is checked only against those before it,
        // and what the board knew of a round only against its round up to then.
        if let game = try? replaying(log.dropLast(), knowing: knowledge) {
            self = game
        } else {
            // What an older file kept without these checks: the log alone, the rest as it was.
            let (starters, plays, shows) = (starters, plays, shows)
            self = try! replaying(log.dropLast())
            self.starters = starters.filter { $0.key <= round }
            self.plays = plays.filter { $0.key <= round }
            self.shows = shows.filter { $0.key < log.count }
        }
        for (round, play) in plays { plays[round]?.entries = play.entries.filter { $0.value < log.count } }
        return last
    }

    /// This game with `entries` (another copy's new entries) scored again after its log,
    /// through the same rules; the entries this game makes of them may differ in their totals.
    public func appending(_ entries: some Sequence<Entry>) throws(GameError) -> Game {
        var game = self
        for entry in entries { try game.score(like: entry) }
        return game
    }

    /// A fresh game with the same set-up, with the entries scored again one by one.
    func replaying(_ entries: some Sequence<Entry>) throws(GameError) -> Game {
        var game = try Game(seating: seating, target: target, dealer: firstDealer, names: names,
                            matchPoints: matchPoints)
        for entry in entries { try game.score(like: entry) }
        return game
    }

    /// Scores what an entry says through the same checks, returning the entry this game makes.
    @discardableResult
    mutating func score(like entry: Entry) throws(GameError) -> Entry {
        switch entry.score {
        case .heels:
            return try heels()
        case .play(let reasons):
            return try peg(player: entry.player, points: entry.points, reasons: reasons)
        case .hand(let cards), .crib(let cards):
            if let cards { return try count(cards) }
            return try count(points: entry.points)
        case .correction:
            return try correct(player: entry.player, points: entry.points)
        }
    }

    // MARK: Rules

    /// The most entries a log may hold: a game to 121 takes a few hundred at most.
    public static let maximumEntries = 2_000

    /// The longest name a player may have, in characters (and four times as many Unicode
    /// scalars, so that a character cannot hide a long run of combining marks).
    public static let maximumNameLength = 32

    /// A name is refused when empty, too long, or holding a character a terminal would act on
    /// rather than show: control codes, line breaks, bidirectional overrides and other format
    /// characters (a joiner inside an emoji is fine), unassigned or private code points.
    public static func checkName(_ name: String, longest: Int = maximumNameLength) throws(GameError) {
        guard !name.allSatisfy(\.isWhitespace) else { throw .badName(name, why: "a name cannot be empty") }
        guard name.unicodeScalars.count <= 4 * longest, name.count <= longest else {
            throw .badName(name, why: "a name is at most \(longest) characters")
        }
        for character in name {
            for (index, scalar) in character.unicodeScalars.enumerated() {
                switch scalar.properties.generalCategory {
                case .format where index > 0 && scalar.value == 0x200D:
                    continue
                case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse, .surrogate:
                    throw .badName(name, why: "a name cannot hold control or format characters")
                default:
                    continue
                }
            }
        }
    }

    /// What one card in the play can peg: at most 15, a fifteen, a double pair royal and one
    /// for the last card (K Q J, go, go, then 7 2 2 2 2: the last 2 makes 15), or 14 for a double
    /// pair royal that makes 31; with any number of players.
    public static let pegRange = 1...15

    /// The scores a hand or crib can have, from the exact distribution (19 never occurs, nor 25,
    /// 26 or 27).
    private static let possibleCounts: [Rules: [Bool]] = Dictionary(uniqueKeysWithValues: Rules.allCases.map { rules in
        (rules, ScoreDistribution.exact(rules: rules).counts.map { $0 > 0 })
    })

    /// The next count of the show; `cut` is the starter it was made with, when it was made from
    /// the cards (a hand's own cut otherwise): told again, another starter is refused.
    mutating func count(points: Int, cards: Hand?, cut: Card? = nil) throws(GameError) -> Entry {
        try checkNotOver()
        guard let next = nextCount else { fatalError("a game not over has a next count") }
        let range = 0...ScoreDistribution.maximumScore
        guard range.contains(points) else {
            throw .pointsOutOfRange(points, allowed: range, what: describe(next))
        }
        guard Self.possibleCounts[next.rules]![points] else { throw .impossibleCount(points, rules: next.rules) }
        if let cut = cards?.cut ?? cut { progress.cut = cut }
        let made: Int
        if case .show(let before) = progress.stage { made = before + 1 } else { made = 1 }
        progress.stage = .show(made)
        let entry = try append(player: next.player, points: points, score: next.rules == .crib ? .crib(cards) : .hand(cards))
        if made > seating.players && progress.result == nil {
            progress.round += 1
            progress.stage = .cut
            progress.heelsScored = false
            progress.cut = nil
        }
        return entry
    }

    func checkNotOver() throws(GameError) {
        if let result = progress.result { throw .gameOver(winner: name(ofSide: result.winner)) }
    }

    private func checkPlayer(_ player: Int) throws(GameError) {
        guard (0..<seating.players).contains(player) else { throw .noSuchPlayer(player, players: seating.players) }
    }

    private mutating func append(player: Int, points: Int, score: Score) throws(GameError) -> Entry {
        guard log.count < Self.maximumEntries else { throw .logFull(Self.maximumEntries) }
        let side = seating.side(of: player)
        // The back peg leapfrogs to where the front was when the side moves on; a count of 0
        // moves neither, and a correction taking points off never leaves the back peg ahead.
        if points > 0 { progress.backs[side] = progress.totals[side] }
        progress.totals[side] += points
        progress.backs[side] = Swift.min(progress.backs[side], progress.totals[side])
        let entry = Entry(round: progress.round, player: player, side: side, points: points, score: score,
                          totals: progress.totals)
        log.append(entry)
        if progress.totals[side] >= target.points { progress.result = result(winner: side) }
        return entry
    }

    private func result(winner: Int) -> Result {
        let losers = (0..<seating.sides).filter { $0 != winner }.map { side in
            let total = progress.totals[side]
            let skunk: Skunk = total < target.doubleSkunkLine ? .doubleSkunk : total < target.skunkLine ? .skunk : .none
            return Result.Loser(side: side, total: total, skunk: skunk, matchPoints: matchPoints.points(for: skunk))
        }.sorted { ($0.total, $1.side) > ($1.total, $0.side) }
        return Result(winner: winner, winningTotal: progress.totals[winner], losers: losers,
                      margin: target.points - losers[0].total)
    }
}
