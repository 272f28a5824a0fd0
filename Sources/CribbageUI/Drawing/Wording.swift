import Canvas
import CribbageCore

/// The words for the values the state holds: notices, typed-entry errors, notes. Each is
/// worded once, in the glyphs at hand, so the ASCII fallback needs no rewriting afterwards.
enum Wording {
    static func text(_ notice: Notice, glyphs: Glyphs) -> String {
        switch notice {
        case .handIsFull(let card):
            "Five cards are chosen: deselect one before choosing \(CardText.text(card, glyphs: glyphs))"
        case .breakdownNeedsFiveCards:
            "Choose five cards first: the cut and four hand cards"
        case .thrownToCrib(let card):
            "\(CardText.text(card, glyphs: glyphs)) was thrown to the crib: it is out of the deck (\(KeyMap.key(for: .newHandRequested)) for a new hand)"
        case .nothingToUndo:
            "Nothing to undo"
        case .keyDoesNothing(let key, let scene):
            "\(KeyLabel.text(key, glyphs: glyphs)) does nothing in \(scene.title) (\(KeyMap.key(for: .helpToggled, in: [.global])) lists the keys)"
        case .gameUnavailable(let reason):
            "No game: \(text(reason))"
        case .quitLosesTheGame(let key):
            "The game's last change is not saved: \(key) again quits without it"
        case .scene(let notice):
            notice.text(glyphs)
        }
    }

    /// "five", "jack".
    static func name(_ rank: Rank) -> String {
        switch rank {
        case .ace: "ace"
        case .jack: "jack"
        case .queen: "queen"
        case .king: "king"
        default: NumberWords.spelled(rank.order)
        }
    }

    /// "A" or "An", for a rank's name.
    static func article(_ rank: Rank) -> String { rank == .ace || rank == .eight ? "An" : "A" }

    static func text(_ error: EntryError, glyphs: Glyphs) -> String {
        switch error {
        case .empty(let target): target.example
        case .tooMany(let token, let target): "Too many cards at '\(token)': \(target.limit)"
        case .invalid(let error): error.description
        case .oneCutAfterSlash: "Type one cut after the slash: 5h 5c 5s jd / 5d"
        case .thrown(let card): "\(CardText.text(card, glyphs: glyphs)) was thrown to the crib: it cannot be the cut"
        }
    }

    static func hisHeels(_ cut: Card, glyphs: Glyphs) -> String {
        "His heels: the cut \(CardText.text(cut, glyphs: glyphs)) pegs 2 for the dealer, not part of the hand"
    }

    /// Why the board's game could not be had or saved.
    static func text(_ failure: GameKeepingFailure) -> String {
        switch failure {
        case .noKeeper: "this run keeps no game: start `twentynine game`"
        case .nothingRead: "no game was read to save over"
        case .changedElsewhere(let path):
            "another twentynine changed \(path) since the board read it; quit and open the board again to go on from the file"
        case .store(let reason), .refused(let reason): reason
        }
    }

    /// "Hand rules" or "Crib rules", as the header shows them.
    static func label(_ rules: Rules) -> String { rules == .hand ? "Hand rules" : "Crib rules" }
}

extension Wording {
    /// Beside the count: where it stands among all hands, with names for the ends: nothing
    /// counts "nineteen", and 29 is the best hand there is.
    static func standing(of total: Int, rules: Rules) -> String {
        switch total {
        case 29: "the best hand there is"
        case 0: "nineteen, as players say: \(Standings.distribution(for: rules).standing(of: 0))"
        default: Standings.distribution(for: rules).standing(of: total)
        }
    }

    /// Why the crib counts less than a hand would: only a five-card flush counts in the crib.
    static func cribNote(hand: Int, crib: Int, glyphs: Glyphs) -> String {
        let arrow = glyphs.unicode ? "→" : "->"
        return "Crib rules: only a five-card flush counts in the crib (\(hand) \(arrow) \(crib))"
    }

    /// How a practice question ended.
    static func ending(_ ending: Practice.Ending, streak: Int) -> String {
        switch ending {
        case .graded(let grade): grade.isRight ? "\(grade.message). Streak: \(streak)" : grade.message
        case .revealed(let count): "The breakdown gave it away: the count is \(count), no point this time"
        case .shownBefore(let count): "Practice starts with the next hand: this one's count, \(count), was shown"
        }
    }

