import Canvas
import CribbageCore

/// What the table says about a key that did not do what it names.
enum TableNotice: SceneNotice {
    case refused(TableError)
    case noCardOfRank(Rank)
    case doesNotFit(Rank, count: Int)
    case twoPicked
    case pickTwo(Int)
    case onePicked
    case pickOne
    /// A key of the two-player table's advice (the hint, why, the tutor) at three or four.
    case twoPlayersOnly(TwoPlayerAdvice)
    case typeTheCount
    case layByRank
    case noDecision
    case hintsOff
    case whyAfterTheShow
    case nothingCounted
    case takeBacksOff
    /// A take-back asked at a table between people in a rated game.
    case takeBacksRated
    case nothingToTakeBack
    case tookBack(Int)
    case tutor(on: Bool)
    case tutorWeighing
    case tutorSays(TutorVerdict)
    case pace(TableGame.Pace)
    case computerPlaying
    /// The hint, or why, being worked out.
    case hintWorking
    case whyWorking
    /// A key of the advice, the pace or the tutor at a table between people, where they are off.
    case againstAPerson
    /// The club's words about a move at a table between people.
    case club(String)

    func text(glyphs: Glyphs) -> String {
        let go = KeyMap.key(for: .table(.confirmed))
        switch self {
        case .refused(let error):
            return "Not done: \(Self.text(error, glyphs: glyphs))"
        case .noCardOfRank(let rank):
            return "You hold no \(Wording.name(rank))"
        case .doesNotFit(let rank, let count):
            return "\(Wording.article(rank)) \(Wording.name(rank)) would take the count of \(count) past 31"
        case .twoPicked:
            return "Two cards are picked: press one's rank again to put it back"
        case .pickTwo(let picked):
            return "Pick two cards to throw (\(picked) picked), then \(go)"
        case .onePicked:
            return "A card is picked: press its rank again to put it back"
        case .pickOne:
            return "Pick a card to throw, then \(go)"
        case .twoPlayersOnly(let advice):
            return "\(advice.rawValue) is for two players: the advice weighs two-player deals"
        case .typeTheCount:
            return "Type your count of the cards, then \(go)"
        case .layByRank:
            return "Lay a card by its rank key (a 2-9 t j q k)"
        case .noDecision:
            return "Nothing to decide now: \(go) goes on"
        case .againstAPerson:
            return "Off in a game against a person: the hint, why, the tutor, the pace and the Advisor"
        case .club(let words):
            return words
        case .hintsOff:
            return "Hints are off for this match (twentynine table --hints on)"
        case .whyAfterTheShow:
            return "The computer's keep is explained once its hand is shown"
        case .nothingCounted:
            return "No count yet this round"
        case .takeBacksOff:
            return "Take-backs are off for this match (twentynine table --take-back on)"
        case .takeBacksRated:
            return "Take-backs are for unrated games: this one is rated"
        case .nothingToTakeBack:
            return "Nothing of yours to take back in this deal before its show"
        case .tutor(let on):
            return on ? "The tutor is on: a throw or card that loses at least a mistake's worth is said, with what was better"
                : "The tutor is off"
        case .tutorWeighing:
            return "The tutor weighs your move\(glyphs.ellipsis)"
        case .tutorSays(let verdict):
            let loss = verdict.loss.decimal(places: 1)
            let what = verdict.scored ? "\(loss) points of win chance" : "\(loss) points of the deal"
            let label = verdict.label == .missedWin ? "a missed win" : "a \(verdict.label.rawValue)"
            return "Tutor: \(label), \(what) lost: \(verdict.why)"
        case .pace(let pace):
            return pace == .off ? "The computer's cards appear at once"
                : "The computer's cards appear one by one, \(pace.milliseconds) ms apart (any key shows the rest at once)"
        case .computerPlaying:
            return "The computer plays\(glyphs.ellipsis)"
        case .hintWorking:
            return "Working out the hint\(glyphs.ellipsis)"
        case .whyWorking:
            return "Working out why\(glyphs.ellipsis)"
        case .tookBack(let count):
            return "Taken back: your last move and the computer's answer (\(count) take-back\(count == 1 ? "" : "s") "
                + "this game, said in its record)"
        }
    }

    static func text(_ error: TableError, glyphs: Glyphs) -> String {
        let card = { (card: Card) in CardText.text(card, glyphs: glyphs) }
        return switch error {
        case .notNow: "that cannot be done now"
        case .notYourMove: "it is not your move"
        case .throwTwo(let count): "throw two cards to the crib, not \(count)"
        case .throwOne(let count): "throw one card to the crib, not \(count)"
        case .notInHand(let one): "\(card(one)) is not in your hand"
        case .alreadyLaid(let one): "\(card(one)) is already laid"
        case .overThirtyOne(let one, let count): "\(card(one)) would take the count of \(count) past 31"
        case .notACount(let points): "no hand counts \(points): count again"
        case .overclaim(let points): "the cards do not hold \(points): count again"
        }
    }
}

/// The table's advice that weighs two-player deals only.
enum TwoPlayerAdvice: String, Hashable, Sendable {
    case hint = "The hint"
    case why = "Why the computer kept its cards"
    case tutor = "The tutor"
}

extension Notice {
    static func tableNotice(_ notice: TableNotice) -> Notice { Notice(notice) }
}
