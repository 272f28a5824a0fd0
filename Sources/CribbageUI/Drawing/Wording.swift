import Canvas
import CribbageCore

/// The words for the values the state holds: notices, typed-entry errors, notes. Each is
/// worded once, in the glyphs at hand, so the ASCII fallback needs no rewriting afterwards.
enum Wording {
    static func text(_ notice: Notice, glyphs: Glyphs) -> String {
        switch notice {
        case .handIsFull(let card):
            "Five cards are chosen: deselect one before choosing \(CardText.text(card, glyphs: glyphs))"
        case .dealIsFull(let card):
            "Six cards are dealt: put one back (\(KeyMap.key(for: .discardAdvisor(.lastCardRemoved)))) before picking \(CardText.text(card, glyphs: glyphs))"
        case .noScoreToPlayTo:
            "No score to play to: open the advisor from a game, as dealer or pone, against an expert"
        case .breakdownNeedsFiveCards:
            "Choose five cards first: the cut and four hand cards"
        case .countNeeded:
            "Type your count (a number), then \(KeyMap.key(for: .handSelection(.answer(.submitted))))"
        case .thrownToCrib(let card):
            "\(CardText.text(card, glyphs: glyphs)) was thrown to the crib: it is out of the deck (\(KeyMap.key(for: .newHandRequested)) for a new hand)"
        case .alreadyTheCut(let card):
            "\(CardText.text(card, glyphs: glyphs)) is the cut already; \(KeyMap.key(for: .handSelection(.cursorCardMadeCut))) on a hand card makes that the cut"
        case .nothingToUndo:
            "Nothing to undo"
        case .keyDoesNothing(let key, let scene):
            "\(KeyLabel.text(key, glyphs: glyphs)) does nothing in \(scene.title) (\(KeyMap.key(for: .helpToggled, in: [.global])) lists the keys)"
        case .playRefused(let refusal):
            text(refusal, glyphs: glyphs)
        case .allFourLaid(let rank):
            "All four \(name(rank))s are laid"
        case .nothingToTakeBack:
            "Nothing to take back: no card is laid"
        case .playStartedAgain(let players):
            "A new play for \(players) players: the cards laid were taken back"
        case .playFollowsTheGame(let players):
            "The game has \(players) players: the play follows the game"
        case .takeBackRefused:
            "Not taken back: the board has later entries (\(KeyMap.key(for: .board(.undone))) on the board undoes them)"
        case .notPegged(let error):
            "Not pegged on the board: \(error.description)"
        case .notLaid(let error):
            "Not laid: \(error.description)"
        case .gameUnavailable(let reason):
            "No game: \(text(reason))"
        case .quitLosesTheGame(let key):
            "The game's last change is not saved: \(key) again quits without it"
        case .tableNotice(let notice):
            text(notice, glyphs: glyphs)
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

    static func text(_ error: TableError, glyphs: Glyphs) -> String {
        let card = { (card: Card) in CardText.text(card, glyphs: glyphs) }
        return switch error {
        case .notNow: "that cannot be done now"
        case .notYourMove: "it is not your move"
        case .throwTwo(let count): "throw two cards to the crib, not \(count)"
        case .notInHand(let one): "\(card(one)) is not in your hand"
        case .alreadyLaid(let one): "\(card(one)) is already laid"
        case .overThirtyOne(let one, let count): "\(card(one)) would take the count of \(count) past 31"
        case .notACount(let points): "no hand counts \(points): count again"
        case .overclaim(let points): "the cards do not hold \(points): count again"
        }
    }

    private static func text(_ notice: TableNotice, glyphs: Glyphs) -> String {
        let go = KeyMap.key(for: .table(.confirmed))
        switch notice {
        case .refused(let error):
            return "Not done: \(text(error, glyphs: glyphs))"
        case .noCardOfRank(let rank):
            return "You hold no \(name(rank))"
        case .doesNotFit(let rank, let count):
            return "\(article(rank)) \(name(rank)) would take the count of \(count) past 31"
        case .twoPicked:
            return "Two cards are picked: press one's rank again to put it back"
        case .pickTwo(let picked):
            return "Pick two cards to throw (\(picked) picked), then \(go)"
        case .typeTheCount:
            return "Type your count of the cards, then \(go)"
        case .layByRank:
            return "Lay a card by its rank key (a 2-9 t j q k)"
        case .noDecision:
            return "Nothing to decide now: \(go) goes on"
        case .hintsOff:
            return "Hints are off for this match (twentynine table --hints on)"
        case .whyAfterTheShow:
            return "The computer's keep is explained once its hand is shown"
        case .nothingCounted:
            return "No count yet this round"
        }
    }

    private static func text(_ refusal: PlayRefusal, glyphs: Glyphs) -> String {
        switch refusal {
        case .passesThirtyOne(let card, let count):
            "\(CardText.text(card, glyphs: glyphs)) would pass 31 at \(count): only \(31 - count) or less fits, or \(KeyMap.key(for: .play(.goSaid))) for go"
        case .rankPassesThirtyOne(let rank, let count):
            "\(article(rank)) \(name(rank)) would pass 31 at \(count): only \(31 - count) or less fits, or \(KeyMap.key(for: .play(.goSaid))) for go"
        case .goWhileACardFits(let count):
            "No go at \(count): any card fits at 21 or less"
        case .alreadyLaid(let card, let player):
            "\(CardText.text(card, glyphs: glyphs)) was laid already, by \(Wording.player(player))"
        case .complete:
            "The play is complete: \(KeyMap.key(for: .play(.tokenTakenBack))) takes back the last card, "
                + "\(KeyMap.key(for: .play(.playersCycled))) starts a new play"
        }
    }

    static func text(_ error: EntryError, glyphs: Glyphs) -> String {
        switch error {
        case .empty(.counter): "Type up to five cards, cut first: 5d 5h 5c 5s jd"
        case .empty(.deal): "Type the six cards dealt: 5s 4d jd 4c 5c 5h"
        case .tooMany(let token, .counter): "Too many cards at '\(token)': at most five, the cut then four hand cards"
        case .tooMany(let token, .deal): "Too many cards at '\(token)': six are dealt"
        case .invalid(let error): error.description
        case .oneCutAfterSlash: "Type one cut after the slash: 5h 5c 5s jd / 5d"
        case .thrown(let card): "\(CardText.text(card, glyphs: glyphs)) was thrown to the crib: it cannot be the cut"
        }
    }

    /// The typed-entry line's prompt.
    static func prompt(_ target: EntryTarget) -> String {
        switch target {
        case .counter: "Cards, cut first"
        case .deal: "Six cards dealt"
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

    /// A score of the play as a player calls it when pegging: "fifteen two", "a pair for two",
    /// "a run of three for three", "one for the go".
    /// The board's message, in the words of `game` (its players' names, its log).
    static func text(_ message: BoardMessage, game: Game, glyphs: Glyphs) -> String {
        switch message {
        case .pointsNeeded: "type the points first, then \(KeyMap.key(for: .board(.numberEntered)))"
        case .refused(let error): error.description
        case .noCounterHand:
            "no hand on the counter: \(KeyMap.key(for: .backRequested, in: [.board])), pick a hand and the cut, then "
                + "\(KeyMap.key(for: .opened(.board))) and \(KeyMap.key(for: .board(.counterHandEntered)))"
        case .tookBack(let entry): "took back: \(game.describe(entry) { CardText.text($0, glyphs: glyphs) })"
        case .nothingToUndo: "nothing to undo: the log is empty"
        case .gameNotOver: "the game is not over: finish it, or undo to change it"
        case .newGame(let dealer): "a new game: \(game.names[dealer]) deals first, having lost the last"
        case .opened(let text): text
        case .merged(let added):
            "merged: another twentynine's entries first, then this board's last \(added == 1 ? "entry" : String(added))"
        case .showAlready: "the board already takes the show: \(game.nextCount.map(game.describe) ?? "nothing") next"
        case .playComplete:
            "every card of the play is laid: a number now is \(game.nextCount.map(game.describe) ?? "nothing"), never a peg"
        case .countDiffers(let typed, let count, let cards):
            "\(game.describe(count)) scored \(typed) as typed; its cards count \(cards.total) "
                + "(\(abs(cards.total - typed)) \(cards.total > typed ? "missed" : "too many")): \(combinations(cards))"
        case .fifthOfARank(let rank):
            "the round has shown all four \(rank.notation)s already (the play, the starter, the crib): check the cards"
        case .noFlush:
            "these cards hold no other flush: a pair among them, a suit laid or the starter's rules it out"
        case .setUp(let dealer, let byCut):
            byCut ? "a new game: the board cut for the deal, and \(game.names[dealer]) deals first"
                : "a new game: \(game.names[dealer]) deals first"
        case .seatNeeded:
            "a correction goes to a seat: press its key (\(KeyMap.key(for: .board(.pegEntered(player: 0)))) for seat 1, "
                + "\(KeyMap.key(for: .board(.pegEntered(player: 1)))) for seat 2…)"
        case .noNobs:
            "his nobs is the jack of the starter's suit in the hand: these cards cannot hold it now"
        }
    }

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

    static func call(_ score: PlayScore) -> String {
        switch score {
        case .fifteen: "fifteen two"
        case .thirtyOne: "thirty-one for two"
        case .pair: "a pair for two"
        case .pairRoyal: "pair royal for six"
        case .doublePairRoyal: "double pair royal for twelve"
        case .run(let length): "a run of \(NumberWords.spelled(length)) for \(NumberWords.spelled(length))"
        case .go: "one for the go"
        case .lastCard: "one for last"
        }
    }
}