    /// The session's score: "3 of 4 right this session · streak 2".
    static func score(_ practice: Practice, glyphs: Glyphs) -> String {
        "\(practice.right) of \(practice.asked) right this session \(glyphs.separator) streak \(practice.streak)"
    }

    /// The points by HandRank on one line: "Fifteens 16 · Pairs 12 · Runs 0 · Flush 0 · Nobs 1".
    static func summary(_ breakdown: Breakdown, glyphs: Glyphs) -> String {
        breakdown.categories.map { "\($0.rank.title) \($0.points)" }.joined(separator: " \(glyphs.separator) ")
    }
}

extension Wording {
    /// "Player 1", counting from the player who leads.
    static func player(_ index: Int) -> String { "Player \(index + 1)" }

    /// A count's points by category, the empty ones left out: "fifteens 8, pairs 2, runs 6".
    static func categories(_ breakdown: Breakdown) -> String {
        let parts = breakdown.categories.filter { $0.points > 0 }.map { "\($0.rank.title.lowercased()) \($0.points)" }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }

    /// Every combination of a count by rank (suits may be stand-ins): "fifteens 4: 5+J 5+K;
    /// pairs 2: 5 5".
    static func combinations(_ breakdown: Breakdown) -> String {
        let parts = breakdown.categories.filter { $0.points > 0 }.map { category in
            let separator = category.rank == .fifteens ? "+" : " "
            let each = category.combinations.map { $0.cards.map(\.rank.notation).joined(separator: separator) }
            return "\(category.rank.title.lowercased()) \(category.points): " + each.joined(separator: ", ")
        }
        return parts.isEmpty ? "nothing" : parts.joined(separator: "; ")
    }

    /// A combination of a count with its cards, said as the play says a score: "fifteen for two
    /// (7♥ 8♣)", "a pair for two (4♥ 4♣)", "a run of three for three (3♠ 4♥ 5♦)", "a flush for
    /// four (…)", "his nobs for one (J♠ 4♠)" (the jack and the starter).
    static func combination(_ rank: HandRank, cards: [Card], points: Int, glyphs: Glyphs) -> String {
        let words = switch rank {
        case .fifteens: "fifteen for two"
        case .pairs: "a pair for two"
        case .runs: "a run of \(NumberWords.spelled(cards.count)) for \(NumberWords.spelled(points))"
        case .flush: "a flush for \(NumberWords.spelled(points))"
        case .nobs: "his nobs for one"
        }
        return words + " (" + CardText.list(cards, glyphs: glyphs) + ")"
    }

    /// Each HandRank of a count that scores, with its combinations and their cards, a line each:
    /// "Fifteens 4: 7♥ 8♣ · 5♦ J♠".
    static func combinationLines(_ breakdown: Breakdown, glyphs: Glyphs) -> [String] {
        breakdown.categories.filter { $0.points > 0 }.map { category in
            "\(category.rank.title) \(category.points): "
                // Each combination's cards in the table's order (the starter among them, not last);
                // his nobs as said, the jack then the starter.
                + category.combinations.map { CardText.list(category.rank == .nobs ? $0.cards : $0.cards.sorted(), glyphs: glyphs) }
                    .joined(separator: " \(glyphs.separator) ")
        }
    }

    /// A score of the play as a player calls it when pegging: "fifteen for two", "a pair for two",
    /// "a run of three for three", "one for the go".
    static func call(_ score: PlayScore) -> String {
        switch score {
        case .fifteen: "fifteen for two"
        case .thirtyOne: "thirty-one for two"
        case .pair: "a pair for two"
        case .pairRoyal: "a pair royal for six"
        case .doublePairRoyal: "a double pair royal for twelve"
        case .run(let length): "a run of \(NumberWords.spelled(length)) for \(NumberWords.spelled(length))"
        case .go: "one for the go"
        case .lastCard: "one for last"
        }
    }
}

/// The exact score distributions, computed once when the counter starts.
enum Standings {
    static let hand = ScoreDistribution.exact(rules: .hand)
    static let crib = ScoreDistribution.exact(rules: .crib)

    static func distribution(for rules: Rules) -> ScoreDistribution {
        rules == .hand ? hand : crib
    }
}
