import Canvas
import CribbageCore

/// What The Play says about a card, a go or a take-back that did not do what it names.
enum PlayNotice: SceneNotice {
    /// The Play refused a card or a go.
    case refused(PlayRefusal)
    /// A rank key with all four cards of the rank laid.
    case allFourLaid(Rank)
    /// Backspace with nothing laid.
    case nothingToTakeBack
    /// A number of players chosen with cards laid: the play starts again.
    case startedAgain(players: Int)
    /// A number of players chosen that is not the board's game's.
    case followsTheGame(players: Int)
    /// A take-back refused: the board has entries after the step's; undo them there first.
    case takeBackRefused
    /// The game refused the points a card or go pegged.
    case notPegged(GameError)
    /// The game refused a card laid: it is somewhere else this round.
    case notLaid(GameError)
    /// The hint's analysis is being worked out.
    case hintWorking

    func text(glyphs: Glyphs) -> String {
        switch self {
        case .refused(let refusal):
            Self.text(refusal, glyphs: glyphs)
        case .allFourLaid(let rank):
            "All four \(Wording.name(rank))s are laid"
        case .nothingToTakeBack:
            "Nothing to take back: no card is laid"
        case .startedAgain(let players):
            "A new play for \(players) players: the cards laid were taken back"
        case .followsTheGame(let players):
            "The game has \(players) players: the play follows the game"
        case .takeBackRefused:
            "Not taken back: the board has later entries (\(KeyMap.key(for: .board(.undone))) on the board undoes them)"
        case .notPegged(let error):
            "Not pegged on the board: \(error.description)"
        case .notLaid(let error):
            "Not laid: \(error.description)"
        case .hintWorking:
            "Working out the hint\(glyphs.ellipsis)"
        }
    }

    private static func text(_ refusal: PlayRefusal, glyphs: Glyphs) -> String {
        let go = KeyMap.key(for: .play(.goSaid))
        return switch refusal {
        case .passesThirtyOne(let card, let count):
            "\(CardText.text(card, glyphs: glyphs)) would pass 31 at \(count): only \(31 - count) or less fits, or \(go) for go"
        case .rankPassesThirtyOne(let rank, let count):
            "\(Wording.article(rank)) \(Wording.name(rank)) would pass 31 at \(count): only \(31 - count) or less fits, or \(go) for go"
        case .goWhileACardFits(let count):
            "No go at \(count): any card fits at 21 or less"
        case .alreadyLaid(let card, let player):
            "\(CardText.text(card, glyphs: glyphs)) was laid already, by \(Wording.player(player))"
        case .complete:
            "The play is complete: \(KeyMap.key(for: .play(.tokenTakenBack))) takes back the last card, "
                + "\(KeyMap.key(for: .play(.playersCycled))) starts a new play"
        }
    }
}

extension Notice {
    static func playRefused(_ refusal: PlayRefusal) -> Notice { Notice(PlayNotice.refused(refusal)) }
    static func allFourLaid(_ rank: Rank) -> Notice { Notice(PlayNotice.allFourLaid(rank)) }
    static let nothingToTakeBack = Notice(PlayNotice.nothingToTakeBack)
    static func playStartedAgain(players: Int) -> Notice { Notice(PlayNotice.startedAgain(players: players)) }
    static func playFollowsTheGame(players: Int) -> Notice { Notice(PlayNotice.followsTheGame(players: players)) }
    static let takeBackRefused = Notice(PlayNotice.takeBackRefused)
    static func notPegged(_ error: GameError) -> Notice { Notice(PlayNotice.notPegged(error)) }
    static func notLaid(_ error: GameError) -> Notice { Notice(PlayNotice.notLaid(error)) }
    static let playHintWorking = Notice(PlayNotice.hintWorking)
}
